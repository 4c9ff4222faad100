/**
 * bench/original-routes.mjs computes the URLs Docusaurus and VitePress publish from a site's sources, by their own
 * rules (not docgen's routing): these cases are the rules' documented examples.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
// @ts-expect-error: a plain .mjs bench module without types
import { docusaurusRoutes, resolves, stripNumberPrefix, vitepressRoutes } from '../../../bench/original-routes.mjs';
import { removeDir, writeTree } from '../../helpers/site.js';

const temp = mkdtempSync(path.join(tmpdir(), 'docgen-original-routes-'));
afterAll(() => removeDir(temp));

describe('original routes', () => {
  it("strips number prefixes as Docusaurus' DefaultNumberPrefixParser does", () => {
    expect(stripNumberPrefix('01-intro')).toBe('intro');
    expect(stripNumberPrefix('003 - My Doc')).toBe('My Doc');
    expect(stripNumberPrefix('0_115_0_Name')).toBe('0_115_0_Name');
    expect(stripNumberPrefix('2021-01-31-post')).toBe('2021-01-31-post');
  });

  it("Docusaurus: slugs, ids, category indexes, versions, locales (a translation's own slug), blog, pages, drafts", () => {
    const site = writeTree(path.join(temp, 'docusaurus'), {
      'docusaurus.config.js':
        "module.exports = { trailingSlash: 'true', i18n: { defaultLocale: 'ja', locales: ['ja', 'en'] } };\n",
      'docs/01-guide/02-setup.md': '# Setup\n',
      'docs/01-guide/01-guide.md': '# Guide index (named like its folder, prefix included)\n',
      'docs/ref/README.md': '# Ref\n',
      'docs/ref/named.md': '---\nid: other\n---\n',
      'docs/ref/sluggy.md': '---\nslug: ../elsewhere\n---\n',
      'docs/abs.md': '---\nslug: /absolute/path\n---\n',
      'docs/draft.md': '---\ndraft: true\n---\n',
      'docs/_partial.md': 'partial\n',
      'versions.json': '["1.0"]\n',
      'versioned_docs/version-1.0/old.md': '# Old\n',
      'blog/2024-05-06-hello.md': '# Hello\n',
      'src/pages/index.js': 'export default () => null;\n',
      // A translation whose front matter gives the doc another slug: the locale publishes it there.
      'i18n/en/docusaurus-plugin-content-docs/current/ref/named.md': '---\nid: other\nslug: /translated/named\n---\n',
    });
    const { routes, trailingSlash } = docusaurusRoutes(site);
    expect(trailingSlash).toBe(true);
    // versions.json's first is the last version, at the plugin's root; the current docs at next/.
    expect([...routes].filter((route: string) => !route.startsWith('/en/')).sort()).toEqual([
      '/',
      '/blog',
      '/blog/2024/05/06/hello',
      '/docs/next/absolute/path',
      '/docs/next/elsewhere',
      '/docs/next/guide/',
      '/docs/next/guide/setup',
      '/docs/next/ref/',
      '/docs/next/ref/other',
      '/docs/old',
    ]);
    expect(routes.has('/en/docs/guide/setup')).toBe(false);
    expect(routes.has('/en/docs/next/guide/setup')).toBe(true);
    expect(routes.has('/en/docs/next/translated/named')).toBe(true);
    expect(routes.has('/en/docs/next/ref/other')).toBe(false);
  });

  it('VitePress: srcDir, srcExclude, rewrites, cleanUrls, dynamic routes', () => {
    const site = writeTree(path.join(temp, 'vitepress'), {
      '.vitepress/config/index.mts': "import shared from './shared.mts';\nexport default { ...shared };\n",
      '.vitepress/config/shared.mts':
        "export default { srcDir: 'src', srcExclude: ['drafts/**'], rewrites: { 'en/:rest*': ':rest*' } };\n",
      'src/en/index.md': '# Home\n',
      'src/en/guide/a.md': '# A\n',
      'src/ja/guide/a.md': '# A\n',
      'src/drafts/x.md': '# X\n',
      'src/packages/[pkg].md': '# Pkg\n',
    });
    const { routes, dynamic } = vitepressRoutes(site);
    expect([...routes].sort()).toEqual(['/', '/guide/a.html', '/ja/guide/a.html']);
    expect(dynamic).toBe(1);
    expect([...vitepressRoutes(site, { cleanUrls: true }).routes].sort()).toEqual(['/', '/guide/a', '/ja/guide/a']);
  });

  it('resolves a URL as a static host serves it', () => {
    const dist = writeTree(path.join(temp, 'dist'), { 'a/b.html': '', 'c/index.html': '', 'd.html': '' });
    expect(resolves(dist, '/a/b')).toBe(true);
    expect(resolves(dist, '/a/b/')).toBe(false);
    expect(resolves(dist, '/c/')).toBe(true);
    expect(resolves(dist, '/c')).toBe(true);
    expect(resolves(dist, '/d.html')).toBe(true);
  });
});
