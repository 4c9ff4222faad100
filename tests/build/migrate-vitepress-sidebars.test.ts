/**
 * VitePress sidebars after `docgen migrate`:
 * - computed by code: from the pages with fast-glob (es-toolkit's getSidebarItems), which docgen runs, or by a
 *   package docgen does not run (a stub), whose group is left empty and reported: the migrated config is valid and
 *   the site builds either way; a whole sidebar such a package computes (vitepress-sidebar) is docgen's sidebar of
 *   the folders;
 * - of other locales (`locales.<key>.themeConfig.sidebar`, as es-toolkit's and chart_cyanvas' wiki configs write
 *   them): the translated pages under `/<key>/` show their locale's sidebar, the root pages the root's, whether the
 *   locale's sidebar is an array or sidebars by path prefix;
 * - of a locale whose sidebars are keyed from the site's root (`'/'`, as a config function shared by every locale
 *   writes it: tsdown's getLocaleConfig): the key above the locale's folder is the sidebar of that locale's pages;
 * - with a group's `base` (VitePress 2's addBase: `base: '/guide'` and `link: '/start.md'` is /guide/start.md, as
 *   tsdown's config writes it): each link is read under its group's base, or the sidebar's; a sidebar no nav item
 *   names is labelled with the site's title, where its pages' breadcrumbs start;
 * - whose item texts are HTML (VitePress renders them with v-html: `📄 &lt;service&gt;`, `<span>` around a word):
 *   shown as the text VitePress shows, in the sidebar and the nav. Before, `&lt;service&gt;` was shown as written.
 */
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { migrateAndBuild, removeDir, writeTree } from '../helpers/site.js';

const temp = mkdtempSync(path.join(tmpdir(), 'docgen-migrate-vitepress-sidebars-'));
afterAll(() => removeDir(temp));

/** The hrefs of the sidebar links of a built page. */
function sidebarLinks(html: string): string[] {
  const sidebar = /<nav[^>]*class="[^"]*dg-sidebar[^"]*"[^>]*>([\s\S]*?)<\/nav>/.exec(html)?.[1] ?? '';
  return [...sidebar.matchAll(/href="([^"]+)"/g)].map((m) => m[1]!);
}

describe('migrate vitepress: sidebars', () => {
  it('carries a sidebar listed with fast-glob and builds with a group a stubbed package computes', () => {
    const site = path.join(temp, 'site');
    writeTree(site, {
      '.vitepress/config.mts': [
        "import glob from 'fast-glob';",
        "import path from 'node:path';",
        "import { generateSidebar } from 'vitepress-sidebar';",
        "const root = path.resolve(import.meta.dirname, '..');",
        "const items = glob.sync(path.join(root, 'reference/*.md')).sort().map((file) => ({ text: path.basename(file, '.md'), link: '/' + path.relative(root, file).replace(/\\.md$/, '') }));",
        "export default { title: 'Computed', themeConfig: { sidebar: [{ text: 'Reference', items }, { text: 'Generated', items: generateSidebar({}) }] } };",
        '',
      ].join('\n'),
      'index.md': '# Home\n',
      'reference/chunk.md': '# chunk\n\nSplits an array.\n',
      'reference/zip.md': '# zip\n\nPairs arrays.\n',
    });
    const out = path.join(temp, 'site-docgen');
    const { report } = migrateAndBuild('vitepress', site, out);
    expect(report).toContain("the items of sidebar group 'Generated' are computed by a package docgen does not run");
    const page = readFileSync(path.join(out, 'dist/reference/chunk.html'), 'utf8');
    expect(page).toMatch(/<a [^>]*href="\/reference\/zip"[^>]*>[^<]*zip/);
  });

  it("stands in docgen's sidebar of the folders for a whole sidebar a package computes (vitepress-sidebar)", () => {
    const site = path.join(temp, 'generated');
    writeTree(site, {
      '.vitepress/config.mts': [
        "import { defineConfig } from 'vitepress';",
        "import { generateSidebar } from 'vitepress-sidebar';",
        'export default defineConfig({',
        "  title: 'Generated',",
        "  themeConfig: { sidebar: generateSidebar({ documentRootPath: '/docs', useTitleFromFileHeading: true }) },",
        '});',
        '',
      ].join('\n'),
      'index.md': '---\nlayout: home\n---\n',
      'guide/start.md': '# Start\n\nInstall it.\n',
      'guide/deploy.md': '# Deploy\n\nShip it.\n',
      'reference/cli.md': '# CLI\n\nThe commands.\n',
    });
    const out = path.join(temp, 'generated-docgen');
    const { report } = migrateAndBuild('vitepress', site, out);
    expect(report).toContain(
      ".vitepress/config.mts:5  the sidebar lists no page of the site (a package computes it, such as vitepress-sidebar's generateSidebar",
    );
    expect(report).not.toContain("sidebar 'documentRootPath'");
    const links = sidebarLinks(readFileSync(path.join(out, 'dist/guide/start.html'), 'utf8'));
    expect(links).toEqual(expect.arrayContaining(['/guide/deploy', '/guide/start', '/reference/cli']));
    expect(links).not.toContain('/'); // the home page (layout: home) is in no sidebar
  });

  it("reads each link under its group's base and the sidebar's, whether the link starts with a slash or not", () => {
    const site = path.join(temp, 'base');
    writeTree(site, {
      '.vitepress/config.mts': [
        "import { defineConfig } from 'vitepress';",
        'export default defineConfig({',
        "  title: 'Base',",
        '  themeConfig: {',
        '    sidebar: {',
        "      '/guide/': [",
        "        { text: 'Guide', base: '/guide', items: [{ text: 'Introduction', link: '/index.md' }, { text: 'Start', link: '/start.md' }] },",
        "        { text: 'Options', base: '/options/', items: [{ text: 'Entry', link: '/entry.md' }, { text: 'Format', link: 'format' }] },",
        "        { text: 'Elsewhere', items: [{ text: 'Site', link: 'https://example.com/' }] },",
        '      ],',
        "      '/recipes/': { base: '/recipes/', items: [{ text: 'Vue', link: 'vue' }] },",
        '    },',
        '  },',
        '});',
        '',
      ].join('\n'),
      'index.md': '# Home\n',
      'guide/index.md': '# Guide\n\nWhat it is.\n',
      'guide/start.md': '# Start\n\nInstall it.\n',
      'options/entry.md': '# Entry\n\nThe entry points.\n',
      'options/format.md': '# Format\n\nThe output format.\n',
      'recipes/vue.md': '# Vue\n\nWith Vue.\n',
    });
    const out = path.join(temp, 'base-docgen');
    const { report } = migrateAndBuild('vitepress', site, out);
    expect(report).not.toContain('which is not a page of the site');
    const read = (route: string) => readFileSync(path.join(out, 'dist', `${route}.html`), 'utf8');
    expect(sidebarLinks(read('guide/start'))).toEqual([
      '/guide/',
      '/guide/start',
      '/options/entry',
      '/options/format',
      'https://example.com/',
    ]);
    expect(sidebarLinks(read('recipes/vue'))).toEqual(['/recipes/vue']);
    // No nav item names the sidebars: their pages' breadcrumbs start at the site's title, not an internal id.
    const crumbs = /<nav class="dg-breadcrumbs"[\s\S]*?<\/nav>/.exec(read('guide/start'))?.[0] ?? '';
    expect(
      crumbs
        .replace(/<[^>]+>/g, ' ')
        .trim()
        .split(/\s+/)[0],
    ).toBe('Base');
  });

  it("gives each locale's pages its own sidebar (array, by path prefix, keyed from the root)", () => {
    const site = path.join(temp, 'locales');
    writeTree(site, {
      '.vitepress/config.mts': [
        'export default {',
        "  title: 'Locales',",
        '  locales: {',
        "    root: { label: 'English', lang: 'en', themeConfig: { sidebar: [{ text: 'Guide', items: [{ text: 'Start', link: '/guide/start' }, { text: 'Deploy', link: '/guide/deploy' }] }] } },",
        "    ja: { label: '日本語', lang: 'ja', themeConfig: { sidebar: [{ text: 'ガイド', items: [{ text: 'はじめに', link: '/ja/guide/start' }, { text: 'デプロイ', link: '/ja/guide/deploy' }] }] } },",
        "    ko: { label: '한국어', lang: 'ko', link: '/ko/', themeConfig: { sidebar: { '/ko/guide/': [{ text: '가이드', items: [{ text: '시작', link: '/ko/guide/start' }] }] } } },",
        "    'zh-CN': { label: '简体中文', lang: 'zh-CN', themeConfig: { sidebar: { '/reference/': [], '/': [{ text: '指南', base: '/zh-CN/guide', items: [{ text: '开始', link: '/start' }, { text: '部署', link: '/deploy' }] }] } } },",
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
      'zh-CN/index.md': '# 首页\n',
      'zh-CN/guide/start.md': '# 开始\n\n你好。\n',
      'zh-CN/guide/deploy.md': '# 部署\n\n发布。\n',
    });
    const { report } = migrateAndBuild('vitepress', site, path.join(temp, 'locales-docgen'));
    const read = (route: string) => readFileSync(path.join(temp, 'locales-docgen/dist', `${route}.html`), 'utf8');
    expect(sidebarLinks(read('guide/start'))).toEqual(['/guide/start', '/guide/deploy']);
    expect(sidebarLinks(read('ja/guide/deploy'))).toEqual(['/ja/guide/start', '/ja/guide/deploy']);
    expect(sidebarLinks(read('ko/guide/start'))).toEqual(['/ko/guide/start']);
    expect(sidebarLinks(read('zh-CN/guide/deploy'))).toEqual(['/zh-CN/guide/start', '/zh-CN/guide/deploy']);
    expect(report).toContain("the other locales' pages and sidebars are carried over");
  });

  it('shows item texts written as HTML as their text, as VitePress renders them', () => {
    const site = path.join(temp, 'html-texts');
    writeTree(site, {
      '.vitepress/config.mts': [
        'export default {',
        "  title: 'Texts',",
        '  themeConfig: {',
        "    nav: [{ text: 'Guide &amp; API', link: '/guide/service' }],",
        "    sidebar: [{ text: 'Files &amp; folders', items: [{ text: '📄 &lt;service&gt;.class', link: '/guide/service' }, { text: 'Hooks <span class=\"badge\">new</span>', link: '/guide/hooks' }] }],",
        '  },',
        '};',
        '',
      ].join('\n'),
      'index.md': '# Home\n',
      'guide/service.md': '# Service\n\nA class.\n',
      'guide/hooks.md': '# Hooks\n\nRun around methods.\n',
    });
    migrateAndBuild('vitepress', site, path.join(temp, 'html-texts-docgen'));
    const page = readFileSync(path.join(temp, 'html-texts-docgen/dist/guide/service.html'), 'utf8');
    expect(page).toContain('>📄 &lt;service&gt;.class</a>');
    expect(page).toContain('>Files &amp; folders</span>');
    expect(page).toMatch(/>Guide &amp; API</);
    expect(page).toMatch(/>Hooks new</);
    expect(page).not.toContain('&amp;lt;');
  });
});
