import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'node-html-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { copyFixture, removeDir, runDocgen } from '../helpers/site.js';

let dir: string;
let stdout: string;
const dist = (...parts: string[]) => path.join(dir, 'dist', ...parts);
const html = (file: string) => parse(readFileSync(dist(file), 'utf8'));

beforeAll(() => {
  dir = copyFixture('basic');
  // A page's own social card (front matter `image`, Docusaurus); the others have none (no themeConfig.image).
  const config = path.join(dir, 'content/docs/guide/config.md');
  writeFileSync(
    config,
    readFileSync(config, 'utf8').replace('sidebar_position: 2\n', 'sidebar_position: 2\nimage: img/config-card.png\n'),
  );
  const result = runDocgen(['build'], dir);
  expect(result.stderr).toBe('');
  expect(result.status).toBe(0);
  stdout = result.stdout;
});
afterAll(() => removeDir(dir));

describe('docgen build of the basic fixture', () => {
  it('writes every route at its clean-URL file, plus 404.html and sitemap.xml', () => {
    for (const file of [
      'index.html',
      'docs/guide/intro.html',
      'docs/guide/config.html',
      'docs/guide/advanced/deep.html',
      'api/pets.html',
      '404.html',
      'sitemap.xml',
    ]) {
      expect(existsSync(dist(file)), file).toBe(true);
    }
    const sitemap = readFileSync(dist('sitemap.xml'), 'utf8');
    expect(sitemap).toContain('<loc>https://fixture.example/docs/guide/intro</loc>');
    expect(sitemap).not.toContain('404');
  });

  it('renders a doc page on the server with lang, title, description, canonical and Open Graph', () => {
    const doc = html('docs/guide/intro.html');
    expect(doc.querySelector('html')!.getAttribute('lang')).toBe('ja');
    expect(doc.querySelector('meta[property="og:locale"]')!.getAttribute('content')).toBe('ja_JP');
    expect(doc.querySelector('title')!.text).toBe('はじめに | Fixture Docs');
    expect(doc.querySelector('meta[name="description"]')!.getAttribute('content')).toBe(
      'フィクスチャの最初のページです。',
    );
    expect(doc.querySelector('link[rel="canonical"]')!.getAttribute('href')).toBe(
      'https://fixture.example/docs/guide/intro',
    );
    expect(doc.querySelector('meta[property="og:title"]')!.getAttribute('content')).toBe('はじめに | Fixture Docs');
    expect(doc.querySelector('main h1')!.text).toBe('はじめに');
    expect(doc.querySelector('#デバイス-id-の発行')!.tagName).toBe('H3');
    expect(doc.querySelector('#custom-id')).not.toBeNull();
    expect(doc.querySelector('meta[property="og:image"]')).toBeNull();
  });

  it("names a page's social card (front matter image) absolute on the site's URL", () => {
    const doc = html('docs/guide/config.html');
    expect(doc.querySelector('meta[property="og:image"]')!.getAttribute('content')).toBe(
      'https://fixture.example/img/config-card.png',
    );
    expect(doc.querySelector('meta[name="twitter:image"]')!.getAttribute('content')).toBe(
      'https://fixture.example/img/config-card.png',
    );
    expect(doc.querySelector('meta[name="twitter:card"]')!.getAttribute('content')).toBe('summary_large_image');
  });

  it('renders navbar, sidebar with categories, TOC and the dark footer with the build date', () => {
    const doc = html('docs/guide/intro.html');
    expect(doc.querySelector('.dg-navbar a[href="/docs/guide/intro"]')!.text).toBe('ガイド');
    const sidebarLinks = doc.querySelectorAll('.dg-sidebar a').map((a) => [a.text, a.getAttribute('href')]);
    expect(sidebarLinks).toEqual([
      ['はじめに', '/docs/guide/intro'],
      ['設定', '/docs/guide/config'],
      ['深いページ', '/docs/guide/advanced/deep'],
    ]);
    expect(doc.querySelector('.dg-sidebar summary')!.text).toBe('応用');
    expect(doc.querySelector('.dg-sidebar [aria-current="page"]')!.text).toBe('はじめに');
    expect(doc.querySelectorAll('.dg-toc a').map((a) => a.text)).toEqual([
      '概要',
      'デバイス ID の発行',
      'Custom heading',
    ]);
    expect(doc.querySelector('footer.dg-footer--dark')!.text).toContain('2025-10-13');
  });

  it('resolves relative .md links to routes', () => {
    const hrefs = html('docs/guide/intro.html')
      .querySelectorAll('.dg-markdown a')
      .map((a) => decodeURIComponent(a.getAttribute('href')!));
    expect(hrefs).toContain('/docs/guide/config#設定ファイルの場所');
    expect(hrefs).toContain('/docs/guide/advanced/deep');
    expect(hrefs).toContain('/api/pets#listPets');
  });

  it('ships site-wide data once, as a small shell at a stable URL, and per-route hashed JSON', () => {
    const doc = html('docs/guide/intro.html');
    const boot = JSON.parse(doc.querySelector('#__docgen-boot')!.text);
    // Stable, so that one edited page never changes another page's HTML (output/hashed.ts SITE_SHELL_FILE).
    expect(boot.site).toBe('/site.json');
    expect(boot.data).toMatch(/^\/assets\/data\/docs_guide_intro\.[0-9a-f]{10}\.json$/);
    // The first visit loads the shell only; the route table and sidebars are one shared file loaded after hydration.
    const shell = JSON.parse(readFileSync(dist(boot.site), 'utf8'));
    expect(shell).not.toHaveProperty('routes');
    expect(shell).not.toHaveProperty('sidebars');
    expect(shell.title).toMatch(/Docs$/);
    expect(shell.navigation).toMatch(/^\/assets\/navigation\.[0-9a-f]{10}\.json$/);
    expect(doc.querySelector(`link[rel="preload"][href="${shell.navigation}"]`)).toBeNull();
    const navigation = JSON.parse(readFileSync(dist(shell.navigation), 'utf8'));
    expect(navigation.routes.map((r: { path: string }) => r.path)).toEqual([
      '/',
      '/api/pets',
      '/docs/guide/advanced/deep',
      '/docs/guide/config',
      '/docs/guide/intro',
    ]);
    expect(navigation.routes.find((r: { path: string }) => r.path === '/docs/guide/intro')).toMatchObject({
      exact: true,
      sidebar: 'guide',
      kind: 'doc',
    });
    expect(Object.keys(navigation.sidebars)).toEqual(['guide']);
    expect(boot.route).toMatchObject({ path: '/docs/guide/intro', sidebar: 'guide', kind: 'doc', data: boot.data });
    // Navigation data is not inlined into pages: the sidebar tree appears only in the shared file.
    expect(readFileSync(dist('docs/guide/intro.html'), 'utf8')).not.toContain('"sidebars"');
    const page = JSON.parse(readFileSync(dist(boot.data), 'utf8'));
    expect(page.title).toBe('はじめに');
    expect(page.content.type).toBe('root');
    expect(JSON.stringify(page.content)).not.toContain('"position"');
  });

  it('loads content-hashed client chunks as modules, with no render-blocking script', () => {
    const doc = html('docs/guide/intro.html');
    const scripts = doc.querySelectorAll('script[src]');
    expect(scripts).toHaveLength(1);
    expect(scripts[0]!.getAttribute('type')).toBe('module');
    expect(scripts[0]!.getAttribute('src')).toMatch(/^\/assets\/main\.[A-Z0-9]{8}\.js$/);
    const preloads = doc.querySelectorAll('link[rel="modulepreload"]').map((l) => l.getAttribute('href'));
    expect(preloads.some((href) => /\/chunks\/DocPage\.[A-Z0-9]{8}\.js$/.test(href!))).toBe(true);
  });

  it('writes 404.html with the not-found title and the note to tell the site owner', () => {
    const doc = html('404.html');
    expect(doc.querySelector('main h1')!.text).toBe('ページが見つかりません');
    expect(doc.querySelector('main')!.text).toContain('リンクが壊れている');
    expect(doc.querySelector('link[rel="canonical"]')).toBeNull();
  });

  it('prints a report with stage times and asset sizes', () => {
    expect(stdout).toMatch(/✓ compiling markdown\s+(\d+ ms|\d+\.\d\d s)\n/); // ms, or seconds on a loaded machine
    expect(stdout).toMatch(/assets\/main\.[A-Z0-9]{8}\.js\s+[\d.]+ KiB │ gzip:\s+[\d.]+ KiB/);
    expect(stdout).toMatch(/first load of a doc page: JS [\d.]+ KiB gzip/);
  });

  it('honours --base-url and --out-dir', () => {
    const result = runDocgen(['build', '--base-url', '/sub/', '--out-dir', 'out'], dir);
    expect(result.status).toBe(0);
    const doc = parse(readFileSync(path.join(dir, 'out/docs/guide/intro.html'), 'utf8'));
    expect(doc.querySelector('.dg-sidebar a')!.getAttribute('href')).toBe('/sub/docs/guide/intro');
    expect(doc.querySelector('script[type="module"]')!.getAttribute('src')).toMatch(/^\/sub\/assets\//);
    expect(doc.querySelector('link[rel="canonical"]')!.getAttribute('href')).toBe(
      'https://fixture.example/sub/docs/guide/intro',
    );
    const config = parse(readFileSync(path.join(dir, 'out/docs/guide/config.html'), 'utf8'));
    expect(config.querySelector('meta[property="og:image"]')!.getAttribute('content')).toBe(
      'https://fixture.example/sub/img/config-card.png',
    );
  });
});
