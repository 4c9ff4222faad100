/**
 * Docusaurus' `headTags` (docs "docusaurus.config.js" > headTags: `{ tagName, attributes }` added to every page's
 * <head>): `<link>` and `<meta>` tags are carried into theme.head and are in every built page, as written; a script
 * (its JSON-LD) is reported, not carried. Before, the whole list was reported and a site lost its favicons, web
 * manifest and theme-color (karmada: 7 tags).
 */
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parse } from 'node-html-parser';
import { afterAll, describe, expect, it } from 'vitest';
import { migrateAndBuild, removeDir, writeTree } from '../helpers/site.js';

const temp = mkdtempSync(path.join(tmpdir(), 'docgen-migrate-head-tags-'));
afterAll(() => removeDir(temp));

describe('migrate docusaurus: headTags', () => {
  const site = writeTree(path.join(temp, 'site'), {
    'docusaurus.config.js': [
      'module.exports = {',
      "  title: 'Head', url: 'https://example.com', baseUrl: '/',",
      "  presets: [['classic', { docs: {}, blog: false }]],",
      '  headTags: [',
      "    { tagName: 'link', attributes: { rel: 'preconnect', href: 'https://example.com' } },",
      "    { tagName: 'link', attributes: { rel: 'manifest', href: '/favicons/site.webmanifest' } },",
      "    { tagName: 'meta', attributes: { name: 'theme-color', content: '#ffffff' } },",
      "    { tagName: 'script', attributes: { type: 'application/ld+json' }, innerHTML: '{}' },",
      '  ],',
      '};',
      '',
    ].join('\n'),
    'docs/intro.md': '# Intro\n\nHello.\n',
  });
  const out = path.join(temp, 'out');
  const { report } = migrateAndBuild('docusaurus', site, out);

  it("puts the link and meta tags in every page's head, as written", () => {
    const head = parse(readFileSync(path.join(out, 'dist/docs/intro.html'), 'utf8')).querySelector('head')!;
    expect(head.querySelector('link[rel="preconnect"]')?.getAttribute('href')).toBe('https://example.com');
    expect(head.querySelector('link[rel="manifest"]')?.getAttribute('href')).toBe('/favicons/site.webmanifest');
    expect(head.querySelector('meta[name="theme-color"]')?.getAttribute('content')).toBe('#ffffff');
    expect(head.querySelector('script[type="application/ld+json"]')).toBeNull();
  });

  it('reports the script it leaves', () => {
    expect(report).toContain("'headTags': 1 of 4 tag(s) not carried over");
  });
});
