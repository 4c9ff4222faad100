/**
 * One error type for every user-facing failure (STYLE.md, Errors; Astro errors-data.ts).
 * A DocgenError is a user mistake: printed without a stack. Anything else that escapes is a docgen bug.
 */

/** Permanent error codes. Never rename one: CI annotations and docs refer to them. */
export type ErrorCode =
  | 'ConfigNotFound'
  | 'ConfigInvalid'
  | 'UnknownLocale'
  | 'InvalidTranslation'
  | 'ConfigLoadFailed'
  | 'InvalidFrontMatter'
  | 'DuplicateRoute'
  | 'UnknownSidebar'
  | 'DeadLink'
  | 'DeadAnchor'
  | 'MarkdownSyntax'
  | 'PageBudgetExceeded'
  | 'DiagramSyntax'
  | 'OpenApiInvalid'
  | 'TemplateRenderFailed'
  | 'ClientBundleFailed'
  | 'StylesheetSkipped'
  | 'OutDirUnsafe'
  | 'ContentUnreadable'
  | 'InvalidFileName'
  | 'FileSystemError'
  | 'ServerListenFailed'
  | 'NoBuiltSite'
  | 'DroppedHtml'
  | 'BlockedMedia'
  | 'UnknownComponent'
  | 'MigrateSourceNotFound'
  | 'MigrateConfigUnreadable'
  | 'TargetNotEmpty'
  | 'TargetFileExists'
  | 'VersionNotFound'
  | 'VersionExists'
  | 'SnippetNotFound'
  | 'SnippetOutsideProject'
  | 'UnknownUrlScheme'
  | 'DuplicateId';

/** An error stops the build; a warning is printed and the build goes on (strictness the author chooses). */
export type Severity = 'error' | 'warning';

export interface DiagnosticInit {
  code: ErrorCode;
  /** What happened and why, then what to do. */
  message: string;
  hint?: string;
  /** Absolute or project-relative path of the file at fault. */
  file?: string;
  /** 1-based line and column. */
  line?: number;
  column?: number;
  /** Pre-rendered code frame (see code-frame.ts). */
  frame?: string;
  /** 'error' unless given. */
  severity?: Severity;
  cause?: unknown;
}

/** A user-facing failure: code, message, hint and location. Thrown or collected, printed by format.ts. */
export class DocgenError extends Error {
  readonly code: ErrorCode;
  readonly hint?: string;
  readonly file?: string;
  readonly line?: number;
  readonly column?: number;
  readonly frame?: string;
  readonly severity: Severity;

  constructor(init: DiagnosticInit) {
    super(init.message, init.cause === undefined ? undefined : { cause: init.cause });
    this.name = 'DocgenError';
    this.code = init.code;
    this.hint = init.hint;
    this.file = init.file;
    this.line = init.line;
    this.column = init.column;
    this.frame = init.frame;
    this.severity = init.severity ?? 'error';
  }

  /** Plain JSON for `--json` output, the dev overlay and the build's worker threads. */
  toJSON(): DiagnosticInit {
    const { code, message, hint, file, line, column, frame, severity } = this;
    return { code, message, hint, file, line, column, frame, ...(severity === 'warning' ? { severity } : {}) };
  }

  /**
   * The error again from its toJSON() form, e.g. after it crossed a worker thread boundary (structured clone keeps
   * only an Error's message and stack, so workers send toJSON() and the main thread revives it here).
   * @param init plain fields as toJSON() returns them; `cause` does not cross (it is not printed)
   */
  static fromJSON(init: DiagnosticInit): DocgenError {
    return new DocgenError(init);
  }
}

/** Several failures found in one run; `docgen build` throws this once after rendering every route. */
export class AggregateDocgenError extends Error {
  constructor(readonly errors: DocgenError[]) {
    super(`${errors.length} error${errors.length === 1 ? '' : 's'}`);
    this.name = 'AggregateDocgenError';
  }
}

/**
 * Asserts an internal invariant. A failure is a docgen bug, never the user's fault (Vike assert.ts).
 * @throws Error with a "this is a docgen bug" message
 */
export function assert(condition: unknown, message: string): asserts condition {
  if (!condition) throw new Error(`Internal error (this is a docgen bug, please report it): ${message}`);
}

/** What to do about a file system error, by errno code (a system fault, not a docgen bug: no stack trace). */
const SYSTEM_ADVICE: Record<string, string> = {
  EACCES: 'docgen has no permission there: check the owner and mode of the file or folder',
  EPERM: 'the operation is not permitted there: check the owner and mode of the file or folder',
  EROFS: 'the file system is read-only: build into a writable folder (--out-dir)',
  ENOSPC: 'the disk is full: free some space and build again',
  EDQUOT: 'the disk quota is used up: free some space and build again',
  ENAMETOOLONG: 'a path is longer than the file system allows: shorten the file or folder names, or the slug',
  ENOTDIR: 'a part of the path is a file, not a folder: check the path (for example --out-dir)',
  EISDIR: 'a folder is where a file should be: check the path',
  EEXIST: 'a file of that name is in the way of a folder: check the path (for example --out-dir)',
  EMFILE: 'too many files are open: raise the limit (ulimit -n) and build again',
  ENFILE: 'too many files are open on this system: close programs or raise the limit, and build again',
  EBUSY: 'the file or folder is in use by another program: close it and build again',
  EIO: 'the disk reported an input/output error: check the disk',
};

/**
 * A file system failure (EACCES, ENOSPC, ENAMETOOLONG…) as a user-facing FileSystemError naming the path and what to
 * do; anything else (a docgen bug) as it is.
 */
export function asSystemError(error: unknown): unknown {
  const err = error as NodeJS.ErrnoException | null;
  if (
    error instanceof DocgenError ||
    typeof err?.code !== 'string' ||
    !/^E[A-Z0-9]+$/.test(err.code) ||
    typeof err.syscall !== 'string'
  )
    return error;
  const advice = SYSTEM_ADVICE[err.code] ?? 'check the path and the file system';
  return new DocgenError({
    code: 'FileSystemError',
    message: `Could not ${err.syscall} ${err.path ?? 'a file'} (${err.code}): ${advice}.`,
    file: err.path,
    cause: error,
  });
}
