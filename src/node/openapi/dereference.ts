/**
 * Dereferencing for validation: the step of @readme/openapi-parser's `validate` that took most
 * of its time (1.4 s of OpenAI's 2.3 s, json-schema-ref-parser's `crawl` building a path string for every key),
 * done over local references only. The compiled CLI's copy of the parser calls this instead
 * (scripts/build-cli.mjs, docgen-fast-dereference); docgen run from its sources keeps the parser's own.
 *
 * Same result as json-schema-ref-parser 15's `dereference` with `circular: 'ignore'` (lib/dereference.ts) for a
 * document whose references are all local, which sources.ts makes of every document: a `$ref` is replaced by its
 * target, dereferenced in place, unless the target reaches back to an object being dereferenced (a cycle
 * anywhere below it): then the `$ref` stays; a `$ref` with other keys beside it becomes a new object, those keys
 * over the target's (deep-merged when both are objects); targets are shared. A reference naming a value that does
 * not exist answers the parser's own message (MissingPointerError). What is not followed: references to other
 * documents (none are left after bundling) and `$id` scopes of OpenAPI 3.1 schemas (json-schema-ref-parser
 * follows those; docgen's model does not either, see resolve.ts).
 */
import { unescapePointerSegment } from './resolve.js';

type Json = Record<string, unknown> | unknown[];

interface Result {
  value: unknown;
  circular: boolean;
}

/** What the parser's `validate` reads after dereferencing. */
export interface DereferenceResult {
  /** The dereferenced document (the same object as given, changed in place). */
  value: unknown;
  /** Some `$ref` stays because of a cycle. */
  circular: boolean;
  /** json-schema-ref-parser's MissingPointerError message, when a reference names nothing. */
  missing?: string;
}

class MissingPointer extends Error {}

function isRef(value: unknown): value is { $ref: string } {
  if (value === null || typeof value !== 'object') return false;
  const ref = (value as { $ref?: unknown }).$ref;
  return typeof ref === 'string' && (ref === '#' || ref.startsWith('#/'));
}

/**
 * Dereferences a document in place for validation.
 * @param root the parsed document (it is modified: give the validator's own copy)
 * @returns the document, whether a cycle left references in it, or the message of a reference to nothing
 */
export function dereferenceForValidation(root: unknown): DereferenceResult {
  const cache = new Map<string, Result>();
  const parents = new Set<unknown>();

  const resolve = (ref: string) => resolvePointer(root, ref);

  const dereferenceRef = ($ref: { $ref: string } & Record<string, unknown>): Result => {
    const key = $ref.$ref;
    const extended = Object.keys($ref).length > 1;
    const cached = cache.get(key);
    if (cached && (cached.circular || !extended)) return cached;
    const target = resolve(key);
    const direct = target === $ref;
    let circular = direct || parents.has(target);
    let value = extended ? merged($ref, target) : target;
    if (!circular) {
      const crawled = crawl(value);
      circular = crawled.circular;
      value = crawled.value;
    }
    if (circular) value = $ref;
    const result = { value, circular };
    if (!extended) cache.set(key, result);
    return result;
  };

  const crawl = (node: unknown): Result => {
    const result: Result = { value: node, circular: false };
    if (node === null || typeof node !== 'object') return result;
    parents.add(node);
    if (isRef(node)) {
      const found = dereferenceRef(node as { $ref: string } & Record<string, unknown>);
      parents.delete(node);
      return found;
    }
    const object = node as Record<string, unknown>;
    for (const key of Object.keys(object)) {
      const child = object[key];
      let circular: boolean;
      if (isRef(child)) {
        const found = dereferenceRef(child as { $ref: string } & Record<string, unknown>);
        circular = found.circular;
        if (child !== found.value) object[key] = found.value;
      } else if (child !== null && typeof child === 'object' && !parents.has(child)) {
        const found = crawl(child);
        circular = found.circular;
        if (child !== found.value) object[key] = found.value;
      } else {
        circular = child !== null && typeof child === 'object';
      }
      result.circular ||= circular;
    }
    parents.delete(node);
    return result;
  };

  try {
    const { value, circular } = crawl(root);
    return { value, circular };
  } catch (error) {
    if (error instanceof MissingPointer) return { value: root, circular: false, missing: error.message };
    throw error;
  }
}

/**
 * The value a local reference names; `$ref`s met on the way are followed (json-schema-ref-parser Pointer.resolve).
 * @throws MissingPointer when a token names nothing
 */
function resolvePointer(root: unknown, ref: string): unknown {
  const tokens = ref === '#' ? [] : ref.slice(2).split('/').map(unescapePointerSegment);
  let node: unknown = root;
  const seen = new Set<string>();
  for (const token of tokens) {
    while (isRef(node) && !seen.has(node.$ref)) {
      seen.add(node.$ref);
      node = resolvePointer(root, node.$ref);
    }
    if (node === null || typeof node !== 'object' || !Object.hasOwn(node, token)) {
      throw new MissingPointer(`Missing $ref pointer "${ref}". Token "${token}" does not exist.`);
    }
    node = (node as Record<string, unknown>)[token];
  }
  return node;
}

/**
 * The second step of the parser's `validate` for a document with cycles (its `circular: true` default, before the
 * OpenAPI-specific checks): every reference dereferenceForValidation left is replaced by its target, so the
 * document becomes a graph with cycles (json-schema-ref-parser `dereference` with `circular: true`).
 * @param root the result of dereferenceForValidation (changed in place)
 */
export function resolveCycles(root: unknown): void {
  const visited = new Set<unknown>();
  const stack: unknown[] = [root];
  while (stack.length > 0) {
    const node = stack.pop();
    if (node === null || typeof node !== 'object' || visited.has(node)) continue;
    visited.add(node);
    const object = node as Record<string, unknown>;
    for (const key of Object.keys(object)) {
      let child = object[key];
      if (isRef(child)) {
        const ref = child as { $ref: string } & Record<string, unknown>;
        let target: unknown;
        try {
          target = resolvePointer(root, ref.$ref);
        } catch (error) {
          if (error instanceof MissingPointer) continue; // reported by the first step already
          throw error;
        }
        child = Object.keys(ref).length > 1 ? merged(ref, target) : target;
        object[key] = child;
      }
      stack.push(child);
    }
  }
}

/** A `$ref` with keys beside it over its target (json-schema-ref-parser `$Ref.dereference`, mergeKeys on). */
function merged($ref: Record<string, unknown>, target: unknown): unknown {
  if (target === null || typeof target !== 'object') return target;
  const out: Record<string, unknown> = {};
  for (const key of Object.keys($ref)) if (key !== '$ref') out[key] = $ref[key];
  for (const [key, value] of Object.entries(target as Record<string, unknown>)) {
    if (!Object.hasOwn(out, key)) out[key] = value;
    else if (isMergeable(out[key]) && isMergeable(value)) out[key] = deepMerge(value as Json, out[key] as Json);
  }
  return out;
}

function isMergeable(value: unknown): boolean {
  return typeof value === 'object' && value !== null;
}

/** json-schema-ref-parser's deepMerge: `source` over `target`, arrays from `source` copied whole. */
function deepMerge(target: unknown, source: unknown): unknown {
  if (!isMergeable(target) || !isMergeable(source)) return source;
  if (Array.isArray(source)) return [...source];
  const output: Record<string, unknown> = { ...(target as Record<string, unknown>) }; // an array target gives its indices as keys, as cloneEnumerableProperties does
  for (const [key, value] of Object.entries(source as Record<string, unknown>)) {
    if (Array.isArray(value)) output[key] = [...value];
    else if (isMergeable(value))
      output[key] = deepMerge(
        Object.hasOwn(target as object, key) ? (target as Record<string, unknown>)[key] : undefined,
        value,
      );
    else output[key] = value;
  }
  return output;
}
