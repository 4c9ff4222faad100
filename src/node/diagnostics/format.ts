/**
 * Prints diagnostics for a terminal: code and message, then location, code frame and hint on their own lines
 * (Astro, Vite buildErrorMessage).
 */
import path from 'node:path';
import pc from 'picocolors';
import { DocgenError } from './error.js';

/**
 * Formats one error for the terminal.
 * @param root project root, to print file paths relative to it
 * @param options.debug include an internal error's stack trace (`--debug`); a user's mistake never has one
 * @returns multi-line text; an internal (non-Docgen) error carries a docgen-bug note
 */
export function formatError(error: unknown, root: string, options: { debug?: boolean } = {}): string {
  if (!(error instanceof DocgenError)) {
    const err = error instanceof Error ? error : new Error(String(error));
    const stack = options.debug ? `\n${pc.dim(err.stack ?? '')}` : '';
    const note = options.debug
      ? 'please report it with the output above'
      : 'run the command again with --debug and report it with the stack trace';
    return `${pc.red(pc.bold('[InternalError]'))} ${err.message}${stack}\n${pc.yellow(`This is a docgen bug, not a problem with your site: ${note}.`)}`;
  }
  const label =
    error.severity === 'warning' ? pc.yellow(pc.bold(`[${error.code}] warning:`)) : pc.red(pc.bold(`[${error.code}]`));
  const lines = [`${label} ${error.message}`];
  if (error.file) {
    const rel = path.isAbsolute(error.file) ? path.relative(root, error.file) || error.file : error.file;
    const where = error.line ? `${rel}:${error.line}:${error.column ?? 1}` : rel;
    lines.push(`  ${pc.cyan(where)}`);
  }
  if (error.frame) lines.push(error.frame.replace(/^/gm, '  '));
  if (error.hint) lines.push(`  ${pc.yellow('hint:')} ${error.hint}`);
  return lines.join('\n');
}

/** Location string `file:line:column` relative to root, or '' when the error has no file. */
export function formatLocation(error: DocgenError, root: string): string {
  if (!error.file) return '';
  const rel = path.isAbsolute(error.file) ? path.relative(root, error.file) : error.file;
  return error.line ? `${rel}:${error.line}:${error.column ?? 1}` : rel;
}
