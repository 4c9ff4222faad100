/**
 * Diagnostics of one build taken together: every problem of every file in one run, sorted by
 * file and line; errors fail the build, warnings are printed and the build goes on.
 */
import { AggregateDocgenError, DocgenError } from './error.js';

/**
 * Sorts diagnostics by file, line and column; those without a file (config, output folder) come first.
 * @returns a new array; the input is left as it is
 */
function sortDiagnostics<T extends DocgenError>(list: readonly T[]): T[] {
  return [...list].sort(
    (a, b) =>
      (a.file ?? '').localeCompare(b.file ?? '') || (a.line ?? 0) - (b.line ?? 0) || (a.column ?? 0) - (b.column ?? 0),
  );
}

/**
 * Settles a stage's diagnostics.
 * @returns the warnings, sorted, when there is no error
 * @throws AggregateDocgenError with every diagnostic (errors and warnings, sorted) when at least one is an error
 */
export function settleDiagnostics(list: readonly DocgenError[]): DocgenError[] {
  const sorted = sortDiagnostics(list);
  if (sorted.some((d) => d.severity === 'error')) throw new AggregateDocgenError(sorted);
  return sorted;
}

/** The diagnostics a stage threw, when it threw DocgenErrors: every diagnostic of an aggregate, or the one error. */
export function diagnosticsOf(error: unknown): DocgenError[] | null {
  if (error instanceof AggregateDocgenError) return error.errors;
  if (error instanceof DocgenError) return [error];
  return null;
}
