/**
 * Docusaurus sites whose versioned docs are served at the site root (`routeBasePath: '/'`, as ionic-team/ionic-docs
 * and Sensing-Dev/doc write it) keep every URL Docusaurus publishes after `docgen migrate`: the last version at `/`,
 * the current one at `/next/` (or at `/` with `lastVersion: 'current'`, the others at `/<name>/`), each version's
 * sidebar, and in every locale, each version's untranslated pages in the default locale's text.
 */
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { removeDir, runDocgen, writeTree } from '../helpers/site.js';

const temp = mkdtempSync(path.join(tmpdir(), 'docgen-migrate-versions-root-'));
afterAll(() => removeDir(temp));

function site(name: string, docsOptions: string, extra: Record<string, string> = {}) {
  const dir = path.join(temp, name);
  writeTree(dir, {
    'docusaurus.config.js': [
      'module.exports = {',
      `  title: 'Root versions', url: 'https://example.com', baseUrl: '/docs/',`,
      "  i18n: { defaultLocale: 'en', locales: ['en', 'ja'] },",
      `  presets: [['classic', { docs: { routeBasePath: '/', sidebarPath: require.resolve('./sidebars.js')${docsOptions} }, blog: false }]],`,
      '};',
      '',
    ].join('\n'),
    'sidebars.js': "module.exports = { docs: ['intro', 'guide/setup'] };\n",
    'versions.json': '["1.0"]\n',
    'docs/intro.md': '---\nslug: /\n---\n# Intro next\n\nCurrent docs.\n',
    'docs/guide/setup.md': '# Setup next\n\n[Intro](../intro.md)\n',
    'versioned_docs/version-1.0/intro.md':
      '---\nslug: /\n---\n# Intro one\n\nOld docs.\n\n![Diagram](./img/diagram.png)\n',
    'versioned_docs/version-1.0/img/diagram.png': 'png',
    'versioned_docs/version-1.0/guide/setup.md': '# Setup one\n\n[Intro](../intro.md)\n',
    'versioned_sidebars/version-1.0-sidebars.json': '{ "docs": ["intro", "guide/setup"] }\n',
    'i18n/ja/code.json': '{}\n',
    ...extra,
  });
  const out = path.join(temp, `${name}-site`);
  const migrate = runDocgen(['migrate', 'docusaurus', dir, '--out', out], temp);
  expect(migrate.status, migrate.stdout + migrate.stderr).toBe(0);
  const build = runDocgen(['build'], out);
  expect(build.status, build.stdout + build.stderr).toBe(0);
  return { out, dist: path.join(out, 'dist'), report: readFileSync(path.join(out, 'MIGRATION.md'), 'utf8') };
}

describe('migrate docusaurus: versions at the site root', () => {
  it('serves the last version at /, current at /next/, in every locale', () => {
    const { dist, report } = site('default-last', '');
    expect(report).not.toMatch(/versions are not carried over/);
    for (const locale of ['', 'ja/'])
      for (const [file, text] of [
        ['index.html', 'Intro one'],
        ['guide/setup.html', 'Setup one'],
        ['next/index.html', 'Intro next'],
        ['next/guide/setup.html', 'Setup next'],
      ] as const) {
        const page = path.join(dist, locale, file);
        expect(existsSync(page), `${locale}${file}`).toBe(true);
        expect(readFileSync(page, 'utf8')).toContain(text);
      }
    // An image beside the last version's docs is served below its mount, the site root, in every locale.
    for (const locale of ['', 'ja/']) expect(existsSync(path.join(dist, locale, 'img/diagram.png')), locale).toBe(true);
    // Each version's sidebar links stay in the version.
    expect(readFileSync(path.join(dist, 'next/index.html'), 'utf8')).toMatch(/href="\/docs\/next\/guide\/setup"/);
    expect(readFileSync(path.join(dist, 'index.html'), 'utf8')).toMatch(/href="\/docs\/guide\/setup"/);
  });

  it("serves current at / with lastVersion: 'current', and version options' path and label", () => {
    const { dist } = site(
      'current-last',
      ", lastVersion: 'current', versions: { current: { label: 'v2' }, '1.0': { path: 'v1' } }",
    );
    expect(readFileSync(path.join(dist, 'index.html'), 'utf8')).toContain('Intro next');
    expect(readFileSync(path.join(dist, 'v1/guide/setup.html'), 'utf8')).toContain('Setup one');
    expect(readFileSync(path.join(dist, 'ja/v1/index.html'), 'utf8')).toContain('Intro one');
    expect(existsSync(path.join(dist, 'next'))).toBe(false);
    expect(readFileSync(path.join(dist, 'v1/index.html'), 'utf8')).toContain('v2');
  });

  it("lays a locale's translated versions over them (i18n/ja/docusaurus-plugin-content-docs/{current,version-1.0})", () => {
    const { dist } = site('translated', '', {
      'i18n/ja/docusaurus-plugin-content-docs/current/intro.md': '---\nslug: /\n---\n# 次のはじめに\n',
      'i18n/ja/docusaurus-plugin-content-docs/version-1.0/guide/setup.md': '# 旧セットアップ\n',
    });
    expect(readFileSync(path.join(dist, 'ja/next/index.html'), 'utf8')).toContain('次のはじめに');
    expect(readFileSync(path.join(dist, 'ja/guide/setup.html'), 'utf8')).toContain('旧セットアップ');
    expect(readFileSync(path.join(dist, 'ja/index.html'), 'utf8')).toContain('Intro one');
  });
});
