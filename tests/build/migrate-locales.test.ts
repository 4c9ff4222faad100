import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parse } from 'node-html-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { removeDir, repoRoot, runDocgen, softenBrokenLinks } from '../helpers/site.js';

// A real Docusaurus site that ships a translation (markuplint's website, en and
// ja; tests/fixtures/real-docs/markuplint/SOURCE.md) migrated and built with no hand edits, both locales.
const temp = mkdtempSync(path.join(tmpdir(), 'docgen-migrate-locales-'));
const out = path.join(temp, 'site');
const dist = (...parts: string[]) => path.join(out, 'dist', ...parts);
const html = (file: string) => parse(readFileSync(dist(file), 'utf8'));
let migrated: ReturnType<typeof runDocgen>;
let built: ReturnType<typeof runDocgen>;

beforeAll(() => {
  migrated = runDocgen(
    ['migrate', 'docusaurus', path.join(repoRoot, 'tests/fixtures/real-docs/markuplint'), '--out', out],
    repoRoot,
  );
  // The rule pages are written by the site's prebuild step (SOURCE.md), which no migrate runs, so links to them are
  // broken here and not on the real site, whose `onBrokenLinks: 'throw'` migrate keeps: softened for this copy only.
  softenBrokenLinks(out);
  built = runDocgen(['build'], out);
});
afterAll(() => removeDir(temp));

describe('docgen migrate docusaurus of markuplint (en + ja)', () => {
  it('carries the i18n config and the translation files over', () => {
    expect(migrated.status).toBe(0);
    const config = readFileSync(path.join(out, 'site.config.ts'), 'utf8');
    expect(config).toMatch(/"defaultLocale": "en",\s+"locales": \[\s+"en",\s+"ja"\s+\]/);
    expect(config).toMatch(/"localeConfigs": \{\s+"ja": \{\s+"label": "日本語"/);
    expect(config).toMatch(/"docsFolders": \{\s+"default": "docs",\s+"community": "community"/);
    expect(config).toContain('"type": "localeDropdown"');
    for (const file of [
      'docusaurus-plugin-content-docs/current.json',
      'docusaurus-plugin-content-docs/current/guides/cli.md',
      'docusaurus-plugin-content-docs-community/current/branding.mdx',
      'docusaurus-theme-classic/navbar.json',
    ]) {
      expect(existsSync(path.join(out, 'i18n/ja', file)), file).toBe(true);
    }
    const report = readFileSync(path.join(out, 'MIGRATION.md'), 'utf8');
    expect(report).toContain(
      'i18n/ja/docusaurus-plugin-content-pages/index.tsx  a translated React page: not carried over',
    );
    expect(report).not.toContain('translations are not carried over');
  });

  it('builds both locales: every English page at its URL and at /ja/ with its Japanese text', () => {
    expect(built.status, built.stderr).toBe(0);
    // The home page migrate wrote and src/pages/og-img-playground.mdx (a Markdown page Docusaurus publishes) have no
    // translation: their English text at /ja/.
    expect(built.stdout).toContain("locale ja (at /ja/): 19 translated page(s), 2 in the default locale's text");
    expect(built.stdout).toContain(
      'left out, as Docusaurus does: 2 translated page(s) the default locale does not have',
    );
    const pages = (prefix: string) =>
      readdirSync(dist(prefix), { recursive: true, encoding: 'utf8' })
        .filter((f) => f.endsWith('.html') && !f.startsWith('ja/'))
        .sort();
    expect(pages('ja')).toEqual(pages(''));
    expect(pages('').length).toBe(22);
    expect(pages('')).toContain('og-img-playground.html');
    expect(html('docs/guides/cli.html').querySelector('main h1')!.text).toBe('Command line interface');
    expect(html('ja/docs/guides/index.html').querySelector('title')!.text).toBe('ガイド | Markuplint');
    expect(html('ja/docs/guides/cli.html').querySelector('main')!.text).toMatch(/[\p{Script=Hiragana}]/u);
    expect(html('ja/docs/guides/cli.html').querySelector('html')!.getAttribute('lang')).toBe('ja');
    // navbar.json's labels; the home page (src/pages/index.tsx) has no carried translation: its English at /ja/.
    expect(
      html('ja/docs/guides/cli.html')
        .querySelectorAll('.dg-navbar__link')
        .map((a) => a.text),
    ).toContain('設定');
    // Its title; the React page itself does not render here (a component imports @imgix/js-core, not installed).
    expect(html('ja/index.html').querySelector('main')!.text).toContain(
      'Markuplint - An HTML linter for all markup developers.',
    );
  });

  it('locates warnings about translated pages in their i18n/ file', () => {
    expect(built.stdout + built.stderr).toContain(
      // markuplint's <Contributors> imports a file its prebuild step writes: its use is reported where it is.
      'i18n/ja/docusaurus-plugin-content-docs-community/current/index.mdx:50:',
    );
    expect(built.stdout + built.stderr).not.toContain('.cache/docgen/locales');
  });

  it("carries a translated older version's labels (version-<name>.json) over with its pages", () => {
    const site = path.join(temp, 'versioned');
    cpSync(path.join(repoRoot, 'tests/fixtures/real-docs/markuplint'), site, { recursive: true });
    const docs = path.join(site, 'i18n/ja/docusaurus-plugin-content-docs');
    mkdirSync(path.join(docs, 'version-1.0'), { recursive: true });
    writeFileSync(path.join(docs, 'version-1.0/intro.md'), '# はじめに\n');
    writeFileSync(
      path.join(docs, 'version-1.0.json'),
      JSON.stringify({ 'version.label': { message: 'バージョン 1.0' } }),
    );
    const to = path.join(temp, 'versioned-out');
    expect(runDocgen(['migrate', 'docusaurus', site, '--out', to], repoRoot).status).toBe(0);
    for (const file of ['version-1.0.json', 'version-1.0/intro.md']) {
      expect(existsSync(path.join(to, 'i18n/ja/docusaurus-plugin-content-docs', file)), file).toBe(true);
    }
    expect(readFileSync(path.join(to, 'MIGRATION.md'), 'utf8')).not.toContain('version-1.0.json');
  });
});
