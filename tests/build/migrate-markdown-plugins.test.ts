/**
 * The site's own remark/rehype plugins are carried by migrate (markdown-plugins.ts): a Docusaurus site whose docs
 * list a remark plugin of its `src/` with options, and a rehype plugin from a folder beside it, builds with both
 * running, as Docusaurus runs them (its "MDX Plugins" guide: `remarkPlugins: [[plugin, options]]`).
 */
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { removeDir, runDocgen, writeTree } from '../helpers/site.js';

const temp = mkdtempSync(path.join(tmpdir(), 'docgen-migrate-plugins-'));
afterAll(() => removeDir(temp));

/** A remark plugin replacing `%version%` in text with its `version` option (a site's release-number pattern). */
const REMARK_VERSION = [
  "import type { Root } from 'mdast';",
  '',
  'type Node = { type: string; value?: string; children?: Node[] };',
  '',
  'export default function remarkVersion(options: { version: string }) {',
  '  const walk = (node: Node): void => {',
  "    if (node.type === 'text' && node.value) node.value = node.value.replaceAll('%version%', options.version);",
  '    node.children?.forEach(walk);',
  '  };',
  '  return (tree: Root) => walk(tree as Node);',
  '}',
  '',
].join('\n');

/** A rehype plugin marking links to other sites (in a folder of its own, with a helper module beside it). */
const REHYPE_EXTERNAL = [
  "import { isExternal } from './is-external.mjs';",
  'export function rehypeMarkExternal() {',
  '  const walk = (node) => {',
  "    if (node.type === 'element' && node.tagName === 'a' && isExternal(node.properties.href))",
  "      node.properties.dataExternal = 'yes';",
  '    node.children?.forEach(walk);',
  '  };',
  '  return walk;',
  '}',
  '',
].join('\n');

describe("migrate: the site's own Markdown plugins", () => {
  it('docusaurus: a local remark plugin with options and a local rehype plugin change the built page', () => {
    const site = writeTree(path.join(temp, 'docusaurus'), {
      'docusaurus.config.ts': [
        "import type { Config } from '@docusaurus/types';",
        "import remarkVersion from './src/remark/remark-version';",
        "import { rehypeMarkExternal } from './plugins/rehype-mark-external.mjs';",
        'const config: Config = {',
        "  title: 'Plugins', url: 'https://example.com', baseUrl: '/',",
        '  presets: [[',
        "    'classic',",
        "    { docs: { routeBasePath: '/', remarkPlugins: [[remarkVersion, { version: '2.4.0' }]], rehypePlugins: [rehypeMarkExternal] } },",
        '  ]],',
        '};',
        'export default config;',
        '',
      ].join('\n'),
      'src/remark/remark-version.ts': REMARK_VERSION,
      'plugins/rehype-mark-external.mjs': REHYPE_EXTERNAL,
      'plugins/is-external.mjs': "export const isExternal = (href) => /^https?:\\/\\//.test(String(href ?? ''));\n",
      'docs/index.md':
        '---\nslug: /\n---\n# Install\n\nInstall version %version% from [the registry](https://registry.example.org) or [locally](./index.md).\n',
    });
    const out = path.join(temp, 'docusaurus-out');
    const migrate = runDocgen(['migrate', 'docusaurus', site, '--out', out], temp);
    expect(migrate.status, migrate.stdout + migrate.stderr).toBe(0);
    const config = readFileSync(path.join(out, 'site.config.ts'), 'utf8');
    expect(config).toContain("import remarkVersion from './src/remark/remark-version.ts';");
    expect(config).toContain("import { rehypeMarkExternal } from './plugins/rehype-mark-external.mjs';");
    expect(existsSync(path.join(out, 'plugins/is-external.mjs'))).toBe(true);
    const report = readFileSync(path.join(out, 'MIGRATION.md'), 'utf8');
    expect(report).not.toMatch(/remarkVersion|rehypeMarkExternal|Plugins'/);
    const build = runDocgen(['build'], out);
    expect(build.status, build.stdout + build.stderr).toBe(0);
    const html = readFileSync(path.join(out, 'dist/index.html'), 'utf8');
    expect(html).toContain('Install version 2.4.0 from');
    expect(html).toMatch(/<a [^>]*href="https:\/\/registry\.example\.org"[^>]*data-external="yes"/);
    expect(html).not.toMatch(/<a [^>]*href="\/"[^>]*data-external/);
  });

  it('vitepress: markdown-it plugins of markdown.config are reported by name, but those whose syntax docgen renders; markdown.math is carried, not reported', () => {
    const site = writeTree(path.join(temp, 'vitepress'), {
      '.vitepress/config.mts': [
        "import { defineConfig } from 'vitepress';",
        "import footnote from 'markdown-it-footnote';",
        "import abbr from 'markdown-it-abbr';",
        'function highlightNotes(md) {}',
        'export default defineConfig({',
        "  title: 'Plugins',",
        '  markdown: {',
        '    math: true,',
        '    lineNumbers: true,',
        '    config(md) {',
        '      md.use(footnote);',
        '      md.use(abbr).use(highlightNotes);',
        '      md.renderer.rules.table_open = () => \'<table class="t">\';',
        '    },',
        '  },',
        '});',
        '',
      ].join('\n'),
      'index.md': '# Home\n',
    });
    const out = path.join(temp, 'vitepress-out');
    const migrate = runDocgen(['migrate', 'vitepress', site, '--out', out], temp);
    expect(migrate.status, migrate.stdout + migrate.stderr).toBe(0);
    const report = readFileSync(path.join(out, 'MIGRATION.md'), 'utf8');
    expect(report).toContain(
      "'markdown.config' is not carried over: its markdown-it plugins (md.use: markdown-it-abbr, highlightNotes) cannot run in docgen",
    );
    expect(report).not.toContain('markdown-it-footnote');
    expect(report).toContain("'markdown' options 'lineNumbers' are not carried over");
    expect(report).not.toContain("'math'");
  });
});
