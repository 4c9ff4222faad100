/**
 * A VitePress config split over a folder (`.vitepress/config/index.js` importing one file per locale, as
 * openreachtech/kiriko-docs and LiteyukiStudio/nonebot-plugin-marshoai write it) is found where VitePress finds it
 * (vitepress src/node/config.ts resolveUserConfig), read, and the migrated site builds with its title and sidebar;
 * a social link with its own SVG icon (`icon: { svg }`, as nonebot-plugin-marshoai's) becomes a navbar link labelled
 * with its host, reported; an option docgen does not carry, set in an imported file, is reported at the config.
 */
import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { removeDir, runDocgen } from '../helpers/site.js';

const temp = mkdtempSync(path.join(tmpdir(), 'docgen-migrate-config-folder-'));
afterAll(() => removeDir(temp));

describe('migrate vitepress: .vitepress/config/index.js', () => {
  it('reads the config from its folder and the site builds', () => {
    const site = path.join(temp, 'docs');
    mkdirSync(path.join(site, '.vitepress/config'), { recursive: true });
    writeFileSync(
      path.join(site, '.vitepress/config/index.js'),
      [
        "import { defineConfig } from 'vitepress';",
        "import { shared } from './shared.js';",
        "export default defineConfig({ ...shared, lang: 'ja' });",
        '',
      ].join('\n'),
    );
    writeFileSync(
      path.join(site, '.vitepress/config/shared.js'),
      [
        'export const shared = {',
        "  title: 'Kiriko',",
        "  markdown: { theme: 'github-dark' },",
        '  themeConfig: {',
        "    sidebar: [{ text: '案内', items: [{ text: 'ようこそ', link: '/welcome' }] }],",
        "    socialLinks: [{ icon: { svg: '<svg viewBox=\"0 0 1 1\"></svg>' }, link: 'https://git.example.org/kiriko' }],",
        '  },',
        '};',
        '',
      ].join('\n'),
    );
    writeFileSync(path.join(site, 'index.md'), '# ホーム\n\n[ようこそ](./welcome)\n');
    writeFileSync(path.join(site, 'welcome.md'), '# ようこそ\n\n本文。\n');
    const out = path.join(temp, 'site');
    const migrate = runDocgen(['migrate', 'vitepress', site, '--out', out], temp);
    expect(migrate.status, migrate.stdout + migrate.stderr).toBe(0);
    expect(readFileSync(path.join(out, 'site.config.ts'), 'utf8')).toContain('Kiriko');
    const build = runDocgen(['build'], out);
    expect(build.status, build.stdout + build.stderr).toBe(0);
    expect(existsSync(path.join(out, 'dist/welcome.html'))).toBe(true);
    const page = readFileSync(path.join(out, 'dist/welcome.html'), 'utf8');
    expect(page).toContain('案内');
    expect(page).toMatch(/<a [^>]*href="https:\/\/git\.example\.org\/kiriko"[^>]*>git\.example\.org</);
    const report = readFileSync(path.join(out, 'MIGRATION.md'), 'utf8');
    expect(report).toMatch(/own SVG icon is not carried over/);
    // An option set in the file the config imports is reported too, at the config's file.
    expect(report).toContain(".vitepress/config/index.js  'markdown' options 'theme' are not carried over");
  });
});
