// Types of web/js/react.mjs: the React hook over the vector-context controller.
// React is a peer dependency and is never imported: you pass yours to makeUseVectorContext.
// These types need no @types/react; React's own module (`import * as React from 'react'`)
// fits ReactHooks.

import type { LastLookup, VectorContextMemory, VectorContextOptions } from './vector-context.js';

/** The part of React the hook uses: useState, useEffect and useRef. */
export interface ReactHooks {
  useState<S>(initialState: S | (() => S)): [S, (value: S | ((previous: S) => S)) => void];
  useEffect(effect: () => void | (() => void), deps?: readonly unknown[]): void;
  useRef<T>(initialValue: T): { current: T };
}

/** The hook's argument: the memory, the chat, the message being typed, controller options. */
export interface UseVectorContextOptions extends Omit<VectorContextOptions, 'memory'> {
  /** Until there is one (still booting), the hook returns its initial state. */
  memory?: VectorContextMemory | null;
}

/** What the hook returns (it re-renders on every change). */
export interface VectorContextHookState {
  userContext: string;
  projectContext: string;
  isReady: boolean;
  projectId: string | null;
  lastLookup: LastLookup | null;
  /** The last lookup's or detection's error, or null. */
  error: unknown;
}

export type UseVectorContext = (options?: UseVectorContextOptions) => VectorContextHookState;

/**
 * Build `useVectorContext({memory, chatId, message, ...options})` on the given React. One
 * controller per `memory` (created and mounted by an effect, destroyed on unmount); `chatId`
 * and `message` changes are forwarded to it; the other options are read once.
 * Throws a TypeError when `React` lacks useState/useEffect/useRef.
 */
export function makeUseVectorContext(React: ReactHooks): UseVectorContext;
