import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parse } from 'node-html-parser';
import { afterAll, describe, expect, it } from 'vitest';
import { removeDir, runDocgen } from '../helpers/site.js';

// Issue 16, item 6: `docgen init` writes a starter site that builds as it is, with no warning, in either locale.
const temp = mkdtempSync(path.join(tmpdir(), 'docgen-init-'));
afterAll(() => removeDir(temp));

const PAGES = ['index.html', 'docs/getting-started/introduction.html', 'docs/getting-started/installation.html', 'docs/guides/writing-pages.html', 'api/example.html'];

describe.each([
  { locale: 'en', intro: 'Introduction', lang: 'en' },
  { locale: 'ja', intro: '概要', lang: 'ja' },
])('docgen init --locale $locale', ({ locale, intro, lang }) => {
  const dir = path.join(temp, `my-docs-${locale}`);

  it('writes the starter site and prints the next steps', () => {
    const result = runDocgen(['init', dir, '--locale', locale], temp);
    expect(result.stderr).toBe('');
    expect(result.status).toBe(0);
    expect(result.stdout).toContain('npm install');
    expect(result.stdout).toContain('npm run dev');
    const pkg = JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8')) as { scripts: Record<string, string>; dependencies: Record<string, string> };
    expect(pkg.scripts).toEqual({ dev: 'docgen dev', build: 'docgen build', serve: 'docgen serve' });
    expect(Object.keys(pkg.dependencies)).toEqual(['docgen']);
    expect(readFileSync(path.join(dir, 'site.config.ts'), 'utf8')).toContain(`defaultLocale: '${locale}'`);
  });

  it('builds with exit 0 and no warning: the home page, three pages and the API reference', () => {
    const result = runDocgen(['build'], dir);
    expect(result.stderr).toBe('');
    expect(result.stdout).not.toMatch(/warn/i);
    expect(result.status).toBe(0);
    for (const page of PAGES) expect(existsSync(path.join(dir, 'dist', page)), page).toBe(true);
    const introPage = parse(readFileSync(path.join(dir, 'dist/docs/getting-started/introduction.html'), 'utf8'));
    expect(introPage.querySelector('html')!.getAttribute('lang')).toBe(lang);
    expect(introPage.querySelector('main h1')!.text).toBe(intro);
    // The sidebar's two categories and the admonition rendered, not printed.
    expect(introPage.querySelector('main')!.text).not.toContain(':::');
    const api = readFileSync(path.join(dir, 'dist/api/example.html'), 'utf8');
    for (const id of ['listItems', 'createItem', 'getItem']) expect(api).toContain(`id="${id}"`);
  });
});

describe('docgen init refuses', () => {
  it('a folder that is not empty, and leaves it as it was', () => {
    const dir = path.join(temp, 'taken');
    mkdirSync(dir);
    writeFileSync(path.join(dir, 'notes.md'), 'mine');
    const result = runDocgen(['init', dir], temp);
    expect(result.status).toBe(1);
    expect(result.stderr + result.stdout).toContain('TargetNotEmpty');
    expect(existsSync(path.join(dir, 'site.config.ts'))).toBe(false);
    expect(readFileSync(path.join(dir, 'notes.md'), 'utf8')).toBe('mine');
  });

  it('a locale it has no text for (usage error, exit 2)', () => {
    const result = runDocgen(['init', path.join(temp, 'fr'), '--locale', 'fr'], temp);
    expect(result.status).toBe(2);
    expect(result.stderr).toContain('en, ja');
    expect(existsSync(path.join(temp, 'fr'))).toBe(false);
  });
});
