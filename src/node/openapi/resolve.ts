/**
 * Internal `$ref` resolution over the raw document, keeping the JSON pointer of every object it reaches
 * (STYLE.md: keep each model's JSON pointer for error messages). Only local references (`#/...`) exist here:
 * the validator has already rejected a document whose references do not resolve.
 */

/** A raw OpenAPI object together with where it lives in the document. */
export interface Located<T = Record<string, unknown>> {
  value: T;
  /** RFC 6901 JSON pointer, e.g. `/components/schemas/Realm`. */
  pointer: string;
  /** Name of the component when the object was reached through `#/components/<kind>/<name>`. */
  component?: { kind: string; name: string };
}

/**
 * Escapes one JSON pointer segment (RFC 6901 §3), and `%` as `%25` so that the pointer reads back the same way as a
 * `$ref`'s URI fragment (RFC 6901 §6), which splitPointer percent-decodes: a key such as `50%` or `a%20b` stays itself.
 */
export function escapePointer(segment: string | number): string {
  const text = String(segment);
  // Most segments (names, indexes) have none of these characters: returned as they are, with no copy.
  if (!text.includes('~') && !text.includes('/') && !text.includes('%')) return text;
  return text.replace(/~/g, '~0').replace(/\//g, '~1').replace(/%/g, '%25');
}

/**
 * Unescapes one segment of a pointer written as a URI fragment (RFC 6901 §6, then §4). A segment that is not valid
 * percent-encoding (`ratelimit%reset`) is kept as written, as json-schema-ref-parser does, instead of throwing.
 */
export function unescapePointerSegment(segment: string): string {
  let decoded = segment;
  try {
    decoded = decodeURIComponent(segment);
  } catch {
    // not percent-encoding: the segment is the key itself
  }
  return decoded.replace(/~1/g, '/').replace(/~0/g, '~');
}

/** Splits a JSON pointer into unescaped segments. `''` and `'#'` give `[]`. */
export function splitPointer(pointer: string): string[] {
  const p = pointer.replace(/^#/, '');
  if (p === '') return [];
  return p.slice(1).split('/').map(unescapePointerSegment);
}

/** Joins a pointer and more segments. */
export function joinPointer(pointer: string, ...segments: (string | number)[]): string {
  let joined = pointer;
  for (const segment of segments) joined += '/' + escapePointer(segment);
  return joined;
}

/**
 * Where a walk of a document met a value: its parent's step (null at the root) and its key there. A walk of a large
 * document meets hundreds of thousands of objects and needs the pointer of a few: pointerOf joins it on demand.
 */
export interface WalkStep {
  parent: WalkStep | null;
  key: string;
}

/** The JSON pointer of a walked value, joined from its ancestors' keys. */
export function pointerOf(step: WalkStep): string {
  const keys: string[] = [];
  for (let at: WalkStep | null = step; at.parent !== null; at = at.parent) keys.push(at.key);
  let pointer = '';
  for (let i = keys.length - 1; i >= 0; i--) pointer += '/' + escapePointer(keys[i]!);
  return pointer;
}

/** Reads the value at a pointer, or undefined. */
export function getAt(doc: unknown, pointer: string): unknown {
  let node = doc;
  for (const segment of splitPointer(pointer)) {
    if (node === null || typeof node !== 'object') return undefined;
    node = (node as Record<string, unknown>)[segment];
  }
  return node;
}

/** True for a non-array object. */
export function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export type Resolver = <T = Record<string, unknown>>(value: unknown, pointer: string) => Located<T>;

/** A `$ref` to another file (`other.yaml#/X`), which this resolver cannot follow. */
export class ExternalRefError extends Error {
  constructor(
    readonly ref: string,
    /** Where the `$ref` is. */
    readonly pointer: string,
  ) {
    super(`external $ref ${ref} at ${pointer}`);
  }
}

/**
 * Creates the resolver of one document: follows `$ref` chains (at most 32 hops) and reports the target pointer.
 * @returns a function; a dangling or cyclic `$ref` chain resolves to an empty object at the `$ref`'s pointer
 * @throws ExternalRefError (from the function) for a `$ref` into another file
 */
export function createResolver(doc: unknown): Resolver {
  // One hop per distinct `$ref` string, looked up once: GitHub's description has about 60,000 `$ref`s to 2,000 targets.
  const hops = new Map<string, { at: string; component: Located['component']; value: unknown }>();
  const hop = (ref: string) => {
    let found = hops.get(ref);
    if (!found) {
      const at = ref.slice(1);
      const match = /^\/components\/([^/]+)\/([^/]+)$/.exec(at);
      found = {
        at,
        component: match ? { kind: match[1]!, name: splitPointer(at)[2]! } : undefined,
        value: getAt(doc, at),
      };
      hops.set(ref, found);
    }
    return found;
  };
  return <T>(value: unknown, pointer: string): Located<T> => {
    let current = value;
    let at = pointer;
    let component: Located['component'];
    for (let count = 0; isObject(current) && typeof current.$ref === 'string' && count < 32; count++) {
      const ref = current.$ref;
      if (!ref.startsWith('#')) throw new ExternalRefError(ref, at);
      const next = hop(ref);
      at = next.at;
      component = next.component;
      current = next.value;
    }
    return { value: (isObject(current) ? current : {}) as T, pointer: at, component };
  };
}
