/**
 * VitePress' home layout front matter (default theme types: `hero.image` as ThemeableImage, `features[].icon` as
 * FeatureIcon, with VPImage's `loading`/`fetchpriority`/`decoding` hints; actions with target/rel, features without details), as VitePress' own docs write it: it builds, the
 * hero image and icons render with the base URL, and an HTML icon string is never printed as markup. A real build
 * of the basic fixture under a base URL through the CLI.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'node-html-parser';
import { afterAll, describe, expect, it } from 'vitest';
import { copyFixture, removeDir, runDocgen } from '../helpers/site.js';

const dir = copyFixture('basic');
afterAll(() => removeDir(dir));

const SVG = '<svg xmlns="http://www.w3.org/2000/svg" width="4" height="4"><rect width="4" height="4"/></svg>\n';
for (const name of ['logo-large.svg', 'logo-dark.svg', 'bolt.svg']) writeFileSync(path.join(dir, 'content', name), SVG);
writeFileSync(
  path.join(dir, 'content/index.md'),
  [
    '---',
    'layout: home',
    'hero:',
    '  name: Widget',
    '  text: Static sites',
    '  image:',
    '    loading: eager',
    '    fetchpriority: high',
    '    decoding: async',
    '    src: /logo-large.svg',
    '    alt: Widget',
    '  actions:',
    '    - theme: brand',
    '      text: Start',
    '      link: /docs/',
    '    - theme: sponsor',
    '      text: Sponsor',
    '      link: https://example.com/sponsor',
    '      target: _blank',
    '      rel: noopener',
    'features:',
    '  - icon: <span class="memo"></span>',
    '    title: Markup icon',
    '    details: Its class was styled by the site.',
    '  - icon: 🚀',
    '    title: Emoji icon',
    '  - icon:',
    '      light: /logo-large.svg',
    '      dark: /logo-dark.svg',
    '      alt: Logo',
    '    title: Themed icon',
    '    details: Two images.',
    '  - icon: { src: /bolt.svg, width: 48, height: 48 }',
    '    title: Sized icon',
    '    details: One image.',
    '---',
    '',
  ].join('\n'),
);

describe('a VitePress home page', () => {
  it('builds with its hero image and feature icons', () => {
    const result = runDocgen(['build', '--base-url', '/handbook/'], dir);
    expect(result.status, result.stdout + result.stderr).toBe(0);
    expect(result.stderr).not.toContain('InvalidFrontMatter');
    const html = readFileSync(path.join(dir, 'dist/index.html'), 'utf8');
    const page = parse(html);
    const hero = page.querySelector('.dg-hero__image')!;
    expect(hero.getAttribute('src')).toBe('/handbook/logo-large.svg');
    expect(hero.getAttribute('alt')).toBe('Widget');
    const icons = page.querySelectorAll('.dg-feature').map((card) => card.querySelectorAll('.dg-feature__icon'));
    expect(icons.map((found) => found.length)).toEqual([0, 1, 2, 1]);
    expect(icons[1]![0]!.text).toBe('🚀');
    expect(icons[2]!.map((img) => img.getAttribute('src'))).toEqual([
      '/handbook/logo-large.svg',
      '/handbook/logo-dark.svg',
    ]);
    expect(icons[3]![0]!.getAttribute('width')).toBe('48');
    expect(page.querySelector('main')!.text).not.toContain('<span');
    const sponsor = page.querySelectorAll('.dg-hero__actions a')[1]!;
    expect([sponsor.getAttribute('target'), sponsor.getAttribute('rel')]).toEqual(['_blank', 'noopener']);
    for (const img of page.querySelectorAll('main img'))
      expect(existsSync(path.join(dir, 'dist', img.getAttribute('src')!.replace('/handbook/', '')))).toBe(true);
  });
});

describe('a VitePress hero image whose light and dark variants are each { src, alt }', () => {
  const themed = copyFixture('basic');
  afterAll(() => removeDir(themed));

  it('builds and shows both variants with their alt text (VPImage renders each variant as an image)', () => {
    for (const name of ['icon-light.svg', 'icon-dark.svg']) writeFileSync(path.join(themed, 'content', name), SVG);
    writeFileSync(
      path.join(themed, 'content/index.md'),
      [
        '---',
        'layout: home',
        'hero:',
        '  name: Widget',
        '  image:',
        '    light:',
        '      src: /icon-light.svg',
        '      alt: Widget logo',
        '    dark:',
        '      src: /icon-dark.svg',
        '      alt: Widget logo',
        '---',
        '',
      ].join('\n'),
    );
    const result = runDocgen(['build'], themed);
    expect(result.status, result.stdout + result.stderr).toBe(0);
    const page = parse(readFileSync(path.join(themed, 'dist/index.html'), 'utf8'));
    const images = page.querySelectorAll('.dg-hero__image');
    expect(images.map((img) => [img.getAttribute('src'), img.getAttribute('alt')])).toEqual([
      ['/icon-light.svg', 'Widget logo'],
      ['/icon-dark.svg', 'Widget logo'],
    ]);
  });
});
