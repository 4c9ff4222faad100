/**
 * VitePress locales with sidebars of their own (`locales.<key>.themeConfig.sidebar`, as es-toolkit's and chart_cyanvas'
 * wiki configs write them): the translated pages under `/<key>/` show their locale's sidebar after `docgen migrate`,
 * the root pages the root's, whether the locale's sidebar is an array or sidebars by path prefix.
 */
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { removeDir, runDocgen, writeTree } from '../helpers/site.js';

const temp = mkdtempSync(path.join(tmpdir(), 'docgen-migrate-locale-sidebars-'));
afterAll(() => removeDir(temp));

/** The hrefs of the sidebar links of a built page (`<nav>` with the sidebar's class). */
function sidebarLinks(html: string): string[] {
  const sidebar = /<nav[^>]*class="[^"]*dg-sidebar[^"]*"[^>]*>([\s\S]*?)<\/nav>/.exec(html)?.[1] ?? '';
  return [...sidebar.matchAll(/href="([^"]+)"/g)].map((m) => m[1]!);
}

describe('migrate vitepress: sidebars of other locales', () => {
  it("gives each locale's pages its own sidebar (array and by path prefix)", () => {
    const site = path.join(temp, 'site');
    writeTree(site, {
      '.vitepress/config.mts': [
        'export default {',
        "  title: 'Locales',",
        '  locales: {',
        "    root: { label: 'English', lang: 'en', themeConfig: { sidebar: [{ text: 'Guide', items: [{ text: 'Start', link: '/guide/start' }, { text: 'Deploy', link: '/guide/deploy' }] }] } },",
        "    ja: { label: '日本語', lang: 'ja', themeConfig: { sidebar: [{ text: 'ガイド', items: [{ text: 'はじめに', link: '/ja/guide/start' }, { text: 'デプロイ', link: '/ja/guide/deploy' }] }] } },",
        "    ko: { label: '한국어', lang: 'ko', link: '/ko/', themeConfig: { sidebar: { '/ko/guide/': [{ text: '가이드', items: [{ text: '시작', link: '/ko/guide/start' }] }] } } },",
        '  },',
        '};',
        '',
      ].join('\n'),
      'index.md': '# Home\n',
      'guide/start.md': '# Start\n\nHello.\n',
      'guide/deploy.md': '# Deploy\n\nShip it.\n',
      'ja/index.md': '# ホーム\n',
      'ja/guide/start.md': '# はじめに\n\nこんにちは。\n',
      'ja/guide/deploy.md': '# デプロイ\n\n公開します。\n',
      'ko/index.md': '# 홈\n',
      'ko/guide/start.md': '# 시작\n\n안녕하세요.\n',
    });
    const out = path.join(temp, 'site-docgen');
    const migrate = runDocgen(['migrate', 'vitepress', site, '--out', out], temp);
    expect(migrate.status, migrate.stdout + migrate.stderr).toBe(0);
    const build = runDocgen(['build'], out);
    expect(build.status, build.stdout + build.stderr).toBe(0);
    const read = (route: string) => readFileSync(path.join(out, 'dist', `${route}.html`), 'utf8');
    expect(sidebarLinks(read('guide/start'))).toEqual(['/guide/start', '/guide/deploy']);
    expect(sidebarLinks(read('ja/guide/deploy'))).toEqual(['/ja/guide/start', '/ja/guide/deploy']);
    expect(sidebarLinks(read('ko/guide/start'))).toEqual(['/ko/guide/start']);
    expect(readFileSync(path.join(out, 'MIGRATION.md'), 'utf8')).toContain(
      "the other locales' pages and sidebars are carried over",
    );
  });
});
