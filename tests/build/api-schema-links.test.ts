/**
 * The depth rule of named schemas on a real document: DataDog's v1 description (tests/fixtures/openapi/datadog-v1,
 * trimmed to 77 operations and 727 named schemas) modelled and built for real as a split reference.
 *
 * - Model: inside an operation (parameters, request bodies, responses, callbacks) a named schema met at
 *   OPERATION_LINK_DEPTH or deeper is a `ref` node (a link to its entry), never a copy of its tree; above that depth
 *   named schemas are expanded. In a 「スキーマ」 entry every other named schema is a link.
 * - Output: every link to a named schema (`data-ref`, `#schema/…` hrefs, in the page and in every part) has its
 *   entry, and a reader without JavaScript reaches it: the page holds the entry's anchor in a placeholder whose link
 *   opens the schemas part that holds the entry's section.
 */
import { copyFileSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parse } from 'node-html-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiOperationModel, SchemaModel } from '../../src/shared/api-model.js';
import { OPERATION_LINK_DEPTH } from '../../src/node/openapi/handlers/schema.js';
import { loadApiDocument } from '../../src/node/openapi/load.js';
import { removeDir, repoRoot, runDocgen } from '../helpers/site.js';

const spec = path.join(repoRoot, 'tests/fixtures/openapi/datadog-v1/openapi.yaml');

/** Calls `visit` on every node of a schema tree with its depth (the root is 0; properties, items, variants +1). */
function walk(node: SchemaModel | undefined, depth: number, visit: (node: SchemaModel, depth: number) => void): void {
  if (!node) return;
  visit(node, depth);
  for (const p of node.properties ?? []) walk(p.schema, depth + 1, visit);
  for (const v of node.variants ?? []) walk(v.schema, depth + 1, visit);
  for (const k of node.keywords ?? []) walk(k.schema, depth + 1, visit);
  walk(node.items, depth + 1, visit);
  if (node.additionalProperties) walk(node.additionalProperties, depth + 1, visit);
}

function operationRoots(op: ApiOperationModel): SchemaModel[] {
  const roots: SchemaModel[] = [];
  for (const p of op.parameters) if (p.schema) roots.push(p.schema);
  for (const m of op.requestBody?.contents ?? []) if (m.schema) roots.push(m.schema);
  for (const r of op.responses) {
    for (const h of r.headers) if (h.schema) roots.push(h.schema);
    for (const m of r.contents) if (m.schema) roots.push(m.schema);
  }
  for (const callback of op.callbacks ?? []) for (const c of callback.operations) roots.push(...operationRoots(c));
  return roots;
}

describe('named schemas by depth (DataDog v1)', () => {
  it(`links a named schema at depth ${OPERATION_LINK_DEPTH} or deeper in an operation, expands it above`, async () => {
    const model = await loadApiDocument(spec);
    const expandedAt = new Map<number, number>();
    let linkedDeep = 0;
    const deepCopies: string[] = [];
    for (const tag of model.tags)
      for (const op of tag.operations)
        for (const root of operationRoots(op))
          walk(root, 0, (node, depth) => {
            if (!node.refName) return;
            const linked = node.kind === 'ref' || node.kind === 'recursive';
            if (depth >= OPERATION_LINK_DEPTH) {
              if (linked) linkedDeep++;
              else deepCopies.push(`${op.id}: ${node.refName} at depth ${depth}`);
            } else if (!linked) expandedAt.set(depth, (expandedAt.get(depth) ?? 0) + 1);
          });
    expect(deepCopies).toEqual([]);
    expect(linkedDeep).toBeGreaterThan(20);
    // Above the depth named schemas are read inline (the body itself, its properties, theirs).
    for (let depth = 0; depth < OPERATION_LINK_DEPTH; depth++) expect(expandedAt.get(depth) ?? 0).toBeGreaterThan(10);
  });

  it('links every other named schema inside a 「スキーマ」 entry', async () => {
    const model = await loadApiDocument(spec);
    const copies: string[] = [];
    for (const entry of model.schemas)
      walk(entry.schema, 0, (node, depth) => {
        if (depth > 0 && node.refName && node.kind !== 'ref' && node.kind !== 'recursive')
          copies.push(`${entry.name}: ${node.refName}`);
      });
    expect(model.schemas.length).toBeGreaterThan(700);
    expect(copies).toEqual([]);
  });
});

describe('links to named schemas in the built split reference (DataDog v1)', () => {
  let dir: string;
  let dist: string;
  beforeAll(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'docgen-api-links-'));
    dist = path.join(dir, 'dist');
    mkdirSync(path.join(dir, 'content'), { recursive: true });
    mkdirSync(path.join(dir, 'openapi'));
    writeFileSync(path.join(dir, 'content/index.md'), '---\ntitle: DataDog\n---\n\n# DataDog\n');
    copyFileSync(spec, path.join(dir, 'openapi/datadog.yaml'));
    writeFileSync(
      path.join(dir, 'site.config.ts'),
      `export default {
  product: 'DataDog', title: '{product}', url: 'https://dd.example', buildDate: '2026-01-01',
  apis: [{ spec: 'openapi/datadog.yaml', route: '/api/datadog' }],
};
`,
    );
    const built = runDocgen(['build', '--force'], dir, 300_000);
    expect(built.status, built.stderr).toBe(0);
  }, 320_000);
  afterAll(() => removeDir(dir));

  it('gives every linked named schema an entry that a reader without JavaScript reaches', () => {
    // The page's body is an asset of its own (api_datadog.<hash>.html); the parts are api_datadog.<part>.<hash>.html.
    const partsDir = path.join(dist, 'assets/api');
    const files = readdirSync(partsDir).filter((f) => f.endsWith('.html'));
    const bodyFile = files.find((f) => /^api_datadog\.[0-9a-f]{10}\.html$/.test(f))!;
    const page = parse(readFileSync(path.join(partsDir, bodyFile), 'utf8'));
    const parts = new Map(
      files
        .filter((f) => f !== bodyFile)
        .map((f) => [`/assets/api/${f}`, parse(readFileSync(path.join(partsDir, f), 'utf8'))]),
    );
    expect(parts.size).toBeGreaterThan(5);
    const linked = new Set<string>();
    for (const root of [page, ...parts.values()]) {
      for (const el of root.querySelectorAll('[data-ref]')) linked.add(el.getAttribute('data-ref')!);
      for (const a of root.querySelectorAll('a[href*="#schema/"]'))
        linked.add(decodeURIComponent(a.getAttribute('href')!.split('#')[1]!));
    }
    expect(linked.size).toBeGreaterThan(100);
    const unreachable: string[] = [];
    for (const anchor of linked) {
      // The page's anchor (every link goes to /api/datadog#schema/…) sits in a placeholder linking to its part.
      const stub = page.getElementById(anchor);
      const placeholder = stub?.closest('.dg-api-part');
      const partUrl = placeholder?.querySelector('.dg-api-part__note a')?.getAttribute('href');
      const entry = partUrl ? parts.get(partUrl)?.getElementById(anchor) : undefined;
      if (!entry?.classList.contains('dg-api-schema') || !entry.querySelector('.dg-schema-tree'))
        unreachable.push(anchor);
    }
    expect(unreachable).toEqual([]);
    // The links point at the API page (so they work from a part opened on its own).
    const hrefs = [...parts.values()].flatMap((p) => p.querySelectorAll('a[href*="#schema/"]'));
    expect(hrefs.length).toBeGreaterThan(100);
    for (const a of hrefs) expect(a.getAttribute('href')).toMatch(/^\/api\/datadog#schema\//);
  });
});
