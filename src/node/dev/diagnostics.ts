/**
 * Diagnostics in dev: code frames for errors that lack one, JSON for the browser overlay, and terminal printing
 * that says each problem once rather than on every request.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { codeFrame } from '../diagnostics/code-frame.js';
import { DocgenError } from '../diagnostics/error.js';
import { formatError, formatLocation } from '../diagnostics/format.js';

/** What the overlay shows for one error. */
export interface BrowserDiagnostic {
  code: string;
  message: string;
  hint?: string;
  /** `file:line:column`, project-relative, or '' */
  location: string;
  frame?: string;
  /** Present for a warning (the site's strictness made it one): the overlay says so. */
  severity?: 'warning';
}

/**
 * Adds a code frame read from the file when the error has a line but no frame (esbuild errors of the theme).
 * @returns the same error, or a copy with the frame
 */
export function withCodeFrame(error: DocgenError): DocgenError {
  if (error.frame || !error.file || !error.line || !existsSync(error.file)) return error;
  const frame = codeFrame(readFileSync(error.file, 'utf8'), error.line, error.column);
  return new DocgenError({
    ...error.toJSON(),
    code: error.code,
    message: error.message,
    frame,
    cause: error.cause,
    severity: error.severity,
  });
}

/** Turns errors into overlay JSON; paths relative to the project root. */
export function toBrowser(errors: DocgenError[], root: string): BrowserDiagnostic[] {
  return errors.map((e) => ({
    code: e.code,
    message: e.message,
    hint: e.hint,
    location: formatLocation(e, root),
    frame: e.frame,
    ...(e.severity === 'warning' ? { severity: 'warning' as const } : {}),
  }));
}

/** Prints diagnostics to stderr, each distinct one once until forget() is called for its file. */
export interface DiagnosticPrinter {
  print(errors: unknown[]): void;
  /** Lets errors of these files (absolute paths) print again, after the files changed. */
  forget(files: Iterable<string>): void;
}

/** Creates a printer for a project root. */
export function createDiagnosticPrinter(
  root: string,
  write: (text: string) => void = (t) => console.error(t),
): DiagnosticPrinter {
  const printed = new Map<string, string | undefined>(); // formatted text -> file
  return {
    print(errors) {
      for (const error of errors) {
        const text = formatError(error, root);
        if (printed.has(text)) continue;
        const file = error instanceof DocgenError && error.file ? path.resolve(root, error.file) : undefined;
        printed.set(text, file);
        write(text + '\n');
      }
    },
    forget(files) {
      const set = new Set([...files].map((f) => path.resolve(f)));
      for (const [text, file] of printed) if (!file || set.has(file)) printed.delete(text);
    },
  };
}
