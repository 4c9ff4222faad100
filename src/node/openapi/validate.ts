/**
 * Validation with @readme/openapi-parser: an invalid document fails the build with the parser's
 * reason and the file, line and column of the offending node.
 *
 * The parser reports text only. Its schema errors carry a code frame of `JSON.stringify(dereferenced, null, 2)`
 * (better-ajv-errors), and it dereferences the object it is given in place, so the marked line of that frame is
 * turned back into a JSON pointer by re-deriving the line layout of the same object; the pointer is then
 * located in the YAML (following `$ref`s). Its other reasons name a value (`operationId`, `$ref`) or a loose
 * path (`/paths/users/{id}/get`), which are located directly.
 */
import type { validate } from '@readme/openapi-parser';
import { codeFrame } from '../diagnostics/code-frame.js';
import { DocgenError } from '../diagnostics/error.js';
import { getAt, isObject, joinPointer } from './resolve.js';
import { runInWorker, WORKER_MIN_CHARS } from './worker.js';
import { isOpenApi32 } from './version-32.js';
import { locatePointer, type SourceFile, type SourceSet } from './sources.js';
import { positionOfEntry, positionOfLoosePath, type SourcePosition } from './yaml-position.js';

/**
 * JSON pointer of every line of `JSON.stringify(value, null, 2)` (index 0 = line 1): a property or array element
 * line maps to that member, a closing bracket to its container.
 */
export function jsonLinePointers(value: unknown): string[] {
  const lines: string[] = [''];
  const walk = (node: unknown, pointer: string): void => {
    if (node === null || typeof node !== 'object') return;
    const entries: [string | number, unknown][] = Array.isArray(node)
      ? node.map((v, i) => [i, v])
      : Object.entries(node).filter(([, v]) => v !== undefined && typeof v !== 'function' && typeof v !== 'symbol');
    if (entries.length === 0) return;
    for (const [key, child] of entries) {
      const childPointer = joinPointer(pointer, key);
      lines.push(childPointer);
      walk(child, childPointer);
    }
    lines.push(pointer);
  };
  walk(value, '');
  return lines;
}

interface FrameMark {
  /** 1-based line of the JSON text. */
  line: number;
  /** The caret points at the key of a `"key": value` line. */
  atKey: boolean;
}

/** Reads the marked line (`> 142 | ...`) and the caret under it from a better-ajv-errors frame. */
export function readFrameMark(message: string): FrameMark | undefined {
  const lines = message.split('\n');
  const index = lines.findIndex((l) => /^>\s*\d+\s*\|/.test(l));
  if (index === -1) return undefined;
  const marked = lines[index]!;
  const line = Number(/^>\s*(\d+)/.exec(marked)![1]);
  const code = marked.slice(marked.indexOf('|') + 1);
  const caretLine = lines[index + 1] ?? '';
  const caret = caretLine.includes('|') ? caretLine.slice(caretLine.indexOf('|') + 1).search(/\^/) : -1;
  const colon = code.search(/"\s*:\s/);
  return { line, atKey: caret !== -1 && colon !== -1 && caret <= colon };
}

/** Where a validator reason points: the frame's marked line, else a value or loose path it names (root file). */
function locate(options: { error: ValidatorError; lines: () => string[]; set: SourceSet }): {
  file: SourceFile;
  position?: SourcePosition;
  pointer?: string;
} {
  const { set } = options;
  const reason = options.error.message;
  const root = set.files[0]!;
  if (options.error.instancePath !== undefined) {
    const property = options.error.property;
    const found = locatePointer(
      set,
      property === undefined ? options.error.instancePath : joinPointer(options.error.instancePath, property),
      { preferKey: property !== undefined },
    );
    return { file: found.file, position: found.position, pointer: found.pointer };
  }
  const mark = readFrameMark(reason);
  if (mark) {
    const pointer = options.lines()[mark.line - 1];
    if (pointer !== undefined) {
      const found = locatePointer(set, pointer, { preferKey: mark.atKey });
      return { file: found.file, position: found.position, pointer: found.pointer };
    }
  }
  const { doc, lineCounter } = root.ast();
  const ref = /Missing \$ref pointer "([^"]+)"/.exec(reason);
  if (ref) return { file: root, position: positionOfEntry({ doc, lineCounter, key: '$ref', value: ref[1]! }) };
  const duplicate = /operationId `([^`]+)` is duplicated/.exec(reason);
  if (duplicate)
    return {
      file: root,
      position: positionOfEntry({ doc, lineCounter, key: 'operationId', value: duplicate[1]!, nth: 1 }),
    };
  const path = /`(\/(?:paths|components|webhooks)\/[^`]+)`/.exec(reason);
  if (path) return { file: root, position: positionOfLoosePath({ doc, lineCounter, path: path[1]! }) };
  return { file: root };
}

/** The first line of the reason plus the caret's own note from the frame (e.g. "foo is not expected to be here!"). */
function conciseReason(reason: string): string {
  const lines = reason.split('\n');
  const head = lines
    .filter((l) => !/^\s*>?\s*\d*\s*\|/.test(l) && l.trim() !== '')
    .join(' ')
    .trim();
  const note = /\^+\s+(.+)$/m.exec(reason)?.[1]?.trim();
  return note && !head.includes(note) ? `${head} (${note})` : head;
}

/** How a schema error is reported (site.config.ts `apis[].validation`). */
export type ValidationMode = 'strict' | 'warn';

/** One error of the validator: its text, and (from the compiled CLI, scripts/build-cli.mjs) Ajv's pointer. */
export interface ValidatorError {
  message: string;
  /** JSON pointer of the offending value in the dereferenced document. */
  instancePath?: string;
  /** The property Ajv names (additional or unevaluated): the error is located at its key. */
  property?: string;
}

/** What the validator answers: valid, or the errors (at most 20 of a large document, `additionalErrors` more). */
export interface ValidatorResult {
  valid: boolean;
  errors: ValidatorError[];
  additionalErrors: number;
  /** The dereferenced copy that was validated (only in the thread that validated: frames are read against it). */
  checked?: unknown;
  /** The document as indented JSON, when a worker was asked for it (validateInWorker `download`). */
  download?: string;
}

/**
 * Runs @readme/openapi-parser on a copy of a document: the OpenAPI 2.0 / 3.0 / 3.1 / 3.2 schema plus unique
 * operationIds, declared path parameters and resolvable $refs. The parser itself refuses 3.2 ("currently
 * unsupported"); docgen's compiled copy of it checks 3.2 against the official 3.2 schema (scripts/build-cli.mjs).
 * Run from its sources, docgen hands a 3.2 document to that compiled copy in a worker thread.
 * @param api the bundled document (not modified, unless `owned`)
 * @param options.owned the caller gives the document away (a worker's own parse): it is validated without a copy
 */
export async function runValidator(api: unknown, options: { owned?: boolean } = {}): Promise<ValidatorResult> {
  // A copy: the parser dereferences the document it is given in place.
  const checked = (options.owned ? api : structuredClone(api)) as Parameters<typeof validate>[0];
  // Imported here, not above: the validator is 1.8 MB of JavaScript (Ajv, the parser's dependencies), which the main
  // thread of a build compiles for nothing when a worker validates (a large document) or the model is cached.
  const { validate } = await import('@readme/openapi-parser');
  try {
    const result = await validate(checked, {
      resolve: { external: false },
      validate: { errors: { colorize: false, raw: true } },
    } as Parameters<typeof validate>[1]);
    if (result.valid) return { valid: true, errors: [], additionalErrors: 0 };
    // The parser leaves a circular $ref in place; the schema then finds a Reference Object where it wants e.g. an
    // Operation Object ("must have required property 'responses'"): not an error of the document.
    const errors = (result.errors as ValidatorError[]).filter(
      (e) => e.instancePath === undefined || !isReference(getAt(checked, e.instancePath)),
    );
    if (errors.length === 0 && result.additionalErrors === 0) return { valid: true, errors: [], additionalErrors: 0 };
    return { valid: false, errors, additionalErrors: result.additionalErrors, checked };
  } catch (error) {
    if (!options.owned && isOpenApi32(api) && /3\.2 is currently unsupported/.test((error as Error).message))
      return validateInCompiledCopy(api);
    return { valid: false, errors: [{ message: (error as Error).message }], additionalErrors: 0, checked };
  }
}

/** A 3.2 document met by the parser as published (docgen run from its sources): checked by the compiled one. */
async function validateInCompiledCopy(api: unknown): Promise<ValidatorResult> {
  const answer = runInWorker<ValidatorResult>({ task: 'validate', source: JSON.stringify(api), json: true });
  const result = answer ? await answer : undefined;
  return (
    result ?? {
      valid: false,
      errors: [{ message: 'OpenAPI 3.2 is validated by the compiled CLI: run `node scripts/build-cli.mjs` first' }],
      additionalErrors: 0,
    }
  );
}

function isReference(value: unknown): boolean {
  return isObject(value) && typeof value.$ref === 'string';
}

/**
 * Validates a parsed document (its files bundled, see sources.ts).
 * @param options.set the document's files; the bundle is not modified (a copy is validated)
 * @param options.mode `strict`: the first error is thrown; `warn`: every error is returned as a warning
 * @param options.result the validator's answer when it already ran (in a worker); else it runs here
 * @returns the warnings (empty for a valid document, always empty under `strict`)
 * @throws DocgenError OpenApiInvalid under `strict`, at the first error's `file:line:column` with a code frame
 */
export async function validateApiDocument(options: {
  set: SourceSet;
  mode: ValidationMode;
  result?: ValidatorResult;
}): Promise<DocgenError[]> {
  const { set, mode } = options;
  const result = options.result ?? (await runValidator(set.bundled));
  if (result.valid) return [];
  let lines: string[] | undefined;
  const diagnose = (error: ValidatorError, suffix = '') => {
    const found = locate({ error, lines: () => (lines ??= jsonLinePointers(result.checked)), set });
    const line = found.position?.line ?? 1;
    const column = found.position?.column ?? 1;
    const at = found.pointer !== undefined && found.pointer !== '' ? ` at ${found.pointer}` : '';
    return new DocgenError({
      code: 'OpenApiInvalid',
      message: `The OpenAPI document is invalid${at}: ${conciseReason(error.message)}${suffix}.`,
      hint: HINT,
      file: found.file.file,
      line,
      column,
      frame: codeFrame(found.file.source, line, column),
    });
  };
  if (mode === 'warn') return result.errors.map((e) => diagnose(e));
  const more = result.errors.length - 1 + result.additionalErrors;
  throw diagnose(
    result.errors[0] ?? { message: 'unknown reason' },
    more > 0 ? ` (and ${more} more error${more === 1 ? '' : 's'})` : '',
  );
}

const HINT =
  "Fix the node shown above, or set `validation: 'warn'` on this entry of `apis` in site.config.ts to build with warnings. docgen validates with @readme/openapi-parser: the OpenAPI 2.0 / 3.0 / 3.1 / 3.2 schema plus unique operationIds, declared path parameters and resolvable $refs.";

/**
 * Validates a large document's source in a worker thread (about a second for GitHub's), so the
 * caller can build the view model meanwhile.
 * @param options.json the source is JSON (else YAML)
 * @param options.download answer the document as indented JSON too (`download`): a YAML document's JSON download,
 *   which the main thread would otherwise parse the YAML again for (0.1 s for OpenAI's 3 MB)
 * @returns the validator's answer (undefined when the worker failed: validate in the thread then); null when no
 *   worker is used (a source under WORKER_MIN_CHARS, or docgen run from its sources)
 */
export function validateInWorker(options: {
  source: string;
  json: boolean;
  download?: boolean;
}): Promise<ValidatorResult | undefined> | null {
  if (options.source.length < WORKER_MIN_CHARS) return null;
  return runInWorker<ValidatorResult>({ task: 'validate', ...options });
}
