/**
 * A site-absolute link that already starts with the page's base URL: a translated page linking `/ja/docs/guide` (a
 * translator copies the URL the browser shows), a page of a site at `/handbook/` linking `/handbook/docs/guide`.
 * Docusaurus' `Link` leaves such a URL as written (useBaseUrl.ts addBaseUrl), so it works there. Before, docgen
 * added the base again (`/ja/ja/docs/guide`) and failed the build with a DeadLink; now the link names the page below
 * the base. A path that is a static file as written (`/ja/img/a.png` from static/ja/img/) keeps that meaning.
 */
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { removeDir, runDocgen, writeTree } from '../helpers/site.js';

const temp = mkdtempSync(path.join(tmpdir(), 'docgen-links-with-base-'));
afterAll(() => removeDir(temp));

/** Migrates the Docusaurus site at `site`, builds it (both must succeed) and returns a reader of dist/ files. */
function migrateAndBuild(site: string) {
  const out = `${site}-out`;
  const migrate = runDocgen(['migrate', 'docusaurus', site, '--out', out], temp);
  expect(migrate.status, migrate.stdout + migrate.stderr).toBe(0);
  const build = runDocgen(['build'], out);
  expect(build.status, build.stdout + build.stderr).toBe(0);
  return (file: string) => readFileSync(path.join(out, 'dist', file), 'utf8');
}

/** The href attributes in the page's <main>. */
const hrefs = (html: string) => html.match(/<main[\s\S]*<\/main>/)?.[0].match(/href="[^"]*"/g) ?? [];

describe('links that already carry the base URL', () => {
  it("a translated page's link to /ja/docs/… and its image from static/ja/", () => {
    const site = writeTree(path.join(temp, 'locales'), {
      'docusaurus.config.js': [
        'module.exports = {',
        "  title: 'Handbook', url: 'https://example.com', baseUrl: '/', onBrokenLinks: 'throw',",
        "  i18n: { defaultLocale: 'en', locales: ['en', 'ja'] },",
        "  presets: [['classic', { docs: {} }]],",
        '};',
      ].join('\n'),
      'docs/intro.md': '# Intro\n\nSee [the guide](/docs/guide).\n',
      'docs/guide.md': '# Guide\n\n## Setup\n\nText.\n',
      'i18n/ja/docusaurus-plugin-content-docs/current/intro.md': [
        '# はじめに',
        '',
        '[ガイド](/ja/docs/guide) と [設定](/ja/docs/guide#setup) を読んでください。',
        '',
        '![図](/ja/img/figure.png)',
        '',
      ].join('\n'),
      'i18n/ja/docusaurus-plugin-content-docs/current/guide.md': '# ガイド\n\n## Setup\n\n本文。\n',
      'static/ja/img/figure.png': 'png',
    });
    const read = migrateAndBuild(site);
    const page = read('ja/docs/intro.html');
    expect(hrefs(page)).toContain('href="/ja/docs/guide"');
    expect(hrefs(page)).toContain('href="/ja/docs/guide#setup"');
    expect(page).not.toContain('/ja/ja/docs');
    expect(page).toContain('src="/ja/ja/img/figure.png"');
    expect(read('ja/ja/img/figure.png')).toBe('png');
  });

  it('a link to /handbook/docs/… on a site at /handbook/', () => {
    const site = writeTree(path.join(temp, 'base'), {
      'docusaurus.config.js': [
        'module.exports = {',
        "  title: 'Handbook', url: 'https://example.com', baseUrl: '/handbook/', onBrokenLinks: 'throw',",
        "  presets: [['classic', { docs: {} }]],",
        '};',
      ].join('\n'),
      'docs/intro.md': '# Intro\n\nSee [the guide](/handbook/docs/guide) and [again](/docs/guide).\n',
      'docs/guide.md': '# Guide\n\nText.\n',
    });
    const page = migrateAndBuild(site)('docs/intro.html');
    expect(hrefs(page)).toContain('href="/handbook/docs/guide"');
    expect(page).not.toContain('/handbook/handbook/');
  });
});
