import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync, existsSync, readdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'node-html-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fg from 'fast-glob';
import { recoverOutput } from '../../src/node/output/atomic.js';
import { copyFixture, docgenBin, removeDir, runDocgen } from '../helpers/site.js';

// tests/fixtures/sites/locales is in Japanese (default, at /), English (/en/, one page
// untranslated, labels translated in i18n/en/) and Arabic (/ar/, nothing translated, right to left).
let dir: string;
let first: ReturnType<typeof runDocgen>;
const dist = (...parts: string[]) => path.join(dir, 'dist', ...parts);
const html = (file: string) => parse(readFileSync(dist(file), 'utf8'));

beforeAll(() => {
  dir = copyFixture('locales');
  first = runDocgen(['build', '--force'], dir);
  expect(first.stderr).toBe('');
  expect(first.status).toBe(0);
});
afterAll(() => removeDir(dir));

describe('docgen build of a site with three locales', () => {
  it('writes the default locale at the root and the others at /<locale>/, every page in every locale', () => {
    for (const prefix of ['', 'en/', 'ar/']) {
      for (const file of [
        'index.html',
        'docs/intro.html',
        'docs/guide/setup.html',
        'docs/guide/faq.html',
        '404.html',
        'site.json',
      ]) {
        expect(existsSync(dist(prefix + file)), prefix + file).toBe(true);
      }
    }
    expect(first.stdout).toContain("locale en (at /en/): 3 translated page(s), 1 in the default locale's text");
  });

  it("shows translated pages in their language and an untranslated one in the default locale's, with the notice", () => {
    expect(html('en/docs/intro.html').querySelector('main h1')!.text).toBe('Introduction');
    expect(html('docs/intro.html').querySelector('main h1')!.text).toBe('はじめに');
    const faq = html('en/docs/guide/faq.html');
    expect(faq.querySelector('main h1')!.text).toBe('よくある質問');
    expect(faq.querySelector('main h1')!.getAttribute('lang')).toBe('ja');
    expect(faq.querySelector('.dg-untranslated')!.text).toBe(
      'This page has not been translated yet: you are reading the original text.',
    );
    expect(html('en/docs/intro.html').querySelector('.dg-untranslated')).toBeNull();
    expect(html('docs/guide/faq.html').querySelector('.dg-untranslated')).toBeNull();
    expect(html('ar/docs/intro.html').querySelector('.dg-untranslated')).not.toBeNull();
    // The English home page comes from i18n/en/docusaurus-plugin-content-pages/.
    expect(html('en/index.html').querySelector('main')!.text).toContain('A site for tests');
  });

  it('sets <html lang> from htmlLang and dir from the direction, on every page', () => {
    const expected: Record<string, [string, string]> = {
      '': ['ja', 'ltr'],
      'en/': ['en-US', 'ltr'],
      'ar/': ['ar', 'rtl'],
    };
    for (const [prefix, [lang, dir]] of Object.entries(expected)) {
      for (const file of ['index.html', 'docs/guide/faq.html', '404.html']) {
        const root = html(prefix + file).querySelector('html')!;
        expect([root.getAttribute('lang'), root.getAttribute('dir')], prefix + file).toEqual([lang, dir]);
      }
    }
  });

  it('links every locale of the page with hreflang, and the default locale as x-default', () => {
    const links = html('en/docs/guide/setup.html')
      .querySelectorAll('link[rel="alternate"][hreflang]')
      .map((link) => [link.getAttribute('hreflang'), link.getAttribute('href')]);
    expect(links).toEqual([
      ['ja', 'https://fixture.example/docs/guide/setup'],
      ['en-US', 'https://fixture.example/en/docs/guide/setup'],
      ['ar', 'https://fixture.example/ar/docs/guide/setup'],
      ['x-default', 'https://fixture.example/docs/guide/setup'],
    ]);
    expect(html('docs/intro.html').querySelectorAll('link[rel="alternate"][hreflang]')).toHaveLength(4);
  });

  it('labels the sidebar, navbar, footer and theme from current.json, navbar.json, footer.json and code.json', () => {
    const en = html('en/docs/intro.html');
    expect(en.querySelector('.dg-sidebar__label')!.text).toBe('Guide details');
    expect(en.querySelector('.dg-navbar__items--left .dg-navbar__link')!.text).toBe('Guide');
    expect(en.querySelector('.dg-toc__title')!.text).toBe('Contents of this page');
    expect(en.querySelector('.dg-footer__date')!.text).toContain('Published');
    expect(en.text).toContain('Copyright © Fixture (English)');
    expect(en.querySelector('.dg-skip-link')!.text).toBe('Skip to main content'); // the en catalogue under code.json
    const ja = html('docs/intro.html');
    expect(ja.querySelector('.dg-sidebar__label')!.text).toBe('ガイド詳細');
    expect(ja.querySelector('.dg-navbar__items--left .dg-navbar__link')!.text).toBe('ガイド');
  });

  it('draws the locale dropdown with the same page in every locale', () => {
    const items = html('en/docs/guide/setup.html')
      .querySelectorAll('.dg-locale__link')
      .map((a) => [a.text, a.getAttribute('href'), a.getAttribute('aria-current') ?? null]);
    expect(items).toEqual([
      ['日本語', '/docs/guide/setup', null],
      ['English', '/en/docs/guide/setup', 'true'],
      ['العربية', '/ar/docs/guide/setup', null],
    ]);
  });

  it("writes one sitemap and one _headers whose CSP allows every locale's colour-mode script", () => {
    const sitemap = readFileSync(dist('sitemap.xml'), 'utf8');
    expect(sitemap.match(/<loc>/g)).toHaveLength(12);
    expect(sitemap).toContain('<loc>https://fixture.example/en/docs/guide/faq</loc>');
    expect(existsSync(dist('en', 'sitemap.xml'))).toBe(false);
    expect(existsSync(dist('en', '_headers'))).toBe(false);
    const headers = readFileSync(dist('_headers'), 'utf8');
    expect(headers.match(/'sha256-/g)).toHaveLength(3);
    expect(headers).toContain('/en/assets/*');
  });

  it("keeps a search index per locale: each locale's shell names its own, holding its own words", () => {
    const manifest = (prefix: string) =>
      JSON.parse(readFileSync(dist(prefix, 'site.json'), 'utf8')).searchManifest as string;
    expect(manifest('en/')).toMatch(/^\/en\/assets\/search\//);
    expect(manifest('')).toMatch(/^\/assets\/search\//);
    const searchFiles = (folder: string) =>
      readdirSync(folder, { recursive: true, encoding: 'utf8' })
        .map((f) => readFileSync(path.join(folder, f)).toString('utf8'))
        .join('\n');
    const en = searchFiles(dist('en', 'assets', 'search'));
    const ja = searchFiles(dist('assets', 'search'));
    expect(en).toContain('translated');
    expect(ja).not.toContain('translated');
    expect(ja).toContain('翻訳');
  });

  it('builds every locale in one run: one pool, one client bundle at the root, one sitemap with every route once', () => {
    expect(first.stdout.match(/bundling client/g)).toHaveLength(1);
    expect(first.stdout.match(/compiling markdown/g)).toHaveLength(3);
    expect(existsSync(dist('en', 'assets', 'chunks'))).toBe(false);
    const scripts = html('en/docs/intro.html')
      .querySelectorAll('script[type="module"][src]')
      .map((s) => s.getAttribute('src')!);
    expect(scripts.length).toBeGreaterThan(0);
    for (const src of scripts) {
      expect(src.startsWith('/assets/')).toBe(true);
      expect(existsSync(dist(src.slice(1)))).toBe(true);
    }
    const locs = readFileSync(dist('sitemap.xml'), 'utf8').match(/<loc>[^<]*<\/loc>/g)!;
    expect(new Set(locs).size).toBe(locs.length);
    expect(locs.filter((l) => l.includes('/en/'))).toHaveLength(4);
    expect(locs.filter((l) => l.includes('/ar/'))).toHaveLength(4);
  });

  it('takes unchanged locales from the cache: a second build is up to date, a changed translation compiles only its locale', () => {
    const warm = runDocgen(['build'], dir);
    expect(warm.status).toBe(0);
    expect(warm.stdout.match(/nothing changed since the last build/g)).toHaveLength(1);
    expect(warm.stdout).not.toContain('rendering pages');
    const file = path.join(dir, 'i18n/en/docusaurus-plugin-content-docs/current/guide/setup.md');
    writeFileSync(file, readFileSync(file, 'utf8').replace('Install it.', 'Install it now.'));
    const changed = runDocgen(['build'], dir);
    expect(changed.status).toBe(0);
    // One run over the three locales; the caches (keyed by each locale's content folder) answer every page but
    // the edited one.
    expect(changed.stdout.match(/pages from the token cache/g)).toHaveLength(3);
    expect(changed.stdout.match(/4\/4 pages from the token cache/g)).toHaveLength(2);
    expect(changed.stdout).toContain('3/4 pages from the token cache');
    expect(html('en/docs/guide/setup.html').querySelector('main')!.text).toContain('Install it now.');
    expect(html('docs/intro.html').querySelector('main h1')!.text).toBe('はじめに');
  });

  it('repairs a hand edit of the output', () => {
    const file = dist('en/docs/intro.html');
    writeFileSync(file, 'edited by hand');
    const repaired = runDocgen(['build'], dir);
    expect(repaired.status).toBe(0);
    expect(html('en/docs/intro.html').querySelector('main h1')!.text).toBe('Introduction');
  });

  it('swaps the whole multi-locale output at once: killed at each step of the swap, the old or the new output is put back', async () => {
    const snapshot = () =>
      Object.fromEntries(
        fg
          .sync('**/*', { cwd: dist(), dot: true })
          .sort()
          .map((f) => [
            f,
            createHash('sha256')
              .update(readFileSync(dist(f)))
              .digest('hex'),
          ]),
      );
    const complete = snapshot();
    for (const point of ['swap:ready', 'swap:link', 'swap:new']) {
      // dist is a link after the first build: swap:old is only met when it is a real folder (crash-safety.test.ts).
      // Every locale is up to date: only the output's own swap runs (its sitemap is written again).
      rmSync(dist('sitemap.xml'));
      const withoutSitemap = snapshot();
      const killed = spawnSync(process.execPath, [docgenBin, 'build'], {
        cwd: dir,
        encoding: 'utf8',
        env: { ...process.env, NO_COLOR: '1', DOCGEN_FAULT_AT: point },
      });
      expect(killed.signal, `${point}: ${killed.stdout}${killed.stderr}`).toBe('SIGKILL');
      await recoverOutput(dist());
      const after = snapshot();
      expect([withoutSitemap, complete], point).toContainEqual(after);
      expect(runDocgen(['build'], dir).status).toBe(0);
      expect(snapshot(), point).toEqual(complete);
    }
  });

  it('builds one locale with --locale, keeping the others, and names the locales for an unknown one', () => {
    const file = path.join(dir, 'content/docs/guide/faq.md');
    writeFileSync(file, readFileSync(file, 'utf8').replace('回答です。', '新しい回答です。'));
    const only = runDocgen(['build', '--locale', 'en'], dir);
    expect(only.status).toBe(0);
    expect(only.stdout).not.toContain('locale ja');
    expect(html('en/docs/guide/faq.html').querySelector('main')!.text).toContain('新しい回答です。');
    expect(html('docs/guide/faq.html').querySelector('main')!.text).not.toContain('新しい回答です。'); // ja as last built
    const unknown = runDocgen(['build', '--locale', 'fr'], dir);
    expect(unknown.status).toBe(1);
    expect(unknown.stderr).toContain('[UnknownLocale]');
    expect(unknown.stderr).toContain('ja, en, ar');
  });
});

describe('a partial only a translation has', () => {
  it('is kept for the translated page that imports it, and is no page of its own', () => {
    const site = copyFixture('locales');
    try {
      const current = path.join(site, 'i18n/en/docusaurus-plugin-content-docs/current');
      writeFileSync(path.join(current, '_note.md'), 'A note only the English text has.\n');
      const intro = path.join(current, 'intro.md');
      writeFileSync(intro, `${readFileSync(intro, 'utf8')}\nimport Note from './_note.md';\n\n<Note />\n`);
      const result = runDocgen(['build', '--force'], site);
      expect(result.stderr).toBe('');
      expect(result.status).toBe(0);
      const page = parse(readFileSync(path.join(site, 'dist/en/docs/intro.html'), 'utf8'));
      expect(page.querySelector('main')!.text).toContain('A note only the English text has.');
      expect(existsSync(path.join(site, 'dist/en/docs/_note.html'))).toBe(false);
    } finally {
      removeDir(site);
    }
  });
});
