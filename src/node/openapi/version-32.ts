/**
 * OpenAPI 3.2 read like 3.1: the validator has no 3.2 schema yet, so the fields 3.2 adds are
 * found at the places 3.2 defines them (OpenAPI 3.2 §4.1 `$self`, §4.8.9 path item `query` and
 * `additionalOperations`, §4.8.22 tag `summary` / `parent` / `kind`, §4.8.7 components `mediaTypes`), left out of
 * the copy that is validated as 3.1, and named in one warning each, as docgen does not render them yet.
 */
import { isObject, joinPointer } from './resolve.js';

/** True for an `openapi: 3.2.x` document. */
export function isOpenApi32(api: unknown): boolean {
  return isObject(api) && typeof api.openapi === 'string' && /^3\.2\./.test(api.openapi);
}

/** Every 3.2-only field of a document: where it is (its holder and key) and its JSON pointer. */
export function fieldsOf32(
  api: Record<string, unknown>,
): { holder: Record<string, unknown>; key: string; pointer: string }[] {
  const found: { holder: Record<string, unknown>; key: string; pointer: string }[] = [];
  const take = (holder: unknown, pointer: string, keys: string[]) => {
    if (!isObject(holder)) return;
    for (const key of keys) if (key in holder) found.push({ holder, key, pointer: joinPointer(pointer, key) });
  };
  take(api, '', ['$self']);
  (Array.isArray(api.tags) ? api.tags : []).forEach((tag, i) =>
    take(tag, joinPointer('/tags', i), ['summary', 'parent', 'kind']),
  );
  for (const [path, item] of Object.entries(isObject(api.paths) ? api.paths : {}))
    take(item, joinPointer('/paths', path), ['query', 'additionalOperations']);
  take(api.components, '/components', ['mediaTypes']);
  return found;
}

/** A copy of a 3.2 document that the 3.1 schema accepts: `openapi: 3.1.1` and without its 3.2-only fields. */
export function as31(api: Record<string, unknown>): Record<string, unknown> {
  const copy = structuredClone(api);
  for (const { holder, key } of fieldsOf32(copy)) delete holder[key];
  return { ...copy, openapi: '3.1.1' };
}
