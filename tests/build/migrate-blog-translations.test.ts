/**
 * A Docusaurus 3 site in English and French whose blog has a translated post: plugin-content-blog reads
 * `i18n/fr/docusaurus-plugin-content-blog/<the post's path>` in place of the post for the French site, and shows an
 * untranslated post in English there. After migrate, the French site's post shows the French text, the other post
 * its English text, the translation's own image is published, and MIGRATION.md no longer leaves the translated posts out.
 */
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { migrateAndBuild, removeDir, writeTree } from '../helpers/site.js';

const temp = mkdtempSync(path.join(tmpdir(), 'docgen-migrate-blog-translations-'));
afterAll(() => removeDir(temp));

describe('migrate docusaurus: translated blog posts', () => {
  it("are the locale's posts, laid over the blog", () => {
    const site = writeTree(path.join(temp, 'site'), {
      'package.json': JSON.stringify({ dependencies: { '@docusaurus/core': '^3.1.0' } }),
      'docusaurus.config.js': [
        'module.exports = {',
        "  title: 'Blog', url: 'https://example.com', baseUrl: '/',",
        "  i18n: { defaultLocale: 'en', locales: ['en', 'fr'] },",
        "  presets: [['classic', { docs: { routeBasePath: 'docs' } }]],",
        '};',
        '',
      ].join('\n'),
      'docs/intro.md': '# Intro\n\nThe docs.\n',
      'i18n/fr/docusaurus-plugin-content-docs/current/intro.md': '# Introduction\n\nLa documentation.\n',
      'blog/2026-01-02-release/index.md': '---\ntitle: Release\n---\n\nThe release brings speed.\n',
      'blog/2026-01-02-release/shot.png': 'not really a PNG',
      'blog/2026-02-03-roadmap.md': '---\ntitle: Roadmap\n---\n\nWhat comes next.\n',
      'i18n/fr/docusaurus-plugin-content-blog/2026-01-02-release/index.md':
        '---\ntitle: Version\n---\n\nLa version apporte de la vitesse.\n\n![Capture](./shot.png)\n',
      'i18n/fr/docusaurus-plugin-content-blog/2026-01-02-release/shot.png': 'pas vraiment un PNG',
    });
    const out = path.join(temp, 'out');
    const { report } = migrateAndBuild('docusaurus', site, out);
    expect(report).not.toContain('translated blog posts');
    const read = (file: string) => readFileSync(path.join(out, 'dist', file), 'utf8');
    expect(read('blog/2026/01/02/release.html')).toContain('The release brings speed.');
    const french = read('fr/blog/2026/01/02/release.html');
    expect(french).toContain('La version apporte de la vitesse.');
    expect(french).not.toContain('The release brings speed.');
    // The translation's own image, next to it.
    const image = /<img[^>]*src="([^"]+)"/.exec(french)?.[1] ?? '';
    expect(image).toMatch(/shot/);
    expect(readFileSync(path.join(out, 'dist', image.split('?')[0]!), 'utf8')).toBe('pas vraiment un PNG');
    expect(read('fr/blog/2026/02/03/roadmap.html')).toContain('What comes next.');
  });
});
