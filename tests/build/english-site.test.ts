import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parse, type HTMLElement } from 'node-html-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { copyFixture, removeDir, runDocgen } from '../helpers/site.js';

// A site whose i18n.defaultLocale is 'en' gets the English catalogue (one label overridden in
// tests/fixtures/sites/english/site.config.ts), and no Japanese label is left in the theme's markup.
let dir: string;
const dist = (...parts: string[]) => path.join(dir, 'dist', ...parts);
const html = (file: string) => parse(readFileSync(dist(file), 'utf8'));
const japanese = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]/u;

function htmlFiles(folder: string): string[] {
  return readdirSync(folder, { recursive: true, encoding: 'utf8' }).filter((file) => file.endsWith('.html'));
}

beforeAll(() => {
  dir = copyFixture('english');
  const result = runDocgen(['build'], dir);
  expect(result.stderr).toBe('');
  expect(result.status).toBe(0);
});
afterAll(() => removeDir(dir));

describe('docgen build of an English site', () => {
  it('sets <html lang> and og:locale from i18n.defaultLocale', () => {
    for (const file of ['index.html', 'docs/intro.html', 'api/pets.html', '404.html']) {
      const doc = html(file);
      expect(doc.querySelector('html')!.getAttribute('lang'), file).toBe('en');
      expect(doc.querySelector('meta[property="og:locale"]')!.getAttribute('content'), file).toBe('en_US');
    }
  });

  it('titles the not-found page in English', () => {
    const doc = html('404.html');
    expect(doc.querySelector('title')!.text).toBe('Page Not Found | Fixture Docs');
    expect(doc.querySelector('main h1')!.text).toBe('Page Not Found');
    expect(doc.querySelector('.dg-not-found')!.text).toContain('We could not find what you were looking for.');
  });

  it('prints English theme labels: skip link, footer, copy buttons', () => {
    const doc = html('docs/intro.html');
    expect(doc.querySelector('.dg-skip-link')!.text).toBe('Skip to main content');
    expect(doc.querySelector('.dg-footer__date')!.text).toBe('Built on: 2025-10-13');
    expect(doc.querySelector('.dg-copy')!.text).toBe('Copy');
    expect(doc.querySelector('.dg-copy')!.getAttribute('aria-label')).toBe('Copy code to clipboard');
  });

  it('lets i18n.messages override a label of the default locale', () => {
    const toc = html('docs/intro.html').querySelector('.dg-toc')!;
    expect(toc.querySelector('.dg-toc__title')!.text).toBe('Contents');
    expect(toc.getAttribute('aria-label')).toBe('Contents');
    const site = JSON.parse(readFileSync(dist('site.json'), 'utf8')) as { messages: Record<string, string> };
    expect(site.messages['toc.title']).toBe('Contents');
    expect(site.messages['footer.buildDate']).toBe('Built on');
  });

  it("labels Markdown features the author left unlabelled in English, and keeps the author's own titles", () => {
    const doc = html('docs/intro.html');
    const titles = doc.querySelectorAll('.dg-admonition__title').map((p) => p.text);
    expect(titles).toEqual(['Note', "Author's own title"]);
    expect(doc.querySelector('.dg-admonition__title')!.getAttribute('data-message')).toBeUndefined();
    expect(doc.querySelectorAll('.dg-tabs__label').map((l) => l.text)).toEqual(['Tab 1', 'Second']);
    expect(doc.querySelector('.dg-table')!.getAttribute('aria-label')).toBe('Table');
    // The diagram's source block, checked in the markup.
    expect(readFileSync(dist('docs/intro.html'), 'utf8')).toContain('<summary>Diagram source (Mermaid)</summary>');
  });

  it('labels the API reference in English, security schemes from their kind', () => {
    const doc = html('api/pets.html');
    expect(doc.querySelector('.dg-scheme__title')!.text).toBe('Bearer authentication (JWT) bearerAuth');
    expect(doc.querySelectorAll('.dg-download').map((a) => a.text)).toEqual(['Download YAML', 'Download JSON']);
    expect(doc.querySelector('#health')!.text).toContain('No authentication required.');
    expect(doc.querySelector('#listPets .dg-security a')!.text).toBe('Bearer authentication (JWT)');
  });

  it("leaves no Japanese in the theme's markup of any page, API fragment or site data", () => {
    const files = htmlFiles(dist());
    expect(files.length).toBeGreaterThan(5);
    for (const file of files) {
      const doc = parse(readFileSync(dist(file), 'utf8'));
      // Author content may be in any language; everything else is the theme's.
      doc.querySelectorAll('.dg-markdown').forEach((node: HTMLElement) => node.remove());
      const match = japanese.exec(doc.toString());
      expect(
        match ? `${file}: …${doc.toString().slice(Math.max(0, match.index - 60), match.index + 20)}` : null,
      ).toBeNull();
    }
    expect(readFileSync(dist('site.json'), 'utf8')).not.toMatch(japanese);
  });

  it('fails with ConfigInvalid naming an unknown message id', () => {
    const config = path.join(dir, 'site.config.ts');
    writeFileSync(config, readFileSync(config, 'utf8').replace("'toc.title': 'Contents'", "'toc.titel': 'Contents'"));
    const result = runDocgen(['build', '--out-dir', 'dist-bad'], dir);
    expect(result.status).toBe(1);
    expect(result.stderr + result.stdout).toContain('ConfigInvalid');
    expect(result.stderr + result.stdout).toContain("'i18n.messages.en.toc.titel'");
  });
});
