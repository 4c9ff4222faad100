/**
 * A migrated site publishes every page at the URL the original tool published it at. VitePress `rewrites`
 * (`'en/:rest*': ':rest*'`, as vuejs/vitepress's docs and malsuke/phpstan-unofficial-document write it) move a page
 * to its rewritten path (vitepress src/node/plugins/rewritesPlugin.ts), and its sidebar links, which name the
 * rewritten URLs, stay pages. Files docgen's (Docusaurus') routing would move keep VitePress' address: a file
 * named like its folder beside the folder's `index.md` (vuejs/router's `file-based-routing/file-based-routing.md`),
 * a number prefix (`01-setup.md`), `README.md`, and front matter `slug`/`id`, which VitePress ignores.
 */
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { migrateAndBuild, removeDir, runDocgen, writeTree } from '../helpers/site.js';

const temp = mkdtempSync(path.join(tmpdir(), 'docgen-migrate-original-urls-'));
afterAll(() => removeDir(temp));

describe('migrate vitepress: rewrites', () => {
  it('publishes each page at its rewritten path', () => {
    const site = path.join(temp, 'rewrites');
    writeTree(site, {
      '.vitepress/config.mjs': [
        'export default {',
        "  title: 'Rewrites',",
        "  rewrites: { 'en/:rest*': ':rest*', 'old/:page': 'new/:page' },",
        "  themeConfig: { sidebar: [{ text: 'Guide', items: [{ text: 'Start', link: '/guide/start' }] }] },",
        '};',
        '',
      ].join('\n'),
      'en/index.md': '# Home\n\n[Start](./guide/start)\n',
      'en/guide/start.md': '# Start\n\n[Home](../)\n',
      'old/moved.md': '# Moved\n',
      'ja/index.md': '# ホーム\n',
    });
    const out = path.join(temp, 'rewrites-site');
    const { report } = migrateAndBuild('vitepress', site, out);
    expect(report).not.toMatch(/'rewrites' is not carried over/);
    for (const file of ['index.html', 'guide/start.html', 'new/moved.html', 'ja/index.html'])
      expect(existsSync(path.join(out, 'dist', file)), file).toBe(true);
    expect(existsSync(path.join(out, 'dist/en/guide/start.html'))).toBe(false);
    expect(readFileSync(path.join(out, 'dist/guide/start.html'), 'utf8')).toMatch(/<a [^>]*href="\/guide\/start"/);
  });
});

describe('onMissingSnippet', () => {
  const tree = {
    '.vitepress/config.mjs': "export default { title: 'Snippets' };\n",
    'index.md': '# Home\n\nBefore.\n\n<<< @/snippets/generated.ts\n\nAfter.\n',
  };

  it('a migrated VitePress site builds, the missing snippet left out with a warning at its line', () => {
    const site = path.join(temp, 'snippets');
    writeTree(site, tree);
    const out = path.join(temp, 'snippets-site');
    const { output } = migrateAndBuild('vitepress', site, out);
    expect(readFileSync(path.join(out, 'site.config.ts'), 'utf8')).toMatch(/"onMissingSnippet": "warn"/);
    expect(output).toMatch(/\[SnippetNotFound\] warning:[\s\S]*content\/index\.md:5:1/);
    const page = readFileSync(path.join(out, 'dist/index.html'), 'utf8');
    expect(page).toContain('After.');
    expect(page).toMatch(/<pre[^>]*>\s*<code[^>]*>\s*<\/code>/);
  });

  it('is an error by default (Docusaurus fails on a missing import)', () => {
    const out = path.join(temp, 'snippets-site');
    const config = readFileSync(path.join(out, 'site.config.ts'), 'utf8');
    writeFileSync(path.join(out, 'site.config.ts'), config.replace(/\s*"onMissingSnippet": "warn",/, ''));
    const build = runDocgen(['build'], out);
    expect(build.status).toBe(1);
    expect(build.stdout + build.stderr).toMatch(
      /\[SnippetNotFound\] The snippet import <<< @\/snippets\/generated\.ts/,
    );
  });
});

describe('migrate docusaurus: trailingSlash', () => {
  it("keeps the pages' /a/b/ URLs with redirect pages (trailingSlash: 'true', as ohlaser/support_docs writes it)", () => {
    const site = path.join(temp, 'trailing');
    writeTree(site, {
      'docusaurus.config.js': [
        'module.exports = {',
        "  title: 'Trailing', url: 'https://example.org', baseUrl: '/',",
        "  trailingSlash: 'true',",
        "  presets: [['classic', { docs: { sidebarPath: false } }]],",
        '};',
        '',
      ].join('\n'),
      'docs/01_guide/01-start.md': '# Start\n\n本文。\n',
      'docs/01_guide/index.md': '# Guide\n',
    });
    const out = path.join(temp, 'trailing-site');
    migrateAndBuild('docusaurus', site, out);
    const config = readFileSync(path.join(out, 'site.config.ts'), 'utf8');
    expect(config).toMatch(/"trailingSlash": true/);
    // No navbar item names the sidebar: its breadcrumb root is the site's title, not the sidebar's id.
    expect(config).toMatch(/"label": "Trailing",\s*"entry"/);
    expect(readFileSync(path.join(out, 'dist/docs/guide/start.html'), 'utf8')).toContain('本文。');
    const redirect = readFileSync(path.join(out, 'dist/docs/guide/start/index.html'), 'utf8');
    expect(redirect).toContain('<meta http-equiv="refresh" content="0; url=/docs/guide/start">');
    expect(redirect).toContain('<link rel="canonical" href="/docs/guide/start">');
    // The folder index keeps its own page.
    expect(readFileSync(path.join(out, 'dist/docs/guide/index.html'), 'utf8')).toContain('Guide');
  });
});

describe('migrate vitepress: locales.root', () => {
  it("takes the root locale's nav and sidebar (VitePress lays locales.root over the config for the pages at /)", () => {
    const site = path.join(temp, 'root-locale');
    writeTree(site, {
      '.vitepress/config.mjs': [
        'const ja = {',
        "  lang: 'ja', title: 'ルート',",
        "  themeConfig: { sidebar: [{ text: '手引き', items: [{ text: 'はじめに', link: '/guide/start' }] }] },",
        '};',
        "export default { title: 'Site', locales: { root: { label: '日本語', ...ja } } };",
        '',
      ].join('\n'),
      'index.md': '# Home\n',
      'guide/start.md': '# はじめに\n',
    });
    const out = path.join(temp, 'root-locale-site');
    migrateAndBuild('vitepress', site, out);
    const config = readFileSync(path.join(out, 'site.config.ts'), 'utf8');
    expect(config).toContain('"title": "ルート"');
    expect(config).toContain('"defaultLocale": "ja"');
    expect(readFileSync(path.join(out, 'dist/guide/start.html'), 'utf8')).toContain('手引き');
  });
});

describe('Docusaurus Tabs with one TabItem per line', () => {
  it('builds the tabs (MDX unravels a paragraph of JSX alone), as hkawa90/Dotsubo writes them', () => {
    const site = path.join(temp, 'tabs');
    writeTree(site, {
      'docusaurus.config.js':
        "module.exports = { title: 'Tabs', url: 'https://example.org', baseUrl: '/', presets: [['classic', {}]] };\n",
      'docs/fruit.mdx': [
        '# Fruit',
        '',
        "import Tabs from '@theme/Tabs';",
        "import TabItem from '@theme/TabItem';",
        '',
        '<Tabs',
        '  defaultValue="apple"',
        "  values={[{label: 'Apple', value: 'apple'}, {label: 'Orange', value: 'orange'}]}>",
        '  <TabItem value="apple">This is an apple</TabItem>',
        '  <TabItem value="orange">This is an orange</TabItem>',
        '</Tabs>',
        '',
      ].join('\n'),
    });
    const out = path.join(temp, 'tabs-site');
    migrateAndBuild('docusaurus', site, out);
    const page = readFileSync(path.join(out, 'dist/docs/fruit.html'), 'utf8');
    expect(page).toMatch(/<label class="dg-tabs__label"[^>]*>Apple<\/label>/);
    expect(page).toMatch(/<label class="dg-tabs__label"[^>]*>Orange<\/label>/);
    expect(page).toContain('<div class="dg-tabs__panel"><p>This is an orange</p></div>');
  });
});

describe('migrate vitepress: routing rules docgen shares with Docusaurus', () => {
  it('leave every page at the URL VitePress published, and its links and sidebar still name it', () => {
    const site = path.join(temp, 'vitepress-routes');
    writeTree(site, {
      '.vitepress/config.mjs': [
        'export default {',
        "  title: 'Routes',",
        '  themeConfig: { sidebar: [',
        "    { text: 'Getting started', link: '/file-based-routing/' },",
        "    { text: 'File-based routing', link: '/file-based-routing/file-based-routing' },",
        "    { text: 'Setup', link: '/guide/01-setup' },",
        '  ] },',
        '};',
        '',
      ].join('\n'),
      'index.md': '# Home\n\n[Setup](./guide/01-setup.md) and [Notes](./README.md)\n',
      'README.md': '# Notes\n',
      'file-based-routing/index.md':
        '# Getting started\n\nSee [the routes folder](./file-based-routing#routes-folder).\n',
      'file-based-routing/file-based-routing.md': '# File-based routing\n\n## Routes folder\n',
      'guide/01-setup.md': '---\nslug: /elsewhere\nid: other\n---\n# Setup\n',
    });
    const out = path.join(temp, 'vitepress-routes-site');
    migrateAndBuild('vitepress', site, out);
    for (const file of [
      'index.html',
      'README.html',
      'file-based-routing/index.html',
      'file-based-routing/file-based-routing.html',
      'guide/01-setup.html',
    ])
      expect(existsSync(path.join(out, 'dist', file)), file).toBe(true);
    expect(readFileSync(path.join(out, 'dist/file-based-routing/index.html'), 'utf8')).toContain(
      'href="/file-based-routing/file-based-routing#routes-folder"',
    );
  });
});
