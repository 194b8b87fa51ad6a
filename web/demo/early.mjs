// The demo page's first script: its memory's worker starts while the rest of the page loads
// (createMemory in main.mjs adopts it: prestart.mjs).
import { prestart } from '../js/prestart.mjs';

/** createMemory's options on this page. The tests' switches: `globalThis.__amplifyDemo`
 * (e.g. {snapshot: false}) or, where a driver cannot run a script before the page's
 * (WebDriver classic), `?snapshot=off`. */
export function demoOptions() {
  const demo = globalThis.__amplifyDemo ?? {};
  const offByUrl = new URLSearchParams(location.search).get('snapshot') === 'off';
  return { snapshot: offByUrl ? false : (demo.snapshot ?? true) };
}

prestart(demoOptions());
