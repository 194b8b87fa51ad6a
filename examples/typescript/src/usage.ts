// Every public export of amplify-memory, used the way an application would, checked with
// `tsc --strict --noEmit` (nothing here runs). The `@ts-expect-error` lines prove that
// wrong usage is rejected: tsc fails if any of them compiles.

import {
  browserSupport,
  createMemory,
  AmplifyError as RootAmplifyError,
  PythonError as RootPythonError,
  type AddFactResult,
  type ApiMethod,
  type BrowserSupport,
  type BootStep,
  type ChangeMethod,
  type CreateMemoryOptions,
  type ErrorCode as RootErrorCode,
  type ExtractedContext,
  type FoundExtraction,
  type Memory,
  type Progress,
  type ProjectOpenResult,
  type MemoryChange,
  type MemoryExport,
  type MemoryStatus,
  type McpTool,
  type ProjectEntry,
  type ProjectEntryType,
  type StoredExtraction,
  type UserCategory,
  type UserFact,
  type UserFactHit,
} from 'amplify-memory';
import {
  AmplifyError,
  BootError,
  ClosedError,
  ContentRefusedError,
  InvalidArgumentError,
  NotFoundError,
  PythonError,
  StorageError,
  ToolCallError,
  errorFromPython,
  type ErrorCode,
} from 'amplify-memory/errors';
import {
  DEFAULTS,
  MAX_QUERY_CHARS,
  createVectorContext,
  type VectorContextMemory,
  type VectorContextState,
} from 'amplify-memory/vector-context';
import { makeUseVectorContext, type ReactHooks } from 'amplify-memory/react';
import { prestart, type PrestartOptions } from 'amplify-memory/prestart';
import {
  PROJECT_HEADING,
  TOOL_NAME_PATTERN,
  USER_HEADING,
  buildChatRequest,
  buildRouteRequest,
  contextSystemMessage,
  createChatCompletionsAdapter,
  createFetchAdapter,
  createScriptedAdapter,
  createToolDispatcher,
  toChatMessage,
  toolsForChatCompletions,
  type ChatAdapter,
  type ChatMessage,
  type ChatMessageInput,
  type ToolCall,
  type ToolMessage,
} from 'amplify-memory/adapter';

// ------------------------------------------------------------------ errors

// The root entry re-exports the same classes as 'amplify-memory/errors'.
const sameClass: typeof AmplifyError = RootAmplifyError;
const legacyName: typeof AmplifyError = PythonError; // PythonError is AmplifyError
const legacyRoot: typeof RootPythonError = RootAmplifyError;
const sameCode: RootErrorCode = 'CLOSED' satisfies ErrorCode;

/** What to tell the user about a failure: narrowing by class, then by code. */
export function describeError(err: unknown): string {
  if (err instanceof BootError) {
    const where = err.url ? ` (${err.url})` : '';
    return `could not start at step ${err.step}${where}: ${err.message}`;
  }
  if (err instanceof ContentRefusedError) return `not stored: ${err.message}`;
  if (err instanceof NotFoundError) return `gone: ${err.message}`;
  if (err instanceof InvalidArgumentError) return `bad input (${err.pythonType ?? 'JS'}): ${err.message}`;
  if (err instanceof StorageError) return `storage: ${err.code}`;
  if (err instanceof ToolCallError) return `tool: ${err.message}`;
  if (err instanceof ClosedError) return 'the memory is closed';
  if (err instanceof AmplifyError) {
    const code: ErrorCode = err.code;
    switch (code) {
      case 'BOOT_TIMEOUT':
      case 'BOOT_CSP':
      case 'BOOT_CROSS_ORIGIN':
      case 'BOOT_MIME_TYPE':
      case 'BOOT_NOT_FOUND':
      case 'BOOT_FAILED':
        return 'the page cannot load the memory';
      case 'SECRET_CONTENT':
      case 'INSTRUCTION_CONTENT':
        return 'refused';
      case 'STORAGE_QUOTA':
        return 'storage is full';
      case 'NOT_MOUNTED':
      case 'UNKNOWN_PROJECT':
        return 'not ready';
      default:
        return `${code}: ${err.message} ${JSON.stringify(err.details ?? null)}`;
    }
  }
  return String(err);
}

const fromPython: AmplifyError = errorFromPython({
  type: 'SecretContentError',
  message: 'content holds a credential',
  bases: ['AmplifyMemoryError', 'ValueError'],
  code: 'SECRET_CONTENT',
});
const pythonType: string | null = fromPython.pythonType;
// @ts-expect-error: code is read-only
fromPython.code = 'OTHER';

// ------------------------------------------------------------------ the memory

export async function start(): Promise<Memory> {
  const options: CreateMemoryOptions = {
    mode: 'worker',
    base: new URL('./', location.href),
    assetBase: '/assets/amplify-memory/',
    workerURL: new URL('./worker.mjs', location.href),
    timeouts: { pyodide: 120_000, fetch: 20_000 },
    onStep: (name: BootStep, detail: string) => console.log(name, detail),
  };
  // @ts-expect-error: there is no 'thread' mode
  void createMemory({ mode: 'thread' });
  // The worker started from the page's first script; createMemory(options) adopts it.
  const early: PrestartOptions = { assetBase: options.assetBase, workerURL: options.workerURL, timeouts: options.timeouts };
  prestart(early);
  // @ts-expect-error: a prestarted worker is always a worker
  prestart({ mode: 'main' });
  try {
    return await createMemory(options);
  } catch (err) {
    console.error(describeError(err));
    throw err;
  }
}

export async function userProfile(memory: Memory): Promise<void> {
  const steps: Progress[] = [];
  const ready = await memory.userProfile.initialize({ onProgress: (p) => steps.push(p) });
  const opened: ProjectOpenResult = await memory.projects.open('shop', {
    onProgress: ({ stage, done, total }) => console.log(stage === 'open', done / total),
  });
  console.log(steps.length, opened.count);
  if (ready.loadError) console.warn(ready.loadError.type, ready.loadError.message);

  const added: AddFactResult = await memory.userProfile.add(
    'User prefers TypeScript over JavaScript',
    'preference',
    { source: 'settings', confidence: 0.9 },
  );
  const fact: UserFact = added.entry;
  if (added.action === 'updated') console.log('refreshed', fact.accessCount);
  for (const old of added.superseded) console.log('replaced', old.id, old.supersededBy);
  const polarity: 'positive' | 'negative' | null = fact.polarity;

  // @ts-expect-error: not a category
  await memory.userProfile.add('User likes tabs', 'preferences');

  const hits: UserFactHit[] = await memory.userProfile.search('typescript', {
    limit: 5,
    category: 'tech_stack',
    includeSuperseded: false,
  });
  const best: number | undefined = hits[0]?.score;
  // @ts-expect-error: a query is a string
  await memory.userProfile.search(42);

  const category: UserCategory = 'workflow';
  const all: UserFact[] = await memory.userProfile.list({ category, includeSuperseded: true });
  const one: UserFact | null = await memory.userProfile.get(fact.id);
  const edited = await memory.userProfile.edit(fact.id, 'User prefers TypeScript', 'tech_stack');
  const editAction: 'edited' | 'merged' = edited.action;
  const removed: boolean = await memory.userProfile.remove(fact.id);
  const count: number = await memory.userProfile.count();
  const block: string = await memory.userProfile.formatContext('typescript', { maxTokens: 500 });
  const cleared: null = await memory.userProfile.clear();
  console.log(polarity, best, all.length, one?.content, editAction, removed, count, block, cleared);
}

export async function projects(memory: Memory, chatId: string): Promise<void> {
  const type: ProjectEntryType = 'decision';
  const entry: ProjectEntry = await memory.projects.add('shop', 'We use JWT for auth', type, {
    files: ['src/auth.ts'],
    tags: ['auth'],
    sourceChatId: chatId,
    planPointId: '',
  });
  // @ts-expect-error: not a project entry type
  await memory.projects.add('shop', 'Use JWT', 'decisions');

  const updated = await memory.projects.update('shop', entry.id, { tags: ['auth', 'jwt'] });
  const found = await memory.projects.search('shop', 'auth', { limit: 3, types: ['decision', 'fix'] });
  const listed = await memory.projects.list('shop', { types: 'requirement', files: ['src/auth.ts'] });
  const got: ProjectEntry | null = await memory.projects.get('shop', entry.id);
  const text: string = await memory.projects.formatContext('shop', 'auth', { maxTokens: 1000 });
  const gone: boolean = await memory.projects.remove('shop', updated.id);
  await memory.projects.clear('shop');

  const project = await memory.projects.addProject('shop', 'The shop');
  await memory.projects.assignChat(chatId, project.projectId);
  const projectId: string | null = await memory.projects.getProjectByChat(chatId);
  const chats = await memory.projects.listChats(project.projectId);
  const everyChat = await memory.projects.listChats();
  const unassigned: boolean = await memory.projects.unassignChat(chatId);
  for (const p of await memory.projects.listProjects()) console.log(p.projectId, p.name, p.chats);
  await memory.projects.deleteProject('shop');
  console.log(found[0]?.score, listed.length, got, text, gone, projectId, chats, everyChat, unassigned);
}

export async function extraction(memory: Memory, chatId: string): Promise<void> {
  const stored: StoredExtraction[] = await memory.extract.userFacts(
    'I prefer tabs. We decided to use Postgres.',
    'Noted.',
    { projectId: 'shop', sourceChatId: chatId },
  );
  for (const item of stored) {
    if (item.store === 'user') console.log(item.action, item.entry.category, item.superseded.length);
    else console.log(item.action, item.entry.type, item.entry.projectId);
  }
  const preview: FoundExtraction[] = await memory.extract.userFacts('I use Vim', null, { store: false });
  for (const item of preview) {
    const what: string = item.store === 'user' ? item.entry.category : item.entry.type;
    console.log(item.action, what);
  }

  const entries: ProjectEntry[] = await memory.extract.projectContext(
    'shop',
    'Created src/cart.ts: the cart keeps items in IndexedDB',
    { files: ['src/cart.ts'], sourceChatId: chatId },
  );
  const dryRun: ExtractedContext[] = await memory.extract.projectContext('shop', 'Fix: retry on 503', {
    type: 'fix',
    store: false,
  });
  console.log(entries.length, dryRun[0]?.type);
}

export async function toolsAndStorage(memory: Memory): Promise<void> {
  const { tools } = await memory.listTools();
  const first: McpTool | undefined = tools[0];
  console.log(first?.name, first?.inputSchema.properties);

  const result = await memory.callTool('memory_store_user_fact', {
    content: 'User prefers dark mode',
    category: 'preference',
  });
  if (result.isError) console.warn(result.content[0]?.text);
  else console.log(result.structuredContent);
  // @ts-expect-error: a known tool's arguments are checked (category is required)
  await memory.callTool('memory_store_user_fact', { content: 'User prefers dark mode' });
  // A name known only at run time (a model's tool call) takes any JSON object.
  const name: string = 'memory_search_user_profile';
  await memory.callTool(name, JSON.parse('{"query": "editor"}') as Record<string, unknown>);

  const estimate = await memory.storage.estimate();
  if (estimate) console.log(`${Math.round(estimate.usageRatio * 100)} % of ${estimate.quota}`);
  const persisted: boolean = await memory.storage.persist();
  const keys: string[] = await memory.storage.list();
  const profile = await memory.storage.export('userProfile');
  const project = await memory.storage.export('project', 'shop');
  const backup: MemoryExport[] = [profile, project];
  const projectEntries: ProjectEntry[] = project.entries;
  // @ts-expect-error: a project export needs its project id
  await memory.storage.export('project');
  const imported = await memory.storage.import(profile, { replace: true });
  await memory.storage.import(JSON.stringify(project), { projectId: 'shop-copy' });
  await memory.storage.import({
    format: 'amplify-memory-export',
    version: 1,
    store: 'userProfile',
    entries: [{ content: 'User works in UTC+1', category: 'personal' }],
  });
  console.log(persisted, keys.length, backup.length, projectEntries.length, imported.inserted);

  // @ts-expect-error: forgetAll needs {confirm: true}
  await memory.forgetAll({ confirm: false });
  const forgotten = await memory.forgetAll({ confirm: true });
  console.log(forgotten.userFacts, forgotten.projects);
}

export async function lifecycle(memory: Memory): Promise<void> {
  console.log(memory.version, memory.mode, memory.bootMs, memory.replayed, memory.timings['pyodide']);

  const status: MemoryStatus = await memory.status();
  for (const store of status.stores) {
    for (const bad of store.loadErrors) console.warn(store.name, bad.type, bad.quarantineName);
    for (const name of store.setAside) await memory.storage.discard(name);
  }
  const support: BrowserSupport = browserSupport();
  if (!status.browser.persistRequest) console.warn(support.notes.join('\n'));
  const made = await memory.snapshotMade;
  if (made && 'skipped' in made) console.log('no snapshots here:', made.skipped);
  const { writeDelayMs } = await memory.configure({ writeDelayMs: 100 });

  const unsubscribe = memory.onChange((change: MemoryChange) => {
    const method: ChangeMethod = change.method;
    if (change.method === 'userProfile.add') console.log('added', change.value.entry.content);
    else if (change.method === 'forgetAll') console.log('forgot', change.value.userFacts);
    else console.log(method);
  });

  // call(): any api method by name, with its own argument and result types.
  const count: number = await memory.call('userProfile.count');
  const hits = await memory.call('userProfile.search', { query: 'tabs', limit: 3 });
  const method: ApiMethod = 'status';
  const viaCall: Omit<MemoryStatus, 'browser'> = await memory.call(method);
  // @ts-expect-error: userProfile.add needs its content
  await memory.call('userProfile.add');
  const dynamic: unknown = await memory.call(String('userProfile.count'));

  const value: unknown = await memory.runPython('import amplify_memory\namplify_memory.__version__');
  const journals: Map<string, string> = memory.pendingJournals();

  await memory.flush();
  unsubscribe();
  await memory.close();
  memory.terminate();
  console.log(writeDelayMs, count, hits[0]?.score, viaCall.closed, dynamic, value, journals.size);
}

// ------------------------------------------------------------------ the vector context

export async function vectorContext(memory: Memory, input: HTMLInputElement): Promise<void> {
  const ctx = createVectorContext({
    memory,
    chatId: 'chat-1',
    message: '',
    debounceMs: DEFAULTS.debounceMs,
    userMaxTokens: DEFAULTS.userMaxTokens,
    projectMaxTokens: DEFAULTS.projectMaxTokens,
    now: () => performance.now(),
  });
  const unsubscribe = ctx.subscribe((state: VectorContextState) => {
    console.log(state.isReady, state.projectId, state.userContext, state.lastLookup?.ms);
  });
  const mounted: VectorContextState = await ctx.mount();
  input.addEventListener('input', () => ctx.setMessage(input.value.slice(-MAX_QUERY_CHARS)));
  // @ts-expect-error: the message is text
  ctx.setMessage(42);
  await ctx.setChatId('chat-2');
  await ctx.setChatId(null);
  await ctx.refreshProject();
  await ctx.lookupNow();
  const { userContext, projectContext } = ctx.requestBody();
  const state = ctx.getState();
  console.log(mounted.isReady, userContext, projectContext, state.dropped, state.lookups, state.error);
  unsubscribe();
  ctx.destroy();

  // A fake memory with only what the controller needs (as in tests).
  const fake: VectorContextMemory = {
    userProfile: {
      initialize: async () => ({}),
      formatContext: async (query) => `- [preference] about ${query}`,
    },
    projects: {
      formatContext: async () => '',
      getProjectByChat: async () => null,
    },
  };
  createVectorContext({ memory: fake }).destroy();
  // @ts-expect-error: the controller needs a memory
  createVectorContext({ chatId: 'chat-1' });
}

// ------------------------------------------------------------------ the React hook

// A tiny stand-in for React (an app passes `import * as React from 'react'`).
const hooks: ReactHooks = {
  useState<S>(initial: S | (() => S)) {
    const value = typeof initial === 'function' ? (initial as () => S)() : initial;
    return [value, () => {}];
  },
  useEffect() {},
  useRef<T>(initialValue: T) {
    return { current: initialValue };
  },
};
export const useVectorContext = makeUseVectorContext(hooks);
// @ts-expect-error: React needs useState, useEffect and useRef
makeUseVectorContext({ useState: hooks.useState });

export function Chat(props: { memory: Memory | null; chatId: string; input: string }): string {
  const { userContext, projectContext, isReady, projectId, lastLookup, error } = useVectorContext({
    memory: props.memory,
    chatId: props.chatId,
    message: props.input,
    debounceMs: 200,
  });
  if (error) return describeError(error);
  return `${isReady} ${projectId ?? '-'} ${lastLookup?.query ?? ''}\n${userContext}\n${projectContext}`;
}

// ------------------------------------------------------------------ adapters

export async function chat(memory: Memory): Promise<string> {
  const messages: ChatMessageInput[] = [
    { role: 'system', content: 'You are a helpful assistant.' },
    { role: 'user', text: 'Which language do I prefer?' }, // the legacy shape
  ];
  const normalised: ChatMessage[] = messages.map(toChatMessage);
  const context = { userContext: `${USER_HEADING}\n- [preference] TypeScript`, projectContext: '' };
  const system = contextSystemMessage(context, { preamble: 'Use what you know.' });
  if (system) console.log(system.role, system.content.startsWith('Use'));
  console.log(PROJECT_HEADING, TOOL_NAME_PATTERN.test('memory_store_user_fact'));

  const tools = toolsForChatCompletions((await memory.listTools()).tools);
  const alsoTools = toolsForChatCompletions(await memory.listTools());
  const body = buildChatRequest({ messages: normalised, ...context, model: 'gpt-4o-mini', tools, temperature: 0 });
  const routeBody = buildRouteRequest({ messages, ...context });
  console.log(body.messages.length, body.tools?.length, alsoTools.length, routeBody.userContext);

  const dispatch = createToolDispatcher(memory, {
    allowed: ['memory_search_user_profile'],
    projectId: 'shop',
    onError: (err: unknown, call: ToolCall) => console.warn(call.function.name, err),
  });
  const calls: ToolCall[] = [
    { id: 'call_1', type: 'function', function: { name: 'memory_search_user_profile', arguments: '{"query":"language"}' } },
  ];
  const answers: ToolMessage[] = await dispatch(calls);
  console.log(answers[0]?.tool_call_id, answers[0]?.content);

  const viaRoute: ChatAdapter = createFetchAdapter({ url: '/api/chat', model: 'local', headers: { 'X-App': '1' }, fetchImpl: fetch });
  const viaCompletions: ChatAdapter = createChatCompletionsAdapter({
    url: '/api/openai/chat/completions',
    model: 'gpt-4o-mini',
    headers: {},
    fetchImpl: (url, init) => fetch(url, init),
    memory,
    maxToolRounds: 3,
    preamble: 'Be brief.',
    body: { temperature: 0.2 },
    onRound: ({ request, response }) => console.log(request.messages.length, response),
  });
  // @ts-expect-error: an adapter needs the url of an endpoint
  createChatCompletionsAdapter({ model: 'gpt-4o-mini' });
  const scripted: ChatAdapter = createScriptedAdapter();

  const reply = await viaCompletions({ messages, ...context, projectId: 'shop' });
  const fallback = await viaRoute({ messages, ...context });
  return `${reply}\n${fallback}\n${await scripted({ messages, ...context, remembered: ['TypeScript'] })}`;
}

console.log(sameClass, legacyName, legacyRoot, sameCode, pythonType);
