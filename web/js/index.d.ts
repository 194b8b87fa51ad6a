// Types of the package's main entry ("amplify-memory"): createMemory and the memory's types
// (memory.d.ts) and the error classes (errors.d.ts).

export * from './memory.js';
export * from './errors.js';
