// amplify-memory: persistent memory for AI chat agents, in the user's browser.
//
//   import { createMemory } from 'amplify-memory';
//   const memory = await createMemory({ assetBase: '/amplify-memory/' });
//
// See README.md (the package) or docs/javascript-api.md (the repository).
export { browserSupport, createMemory } from './memory.mjs';
export * from './errors.mjs';
