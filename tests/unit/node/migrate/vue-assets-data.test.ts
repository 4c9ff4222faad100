/**
 * What a VitePress site's components import besides code, rendered at migrate time (src/node/migrate/vue-render.ts,
 * vue-output.ts, vue-components.ts): assets named through Vite's `resolve.alias` (vite's docs: `<img
 * src="@assets/…">`), assets of packages that are not installed here (vite's docs: a background image of
 * `@voidzero-dev/vitepress-theme`), and VitePress data loaders (`x.data.ts`, run as VitePress runs them at build).
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { MigrationReport } from '../../../../src/node/migrate/report.js';
import { createVueRenderer } from '../../../../src/node/migrate/vue-components.js';
import { componentOutputHtml } from '../../../../src/node/migrate/vue-output.js';
import { aliasEntries, applyAlias } from '../../../../src/node/migrate/vue-render.js';
import { removeDir, writeTree } from '../../../helpers/site.js';

const temp = mkdtempSync(path.join(tmpdir(), 'docgen-vue-assets-data-'));
afterAll(() => removeDir(temp));

/** Migrates one page of a site written from `tree`, with the config's `vite.resolve.alias` given as `alias`. */
async function migratePage(name: string, tree: Record<string, string>, page: string, text: string, alias?: unknown) {
  const site = writeTree(path.join(temp, name), tree);
  writeFileSync(path.join(site, page), text);
  const report = new MigrationReport(site);
  const vue = await createVueRenderer({
    vitepressRoot: site,
    srcDir: site,
    pages: [path.join(site, page)],
    site: { title: 'Site', description: '', lang: 'en-US', base: '/', themeConfig: {} },
    report,
    alias: typeof alias === 'function' ? alias(site) : alias,
  });
  const { text: out } = await vue.renderPage(text, path.join(site, page), page, page);
  return {
    site,
    out,
    css: vue.styles().css,
    assets: vue.assets(),
    messages: report.items.map((item) => `${item.file}:${item.line} ${item.message}`),
  };
}

describe("Vite's resolve.alias", () => {
  it('reads the object form in key order and the array form as written, as @rollup/plugin-alias', () => {
    const entries = aliasEntries({ '@assets': '/abs/assets', '@': '/abs/src' });
    expect(applyAlias('@assets/logo.svg', entries)).toBe('/abs/assets/logo.svg');
    expect(applyAlias('@/x.vue', entries)).toBe('/abs/src/x.vue');
    expect(applyAlias('@assetsx/logo.svg', entries)).toBeUndefined();
    expect(applyAlias('vue', entries)).toBeUndefined();
    const array = aliasEntries([
      { find: /^~(.*)$/, replacement: '/abs/root$1' },
      { find: 'theme', replacement: './theme-dir' },
      { find: 'bad', replacement: 3 },
    ]);
    expect(array).toHaveLength(2);
    expect(applyAlias('~/img/a.png', array)).toBe('/abs/root/img/a.png');
    expect(applyAlias('theme', array)).toBe('./theme-dir');
    expect(aliasEntries(undefined)).toEqual([]);
  });
});

describe('asset imports of components', async () => {
  const { out, css, assets, messages, site } = await migratePage(
    'assets',
    {
      '.vitepress/theme/assets/logo.svg': '<svg xmlns="http://www.w3.org/2000/svg"/>',
      '.vitepress/theme/Logo.vue': '<template>\n  <img src="@assets/logo.svg" alt="Logo">\n</template>\n',
      '.vitepress/theme/Card.vue': [
        '<script setup>',
        "import bg from 'some-theme/assets/bg.jpg'",
        '</script>',
        '',
        '<template>',
        '  <a class="card" :style="`color: red; background-image: url(${bg});`" href="https://example.com">Card</a>',
        '</template>',
        '',
      ].join('\n'),
      'img/shot.png': 'png',
      '.vitepress/theme/Shot.vue': '<template><img src="../../img/shot.png" alt="Shot"></template>\n',
    },
    'index.md',
    [
      '<script setup>',
      "import Logo from './.vitepress/theme/Logo.vue'",
      "import Card from './.vitepress/theme/Card.vue'",
      "import Shot from './.vitepress/theme/Shot.vue'",
      '</script>',
      '',
      '<Logo />',
      '',
      '<Card />',
      '',
      '<Shot />',
    ].join('\n'),
    (root: string) => ({ '@assets': path.join(root, '.vitepress/theme/assets') }),
  );

  it('resolves an alias of the config in a template URL, and publishes the file out of the dot folder', () => {
    expect(out).toContain('<img src="/vue-assets/vitepress/theme/assets/logo.svg" alt="Logo">');
    expect(assets.get('vue-assets/vitepress/theme/assets/logo.svg')).toBe(
      path.join(site, '.vitepress/theme/assets/logo.svg'),
    );
  });

  it('keeps a file the copy of the source folder carries at its path', () => {
    expect(out).toContain('<img src="/img/shot.png" alt="Shot">');
  });

  it("drops the style declaration of a package's asset that is not here, never url(undefined), and says where", () => {
    expect(out).toMatch(/<a class="card dg-vs-[0-9a-f]{8}" href="https:\/\/example.com" data-dg-component>Card<\/a>/);
    expect(css).toMatch(/\.dg-vs-[0-9a-f]{8}\{color:red !important\}/);
    expect(css).not.toContain('undefined');
    expect(out).not.toContain('DGVUEASSET');
    expect(messages).toEqual([
      ".vitepress/theme/Card.vue:2 the asset 'some-theme/assets/bg.jpg' names a package (or an alias) that is not here: the attribute or style declaration that uses it is left out of the page rendered at index.md:9; copy the file into the site and import it from there",
    ]);
  });

  it('drops a template URL whose alias leads out of the site folder, and says where', async () => {
    const outside = writeTree(path.join(temp, 'outside-assets'), { 'logo.svg': '<svg/>' });
    const result = await migratePage(
      'alias-outside',
      { '.vitepress/theme/Logo.vue': '<template>\n\n  <img src="@assets/logo.svg" alt="Logo">\n</template>\n' },
      'index.md',
      "<script setup>\nimport Logo from './.vitepress/theme/Logo.vue'\n</script>\n\n<Logo />\n",
      { '@assets': outside },
    );
    expect(result.out).toContain('<img alt="Logo">');
    expect(result.assets.size).toBe(0);
    expect(result.messages).toEqual([
      ".vitepress/theme/Logo.vue:3 the asset '@assets/logo.svg' is outside the site folder: the attribute or style declaration that uses it is left out of the page rendered at index.md:5; copy the file into the site and import it from there",
    ]);
  });
});

describe('component output', () => {
  it('drops an inline-style url() that names nothing rather than write url(undefined) into the stylesheet', () => {
    const rules = new Map<string, string>();
    const html = componentOutputHtml('<a style="background-image:url(undefined);color:red">x</a>', rules);
    expect(html).toMatch(/^<a class="dg-vs-[0-9a-f]{8}" data-dg-component>x<\/a>$/);
    expect([...rules.values()].join('')).toMatch(/\{color:red !important\}$/);
  });
});

describe('VitePress data loaders', () => {
  const page = [
    '<script setup>',
    "import { data } from './deps.data'",
    '</script>',
    '',
    '# Deps',
    '',
    '<ul>',
    '  <li v-for="dep in data.list" :key="dep.name">{{ dep.name }}</li>',
    '</ul>',
    '',
  ].join('\n');

  it("exposes load()'s result as `data`, as VitePress does at build", async () => {
    const { out, messages } = await migratePage(
      'loader',
      {
        'deps.data.ts':
          "export default { async load() { return { list: [{ name: 'rollup' }, { name: 'esbuild' }] } } }\n",
      },
      'index.md',
      page,
    );
    expect(out).toContain('<ul><li>rollup</li><li>esbuild</li></ul>');
    expect(messages).toEqual([]);
  });

  it('gives load() the files its watch globs match, absolute and sorted', async () => {
    const { out } = await migratePage(
      'watch',
      {
        'deps.data.js': [
          "import { defineLoader } from 'vitepress'",
          "import path from 'node:path'",
          "export default defineLoader({ watch: ['./posts/*.md'], load(files) { return { list: files.map((file) => ({ name: path.isAbsolute(file) ? path.basename(file) : 'relative' })) } } })",
          '',
        ].join('\n'),
        'posts/b.md': '# B\n',
        'posts/a.md': '# A\n',
      },
      'index.md',
      page.replace('./deps.data', './deps.data.js'),
    );
    expect(out).toContain('<ul><li>a.md</li><li>b.md</li></ul>');
  });

  it('reports a loader that needs the network, at its file and line, and says the list it leaves empty', async () => {
    const { out, messages } = await migratePage(
      'fetching',
      {
        'deps.data.ts': [
          'export default {',
          '  async load() {',
          "    return (await fetch('https://api.example.com/deps')).json()",
          '  },',
          '}',
          '',
        ].join('\n'),
      },
      'index.md',
      page.replace('data.list', 'data'),
    );
    expect(out).not.toContain('{{');
    expect(messages).toEqual([
      'deps.data.ts:2 VitePress data loader could not run at migrate time (fetch() is not available: migrate does not use the network): its `data` is undefined, and what the pages render from it is missing',
      'index.md:7 Vue template <ul> uses `data`, which has no value at build time: what it renders from it is missing',
    ]);
  });

  it('reports a loader that throws, and the template it leaves as written', async () => {
    const { messages } = await migratePage(
      'throwing',
      { 'deps.data.ts': "export default {\n  load() {\n    throw new Error('no token')\n  },\n}\n" },
      'index.md',
      page,
    );
    expect(messages[0]).toBe(
      'deps.data.ts:2 VitePress data loader could not run at migrate time (no token): its `data` is undefined, and what the pages render from it is missing',
    );
    expect(messages.slice(1).join('\n')).toContain('index.md:7 Vue template <ul> cannot render at build time');
  });
});
