/**
 * After an edit, `docgen dev` serves a page's data and a search index as `docgen build` writes them: dev compiles a
 * page through the build's page compiler and page cache key (pool/compile-pages.ts), and its search reads a page's
 * compiled title and sections as the build's search stage does (build/search.ts searchSource). The page's title is
 * a heading with markup, so the title the route table reads from the source (`Install **fast**`) is not the
 * compiled one (`Install fast`).
 */
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SearchManifest } from '../../src/shared/search-format.js';
import { copyFixture, removeDir, runDocgen, startDev, type CliServer } from '../helpers/site.js';

const ROUTE = '/docs/guide/marked';
const PAGE = (text: string) =>
  `# Install **fast**\n\n${text}\n\n## Options {#options}\n\nThe options of the installer.\n`;

let dir: string;
let dev: CliServer;
let file: string;

const devData = () => fetch(`${dev.url}/__docgen/data.json?route=${encodeURIComponent(ROUTE)}`).then((r) => r.text());

/** The manifest without its folder URL (dev serves the files elsewhere than the build writes them). */
const withoutBase = ({ base: _base, ...rest }: SearchManifest) => rest;

beforeAll(async () => {
  dir = copyFixture('basic');
  file = path.join(dir, 'content/docs/guide/marked.md');
  writeFileSync(file, PAGE('The first text.'));
  dev = await startDev(dir, ['--port', '0']);
});
afterAll(async () => {
  await dev?.close();
  removeDir(dir);
});

describe('docgen dev and docgen build after an edit', () => {
  it('serve the same page data and the same search index', async () => {
    expect(await devData()).toContain('The first text.');
    writeFileSync(file, PAGE('The edited text.'));
    let data = '';
    for (let i = 0; i < 100 && !data.includes('The edited text.'); i++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      data = await devData();
    }
    expect(data).toContain('The edited text.');
    const manifest = (await (await fetch(`${dev.url}/__docgen/search-manifest.json`)).json()) as SearchManifest;

    const built = runDocgen(['build'], dir);
    expect(built.status, built.stderr).toBe(0);
    const dist = path.join(dir, 'dist');
    const html = readFileSync(path.join(dist, `${ROUTE}.html`), 'utf8');
    const dataUrl = /\/(assets\/data\/[^"']+\.json)/.exec(html)?.[1];
    expect(dataUrl).toBeDefined();
    const builtData = JSON.parse(readFileSync(path.join(dist, dataUrl!), 'utf8')) as { title: string };
    expect(builtData.title).toBe('Install fast');
    expect(JSON.parse(data)).toEqual(builtData);

    const search = path.join(dist, 'assets/search');
    const builtManifest = readdirSync(search).find((name) => /^manifest\.[0-9a-f]+\.json$/.test(name))!;
    const fromBuild = JSON.parse(readFileSync(path.join(search, builtManifest), 'utf8')) as SearchManifest;
    expect(withoutBase(manifest)).toEqual(withoutBase(fromBuild));
  });
});
