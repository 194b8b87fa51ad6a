// Types of web/js/prestart.mjs: start the memory's worker from the page's earliest script.

import type { CreateMemoryOptions } from './memory.js';

/** The options the worker boots with; createMemory() adopts the worker when its own match. */
export type PrestartOptions = Pick<CreateMemoryOptions, 'assetBase' | 'base' | 'timeouts' | 'workerURL' | 'snapshot'>;

/**
 * Create the memory's Web Worker now and have it start Python while the rest of the app
 * loads. The createMemory() that follows with the same options (mode 'worker') adopts it,
 * with the boot steps it has reported meanwhile; with other options createMemory() ends it
 * and starts its own. Never throws (a worker that cannot start is createMemory's to
 * report); a second call while a prestarted worker waits does nothing.
 */
export function prestart(options?: PrestartOptions): void;
