/**
 * A base path written without its slashes (`baseUrl: '/kidstec'` in docusaurus.config.ts, `base: 'handbook'` in a
 * VitePress config) is one both tools accept and complete (Docusaurus configValidation.ts adds the leading and the
 * trailing slash, VitePress resolveSiteData the trailing one). Before, migrate copied it as written and `docgen build`
 * refused the config ("'baseUrl' is invalid"); now the migrated config has the completed path and the site builds
 * with its links under it.
 */
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { removeDir, runDocgen, writeTree } from '../helpers/site.js';

const temp = mkdtempSync(path.join(tmpdir(), 'docgen-migrate-base-path-'));
afterAll(() => removeDir(temp));

/** Migrates `site` with `tool`, builds, and returns the config written and the HTML of `page` in dist/. */
function migrateAndBuild(tool: 'docusaurus' | 'vitepress', site: string, page: string) {
  const out = path.join(temp, `${tool}-out`);
  const migrate = runDocgen(['migrate', tool, site, '--out', out], temp);
  expect(migrate.status, migrate.stdout + migrate.stderr).toBe(0);
  const build = runDocgen(['build'], out);
  expect(build.status, build.stdout + build.stderr).toBe(0);
  return {
    config: readFileSync(path.join(out, 'site.config.ts'), 'utf8'),
    html: readFileSync(path.join(out, 'dist', page), 'utf8'),
  };
}

describe('migrate: a base path without its slashes', () => {
  it('docusaurus baseUrl without the trailing slash', () => {
    const site = writeTree(path.join(temp, 'docusaurus'), {
      'docusaurus.config.ts': [
        'export default {',
        "  title: 'こどもテック', url: 'https://example.github.io', baseUrl: '/kidstec',",
        "  i18n: { defaultLocale: 'ja', locales: ['ja'] },",
        "  presets: [['classic', { docs: {} }]],",
        '};',
      ].join('\n'),
      'docs/intro.md': '# はじめに\n\n[次へ](./next.md)\n',
      'docs/next.md': '# 次のページ\n\n本文。\n',
    });
    const { config, html } = migrateAndBuild('docusaurus', site, 'docs/intro.html');
    expect(config).toContain('"baseUrl": "/kidstec/"');
    expect(html).toContain('href="/kidstec/docs/next"');
  });

  it('vitepress base without either slash', () => {
    const site = writeTree(path.join(temp, 'vitepress'), {
      '.vitepress/config.mjs': "export default { title: 'Handbook', lang: 'ja', base: 'handbook' };\n",
      'index.md': '# ホーム\n\n[ガイド](./guide)\n',
      'guide.md': '# ガイド\n\n本文。\n',
    });
    const { config, html } = migrateAndBuild('vitepress', site, 'index.html');
    expect(config).toContain('"baseUrl": "/handbook/"');
    expect(html).toContain('href="/handbook/guide"');
  });
});
