// The error classes of the JavaScript API. Every rejection is an AmplifyError with a
// stable `code` (switch on it) and, when Python raised it, `pythonType` (the exception's
// class name). Errors raised in the worker cross the boundary as plain data
// ({type, code, bases, message}) and become these classes here, so `instanceof` works.

/** The base class of every error of the library. */
export class AmplifyError extends Error {
  /**
   * @param {string} message
   * @param {{code?: string, pythonType?: string | null, details?: unknown, cause?: unknown}} [options]
   */
  constructor(message, { code = 'FAILED', pythonType = null, details, cause } = {}) {
    super(message, cause === undefined ? undefined : { cause });
    this.name = new.target.name;
    /** A stable, machine-readable code (`'INVALID_ARGUMENT'`, `'STORAGE_QUOTA'`, ...). */
    this.code = code;
    /** The Python exception's class name, or null for an error raised in JavaScript. */
    this.pythonType = pythonType;
    /** The Python type's name, as before 0.2 (`pythonType`, or the class's name). */
    this.type = pythonType ?? this.name;
    if (details !== undefined) this.details = details;
  }
}

/** The worker or Pyodide could not start; `step` names the boot step, `url` what failed. */
export class BootError extends AmplifyError {
  /**
   * @param {string} step
   * @param {string} message
   * @param {{code?: string, url?: string, cause?: unknown}} [options]
   */
  constructor(step, message, { code = 'BOOT_FAILED', url, cause } = {}) {
    super(`${step}: ${message}`, { code, cause });
    this.step = step;
    if (url !== undefined) this.url = String(url);
  }
}

/** A bad argument: an invalid value, a wrong type or over a documented limit. */
export class InvalidArgumentError extends AmplifyError {}
/** An entry, document or project that does not exist. */
export class NotFoundError extends AmplifyError {}
/** Text refused, never stored: it holds a credential or instructs the model. */
export class ContentRefusedError extends AmplifyError {}
/** A failure of the storage (IndexedDB): quota, timeout, a corrupt record. */
export class StorageError extends AmplifyError {}
/** An MCP tool call that failed (unknown tool, bad arguments). */
export class ToolCallError extends AmplifyError {}
/** The memory was closed or terminated, or its worker died. */
export class ClosedError extends AmplifyError {}

/** Earlier versions' name of the class of errors raised in Python. */
export { AmplifyError as PythonError };

// The JavaScript class of a Python exception: the first of its type and its bases (most
// specific first) that is named here.
const CLASS_OF = new Map([
  ['SecretContentError', ContentRefusedError],
  ['InstructionContentError', ContentRefusedError],
  ['ToolCallError', ToolCallError],
  ['ClosedError', ClosedError],
  ['NewerFormatError', StorageError],
  ['StorageError', StorageError],
  ['DocumentNotFoundError', NotFoundError],
  ['LookupError', NotFoundError],
  ['InvalidArgumentError', InvalidArgumentError],
  ['ConfigurationError', InvalidArgumentError],
  ['SchemaError', InvalidArgumentError],
  ['DocumentValidationError', InvalidArgumentError],
  ['DuplicateDocumentError', InvalidArgumentError],
  ['QueryError', InvalidArgumentError],
  ['SnapshotError', InvalidArgumentError],
  ['ValueError', InvalidArgumentError],
  ['TypeError', InvalidArgumentError],
]);

/** `InvalidArgumentError` -> `INVALID_ARGUMENT` (the rule Python's error_code follows). */
export function codeOf(pythonType) {
  const name = String(pythonType).replace(/Error$/, '') || String(pythonType);
  return name.replace(/(?<=[a-z0-9])(?=[A-Z])/g, '_').toUpperCase();
}

/**
 * The AmplifyError (of the right subclass) for what Python sent about an exception:
 * `{type, message, code?, bases?, traceback?}`.
 */
export function errorFromPython(info) {
  const type = String(info?.type ?? 'Error');
  const bases = Array.isArray(info?.bases) ? info.bases : [];
  const Class = [type, ...bases].map((name) => CLASS_OF.get(name)).find(Boolean) ?? AmplifyError;
  const error = new Class(String(info?.message ?? ''), {
    code: info?.code ?? codeOf(type),
    pythonType: type,
  });
  if (info?.traceback) error.traceback = info.traceback;
  return error;
}
