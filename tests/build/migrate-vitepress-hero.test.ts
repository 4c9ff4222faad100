/**
 * A VitePress site's `description` is its pages' `<meta name="description">`, and its home hero shows only the page's
 * own `hero.name`, `hero.text` and `hero.tagline` (VitePress VPHero.vue). Migrated, the hero shows the same three and
 * the description stays the pages' meta description (config `description`), not a subtitle of the hero. Keys of a
 * hero action or feature that only the site's own theme reads (an action with no link that opens a video, as
 * tsdown's VPHero override does) are left out and reported: the page builds with the actions and features VitePress'
 * default theme shows. The hero's and features' fields the default theme renders as HTML (`text: The Elegant<br>Library
 * Bundler`) show their text, not their tags.
 */
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { migrateAndBuild, removeDir, runDocgen, writeTree } from '../helpers/site.js';

const temp = mkdtempSync(path.join(tmpdir(), 'docgen-migrate-hero-'));
afterAll(() => removeDir(temp));

/** A VitePress site titled Quill with a home page of these front matter lines, migrated and built. */
function migratedHome(name: string, frontMatter: string[]): { report: string; output: string; home: string } {
  const site = writeTree(path.join(temp, name), {
    '.vitepress/config.ts': "export default { title: 'Quill' };\n",
    'index.md': ['---', 'layout: home', ...frontMatter, '---', ''].join('\n'),
    'guide/index.md': '# Guide\n\nInstall Quill.\n',
  });
  const out = path.join(temp, `${name}-out`);
  const { report, output } = migrateAndBuild('vitepress', site, out);
  return { report, output, home: readFileSync(path.join(out, 'dist/index.html'), 'utf8') };
}

describe('migrate vitepress: the home hero', () => {
  it('shows hero.name, hero.text and hero.tagline; the site description is the meta description', () => {
    const description = 'Fast web framework for every JavaScript runtime, built on Web Standards.';
    const site = writeTree(path.join(temp, 'site'), {
      '.vitepress/config.ts': [
        "import { defineConfig } from 'vitepress';",
        'export default defineConfig({',
        "  title: 'Quill',",
        `  description: ${JSON.stringify(description)},`,
        "  themeConfig: { nav: [{ text: 'Guide', link: '/guide/' }] },",
        '});',
        '',
      ].join('\n'),
      'index.md': [
        '---',
        'layout: home',
        'hero:',
        '  name: Quill',
        '  text: Small and fast',
        '  tagline: Runs on any JavaScript runtime',
        '  actions:',
        '    - theme: brand',
        '      text: Get started',
        '      link: /guide/',
        '---',
        '',
      ].join('\n'),
      'guide/index.md': '# Guide\n\nInstall Quill.\n',
    });
    const out = path.join(temp, 'out');
    const migrate = runDocgen(['migrate', 'vitepress', site, '--out', out], temp);
    expect(migrate.status, migrate.stdout + migrate.stderr).toBe(0);
    const build = runDocgen(['build'], out);
    expect(build.status, build.stdout + build.stderr).toBe(0);
    const home = readFileSync(path.join(out, 'dist/index.html'), 'utf8');
    const hero = /<section class="dg-hero[^"]*">([\s\S]*?)<\/section>/.exec(home)?.[1] ?? '';
    expect(
      hero
        .replace(/<[^>]+>/g, '\n')
        .split('\n')
        .filter((line) => line.trim()),
    ).toEqual(['Quill', 'Small and fast', 'Runs on any JavaScript runtime', 'Get started']);
    const guide = readFileSync(path.join(out, 'dist/guide/index.html'), 'utf8');
    expect(guide).toContain(`<meta name="description" content="${description}">`);
  });

  it("leaves out what only the site's own theme reads in hero actions and features", () => {
    const { report, output, home } = migratedHome('custom', [
      'hero:',
      '  name: Quill',
      '  actions:',
      '    - text: Watch the video',
      '      openVideoModal: true',
      '    - theme: brand',
      '      text: Get started',
      '      link: /guide/',
      'features:',
      '  - title: Fast',
      '    details: Builds in a second.',
      '    badge: new',
    ]);
    expect(report).toContain("index.md:6  hero action 'Watch the video' has no link");
    expect(report).toContain("index.md:14  features 'Fast': `badge` is read by the site's own theme");
    expect(output).not.toContain('InvalidFrontMatter');
    expect(home).toContain('Get started');
    expect(home).toContain('Builds in a second.');
    expect(home).not.toContain('Watch the video');
  });

  it('shows the text of the hero and feature fields VitePress renders as HTML, not their tags', () => {
    const { home } = migratedHome('html', [
      'hero:',
      '  name: Quill',
      "  text: 'The Small<br>Fast Writer'",
      '  tagline: Runs <strong>anywhere</strong>',
      'features:',
      '  - title: Fast <span class="badge">new</span>',
      '    details: Builds in a second.<br/>Every time.',
    ]);
    const main = /<div class="dg-home">([\s\S]*?)<\/main>/.exec(home)?.[1] ?? home;
    expect(main).toContain('The Small Fast Writer');
    expect(main).toContain('Runs anywhere');
    expect(main).toContain('Fast new');
    expect(main).toContain('Builds in a second. Every time.');
    expect(main).not.toMatch(/&lt;(br|strong|span)/);
  });
});
