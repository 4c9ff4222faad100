import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'node-html-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { copyFixture, removeDir, runDocgen } from '../helpers/site.js';

// Versions and locales together. The locales fixture (ja default, en with faq.md untranslated, ar)
// gets a version 1.0 from `docgen version`, and English translates one page of it in Docusaurus' layout
// (i18n/en/docusaurus-plugin-content-docs/version-1.0/), as a translated older version is kept there.
let dir: string;
let built: ReturnType<typeof runDocgen>;
const page = (file: string) => parse(readFileSync(path.join(dir, 'dist', file), 'utf8'));
const title = (file: string) => page(file).querySelector('main h1')!.text;
const untranslated = (file: string) => page(file).querySelector('.dg-untranslated') !== null;

beforeAll(() => {
  dir = copyFixture('locales');
  const versioned = runDocgen(['version', '1.0'], dir);
  expect(versioned.status).toBe(0);
  // A partial of the version, imported by a page of it that English does not translate.
  const guide = path.join(dir, 'versioned_docs/version-1.0/guide');
  writeFileSync(path.join(guide, '_shared.md'), 'Text of the shared partial of 1.0.\n');
  writeFileSync(
    path.join(guide, 'setup.md'),
    `${readFileSync(path.join(guide, 'setup.md'), 'utf8')}\nimport Shared from './_shared.md';\n\n<Shared />\n`,
  );
  const translations = path.join(dir, 'i18n/en/docusaurus-plugin-content-docs/version-1.0');
  mkdirSync(translations, { recursive: true });
  writeFileSync(
    path.join(translations, 'intro.md'),
    '---\ntitle: Introduction to 1.0\n---\n\nThe first page of version 1.0, in English.\n',
  );
  // The version's labels, as `docusaurus write-translations` writes them beside the folder.
  writeFileSync(
    `${translations}.json`,
    JSON.stringify(
      {
        'version.label': { message: 'v1.0 (en)' },
        'sidebar.guide.category.ガイド詳細': { message: 'Guide details of 1.0' },
      },
      null,
      2,
    ),
  );
  built = runDocgen(['build', '--force'], dir);
  expect(built.stderr).toBe('');
  expect(built.status).toBe(0);
});
afterAll(() => removeDir(dir));

describe('a versioned site in three locales', () => {
  it("reads a version's partial in every locale (each locale's copy of the versions is the project's own)", () => {
    for (const file of ['docs/guide/setup.html', 'en/docs/guide/setup.html', 'ar/docs/guide/setup.html'])
      expect(page(file).querySelector('main')!.text, file).toContain('Text of the shared partial of 1.0.');
  });

  it("shows an older version's page from its translation in i18n/<locale>/…/version-<name>/", () => {
    expect(title('en/docs/intro.html')).toBe('Introduction to 1.0');
    expect(page('en/docs/intro.html').querySelector('main')!.text).toContain(
      'The first page of version 1.0, in English.',
    );
    expect(untranslated('en/docs/intro.html')).toBe(false);
    expect(title('docs/intro.html')).toBe('はじめに');
  });

  it('marks untranslated pages of every version, and only those', () => {
    // current (/docs/next/): intro and setup are translated, faq is not
    expect(title('en/docs/next/intro.html')).toBe('Introduction');
    expect(untranslated('en/docs/next/intro.html')).toBe(false);
    expect(untranslated('en/docs/next/guide/faq.html')).toBe(true);
    // 1.0 (/docs/): only intro is translated
    expect(untranslated('en/docs/guide/setup.html')).toBe(true);
    expect(untranslated('en/docs/guide/faq.html')).toBe(true);
    expect(title('en/docs/guide/setup.html')).toBe('セットアップ');
    // the default locale has nothing to translate
    for (const file of ['docs/intro.html', 'docs/next/guide/faq.html', 'docs/guide/setup.html'])
      expect(untranslated(file), file).toBe(false);
  });

  it("labels an older version's sidebar and the version itself from version-<name>.json", () => {
    const categories = (file: string) =>
      page(file)
        .querySelectorAll('.dg-sidebar__summary')
        .map((el) => el.text.trim());
    expect(categories('en/docs/intro.html')).toContain('Guide details of 1.0');
    expect(page('en/docs/intro.html').querySelector('.dg-version-badge')!.text).toContain('v1.0 (en)');
    // the current version keeps current.json's labels, and the default locale its own
    expect(categories('en/docs/next/intro.html')).toContain('Guide details');
    expect(categories('docs/intro.html')).toContain('ガイド詳細');
    expect(page('docs/intro.html').querySelector('.dg-version-badge')!.text).not.toContain('(en)');
  });

  it("counts the translated version's pages in the locale's summary", () => {
    expect(built.stdout).toContain("locale en (at /en/): 4 translated page(s), 3 in the default locale's text");
  });

  it('writes each locale its own llms.txt per version, the current (next) version in its folder under the locale', () => {
    const read = (file: string) => readFileSync(path.join(dir, 'dist', file), 'utf8');
    for (const prefix of ['', 'en/']) {
      expect(read(`${prefix}llms.txt`)).toContain(`(https://fixture.example/${prefix}docs/next/llms.txt)`);
      const older = read(`${prefix}docs/next/llms.txt`);
      const twins = [...older.matchAll(/\]\(https:\/\/fixture\.example(\/[^)]+\.md)\)/g)].map((m) => m[1]!);
      expect(twins.length, prefix).toBeGreaterThan(0);
      for (const twin of twins) expect(twin.startsWith(`/${prefix}docs/next/`), twin).toBe(true);
    }
    // 1.0 is the last version: its translated page is in the locale's root files, not in next's.
    expect(read('en/llms-full.txt')).toContain('The first page of version 1.0, in English.');
    expect(read('en/docs/next/llms-full.txt')).not.toContain('The first page of version 1.0, in English.');
  });

  it('rebuilds the locale when a translation of a version changes', () => {
    const file = path.join(dir, 'i18n/en/docusaurus-plugin-content-docs/version-1.0/intro.md');
    writeFileSync(file, readFileSync(file, 'utf8').replace('in English', 'in English, edited'));
    const again = runDocgen(['build'], dir);
    expect(again.status).toBe(0);
    expect(page('en/docs/intro.html').querySelector('main')!.text).toContain('in English, edited');
  });
});
