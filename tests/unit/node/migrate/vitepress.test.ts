/** `docgen migrate vitepress` on small sites, without a build (src/node/migrate/vitepress.ts). */
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { migrateVitepress } from '../../../../src/node/migrate/vitepress.js';
import { removeDir } from '../../../helpers/site.js';

const root = mkdtempSync(path.join(tmpdir(), 'docgen-migrate-vitepress-'));
afterAll(() => removeDir(root));

/** Writes `files` (path -> text) below a new folder `name` of the test's folder. @returns that folder */
function site(name: string, files: Record<string, string>): string {
  const dir = path.join(root, name);
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    writeFileSync(path.join(dir, file), text);
  }
  return dir;
}

describe("a theme's Layout that fills the default theme's home slots", async () => {
  // As VitePress' "Extending the Default Theme" (Layout Slots) shows it: the components go around hero and features.
  const dir = site('slots', {
    // An ES module package: esbuild then imports `vitepress/theme`'s default as Node does (the whole module).
    'package.json': '{ "type": "module" }\n',
    '.vitepress/config.mts': "export default { title: 'Demo' }\n",
    '.vitepress/theme/index.ts': [
      "import DefaultTheme from 'vitepress/theme'",
      "import { h } from 'vue'",
      "import Badges from '../../components/Badges.vue'",
      "import Broken from '../../components/Broken.vue'",
      'export default {',
      '  extends: DefaultTheme,',
      '  Layout: () =>',
      '    h(DefaultTheme.Layout, null, {',
      "      'home-features-after': () => h(Badges),",
      "      'home-hero-before': () => h(Broken),",
      "      'nav-bar-content-after': () => h(Badges),",
      '    }),',
      '}',
    ].join('\n'),
    'components/Badges.vue': '<template><p class="badges"><a href="https://example.com/npm">npm</a></p></template>\n',
    'components/Broken.vue':
      '<script setup>\nconst w = window.innerWidth\n</script>\n<template><b>{{ w }}</b></template>\n',
    'index.md': '---\nlayout: home\nfeatures:\n  - title: Fast\n---\n\n## After the features\n',
    'guide.md': '# Guide\n',
  });
  const out = path.join(root, 'slots-out');
  await migrateVitepress(dir, out);
  const home = readFileSync(path.join(out, 'content/index.md'), 'utf8');

  it('renders them on the home page, after the front matter, before its Markdown', () => {
    expect(home).toMatch(
      /^---\nlayout: home\nfeatures:\n {2}- title: Fast\n---\n\n<p class="badges"[^>]*><a href="https:\/\/example.com\/npm">npm<\/a><\/p>\n\n\n## After the features\n$/,
    );
  });

  it('leaves out a component that cannot render, and touches no other page', () => {
    expect(home).not.toContain('Broken');
    expect(readFileSync(path.join(out, 'content/guide.md'), 'utf8')).toBe('# Guide\n');
  });
});

describe('the footer message and copyright, which VitePress renders as HTML', async () => {
  // As VitePress' default theme config documents them (inline HTML inside the footer's <p>).
  const dir = site('footer', {
    '.vitepress/config.mts': [
      'export default {',
      "  title: 'Demo',",
      '  themeConfig: {',
      '    footer: {',
      `      message: 'Released under the <a href="https://github.com/demo/demo/blob/main/LICENSE">MIT License</a>.<br/>',`,
      '      copyright: \'Copyright &copy; 2019-present <a href="https://github.com/demo">Demo</a>\',',
      '    },',
      '  },',
      '}',
    ].join('\n'),
    'index.md': '# Demo\n',
  });
  const out = path.join(root, 'footer-out');
  await migrateVitepress(dir, out);
  const config = readFileSync(path.join(out, 'site.config.ts'), 'utf8');

  it('becomes the text of the footer copyright, no markup', () => {
    expect(config).toContain('"copyright": "Released under the MIT License. Copyright © 2019-present Demo"');
  });
});

describe("a page's external video", async () => {
  // As wxt-dev/wxt's home page plays its demo (the original site's CSP, if any, is not docgen's).
  const dir = site('video', {
    '.vitepress/config.mts': "export default { title: 'Demo' }\n",
    'index.md': [
      '# Demo',
      '',
      '<video src="https://github.com/demo/demo/assets/1/abc" controls></video>',
      '',
      '<video controls poster="https://images.example.com/poster.png">',
      '  <source src="https://media.example.com/intro.webm" type="video/webm">',
      '</video>',
      '',
      '```html',
      '<video src="https://code.example.com/not-loaded.mp4"></video>',
      '```',
      '',
    ].join('\n'),
  });
  const out = path.join(root, 'video-out');
  await migrateVitepress(dir, out);
  const config = readFileSync(path.join(out, 'site.config.ts'), 'utf8');

  it("puts the origins it loads from in csp['media-src'] (its poster's in img-src), not those of code examples", () => {
    const csp = JSON.parse(/"csp": (\{[\s\S]*?\n {2}\})/.exec(config)?.[1] ?? '{}') as Record<string, string[]>;
    expect(csp).toEqual({
      'img-src': ['https://images.example.com'],
      'media-src': ['https://github.com', 'https://media.example.com'],
    });
  });
});

describe('sidebars whose pages the nav reaches through a menu', async () => {
  // As vite-pwa/docs' nav: `Guide ▾` holds Getting Started (/guide/), Frameworks (/frameworks/); the sidebars are
  // keyed by those paths. Each sidebar was labelled with its folder name (`guide`), shown first in the breadcrumbs.
  const dir = site('menu-sidebars', {
    '.vitepress/config.mts': [
      'export default {',
      "  title: 'Demo',",
      '  themeConfig: {',
      "    nav: [{ text: 'Guide', items: [{ text: 'Getting Started', link: '/guide/' }, { text: 'Frameworks', link: '/frameworks/' }] }, { text: 'Deploy', link: '/deployment/' }],",
      '    sidebar: {',
      "      '/guide/': [{ text: 'Guide', items: [{ text: 'Intro', link: '/guide/' }] }],",
      "      '/frameworks/': [{ text: 'Frameworks', items: [{ text: 'Vue', link: '/frameworks/vue' }] }],",
      "      '/deployment/': [{ text: 'Deploy', items: [{ text: 'Netlify', link: '/deployment/' }] }],",
      '    },',
      '  },',
      '}',
    ].join('\n'),
    'index.md': '# Demo\n',
    'guide/index.md': '# Intro\n',
    'frameworks/vue.md': '# Vue\n',
    'deployment/index.md': '# Netlify\n',
  });
  const out = path.join(root, 'menu-sidebars-out');
  await migrateVitepress(dir, out);
  const config = readFileSync(path.join(out, 'site.config.ts'), 'utf8');

  it('labels each with the text of the nav item that links to it, in the bar or in a menu', () => {
    const labels = [...config.matchAll(/^ {4}"([\w-]+)": \{\n {6}"label": "([^"]+)"/gm)].map((m) => [m[1], m[2]]);
    expect(labels).toEqual([
      ['guide', 'Getting Started'],
      ['frameworks', 'Frameworks'],
      ['deployment', 'Deploy'],
    ]);
  });
});
