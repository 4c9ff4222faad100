import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parse } from 'node-html-parser';
import { afterAll, describe, expect, it } from 'vitest';
import { removeDir, runDocgen } from '../helpers/site.js';

// `docgen init` writes a starter site that builds as it is, with no warning, in either locale.
const temp = mkdtempSync(path.join(tmpdir(), 'docgen-init-'));
afterAll(() => removeDir(temp));

const PAGES = [
  'index.html',
  'docs/getting-started/introduction.html',
  'docs/getting-started/installation.html',
  'docs/guides/writing-pages.html',
  'api/example.html',
];

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
    const pkg = JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8')) as {
      scripts: Record<string, string>;
      dependencies: Record<string, string>;
    };
    expect(pkg.scripts).toEqual({ dev: 'docgen dev', build: 'docgen build', serve: 'docgen serve' });
    expect(Object.keys(pkg.dependencies)).toEqual(['docgen-cli']);
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
    // The navbar's link item to the API reference is active there (and only there), as the docs item is on docs.
    const activeOf = (file: string) =>
      parse(readFileSync(path.join(dir, 'dist', file), 'utf8'))
        .querySelectorAll('.dg-navbar__link--active')
        .map((a) => a.getAttribute('href'));
    expect(activeOf('api/example.html')).toEqual(['/api/example']);
    expect(activeOf('docs/getting-started/introduction.html')).toEqual(['/docs/getting-started/introduction']);
    expect(activeOf('index.html')).toEqual([]);
  });
});

describe('docgen init . in a project of its own', () => {
  it('adds the dependency, the scripts (docs: when a name is taken) and .gitignore lines, and keeps the rest', () => {
    const dir = path.join(temp, 'project');
    mkdirSync(dir);
    writeFileSync(
      path.join(dir, 'package.json'),
      JSON.stringify(
        { name: 'app', version: '1.0.0', scripts: { build: 'tsc', test: 'vitest' }, dependencies: { left: '^1.0.0' } },
        null,
        4,
      ),
    );
    writeFileSync(path.join(dir, '.gitignore'), '.env\nnode_modules');
    writeFileSync(path.join(dir, 'notes.md'), 'mine');
    const result = runDocgen(['init', '.'], dir);
    expect(result.stderr).toBe('');
    expect(result.status).toBe(0);
    expect(result.stdout).toContain('npm run docs:build');
    const pkg = JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8')) as Record<
      string,
      Record<string, string>
    >;
    expect(pkg.scripts).toEqual({
      build: 'tsc',
      test: 'vitest',
      dev: 'docgen dev',
      'docs:build': 'docgen build',
      serve: 'docgen serve',
    });
    expect(pkg.dependencies).toEqual({ left: '^1.0.0', 'docgen-cli': expect.stringMatching(/^\^\d+\.\d+\.\d+/) });
    expect(pkg.name).toBe('app');
    expect(readFileSync(path.join(dir, 'package.json'), 'utf8')).toMatch(/^\{\n {4}"name"/); // its indentation kept
    expect(readFileSync(path.join(dir, '.gitignore'), 'utf8')).toBe('.env\nnode_modules\ndist\n.docgen-*\n');
    expect(readFileSync(path.join(dir, 'notes.md'), 'utf8')).toBe('mine');
    for (const file of [
      'site.config.ts',
      'tsconfig.json',
      '.github/workflows/deploy-docs.yml',
      'content/favicon.svg',
      'content/img/logo.svg',
    ])
      expect(existsSync(path.join(dir, file)), file).toBe(true);
    const build = runDocgen(['build'], dir);
    expect(build.status).toBe(0);
    const home = readFileSync(path.join(dir, 'dist/index.html'), 'utf8');
    expect(home).toContain('<link rel="icon" href="/favicon.svg">');
    expect(home).toContain('src="/img/logo.svg"');
  });

  it('dates the build with SOURCE_DATE_EPOCH when the config names no buildDate, else with today', () => {
    const dir = path.join(temp, 'project');
    expect(readFileSync(path.join(dir, 'site.config.ts'), 'utf8')).not.toContain('buildDate:');
    expect(readFileSync(path.join(dir, 'dist/sitemap.xml'), 'utf8')).toContain(
      `<lastmod>${new Date().toISOString().slice(0, 10)}</lastmod>`,
    );
    process.env.SOURCE_DATE_EPOCH = '1700000000';
    try {
      expect(runDocgen(['build', '--force'], dir).status).toBe(0);
    } finally {
      delete process.env.SOURCE_DATE_EPOCH;
    }
    expect(readFileSync(path.join(dir, 'dist/sitemap.xml'), 'utf8')).toContain('<lastmod>2023-11-14</lastmod>');
  });

  it('the base URL of --base-url reaches the favicon and the logo', () => {
    const dir = path.join(temp, 'project');
    expect(runDocgen(['build', '--base-url', '/repo/'], dir).status).toBe(0);
    const home = readFileSync(path.join(dir, 'dist/index.html'), 'utf8');
    expect(home).toContain('<link rel="icon" href="/repo/favicon.svg">');
    expect(home).toContain('src="/repo/img/logo.svg"');
  });
});

describe('robots.txt', () => {
  it('is written with robots: true, naming the sitemap under the base URL', () => {
    const dir = path.join(temp, 'project');
    expect(existsSync(path.join(dir, 'dist/robots.txt'))).toBe(false);
    const config = path.join(dir, 'site.config.ts');
    writeFileSync(config, readFileSync(config, 'utf8').replace("baseUrl: '/',", "baseUrl: '/',\n  robots: true,"));
    expect(runDocgen(['build', '--base-url', '/repo/'], dir).status).toBe(0);
    expect(readFileSync(path.join(dir, 'dist/robots.txt'), 'utf8')).toBe(
      'User-agent: *\nAllow: /\n\nSitemap: https://docs.example.com/repo/sitemap.xml\n',
    );
  });
});

describe('docgen init refuses', () => {
  it('to write over a file, names every one, and writes nothing', () => {
    const dir = path.join(temp, 'taken');
    mkdirSync(path.join(dir, 'content'), { recursive: true });
    writeFileSync(path.join(dir, 'site.config.ts'), 'mine');
    writeFileSync(path.join(dir, 'content/index.md'), 'mine too');
    const result = runDocgen(['init', dir], temp);
    expect(result.status).toBe(1);
    expect(result.stderr + result.stdout).toContain('TargetFileExists');
    expect(result.stderr + result.stdout).toContain('site.config.ts, content/index.md');
    expect(existsSync(path.join(dir, 'package.json'))).toBe(false);
    expect(readFileSync(path.join(dir, 'site.config.ts'), 'utf8')).toBe('mine');
  });

  it('a locale it has no text for (usage error, exit 2)', () => {
    const result = runDocgen(['init', path.join(temp, 'fr'), '--locale', 'fr'], temp);
    expect(result.status).toBe(2);
    expect(result.stderr).toContain('en, ja');
    expect(existsSync(path.join(temp, 'fr'))).toBe(false);
  });
});
