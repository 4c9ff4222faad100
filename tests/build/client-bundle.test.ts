/**
 * The browser bundle of docgen's theme: React reached through ES module bindings (bundle/client.ts esmReact), and
 * a doc page's first-load JavaScript within the project's bound (bench/report.mjs: 80 KiB gzip).
 */
import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bundleClient, type AssetsManifest } from '../../src/node/bundle/client.js';

describe('client bundle', () => {
  let dir: string;
  let manifest: AssetsManifest;
  beforeAll(async () => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'docgen-client-'));
    manifest = await bundleClient({ outDir: dir, base: '/' });
  }, 120_000);
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it("calls React's hooks and JSX runtime as plain identifiers, not through the CommonJS interop object", () => {
    const files = ['', 'chunks'].flatMap((sub) =>
      readdirSync(path.join(dir, 'assets', sub))
        .filter((f) => f.endsWith('.js'))
        .map((f) => path.join(dir, 'assets', sub, f)),
    );
    const interop = files.flatMap(
      (file) =>
        readFileSync(file, 'utf8').match(/\(0,[\w$]+\.(?:jsxs?|Fragment|use[A-Z]\w*|createContext|createElement)\)/g) ??
        [],
    );
    expect(interop).toEqual([]);
  });

  it("keeps a doc page's first-load JavaScript within 80 KiB gzip", () => {
    const urls = [manifest.entry, ...manifest.entryImports, ...manifest.pages.doc];
    const gzip = urls.reduce((sum, url) => sum + gzipSync(readFileSync(path.join(dir, url)), { level: 9 }).length, 0);
    expect(gzip / 1024).toBeLessThanOrEqual(80);
  });
});
