/**
 * What the allow-list drops from a document's descriptions is reported with that document, even when documents load
 * concurrently: each load records into its own map (markdown.ts DroppedHtml), not into one shared by the thread,
 * which a document taking its entries after an `await` could empty of another's. Large documents, so that the
 * descriptions are rendered partly in a worker thread (lib/node/openapi-worker.js) and partly on this thread while
 * the other document is modelled.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadApiDocument } from '../../../../src/node/openapi/load.js';
import { WORKER_MIN_CHARS } from '../../../../src/node/openapi/worker.js';
import { createLargeOpenApi } from '../../../helpers/large-openapi.js';

const dir = mkdtempSync(path.join(tmpdir(), 'docgen-dropped-html-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A document over the worker threshold whose every operation description drops `html` (numbered, all distinct). */
function largeDocument(name: string, html: (i: number) => string): string {
  const doc = createLargeOpenApi({ tags: 2, perTag: 100, bigTag: 0 });
  (doc.info as { description: string }).description = 'とても長い説明。'.repeat(WORKER_MIN_CHARS / 8);
  let i = 0;
  for (const item of Object.values(doc.paths as Record<string, Record<string, { description?: string }>>)) {
    for (const operation of Object.values(item)) operation.description = `${name} ${i} ${html(i++)} *emphasis*`;
  }
  const file = path.join(dir, `${name}.json`);
  writeFileSync(file, JSON.stringify(doc, null, 2));
  return file;
}

describe('dropped raw HTML of concurrently loaded documents', () => {
  it('is reported with the document it was dropped from', async () => {
    const links = largeDocument('links', (i) => `<a href="https://example.com/${i}" target="_blank">link</a>`);
    const scripts = largeDocument('scripts', (i) => `<script>alert(${i})</script>`);
    const [a, b] = await Promise.all([loadApiDocument(links), loadApiDocument(scripts)]);
    const warningOf = (model: typeof a) => model.warnings?.find((w) => w.code === 'DroppedHtml')?.message ?? '';
    expect(warningOf(a)).toMatch(/^Raw HTML dropped from 200 descriptions .*target="_blank" on <a>/);
    expect(warningOf(a)).not.toContain('<script>');
    expect(warningOf(b)).toMatch(/^Raw HTML dropped from 200 descriptions .*<script> and its content/);
    expect(warningOf(b)).not.toContain('target');
  });
});
