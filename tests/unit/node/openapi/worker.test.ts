/**
 * A large document's validation and Markdown in worker threads, in parallel with modelling: a
 * valid one loads into the very model the thread alone makes, an invalid one fails with the same located error.
 * Needs the compiled worker (lib/node/openapi-worker.js, built by scripts/test.sh before the tests).
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { dump as stringify, load } from 'js-yaml';
import { afterAll, describe, expect, it } from 'vitest';
import { DocgenError } from '../../../../src/node/diagnostics/error.js';
import { loadApiDocument, takeJsonDownload } from '../../../../src/node/openapi/load.js';
import { modelDocument } from '../../../../src/node/openapi/handlers/document.js';
import { validateInWorker } from '../../../../src/node/openapi/validate.js';
import { runInWorker, WORKER_MIN_CHARS } from '../../../../src/node/openapi/worker.js';
import { collectDescriptions, createMarkdownRenderer, renderClaimed } from '../../../../src/node/openapi/markdown.js';
import { createLargeOpenApi } from '../../../helpers/large-openapi.js';

const read = (file: string) =>
  load(readFileSync(fileURLToPath(new URL(`../../../../${file}`, import.meta.url)), 'utf8'));
const dir = mkdtempSync(path.join(tmpdir(), 'docgen-validate-worker-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function largeSource(): string {
  const doc = createLargeOpenApi({ tags: 2, perTag: 2, bigTag: 0 });
  (doc.info as { description: string }).description = 'とても長い説明。'.repeat(WORKER_MIN_CHARS / 8);
  return JSON.stringify(doc, null, 2);
}

describe('validation in a worker thread', () => {
  it('answers for a large source and leaves a small one to the caller', async () => {
    const source = largeSource();
    const valid = validateInWorker({ source, json: true });
    expect(valid).toBeInstanceOf(Promise);
    await expect(valid).resolves.toMatchObject({ valid: true, errors: [] });
    // The worker answers the errors themselves with their JSON pointer: not validated twice.
    const invalid = await validateInWorker({
      source: source.replace('"openapi": "3.0.3",', '"openapi": "3.0.3",\n  "bogus": true,'),
      json: true,
    });
    expect(invalid).toMatchObject({ valid: false, errors: [{ instancePath: '', property: 'bogus' }] });
    expect(validateInWorker({ source: '{}', json: true })).toBeNull();
  });

  it("makes a large YAML document's JSON download, the very text made from the YAML, and the build writes that", async () => {
    const doc = JSON.parse(largeSource()) as Record<string, unknown>;
    const yamlFile = path.join(dir, 'large.yaml');
    writeFileSync(yamlFile, stringify(doc));
    const answer = await validateInWorker({ source: JSON.stringify(doc), json: true, download: true });
    expect(answer?.download).toBe(JSON.stringify(load(readFileSync(yamlFile, 'utf8')), null, 2) + '\n');
    // loadApiDocument hands it on for the download (api-assets.ts), once
    const model = await loadApiDocument(yamlFile);
    expect(takeJsonDownload(model)).toBe(answer!.download);
    expect(takeJsonDownload(model)).toBeUndefined();
  });

  it('loads a valid large document into the same model, and fails an invalid one at its line', async () => {
    const good = path.join(dir, 'good.json');
    writeFileSync(good, largeSource());
    const model = await loadApiDocument(good);
    expect(model).toEqual({ ...modelDocument(JSON.parse(largeSource())), sourceIsJson: true }); // the loader notes a JSON file (its download is the file)
    expect(JSON.stringify(model)).toContain(
      '<a href=\\"https://large.example/docs/1\\" rel=\\"noopener noreferrer\\">ガイド</a>',
    );
    expect(JSON.stringify(model)).not.toContain('\\u0000');
    const bad = path.join(dir, 'bad.json');
    writeFileSync(bad, largeSource().replace('"openapi": "3.0.3",', '"openapi": "3.0.3",\n  "bogus": true,'));
    const error = await loadApiDocument(bad).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DocgenError);
    expect(error).toMatchObject({ code: 'OpenApiInvalid', file: bad, line: 3 });
    expect((error as DocgenError).message).toContain('bogus');
  });

  it('shares the descriptions between the worker and this thread: each rendered once, as this thread alone renders them', async () => {
    // Trivial Markdown is rendered without the parser (trivial-markdown.ts), so real descriptions that need it are added.
    const real = read('tests/fixtures/openapi/real-descriptions/descriptions.json') as {
      descriptions: { text: string }[];
    };
    const texts = [
      ...collectDescriptions(read('openapi/inventory.yaml')),
      ...collectDescriptions(read('tests/fixtures/openapi/webhooks-callbacks/openapi-3-1.yaml')),
      ...collectDescriptions({ descriptions: real.descriptions.map(({ text }) => ({ description: text })) }),
    ];
    expect(texts.length).toBeGreaterThan(10);
    const claim = new SharedArrayBuffer(4);
    const answer = runInWorker<{ html: (string | null)[] }>({ task: 'markdown', texts, claim })!;
    const here = renderClaimed(texts, claim);
    const there = (await answer)!.html;
    const alone = texts.map(createMarkdownRenderer());
    texts.forEach((_, i) => {
      expect(here.has(i) !== (there[i] !== null), `text ${i} rendered by exactly one thread`).toBe(true);
      expect(here.get(i) ?? there[i]).toBe(alone[i]);
    });
  });
});
