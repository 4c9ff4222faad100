/**
 * A VitePress site whose components import assets and data as vite's docs do, migrated and built
 * (src/node/migrate/vue-render.ts): an image named through the config's `vite.resolve.alias` (`<img
 * src="@assets/logo.svg">`) shows, published from the theme's dot folder; a background image of a theme package
 * that is not installed is left out and reported at its file:line instead of writing `url(undefined)` into the
 * stylesheet (which failed the build); a VitePress data loader's `data` fills the page's list.
 */
import { existsSync, mkdtempSync, readFileSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { migrateAndBuild, removeDir, writeTree } from '../helpers/site.js';

const temp = mkdtempSync(path.join(tmpdir(), 'docgen-migrate-vitepress-vue-assets-'));
afterAll(() => removeDir(temp));

/** Every file under a folder, relative, `/`-separated. */
function filesOf(dir: string, prefix = ''): string[] {
  return readdirSync(path.join(dir, prefix), { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? filesOf(dir, path.join(prefix, entry.name)) : [path.join(prefix, entry.name)],
  );
}

describe('migrate vitepress: what components import', () => {
  it('shows an aliased image, leaves out and reports an asset of a missing package, and fills a data loader list', () => {
    const site = path.join(temp, 'site');
    writeTree(site, {
      'package.json': '{ "private": true, "devDependencies": { "vitepress": "^1.6.3", "some-theme": "^1.0.0" } }\n',
      '.vitepress/config.mts': [
        "import { fileURLToPath } from 'node:url'",
        'export default {',
        "  title: 'Assets',",
        "  vite: { resolve: { alias: { '@assets': fileURLToPath(new URL('./theme/assets', import.meta.url)) } } },",
        '}',
        '',
      ].join('\n'),
      '.vitepress/theme/assets/logo.svg': '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"/>',
      '.vitepress/theme/Logo.vue':
        '<template>\n  <img src="@assets/logo.svg" alt="Logo" width="10" height="10" />\n</template>\n',
      '.vitepress/theme/Card.vue': [
        '<script setup>',
        "import bg from 'some-theme/assets/bg.jpg'",
        '</script>',
        '',
        '<template>',
        '  <a class="card" :style="`background-image: url(${bg});`" href="https://example.com">Card</a>',
        '</template>',
        '',
      ].join('\n'),
      '_data/deps.data.ts':
        "export default { load() { return { list: [{ name: 'rollup' }, { name: 'esbuild' }] } } }\n",
      'index.md': [
        '<script setup>',
        "import Logo from './.vitepress/theme/Logo.vue'",
        "import Card from './.vitepress/theme/Card.vue'",
        "import { data } from './_data/deps.data'",
        '</script>',
        '',
        '# Home',
        '',
        '<Logo />',
        '',
        '<Card />',
        '',
        '<ul>',
        '  <li v-for="dep in data.list" :key="dep.name">{{ dep.name }}</li>',
        '</ul>',
        '',
      ].join('\n'),
    });
    const out = path.join(temp, 'site-docgen');
    const { report } = migrateAndBuild('vitepress', site, out);
    const dist = path.join(out, 'dist');
    const html = readFileSync(path.join(dist, 'index.html'), 'utf8');
    const src = /<img src="([^"]+)" alt="Logo"/.exec(html)?.[1];
    expect(src).toBe('/vue-assets/vitepress/theme/assets/logo.svg');
    expect(existsSync(path.join(dist, src!))).toBe(true);
    expect(html).toContain('<li>rollup</li><li>esbuild</li>');
    expect(html).not.toContain('{{');
    for (const file of filesOf(dist).filter((name) => /\.(html|css)$/.test(name)))
      expect(readFileSync(path.join(dist, file), 'utf8'), file).not.toContain('url(undefined)');
    expect(report).toContain(
      ".vitepress/theme/Card.vue:2  the asset 'some-theme/assets/bg.jpg' names a package (or an alias) that is not here: the attribute or style declaration that uses it is left out of the page rendered at index.md:11",
    );
  });
});
