// Types of web/js/vector-context.mjs: the useVectorContext behaviour without a framework.

/** The longest query the memory's prompt blocks take (MAX_QUERY_LENGTH in Python). */
export const MAX_QUERY_CHARS = 10000;

/** The controller's defaults (a frozen object). */
export const DEFAULTS: Readonly<{
  /** Quiet time after the last setMessage() before a lookup, in ms: 300. */
  debounceMs: number;
  /** The user context's budget, in tokens: 500. */
  userMaxTokens: number;
  /** The project context's budget, in tokens: 1000. */
  projectMaxTokens: number;
}>;

/**
 * What the controller needs of a memory: the object of createMemory() has it, and so can a
 * fake in tests.
 */
export interface VectorContextMemory {
  userProfile: {
    initialize(): PromiseLike<unknown>;
    formatContext(query: string, options: { maxTokens: number }): PromiseLike<string | null | undefined>;
  };
  projects: {
    formatContext(
      projectId: string,
      query: string,
      options: { maxTokens: number },
    ): PromiseLike<string | null | undefined>;
    getProjectByChat(chatId: string): PromiseLike<string | null | undefined>;
  };
}

export interface VectorContextOptions {
  memory: VectorContextMemory;
  /** The current chat (its project is detected from it); default null. */
  chatId?: string | null;
  /** The message being typed; default ''. */
  message?: string;
  /** Default 300. */
  debounceMs?: number;
  /** Default 500. */
  userMaxTokens?: number;
  /** Default 1000. */
  projectMaxTokens?: number;
  /** The clock of the lookup times, in ms (default performance.now). */
  now?: () => number;
  /** The timers of the debounce (default the platform's; a fake clock in tests). */
  timers?: VectorContextTimers;
}

/** What the controller schedules its debounced lookup with. */
export interface VectorContextTimers {
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(id: unknown): void;
}

/** When the last lookup ran (times from the `now` clock, in ms). */
export interface LastLookup {
  /** The lookup's number (the newest started has the highest). */
  readonly seq: number;
  /** The text looked up (at most MAX_QUERY_CHARS: the end of the message). */
  readonly query: string;
  readonly projectId: string | null;
  /** When the message last changed, or null. */
  readonly scheduledAt: number | null;
  readonly startedAt: number;
  /** Null while it runs. */
  readonly finishedAt: number | null;
  /** finishedAt - startedAt, rounded; null while it runs. */
  readonly ms: number | null;
}

/** The controller's state: a frozen object, replaced on every change. */
export interface VectorContextState {
  readonly userContext: string;
  readonly projectContext: string;
  /** True once mount() has started the user-profile store. */
  readonly isReady: boolean;
  /** The project of the current chat, or null. */
  readonly projectId: string | null;
  readonly chatId: string | null;
  readonly message: string;
  /** Lookups started. */
  readonly lookups: number;
  readonly lastLookup: LastLookup | null;
  /** Answers dropped because a newer lookup had started. */
  readonly dropped: number;
  /** The last lookup's or detection's error, or null. */
  readonly error: unknown;
}

/** What goes into the chat request body. */
export interface VectorContextRequestBody {
  userContext: string;
  projectContext: string;
}

export interface VectorContextController {
  /** The current state (a frozen object, replaced on every change). */
  getState(): VectorContextState;
  /** Call `listener(state)` on every change; returns unsubscribe. */
  subscribe(listener: (state: VectorContextState) => void): () => void;
  /** Start the user-profile store and detect the chat's project; resolves when ready. */
  mount(): Promise<VectorContextState>;
  /** The message being typed changed: look up after `debounceMs` of quiet. */
  setMessage(text: string): void;
  /** The current chat changed: detect its project (and look up again if it changed). */
  setChatId(chatId: string | null | undefined): Promise<void>;
  /** Detect the project again (after the chat was moved to another project). */
  refreshProject(): Promise<void>;
  /** Look up now, without waiting (e.g. right before sending a message). */
  lookupNow(): Promise<void>;
  /** `{userContext, projectContext}` for the chat request body. */
  requestBody(): VectorContextRequestBody;
  /** Stop timers and notifications (the memory itself stays open). */
  destroy(): void;
}

/** A controller over `options.memory`; throws a TypeError without one. */
export function createVectorContext(options: VectorContextOptions): VectorContextController;
