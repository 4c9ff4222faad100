/**
 * A Docusaurus 2 site with docs versions (ikaros-dev/docs, trimmed: tests/fixtures/real-sites/ikaros-docs) migrates
 * and builds with what its readers saw: the landing page with an empty title (Docusaurus allows `title: ""`), and an
 * older version's embed and screenshots, which migrate allows as it allows the current docs' ones (a
 * protocol-relative `<iframe src="//player.bilibili.com/…">` loaded over https).
 */
import { cpSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { migrateAndBuild, removeDir, repoRoot, writeTree } from '../helpers/site.js';

const temp = mkdtempSync(path.join(tmpdir(), 'docgen-migrate-docusaurus2-'));
afterAll(() => removeDir(temp));

describe('migrate docusaurus 2: a versioned site', () => {
  it('builds the empty-titled landing page and keeps an older version’s iframe and external images', () => {
    const site = path.join(temp, 'source');
    cpSync(path.join(repoRoot, 'tests/fixtures/real-sites/ikaros-docs'), site, { recursive: true });
    const out = path.join(temp, 'site');
    const { output } = migrateAndBuild('docusaurus', site, out);
    expect(output).not.toMatch(/InvalidFrontMatter|BlockedMedia|not on an origin listed/);

    const config = readFileSync(path.join(out, 'site.config.ts'), 'utf8');
    expect(config).toContain('https://player.bilibili.com');
    expect(config).toContain('https://alist.ikaros.run');

    // 0.15, the last version, is served at /docs/ and the current docs at /docs/next/, as Docusaurus does.
    for (const landing of ['dist/docs/index.html', 'dist/docs/next/index.html'])
      expect(readFileSync(path.join(out, landing), 'utf8')).toContain('Ikaros is an ACGMN resource management system.');
    const page = readFileSync(path.join(out, 'dist/docs/getting-started/install/flutter-app.html'), 'utf8');
    expect(page).toMatch(/<iframe[^>]*src="https:\/\/player\.bilibili\.com\/player\.html\?aid=532195227/);
    expect(page.match(/<img[^>]*src="https:\/\/alist\.ikaros\.run\//g)).toHaveLength(6);
  });
});

describe('migrate docusaurus: translated pages', () => {
  it('allows the iframes and external images that only a translation shows', () => {
    const site = path.join(temp, 'translated');
    cpSync(path.join(repoRoot, 'tests/fixtures/real-sites/ikaros-docs'), site, { recursive: true });
    writeTree(site, {
      'docusaurus.config.js': readFileSync(path.join(site, 'docusaurus.config.js'), 'utf8').replace(
        "locales: ['zh']",
        "locales: ['zh', 'en']",
      ),
      'i18n/en/docusaurus-plugin-content-docs/current/intro.md':
        '---\nid: intro\nslug: /\n---\n\nIkaros in English.\n\n<iframe src="https://www.youtube-nocookie.com/embed/abc"></iframe>\n\n![screen](https://screens.example.org/a.png)\n',
    });
    const out = path.join(temp, 'translated-site');
    const { output } = migrateAndBuild('docusaurus', site, out);
    expect(output).not.toMatch(/BlockedMedia|not on an origin listed/);
    const page = readFileSync(path.join(out, 'dist/en/docs/next/index.html'), 'utf8');
    expect(page).toContain('<iframe src="https://www.youtube-nocookie.com/embed/abc"');
    expect(page).toContain('src="https://screens.example.org/a.png"');
  });
});
