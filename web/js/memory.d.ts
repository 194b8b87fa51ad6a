// Types of web/js/memory.mjs: createMemory() and the memory object (docs/javascript-api.md).
// Results are the JSON answers of py_src/amplify_memory/api.py (camelCase names); a method
// whose Python handler returns nothing resolves to null.

import type { PythonErrorInfo } from './errors.js';

export { PythonError } from './errors.js';

// ------------------------------------------------------------------ kinds

/** What a user-profile fact is about (amplify_memory.memory.kinds.USER_CATEGORIES). */
export type UserCategory =
  | 'preference'
  | 'tech_stack'
  | 'coding_style'
  | 'workflow'
  | 'communication'
  | 'personal'
  | 'other';

/** What a project-context entry records, in prompt priority order (PROJECT_TYPES). */
export type ProjectEntryType =
  | 'requirement'
  | 'constraint'
  | 'decision'
  | 'error'
  | 'fix'
  | 'pattern'
  | 'architecture'
  | 'flow_definition'
  | 'screen_connection'
  | 'file_context';

/** Whether a fact affirms or denies its value ("likes Java" / "does not like Java"). */
export type Polarity = 'positive' | 'negative';

/**
 * Where a fact came from: `'user'` (add, the default), `'user_message'` (extraction),
 * `'user_edit'`, `'assistant_tool'` (the MCP tool), `'import'`, or any text given to add().
 */
export type FactSource =
  | 'user'
  | 'user_message'
  | 'user_edit'
  | 'assistant_tool'
  | 'import'
  | (string & {});

/** An ISO 8601 time in UTC with milliseconds: `'2026-11-29T13:05:20.123Z'`. */
export type Timestamp = string;

/** `{type, message}` of a Python exception, as status() and initialize() report it. */
export type ErrorInfo = PythonErrorInfo;

// ------------------------------------------------------------------ user profile

/** A stored fact about the user. */
export interface UserFact {
  id: string;
  content: string;
  category: UserCategory;
  createdAt: Timestamp;
  updatedAt: Timestamp;
  /** How many times a restatement refreshed it. */
  accessCount: number;
  source: FactSource;
  /** 0 to 1. */
  confidence: number;
  /** The topic read from its text (`'indentation'`, `'primary_language'`, ...), or null. */
  topic: string | null;
  /** The topic's canonical value (`'4 spaces'`), or null. */
  value: string | null;
  polarity: Polarity | null;
  /** The store's write order (higher: written later). */
  seq: number;
  /** True once a newer fact on the same topic replaced it. */
  superseded: boolean;
  /** The id of the fact that replaced it, or null. */
  supersededBy: string | null;
  supersededAt: Timestamp | null;
}

/** A user fact found by a search, with its relevance (higher is better). */
export interface UserFactHit extends UserFact {
  score: number;
}

/** The answer of userProfile.add(). */
export interface AddFactResult {
  /** `'updated'`: a paraphrase of a stored fact, which was refreshed instead. */
  action: 'inserted' | 'updated';
  entry: UserFact;
  /** The stored facts the new one replaced (now `superseded: true`). */
  superseded: UserFact[];
}

/** The answer of userProfile.edit(). */
export interface EditFactResult {
  /** `'merged'`: the new text restates another fact, which was refreshed; this one is gone. */
  action: 'edited' | 'merged';
  entry: UserFact;
  superseded: UserFact[];
}

export interface AddFactOptions {
  /** Default `'user'`. */
  source?: string;
  /** 0 to 1, default 0.8. */
  confidence?: number;
}

export interface SearchFactsOptions {
  /** Default 10. */
  limit?: number;
  category?: UserCategory;
  /** Default false. */
  includeSuperseded?: boolean;
}

export interface ListFactsOptions {
  category?: UserCategory;
  /** Default true. */
  includeSuperseded?: boolean;
}

export interface FormatContextOptions {
  /** Default 500 for the user profile, 1000 for a project. */
  maxTokens?: number;
}

/** The answer of userProfile.initialize(). */
export interface InitializeResult {
  isReady: boolean;
  count: number;
  /** Why the stored profile could not be loaded (it was quarantined), or null. */
  loadError: ErrorInfo | null;
}

export interface UserProfileApi {
  initialize(options?: OpenOptions): Promise<InitializeResult>;
  add(content: string, category?: UserCategory, options?: AddFactOptions): Promise<AddFactResult>;
  /** Best first; superseded facts only with `includeSuperseded`. */
  search(query: string, options?: SearchFactsOptions): Promise<UserFactHit[]>;
  /** Newest write first. */
  list(options?: ListFactsOptions): Promise<UserFact[]>;
  get(id: string): Promise<UserFact | null>;
  /** The new text is checked as an add would be (secrets, duplicates, topic). */
  edit(id: string, content: string, category?: UserCategory): Promise<EditFactResult>;
  /** False when there was no such entry. */
  remove(id: string): Promise<boolean>;
  clear(): Promise<null>;
  count(): Promise<number>;
  /** `- [category] content` lines: standing instructions first, then facts relevant to `query`. */
  formatContext(query: string, options?: FormatContextOptions): Promise<string>;
}

// ------------------------------------------------------------------ projects

/** A stored piece of a project's context. */
export interface ProjectEntry {
  id: string;
  projectId: string;
  content: string;
  type: ProjectEntryType;
  createdAt: Timestamp;
  updatedAt: Timestamp;
  /** The chat it came from, or `''`. */
  sourceChatId: string;
  /** The plan point it belongs to, or `''`. */
  planPointId: string;
  files: string[];
  /** Lowercased. */
  tags: string[];
}

/** A project entry found by a search, with its relevance (higher is better). */
export interface ProjectEntryHit extends ProjectEntry {
  score: number;
}

export interface AddProjectEntryOptions {
  files?: string[];
  tags?: string[];
  sourceChatId?: string;
  planPointId?: string;
}

/** What projects.update() may change. */
export interface ProjectEntryChanges {
  content?: string;
  type?: ProjectEntryType;
  files?: string[];
  tags?: string[];
  sourceChatId?: string;
  planPointId?: string;
}

/** Filters of projects.list(): an entry is kept when it has any of the given values. */
export interface ListProjectEntriesOptions {
  types?: ProjectEntryType | ProjectEntryType[];
  files?: string[];
  tags?: string[];
}

export interface SearchProjectEntriesOptions extends ListProjectEntriesOptions {
  /** Default 10. */
  limit?: number;
}

/** A project of projects.listProjects(). */
export interface ProjectInfo {
  projectId: string;
  /** Its display name (its id unless one was given). */
  name: string;
  /** How many chats are assigned to it. */
  chats: number;
}

/** A chat's assignment to a project (projects.listChats()). */
export interface ChatAssignment {
  chatId: string;
  projectId: string;
  updatedAt: Timestamp;
}

export interface ProjectsApi {
  add(
    projectId: string,
    content: string,
    type: ProjectEntryType,
    options?: AddProjectEntryOptions,
  ): Promise<ProjectEntry>;
  update(projectId: string, id: string, changes: ProjectEntryChanges): Promise<ProjectEntry>;
  search(
    projectId: string,
    query: string,
    options?: SearchProjectEntriesOptions,
  ): Promise<ProjectEntryHit[]>;
  /** Newest first. */
  list(projectId: string, options?: ListProjectEntriesOptions): Promise<ProjectEntry[]>;
  get(projectId: string, id: string): Promise<ProjectEntry | null>;
  remove(projectId: string, id: string): Promise<boolean>;
  clear(projectId: string): Promise<null>;
  /** `- [type] content` lines by type priority, then relevance. */
  formatContext(projectId: string, query: string, options?: FormatContextOptions): Promise<string>;
  /** Load the project's store now (otherwise it loads on first use). */
  open(projectId: string, options?: OpenOptions): Promise<ProjectOpenResult>;
  /** Registered projects and projects with saved context, by id. */
  listProjects(): Promise<ProjectInfo[]>;
  addProject(projectId: string, name?: string): Promise<{ projectId: string; name: string }>;
  deleteProject(projectId: string): Promise<null>;
  /** The chat's project id, or null. */
  getProjectByChat(chatId: string): Promise<string | null>;
  assignChat(chatId: string, projectId: string): Promise<null>;
  /** False when the chat was not assigned. */
  unassignChat(chatId: string): Promise<boolean>;
  listChats(projectId?: string): Promise<ChatAssignment[]>;
}

// ------------------------------------------------------------------ extraction

/** A fact about the user found in a message (not stored: `store: false`). */
export interface ExtractedFact {
  content: string;
  category: UserCategory;
  confidence: number;
  source: FactSource;
}

/** A piece of project context found in a message or action (not stored). */
export interface ExtractedContext {
  content: string;
  type: ProjectEntryType;
  files: string[];
  tags: string[];
}

/** One stored result of extract.userFacts(). */
export type StoredExtraction =
  | { action: 'inserted' | 'updated'; store: 'user'; entry: UserFact; superseded: UserFact[] }
  | { action: 'inserted'; store: 'project'; entry: ProjectEntry };

/** One result of extract.userFacts({store: false}): a fact found, or a stored fact the
 * turn would restate with a new value (`replaces`: the entry it would supersede). */
export type FoundExtraction =
  | { action: 'found'; store: 'user'; entry: ExtractedFact }
  | { action: 'found'; store: 'project'; entry: ExtractedContext }
  | {
      action: 'restated';
      store: 'user';
      entry: { content: string; category: UserCategory };
      replaces: UserFact;
    };

export interface ExtractUserFactsOptions {
  /** Default true; false only reports what was found. */
  store?: boolean;
  /** The chat's project: what is said about the project goes to its store. */
  projectId?: string;
  sourceChatId?: string;
}

export interface ExtractProjectContextOptions {
  /** The whole description is one entry of this type (default: cut into clauses, typed each). */
  type?: ProjectEntryType;
  files?: string[];
  sourceChatId?: string;
  /** Default true; false only reports what was found. */
  store?: boolean;
}

export interface ExtractApi {
  userFacts(
    userMessage: string,
    assistantMessage: string | null | undefined,
    options: ExtractUserFactsOptions & { store: false },
  ): Promise<FoundExtraction[]>;
  userFacts(
    userMessage: string,
    assistantMessage?: string | null,
    options?: ExtractUserFactsOptions & { store?: true },
  ): Promise<StoredExtraction[]>;
  userFacts(
    userMessage: string,
    assistantMessage?: string | null,
    options?: ExtractUserFactsOptions,
  ): Promise<StoredExtraction[] | FoundExtraction[]>;

  projectContext(
    projectId: string,
    actionDescription: string,
    options: ExtractProjectContextOptions & { store: false },
  ): Promise<ExtractedContext[]>;
  projectContext(
    projectId: string,
    actionDescription: string,
    options?: ExtractProjectContextOptions & { store?: true },
  ): Promise<ProjectEntry[]>;
  projectContext(
    projectId: string,
    actionDescription: string,
    options?: ExtractProjectContextOptions,
  ): Promise<ProjectEntry[] | ExtractedContext[]>;
}

// ------------------------------------------------------------------ MCP tools

/** The names of the memory's MCP tools. */
export type MemoryToolName =
  | 'memory_store_user_fact'
  | 'memory_search_user_profile'
  | 'memory_store_project_context'
  | 'memory_search_project_context';

/** A JSON Schema (as MCP tool definitions carry it). */
export interface JsonSchema {
  type?: string;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  enum?: unknown[];
  description?: string;
  additionalProperties?: boolean | JsonSchema;
  [keyword: string]: unknown;
}

/** An MCP tool definition (an item of the `tools/list` result). */
export interface McpTool {
  name: string;
  title?: string;
  description?: string;
  inputSchema: JsonSchema;
  annotations?: {
    title?: string;
    readOnlyHint?: boolean;
    destructiveHint?: boolean;
    idempotentHint?: boolean;
    openWorldHint?: boolean;
  };
}

/** The `tools/list` result. */
export interface McpToolList {
  tools: McpTool[];
}

/** A content block of a tool result (the memory's tools answer one text block). */
export interface McpTextContent {
  type: 'text';
  text: string;
}

/**
 * The `tools/call` result: `content` holds the JSON of `structuredContent` as text; a failure
 * inside the tool (invalid arguments included) is `isError: true` with a message instead.
 */
export interface McpToolResult {
  content: McpTextContent[];
  isError: boolean;
  structuredContent?: Record<string, unknown>;
}

/** The arguments of each memory tool (their inputSchema). */
export interface MemoryToolArguments {
  memory_store_user_fact: { content: string; category: UserCategory; confidence?: number };
  memory_search_user_profile: {
    query: string;
    category?: UserCategory;
    limit?: number;
    includeSuperseded?: boolean;
  };
  memory_store_project_context: {
    projectId: string;
    content: string;
    type: ProjectEntryType;
    files?: string[];
    tags?: string[];
  };
  memory_search_project_context: {
    projectId: string;
    query: string;
    types?: ProjectEntryType[];
    files?: string[];
    tags?: string[];
    limit?: number;
  };
}

// ------------------------------------------------------------------ persistence

/** `navigator.storage.estimate()`, with `usageRatio` = usage / quota. */
export interface StorageEstimate {
  usage: number;
  quota: number;
  persisted: boolean;
  usageRatio: number;
}

/** The export of the user profile (storage.export('userProfile')). */
export interface UserProfileExport {
  format: 'amplify-memory-export';
  version: 1;
  store: 'userProfile';
  entries: UserFact[];
  exportedAt: Timestamp;
}

/** The export of a project (storage.export('project', projectId)). */
export interface ProjectExport {
  format: 'amplify-memory-export';
  version: 1;
  store: 'project';
  projectId: string;
  entries: ProjectEntry[];
  exportedAt: Timestamp;
}

export type MemoryExport = UserProfileExport | ProjectExport;

/**
 * What storage.import() reads: an export, or data of that shape (an entry needs its
 * `content`; other fields have defaults; ids and times are always new).
 */
export type MemoryImportData =
  | {
      format: 'amplify-memory-export';
      version: 1;
      store: 'userProfile';
      entries: Array<{ content: string; category?: UserCategory; source?: string; confidence?: number }>;
      exportedAt?: Timestamp;
    }
  | {
      format: 'amplify-memory-export';
      version: 1;
      store: 'project';
      projectId?: string;
      entries: Array<{
        content: string;
        type: ProjectEntryType;
        files?: string[];
        tags?: string[];
        sourceChatId?: string;
        planPointId?: string;
      }>;
      exportedAt?: Timestamp;
    };

export interface ImportOptions {
  /** Import a project's export into this project. */
  projectId?: string;
  /** Clear the store first (all or nothing, with the import). */
  replace?: boolean;
}

/**
 * How far a long call is: `stage` 'import' (`done` of `total` entries added) or 'open'
 * (`done` of `total` steps of loading a stored store: its record read, decoded, each log
 * segment applied).
 */
export interface Progress {
  stage: 'import' | 'open';
  done: number;
  total: number;
}

/** storage.import()'s progress (a Progress of stage 'import'). */
export type ImportProgress = Progress;

/** The options of userProfile.initialize() and projects.open(). */
export interface OpenOptions {
  /** Called as a large stored store loads (stage 'open'); not called for an empty one. */
  onProgress?: (progress: Progress) => void;
}

/** The answer of projects.open(). */
export interface ProjectOpenResult {
  projectId: string;
  count: number;
  /** Why the stored context could not be loaded (it was quarantined), or null. */
  loadError: ErrorInfo | null;
}

/** storage.import()'s options: the call's, and `onProgress` (called in this page). */
export interface ImportCallOptions extends ImportOptions {
  /** Called as the entries go in (every 500 entries, and at the end). */
  onProgress?: (progress: ImportProgress) => void;
}

export interface ImportResult {
  store: 'userProfile' | 'project';
  imported: number;
  inserted: number;
  updated: number;
}

export interface StorageApi {
  /** Null when the storage has no notion of a quota. */
  estimate(): Promise<StorageEstimate | null>;
  /** `navigator.storage.persist()`: true when granted. */
  persist(): Promise<boolean>;
  /** Every IndexedDB key (with `.corrupt-` / `.pending-` records). */
  list(): Promise<string[]>;
  export(store: 'userProfile'): Promise<UserProfileExport>;
  export(store: 'project', projectId: string): Promise<ProjectExport>;
  /** (`projectId` is read only for a project.) */
  export(store: 'userProfile' | 'project', projectId: string): Promise<MemoryExport>;
  /** `data`: an export object or its JSON text. */
  import(data: MemoryImportData | string, options?: ImportCallOptions): Promise<ImportResult>;
  /**
   * Delete a record an open store set aside as unreadable (`<store>.corrupt-<time>`, as
   * status() lists it in `loadErrors` or `setAside`); any other name is an
   * InvalidArgumentError. `discarded`: whether it was there.
   */
  discard(name: string): Promise<{ discarded: boolean }>;
}

// ------------------------------------------------------------------ status

/** The state of one persisted store. */
export interface StoreStatus {
  name: string;
  /** Entries in it. */
  size: number;
  /** Changes not yet written. */
  pending: number;
  revision: number;
  writes: number;
  lastWriteError: ErrorInfo | null;
  /** Records that could not be read when this store opened, moved aside under `quarantineName`. */
  loadErrors: Array<ErrorInfo & { quarantineName: string }>;
  /** Records set aside before it opened (by an earlier page or another tab), still kept. */
  setAside: string[];
}

/** What this browser offers the memory (status().browser, browserSupport()). */
export interface BrowserSupport {
  /** navigator.storage.estimate: usage and quota can be read. */
  storageManager: boolean;
  /** navigator.storage.persist: persistent storage can be requested. */
  persistRequest: boolean;
  /** navigator.locks: tabs take turns writing a store. */
  webLocks: boolean;
  /** BroadcastChannel: a tab hears another tab's writes at once. */
  broadcastChannel: boolean;
  /** The Cache API: memory snapshots for faster later visits. */
  cacheApi: boolean;
  /** What is degraded without the missing parts, a sentence each (empty when nothing is). */
  notes: string[];
}

/** What this browser offers the memory, and what the memory does without each part. */
export function browserSupport(): BrowserSupport;

/** The answer of status(). */
export interface MemoryStatus {
  closed: boolean;
  userProfile: { isReady: boolean; loadError: ErrorInfo | null };
  stores: StoreStatus[];
  /** Changes not yet written, of every store. */
  pending: number;
  /** The last (at most 20) background write errors. */
  errors: ErrorInfo[];
  /** What this browser offers the memory (added on the page; not in call('status')). */
  browser: BrowserSupport;
}

export interface ConfigureOptions {
  /** How long changes are coalesced before a store writes them, in ms (default 50). */
  writeDelayMs?: number;
}

// ------------------------------------------------------------------ call()

// methods:begin (generated from py_src/amplify_memory/methods.py)

/** Every method of amplify_memory.api: its arguments and its answer. */
export interface ApiMethods {
  version: { args: Record<string, never>; result: string };
  status: { args: Record<string, never>; result: Omit<MemoryStatus, 'browser'> };
  flush: { args: Record<string, never>; result: null };
  close: { args: Record<string, never>; result: null };
  configure: { args: { writeDelayMs?: number }; result: { writeDelayMs: number } };
  'userProfile.initialize': { args: Record<string, never>; result: InitializeResult };
  'userProfile.add': {
    args: { content: string; category?: UserCategory; source?: string; confidence?: number };
    result: AddFactResult;
  };
  'userProfile.search': {
    args: { query: string; limit?: number; category?: UserCategory; includeSuperseded?: boolean };
    result: UserFactHit[];
  };
  'userProfile.list': {
    args: { category?: UserCategory; includeSuperseded?: boolean };
    result: UserFact[];
  };
  'userProfile.edit': {
    args: { id: string; content: string; category?: UserCategory };
    result: EditFactResult;
  };
  'userProfile.get': { args: { id: string }; result: UserFact | null };
  'userProfile.remove': { args: { id: string }; result: boolean };
  'userProfile.clear': { args: Record<string, never>; result: null };
  'userProfile.count': { args: Record<string, never>; result: number };
  'userProfile.formatContext': { args: { query?: string; maxTokens?: number }; result: string };
  'projects.add': {
    args: {
      projectId: string;
      content: string;
      type: ProjectEntryType;
      files?: string[];
      tags?: string[];
      sourceChatId?: string;
      planPointId?: string;
    };
    result: ProjectEntry;
  };
  'projects.update': {
    args: { projectId: string; id: string; changes: ProjectEntryChanges };
    result: ProjectEntry;
  };
  'projects.search': {
    args: {
      projectId: string;
      query: string;
      limit?: number;
      types?: ProjectEntryType | ProjectEntryType[];
      files?: string[];
      tags?: string[];
    };
    result: ProjectEntryHit[];
  };
  'projects.list': {
    args: {
      projectId: string;
      types?: ProjectEntryType | ProjectEntryType[];
      files?: string[];
      tags?: string[];
    };
    result: ProjectEntry[];
  };
  'projects.get': { args: { projectId: string; id: string }; result: ProjectEntry | null };
  'projects.remove': { args: { projectId: string; id: string }; result: boolean };
  'projects.clear': { args: { projectId: string }; result: null };
  'projects.formatContext': {
    args: { projectId: string; query?: string; maxTokens?: number };
    result: string;
  };
  'projects.open': { args: { projectId: string }; result: ProjectOpenResult };
  'projects.listProjects': { args: Record<string, never>; result: ProjectInfo[] };
  'projects.addProject': {
    args: { projectId: string; name?: string };
    result: { projectId: string; name: string };
  };
  'projects.deleteProject': { args: { projectId: string }; result: null };
  'projects.getProjectByChat': { args: { chatId: string }; result: string | null };
  'projects.assignChat': { args: { chatId: string; projectId: string }; result: null };
  'projects.unassignChat': { args: { chatId: string }; result: boolean };
  'projects.listChats': { args: { projectId?: string }; result: ChatAssignment[] };
  'extract.userFacts': {
    args: {
      userMessage: string;
      assistantMessage?: string | null;
      store?: boolean;
      projectId?: string;
      sourceChatId?: string;
    };
    result: StoredExtraction[] | FoundExtraction[];
  };
  'extract.projectContext': {
    args: {
      projectId: string;
      actionDescription: string;
      type?: ProjectEntryType;
      files?: string[];
      sourceChatId?: string;
      store?: boolean;
    };
    result: ProjectEntry[] | ExtractedContext[];
  };
  'tools.list': { args: Record<string, never>; result: McpToolList };
  'tools.call': {
    args: { name: string; arguments?: Record<string, unknown> };
    result: McpToolResult;
  };
  'storage.estimate': { args: Record<string, never>; result: StorageEstimate | null };
  'storage.persist': { args: Record<string, never>; result: boolean };
  'storage.list': { args: Record<string, never>; result: string[] };
  'storage.discard': { args: { name: string }; result: { discarded: boolean } };
  'storage.export': {
    args: { store: 'userProfile' | 'project'; projectId?: string };
    result: MemoryExport;
  };
  'storage.import': {
    args: { data: MemoryImportData | string; projectId?: string; replace?: boolean };
    result: ImportResult;
  };
  forgetAll: { args: { confirm: true }; result: ForgetAllResult };
}

export type ApiMethod = keyof ApiMethods;

/** The methods that change stored memory (reported to onChange). */
export type ChangeMethod =
  | 'userProfile.add'
  | 'userProfile.edit'
  | 'userProfile.remove'
  | 'userProfile.clear'
  | 'projects.add'
  | 'projects.update'
  | 'projects.remove'
  | 'projects.clear'
  | 'projects.addProject'
  | 'projects.deleteProject'
  | 'projects.assignChat'
  | 'projects.unassignChat'
  | 'extract.userFacts'
  | 'extract.projectContext'
  | 'tools.call'
  | 'storage.discard'
  | 'storage.import'
  | 'forgetAll';

// methods:end

/** What an onChange listener gets: the method that changed the memory and its answer. */
export type MemoryChange = {
  [M in ChangeMethod]: { method: M; value: ApiMethods[M]['result'] };
}[ChangeMethod];

/** The answer of forgetAll(): how many facts and projects were deleted. */
export interface ForgetAllResult {
  userFacts: number;
  projects: number;
  /** Records set aside as unreadable (they hold memory text too), deleted. */
  setAside: number;
}

// ------------------------------------------------------------------ createMemory

/** The boot steps, as onStep and BootError.step name them. */
export type BootStep =
  | 'worker'
  | 'pre-flight'
  | 'pyodide'
  | 'packages'
  | 'import'
  | 'snapshot'
  | (string & {});

/** Timeouts of the boot steps in ms (runtime.mjs DEFAULT_TIMEOUTS; each may be overridden). */
export interface BootTimeouts {
  /** The worker script's first word (default 5000). */
  start?: number;
  /** The pre-flight checks and pyodide.mjs (default 5000). */
  fetch?: number;
  /** loadPyodide: wasm compile and stdlib (default 60000). */
  pyodide?: number;
  /** Fetching, checking and unzipping our wheels (default 30000). */
  packages?: number;
  /** `import amplify_memory` (default 15000). */
  import?: number;
  /** Restoring a snapshot, watched by the page (default 15000). */
  restore?: number;
}

export interface CreateMemoryOptions {
  /** `'worker'` (default): Python in a Web Worker; `'main'`: on the main thread (debugging). */
  mode?: 'worker' | 'main';
  /** @deprecated A folder holding `assets/`; use `assetBase`. */
  base?: string | URL;
  /**
   * The URL of the package's `assets/` folder (Pyodide, the wheels, the embedding table).
   * Default: `assets/` beside the module, right when the package is served as it is; an app
   * that bundles the library copies the folder (`npx amplify-memory-assets <folder>`) and
   * passes its URL.
   */
  assetBase?: string | URL;
  /** Boot progress: called as each step starts. */
  onStep?: (name: BootStep, detail: string) => void;
  /** Per boot step, in ms. */
  timeouts?: BootTimeouts;
  /** Another worker script (default: worker.mjs next to the module). */
  workerURL?: string | URL;
  /**
   * Memory snapshots (default true): a later visit restores a snapshot of the booted
   * interpreter from the Cache API instead of starting Python (about 1 s); the first
   * visit stores one from a second, short-lived worker when the page is idle. Checked
   * (build key, length, sha256) before use; any failure boots the normal way.
   */
  snapshot?: boolean;
}

/** The memory object (frozen); every method but terminate() returns a Promise. */
export interface Memory {
  /** The amplify_memory package version. */
  readonly version: string;
  readonly mode: 'worker' | 'main';
  /** Milliseconds since the boot started at the end of each step (`manifest`, `pyodide`, ...). */
  readonly timings: Readonly<Record<string, number>>;
  /** How long createMemory() took, in ms. */
  readonly bootMs: number;
  /** How many changes of closed pages, never answered, this start replayed from their outboxes. */
  readonly replayed: number;
  /** How Python started: `'restored'` (a snapshot), `'none'` or `'failed: <why>'` (a normal boot). */
  readonly snapshot: 'restored' | 'none' | `failed: ${string}`;
  /** Whether this memory adopted the worker that `prestart()` started for the same options. */
  readonly prestarted: boolean;
  /**
   * Settles when the background snapshot for the next visit is stored (`{bytes, ms}`) or
   * could not be (`{error}`); resolves to null when none was needed, and to `{skipped}`
   * when this build stopped taking them here: the browser did not keep the last two until
   * the next visit, or the last three attempts failed.
   */
  readonly snapshotMade: Promise<
    { bytes: number; ms: number } | { error: string } | { skipped: string } | null
  >;

  readonly userProfile: UserProfileApi;
  readonly projects: ProjectsApi;
  readonly extract: ExtractApi;
  readonly storage: StorageApi;

  /** The `tools/list` result. */
  listTools(): Promise<McpToolList>;
  /** The `tools/call` result; an unknown tool rejects (ToolCallError). */
  callTool<N extends MemoryToolName>(name: N, args: MemoryToolArguments[N]): Promise<McpToolResult>;
  /**
   * A tool name only known at run time (a model's tool call): the arguments are checked in
   * Python, invalid ones answer `isError: true`.
   */
  callTool<S extends string>(
    name: S & (S extends MemoryToolName ? never : unknown),
    args?: Record<string, unknown>,
  ): Promise<McpToolResult>;

  /** Delete every memory of every store (the profile, every project, the chat registry). */
  forgetAll(options: { confirm: true }): Promise<ForgetAllResult>;

  status(): Promise<MemoryStatus>;
  configure(options?: ConfigureOptions): Promise<{ writeDelayMs: number }>;
  /** Write pending changes now. */
  flush(): Promise<null>;
  /** Write pending changes and close the stores (the memory cannot be used afterwards). */
  close(): Promise<null>;
  /** Stop the worker at once (pending changes are kept only as the page's journals). */
  terminate(): void;

  /** Call `listener` after each successful change; returns unsubscribe. */
  onChange(listener: (change: MemoryChange) => void): () => void;
  /** Call any method of amplify_memory.api by name (JSON arguments and result). */
  call<M extends ApiMethod>(
    method: M,
    ...args: {} extends ApiMethods[M]['args'] ? [args?: ApiMethods[M]['args']] : [args: ApiMethods[M]['args']]
  ): Promise<ApiMethods[M]['result']>;
  /** A method name only known at run time (a known name must use its own argument types). */
  call<S extends string>(
    method: S & (S extends ApiMethod ? never : unknown),
    args?: Record<string, unknown>,
  ): Promise<unknown>;
  /** Run Python code in the memory's interpreter (debugging); resolves to its last value. */
  runPython(code: string): Promise<unknown>;
  /** The stores' pending changes the page would write on hide: journal key -> text. */
  pendingJournals(): Map<string, string>;
}

/**
 * Start amplify_memory and resolve to the memory object. Rejects with a BootError whose
 * `step` names the boot step that failed.
 */
export function createMemory(options?: CreateMemoryOptions): Promise<Memory>;
