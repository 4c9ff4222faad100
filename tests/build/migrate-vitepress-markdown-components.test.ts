/**
 * VitePress compiles every Markdown file into a Vue component: a page may import one in its `<script setup>`
 * (`import Intro from './parts/intro.md'`), or the site registers `.vitepress/theme/components` with
 * unplugin-vue-components (`extensions: ['vue', 'md']`) and pages write `<ChangeLog />` anywhere, even in a
 * container followed by Markdown on the next line (a component tag alone on its line is a block of its own in
 * VitePress, @mdit-vue/plugin-component). Migrated, the page shows the component's Markdown in its place (a nested
 * component's too), the prose around it stays Markdown, and nothing of it is reported or dropped.
 */
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { removeDir, runDocgen, writeTree } from '../helpers/site.js';

const temp = mkdtempSync(path.join(tmpdir(), 'docgen-migrate-md-components-'));
afterAll(() => removeDir(temp));

describe('migrate vitepress: Markdown files used as components', () => {
  it('shows the Markdown of folder components and imported ones where the page uses them', () => {
    const site = writeTree(path.join(temp, 'site'), {
      '.vitepress/config.ts': [
        "import { defineConfig } from 'vitepress';",
        "export default defineConfig({ title: 'Parts', themeConfig: { nav: [{ text: 'Guide', link: '/guide/' }] } });",
        '',
      ].join('\n'),
      '.vitepress/theme/index.ts': "import DefaultTheme from 'vitepress/theme';\nexport default DefaultTheme;\n",
      '.vitepress/theme/components/ChangeLog.md':
        'Check the [change log](/guide/) for **breaking changes**.\n\n<BuildNotes />\n',
      '.vitepress/theme/components/BuildNotes.md': '- the `target` option follows Vite\n- sourcemaps are kept\n',
      'parts/intro.md': '---\ntitle: not shown\n---\n\nQuill renders documents in the browser.\n',
      'index.md': '# Parts\n\nSee the guide.\n',
      'guide/index.md': [
        '<script setup>',
        "import Intro from '../parts/intro.md'",
        '</script>',
        '',
        '# Guide',
        '',
        '<Intro />',
        '',
        '::: tip',
        '<ChangeLog />',
        'Since version `2.0` the types are bundled:',
        '```json',
        '{ "types": ["quill/client"] }',
        '```',
        ':::',
        '',
      ].join('\n'),
    });
    const out = path.join(temp, 'out');
    const migrate = runDocgen(['migrate', 'vitepress', site, '--out', out], temp);
    expect(migrate.status, migrate.stdout + migrate.stderr).toBe(0);
    const report = readFileSync(path.join(out, 'MIGRATION.md'), 'utf8');
    expect(report).not.toMatch(/ChangeLog|BuildNotes|Intro|<script>/);
    const build = runDocgen(['build'], out);
    expect(build.status, build.stdout + build.stderr).toBe(0);
    expect(build.stdout + build.stderr).not.toContain('DroppedHtml');
    const html = readFileSync(path.join(out, 'dist/guide/index.html'), 'utf8');
    const main = /<main[\s\S]*<\/main>/.exec(html)![0];
    expect(main).toContain('Quill renders documents in the browser.');
    expect(main).not.toContain('not shown');
    expect(main).toMatch(/<strong>breaking changes<\/strong>/);
    expect(main).toMatch(/<li>the <code>target<\/code> option follows Vite<\/li>/);
    // The Markdown after the use in the container is read as Markdown: a paragraph and a code block.
    expect(main).toMatch(/<p>Since version <code>2\.0<\/code> the types are bundled:<\/p>/);
    expect(main).not.toContain('```');
    expect(main).toMatch(/<pre[^>]*>[\s\S]*quill\/client/);
  });
});
