// The useVectorContext behaviour of the original design, without a framework.
//
//   const ctx = createVectorContext({ memory, chatId: 'chat-1' });
//   ctx.subscribe((state) => render(state));   // {userContext, projectContext, isReady, projectId, ...}
//   ctx.mount();                                // starts the user-profile store -> isReady
//   input.oninput = () => ctx.setMessage(input.value);  // one lookup after 300 ms of quiet
//   fetch('/api/chat', { body: JSON.stringify({ messages, ...ctx.requestBody() }) });
//
// 1. mount() initialises the user-profile store and reports isReady.
// 2. Each setMessage() restarts a 300 ms quiet timer; then one lookup runs. A lookup whose
//    answer arrives after a newer lookup started is dropped (never overwrites newer context).
// 3. The user context is formatted within 500 tokens, the project context within 1,000.
// 4. The project is detected from the chat id: memory.projects.getProjectByChat(chatId).
// 5. State {userContext, projectContext, isReady, projectId} goes to subscribers on change.

import { AmplifyError } from './errors.mjs';

/** The longest query the memory's prompt blocks take (MAX_QUERY_LENGTH in Python). */
export const MAX_QUERY_CHARS = 10_000;

export const DEFAULTS = Object.freeze({
  debounceMs: 300,
  userMaxTokens: 500,
  projectMaxTokens: 1000,
});

/** The platform's timers (a fake clock may stand in: `timers` of createVectorContext). */
const BROWSER_TIMERS = Object.freeze({
  setTimeout: (fn, ms) => setTimeout(fn, ms),
  clearTimeout: (id) => clearTimeout(id),
});

/**
 * A controller over `memory` (the object of createMemory, or anything with
 * userProfile.initialize/formatContext and projects.formatContext/getProjectByChat).
 */
export function createVectorContext({
  memory,
  chatId = null,
  message = '',
  debounceMs = DEFAULTS.debounceMs,
  userMaxTokens = DEFAULTS.userMaxTokens,
  projectMaxTokens = DEFAULTS.projectMaxTokens,
  now = () => performance.now(),
  timers = BROWSER_TIMERS,
} = {}) {
  if (!memory?.userProfile || !memory?.projects) {
    throw new TypeError('createVectorContext needs {memory} with userProfile and projects');
  }
  const listeners = new Set();
  let state = Object.freeze({
    userContext: '',
    projectContext: '',
    isReady: false,
    projectId: null,
    chatId,
    message,
    lookups: 0, // lookups started
    lastLookup: null, // {seq, query, projectId, scheduledAt, startedAt, finishedAt, ms}
    dropped: 0, // answers dropped because a newer lookup had started
    error: null,
  });
  let timer = null;
  let seq = 0; // of the newest lookup started
  let chatSeq = 0; // of the newest project detection started
  let mounted = false;
  let destroyed = false;
  let lastChangeAt = null;
  let warned = false;

  // Used before mount(), the controller has no store to ask: say so once, not silently.
  function warnUnmounted(what) {
    if (mounted || warned) return;
    warned = true;
    console.warn(
      `vector context: ${what} before mount(); the context stays empty until mount() is ` +
        'called (and the memory is ready)',
    );
  }

  function set(patch) {
    if (destroyed) return;
    state = Object.freeze({ ...state, ...patch });
    for (const listener of [...listeners]) {
      try {
        listener(state);
      } catch (err) {
        console.error('vector context: a subscriber failed', err);
      }
    }
  }

  async function lookup() {
    timer = null;
    if (!state.isReady || destroyed) return;
    // The prompt blocks read at most MAX_QUERY_CHARS (amplify_memory.limits): of a longer
    // message (pasted text, then the question) the end counts.
    const query = state.message.slice(-MAX_QUERY_CHARS);
    if (!query.trim()) return;
    const mine = ++seq;
    const projectId = state.projectId;
    const startedAt = now();
    const lastLookup = { seq: mine, query, projectId, scheduledAt: lastChangeAt, startedAt };
    set({ lookups: state.lookups + 1, lastLookup: { ...lastLookup, finishedAt: null, ms: null } });
    try {
      const [userContext, projectContext] = await Promise.all([
        memory.userProfile.formatContext(query, { maxTokens: userMaxTokens }),
        projectId
          ? memory.projects.formatContext(projectId, query, { maxTokens: projectMaxTokens })
          : Promise.resolve(''),
      ]);
      if (mine !== seq) {
        set({ dropped: state.dropped + 1 }); // a newer lookup started: this answer is stale
        return;
      }
      const finishedAt = now();
      set({
        userContext: userContext ?? '',
        projectContext: projectContext ?? '',
        error: null,
        lastLookup: { ...lastLookup, finishedAt, ms: Math.round(finishedAt - startedAt) },
      });
    } catch (err) {
      if (mine === seq) set({ error: err });
      else set({ dropped: state.dropped + 1 });
    }
  }

  function schedule(delay) {
    if (timer !== null) timers.clearTimeout(timer);
    timer = timers.setTimeout(lookup, delay);
  }

  async function detectProject(id) {
    const mine = ++chatSeq;
    let projectId = null;
    try {
      projectId = id ? ((await memory.projects.getProjectByChat(id)) ?? null) : null;
    } catch (err) {
      if (mine === chatSeq) set({ error: err });
      return;
    }
    if (mine !== chatSeq || destroyed) return; // the chat changed again meanwhile
    const changed = projectId !== state.projectId;
    set({ projectId, ...(changed ? { projectContext: '' } : {}) });
    if (changed && state.message.trim()) schedule(0); // new project: look up again now
  }

  return {
    /** The current state (a frozen object, replaced on every change). */
    getState: () => state,

    /** Call `listener(state)` on every change; returns unsubscribe. */
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },

    /** Start the user-profile store (and detect the chat's project); resolves when ready. */
    async mount() {
      if (mounted) return state;
      mounted = true;
      try {
        // (both at once: each is a read of IndexedDB in the worker)
        await Promise.all([memory.userProfile.initialize(), detectProject(state.chatId)]);
        set({ isReady: true });
        if (state.message.trim()) schedule(debounceMs);
      } catch (err) {
        set({ error: err });
      }
      return state;
    },

    /** The message being typed changed: look up after `debounceMs` of quiet. */
    setMessage(text) {
      warnUnmounted('setMessage()');
      const value = String(text ?? '');
      if (value === state.message) return;
      lastChangeAt = now();
      set({ message: value });
      if (state.isReady) schedule(debounceMs);
    },

    /** The current chat changed: detect its project (and look up again if it changed). */
    setChatId(id) {
      set({ chatId: id ?? null });
      return detectProject(id ?? null);
    },

    /** Detect the project again (after the chat was moved to another project). */
    refreshProject: () => detectProject(state.chatId),

    /** Look up now, without waiting (e.g. right before sending a message). */
    lookupNow() {
      if (!mounted) {
        return Promise.reject(
          new AmplifyError('vector context: lookupNow() before mount(): call mount() first', {
            code: 'NOT_MOUNTED',
          }),
        );
      }
      if (timer !== null) timers.clearTimeout(timer);
      return lookup();
    },

    /** What goes into the chat request body. */
    requestBody() {
      warnUnmounted('requestBody()');
      return { userContext: state.userContext, projectContext: state.projectContext };
    },

    /** Stop timers and notifications (the memory itself stays open). */
    destroy() {
      if (timer !== null) timers.clearTimeout(timer);
      timer = null;
      destroyed = true;
      listeners.clear();
    },
  };
}
