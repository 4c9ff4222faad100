/**
 * Prints a failure for the CLI: every diagnostic, or JSON with `--json`.
 */
import path from 'node:path';
import { AggregateDocgenError, asSystemError, DocgenError } from './error.js';
import { formatError } from './format.js';

/**
 * @param error a DocgenError, an AggregateDocgenError or anything else (a docgen bug)
 * @param root project root; paths are printed relative to it
 * @param json print `{ "errors": [...] }` on stdout instead of text on stderr
 * @param command the failed command, named in the last line
 * @param debug print the stack trace of an internal error (`--debug`)
 */
export function printErrors(error: unknown, root: string, json: boolean, command = 'build', debug = false): void {
  const list = (error instanceof AggregateDocgenError ? error.errors : [error]).map(asSystemError);
  const absRoot = path.resolve(root);
  if (json) {
    const all = diagnosticsJson(list, absRoot);
    console.log(
      JSON.stringify(
        { errors: all.filter((e) => e.severity !== 'warning'), warnings: all.filter((e) => e.severity === 'warning') },
        null,
        2,
      ),
    );
    return;
  }
  for (const e of list) console.error(formatError(e, absRoot, { debug }) + '\n');
  const kept = command === 'build' ? '; the previous output was left untouched' : '';
  const errors = list.filter((e) => !(e instanceof DocgenError) || e.severity === 'error').length;
  const warnings = list.length - errors;
  const also = warnings > 0 ? ` and ${countOf(warnings, 'warning')}` : '';
  if (list.length > 1) console.error(`docgen ${command} failed with ${countOf(errors, 'error')}${also}${kept}`);
  else console.error(`docgen ${command} failed${kept}`);
}

/**
 * Prints the warnings of a build that succeeded: each with its location and code frame, then a count; with
 * `json`, `{ "errors": [], "warnings": [...] }` on stdout.
 */
export function printWarnings(warnings: DocgenError[], root: string, json: boolean): void {
  const absRoot = path.resolve(root);
  if (json) {
    console.log(JSON.stringify({ errors: [], warnings: diagnosticsJson(warnings, absRoot) }, null, 2));
    return;
  }
  if (warnings.length === 0) return;
  for (const w of warnings) console.error(formatError(w, absRoot) + '\n');
  console.error(`${countOf(warnings.length, 'warning')}`);
}

/** Diagnostics as plain JSON, file paths relative to the root; a non-Docgen error as an InternalError. */
function diagnosticsJson(
  list: unknown[],
  absRoot: string,
): (ReturnType<DocgenError['toJSON']> | { code: string; message: string; severity?: undefined })[] {
  return list.map((e) =>
    e instanceof DocgenError
      ? { ...e.toJSON(), file: e.file ? path.relative(absRoot, e.file) || e.file : undefined }
      : { code: 'InternalError', message: String((e as Error)?.message ?? e) },
  );
}

function countOf(n: number, noun: string): string {
  return `${n} ${noun}${n === 1 ? '' : 's'}`;
}
