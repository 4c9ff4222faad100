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
    const errors = list.map((e) =>
      e instanceof DocgenError
        ? { ...e.toJSON(), file: e.file ? path.relative(absRoot, e.file) || e.file : undefined }
        : { code: 'InternalError', message: String((e as Error)?.message ?? e) },
    );
    console.log(JSON.stringify({ errors }, null, 2));
    return;
  }
  for (const e of list) console.error(formatError(e, absRoot, { debug }) + '\n');
  const kept = command === 'build' ? '; the previous output was left untouched' : '';
  if (list.length > 1) console.error(`docgen ${command} failed with ${list.length} errors${kept}`);
  else console.error(`docgen ${command} failed${kept}`);
}
