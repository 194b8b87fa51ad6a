// Types of web/js/errors.mjs (the package's "./errors" entry, also re-exported by ".").
//
// Every error the library rejects with is an AmplifyError: `code` is a stable,
// machine-readable name (switch on it), `pythonType` the Python exception's class name when
// the error came from Python (else null), `details` whatever else is known.
//
//   try { await memory.userProfile.add(text, 'preference'); }
//   catch (err) {
//     if (err instanceof ContentRefusedError) showRefusal(err.message);
//     else if (err instanceof AmplifyError && err.code === 'STORAGE_QUOTA') askToFreeSpace();
//     else throw err;
//   }

/**
 * The codes an {@link AmplifyError} carries. Open-ended (`string & {}`): a newer version may
 * add codes, so a `switch` on it should keep a `default` branch.
 */
export type ErrorCode =
  | 'BOOT_FAILED'
  | 'BOOT_TIMEOUT'
  | 'BOOT_CSP'
  | 'BOOT_CROSS_ORIGIN'
  | 'BOOT_MIME_TYPE'
  | 'BOOT_NOT_FOUND'
  | 'BOOT_SNAPSHOT'
  | 'INVALID_ARGUMENT'
  | 'ARGUMENT_TYPE'
  | 'INPUT_TOO_LARGE'
  | 'NOT_FOUND'
  | 'DOCUMENT_NOT_FOUND'
  | 'SECRET_CONTENT'
  | 'INSTRUCTION_CONTENT'
  | 'STORAGE'
  | 'STORAGE_QUOTA'
  | 'STORAGE_TIMEOUT'
  | 'CORRUPT_RECORD'
  | 'NEWER_FORMAT'
  | 'TOOL_CALL'
  | 'CLOSED'
  | 'WORKER_FAILED'
  | 'NOT_MOUNTED'
  | 'UNKNOWN_PROJECT'
  | (string & {});

/** What Python sends about an exception it raised (the `error` of an answer). */
export interface PythonErrorInfo {
  /** The exception's class name, e.g. `'InvalidArgumentError'`. */
  type: string;
  message: string;
  /** The names of its base classes (most specific first), when sent. */
  bases?: string[];
  /** Its error code, when sent. */
  code?: string;
}

/** The base class of every error of the library. */
export class AmplifyError extends Error {
  /** A stable code, see {@link ErrorCode}. */
  readonly code: string;
  /** The Python exception's class name (`'SecretContentError'`), or null for a JS-side error. */
  readonly pythonType: string | null;
  /** More about the failure, when known (its shape depends on the error). */
  readonly details?: unknown;
  /** @deprecated The Python type's name (`pythonType`), or the class's name: use `code`. */
  readonly type: string;
  /** The Python traceback, when Python sent one. */
  traceback?: string;
  constructor(
    message: string,
    options?: { code?: string; pythonType?: string | null; details?: unknown; cause?: unknown },
  );
}

/** The worker or Pyodide could not start: `step` names the boot step that failed. */
export class BootError extends AmplifyError {
  constructor(step: string, message: string, options?: { code?: string; url?: string; cause?: unknown });
  /** `'worker'`, `'pre-flight'`, `'pyodide'`, `'packages'`, `'import'`, `'snapshot'`, ... */
  readonly step: string;
  /** The URL that failed to load, when one did. */
  readonly url?: string;
}

/** A bad argument: invalid value, wrong type or over a documented limit. */
export class InvalidArgumentError extends AmplifyError {}

/** An entry, document or project that does not exist. */
export class NotFoundError extends AmplifyError {}

/** Text refused, never stored: it holds a credential or instructs the model. */
export class ContentRefusedError extends AmplifyError {}

/** A failure of the storage (IndexedDB): quota, timeout, a corrupt record. */
export class StorageError extends AmplifyError {}

/** A protocol-level failure of an MCP `tools/call` (e.g. an unknown tool). */
export class ToolCallError extends AmplifyError {}

/** The memory was closed or terminated. */
export class ClosedError extends AmplifyError {}

/** The AmplifyError (of the fitting subclass) for an exception Python reported. */
/** The code of a Python exception type's name: `'InvalidArgumentError'` -> `'INVALID_ARGUMENT'`. */
export function codeOf(pythonType: string): string;

export function errorFromPython(info: {
  type: string;
  message: string;
  bases?: string[];
  code?: string;
}): AmplifyError;

/** The former name of {@link AmplifyError}, kept for existing code. */
export { AmplifyError as PythonError };
