/**
 * A VitePress site's `description` is its pages' `<meta name="description">`, and its home hero shows only the page's
 * own `hero.name`, `hero.text` and `hero.tagline` (VitePress VPHero.vue). Migrated, the hero shows the same three and
 * the description stays the pages' meta description (config `description`), not a subtitle of the hero.
 */
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { removeDir, runDocgen, writeTree } from '../helpers/site.js';

const temp = mkdtempSync(path.join(tmpdir(), 'docgen-migrate-hero-'));
afterAll(() => removeDir(temp));

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
});
