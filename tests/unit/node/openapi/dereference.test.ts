/**
 * dereference.ts against the step it replaces in the compiled CLI's validator: on real
 * documents (this site's three, Redoc's 3.1 demo with webhooks and callbacks, the Swagger petstore, recursive and
 * circular schemas) the result is the very structure json-schema-ref-parser's `dereference` with
 * `circular: 'ignore'` gives, and a reference to nothing answers its message.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { dereference, validate } from '@readme/openapi-parser';
import { load } from 'js-yaml';
import { describe, expect, it } from 'vitest';
import { dereferenceForValidation, resolveCycles } from '../../../../src/node/openapi/dereference.js';

const repo = fileURLToPath(new URL('../../../../', import.meta.url));
const documents = [
  'openapi/inventory.yaml',
  'openapi/waitfor-services.yaml',
  'openapi/zone.yaml',
  'tests/fixtures/openapi/webhooks-callbacks/openapi-3-1.yaml',
  'tests/fixtures/openapi/swagger2/petstore.yaml',
  'tests/fixtures/openapi/allof-recursive/input.yaml',
  'tests/fixtures/openapi/discriminator/input.yaml',
  'tests/fixtures/bad/openapi-circular-ref/openapi/pets.yaml',
  'tests/fixtures/sites/api/openapi/actions.yaml',
];

const read = (file: string) => load(readFileSync(path.join(repo, file), 'utf8')) as Record<string, unknown>;

/** The parser's own result, as its `validate` computes it before checking the schema. */
async function reference(doc: Record<string, unknown>): Promise<unknown> {
  return dereference(doc as never, { dereference: { circular: 'ignore' }, resolve: { external: false } } as never);
}

/**
 * Compares two object graphs: the same keys in the same order and the same leaves, and an object shared in one
 * is shared in the other (a pair seen once is not walked again). Two references left in place (a cycle) are equal
 * when they name the same target: json-schema-ref-parser then sometimes puts another reference to the same target,
 * with that one's `description`, in the place (it depends on the order it meets them), which validates alike.
 * @returns the first difference's path, or null
 */
function difference(a: unknown, b: unknown, seen = new Map<unknown, unknown>(), at = ''): string | null {
  if (a === b) return null;
  if (a === null || b === null || typeof a !== 'object' || typeof b !== 'object')
    return `${at}: ${JSON.stringify(a)} ≠ ${JSON.stringify(b)}`;
  const refA = (a as { $ref?: unknown }).$ref;
  const refB = (b as { $ref?: unknown }).$ref;
  if (typeof refA === 'string' && typeof refB === 'string')
    return refA === refB ? null : `${at}: $ref ${refA} ≠ ${refB}`;
  if (seen.has(a)) return seen.get(a) === b ? null : `${at}: shared differently`;
  seen.set(a, b);
  const keysA = Object.keys(a);
  const keysB = Object.keys(b);
  if (keysA.join('\u0000') !== keysB.join('\u0000')) return `${at}: keys ${keysA.join(',')} ≠ ${keysB.join(',')}`;
  for (const key of keysA) {
    const found = difference(
      (a as Record<string, unknown>)[key],
      (b as Record<string, unknown>)[key],
      seen,
      `${at}/${key}`,
    );
    if (found) return found;
  }
  return null;
}

/** How many `$ref`s a graph (with cycles) still holds. */
function referencesLeft(root: unknown): number {
  const visited = new Set<unknown>();
  const stack = [root];
  let count = 0;
  while (stack.length > 0) {
    const node = stack.pop();
    if (node === null || typeof node !== 'object' || visited.has(node)) continue;
    visited.add(node);
    if ('$ref' in node) count++;
    stack.push(...Object.values(node));
  }
  return count;
}

describe('dereferenceForValidation', () => {
  it.each(documents)('gives what json-schema-ref-parser gives: %s', async (file) => {
    const expected = await reference(read(file));
    const actual = dereferenceForValidation(read(file));
    expect(difference(actual.value, expected)).toBeNull();
  });

  it.each([
    'tests/fixtures/bad/openapi-circular-ref/openapi/pets.yaml',
    'tests/fixtures/openapi/allof-recursive/input.yaml',
    'tests/fixtures/openapi/webhooks-callbacks/openapi-3-1.yaml',
  ])('turns what is left into cycles as the parser’s second dereference does: %s', async (file) => {
    // From the first step's result either way: that step is compared above.
    const expected = await dereference(
      dereferenceForValidation(read(file)).value as never,
      { dereference: { circular: true }, resolve: { external: false } } as never,
    );
    const actual = dereferenceForValidation(read(file));
    expect(actual.circular).toBe(true);
    resolveCycles(actual.value);
    expect(referencesLeft(actual.value)).toBe(0);
    expect(difference(actual.value, expected)).toBeNull();
  });

  it('keeps a reference into a cycle and reports it; merges the keys beside a $ref over its target', async () => {
    const doc = () => ({
      openapi: '3.0.3',
      info: { title: 't', version: '1' },
      paths: {},
      components: {
        schemas: {
          Node: {
            type: 'object',
            properties: { next: { $ref: '#/components/schemas/Node' }, tags: { $ref: '#/components/schemas/Tags' } },
          },
          Tags: { type: 'array', items: { type: 'string' }, description: 'tags' },
          Described: { $ref: '#/components/schemas/Tags', description: 'own', items: { format: 'email' } },
        },
      },
    });
    const expected = (await reference(doc())) as ReturnType<typeof doc>;
    const actual = dereferenceForValidation(doc());
    expect(actual.circular).toBe(true);
    expect(difference(actual.value, expected)).toBeNull();
    const schemas = (actual.value as ReturnType<typeof doc>).components.schemas;
    expect(schemas.Node.properties.next).toEqual({ $ref: '#/components/schemas/Node' });
    expect(schemas.Described).toEqual({
      description: 'own',
      items: { type: 'string', format: 'email' },
      type: 'array',
    });
  });

  it('answers the parser’s message for a reference to nothing', async () => {
    const doc = () => read('tests/fixtures/bad/openapi-unresolvable-ref/openapi/pets.yaml');
    const result = await validate(doc() as never, { resolve: { external: false } } as never);
    expect(result.valid).toBe(false);
    const message = (result as { errors: { message: string }[] }).errors[0]!.message;
    expect(dereferenceForValidation(doc()).missing).toBe(message);
  });
});
