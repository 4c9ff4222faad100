/**
 * Which of a Docusaurus config's remark/rehype plugins migrate carries into site.config.ts, and how each that is
 * not carried is reported (markdown-plugins.ts). The configs are read as migrate reads them (load-static.ts).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadStaticModule } from '../../../../src/node/migrate/load-static.js';
import {
  carryMarkdownPlugins,
  docusaurusPluginLists,
  pluginImport,
} from '../../../../src/node/migrate/markdown-plugins.js';
import { MigrationReport } from '../../../../src/node/migrate/report.js';
import { writeTree } from '../../../helpers/site.js';

const dir = mkdtempSync(path.join(tmpdir(), 'docgen-markdown-plugins-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const write = (name: string, text: string) => path.join(writeTree(dir, { [name]: text }), name);

describe('carryMarkdownPlugins', () => {
  it('carries local modules and listed packages with their options, and reports the rest', async () => {
    write(
      'package.json',
      JSON.stringify({
        dependencies: { 'remark-breaks': '^4.0.0', 'rehype-slug-custom': '^1.2.0', 'remark-old': '^2.0.2' },
        devDependencies: { 'remark-absent': '^1.0.0' },
      }),
    );
    // As npm installs them: a current plugin is an ES module; remark-old 2 is CommonJS (unified 9).
    write(
      'node_modules/remark-breaks/package.json',
      '{ "name": "remark-breaks", "version": "4.0.0", "type": "module" }',
    );
    write('node_modules/rehype-slug-custom/package.json', '{ "name": "rehype-slug-custom", "type": "module" }');
    write('node_modules/remark-old/package.json', '{ "name": "remark-old", "version": "2.0.2" }');
    write('src/remark/term.js', 'module.exports = function remarkTerm() { return () => {}; };\n');
    // A local plugin whose module imports an installed package through a helper of its own is carried; one that
    // imports a package the site has not installed is not (site.config.ts would fail to load).
    write('src/plugins/util.ts', "import breaks from 'remark-breaks';\nexport const lineBreaks = breaks;\n");
    write(
      'src/plugins/index.ts',
      "import { lineBreaks } from './util';\nexport function remarkNote() { return lineBreaks; }\n",
    );
    write(
      'src/remark/visit.js',
      "import { visit } from 'unist-util-visit';\nexport default function remarkVisit() { return (tree) => visit(tree, 'x', () => {}); }\n",
    );
    const file = write(
      'docusaurus.config.js',
      [
        "const math = require('remark-math');",
        "const breaks = require('remark-breaks');",
        "const { rehypeSlugCustom } = require('rehype-slug-custom');",
        "const npm2yarn = require('@docusaurus/remark-plugin-npm2yarn');",
        "const gfm = require('remark-gfm');",
        "const unlisted = require('remark-unlisted');",
        "const old = require('remark-old');",
        "const absent = require('remark-absent');",
        "const term = require('./src/remark/term');",
        "import visiting from './src/remark/visit';",
        "import { remarkNote } from './src/plugins';",
        'function inline() { return () => {}; }',
        'module.exports = {',
        "  title: 'T', url: 'https://example.com', baseUrl: '/',",
        '  presets: [["classic", {',
        '    docs: { remarkPlugins: [math, breaks, [term, { glossary: "terms.yml" }], [npm2yarn, { sync: true }], gfm, unlisted, inline, old, absent, visiting], rehypePlugins: [[rehypeSlugCustom, { prefix: "h-" }]] },',
        '    blog: { beforeDefaultRemarkPlugins: [remarkNote, [term, { glossary: "terms.yml" }], [term, { fn: () => 1 }]] },',
        '  }]],',
        "  plugins: [['@docusaurus/plugin-content-docs', { id: 'api', remarkPlugins: [breaks, require('./src/remark/missing')] }]],",
        '};',
        '',
      ].join('\n'),
    );
    const { value } = await loadStaticModule(file, { cwd: dir });
    const report = new MigrationReport(dir);
    const carry = carryMarkdownPlugins(docusaurusPluginLists(value), {
      site: dir,
      report,
      file: 'docusaurus.config.js',
    });
    expect(carry.plugins.map(pluginImport)).toEqual([
      "import remarkBreaks from 'remark-breaks';",
      "import term from './src/remark/term.js';",
      "import { rehypeSlugCustom } from 'rehype-slug-custom';",
      "import { remarkNote } from './src/plugins/index.ts';",
    ]);
    expect(carry.plugins.map((plugin) => [plugin.kind, plugin.options])).toEqual([
      ['remark', undefined],
      ['remark', { glossary: 'terms.yml' }],
      ['rehype', { prefix: 'h-' }],
      ['remark', undefined],
    ]);
    expect(carry.dependencies).toEqual({ 'remark-breaks': '^4.0.0', 'rehype-slug-custom': '^1.2.0' });
    expect(carry.files).toEqual([path.join(dir, 'src/remark/term.js'), path.join(dir, 'src/plugins/index.ts')]);
    const lines = report.format();
    expect(lines).toContain("docs option 'remarkPlugins': @docusaurus/remark-plugin-npm2yarn not carried over");
    expect(lines).toContain(
      "docs option 'remarkPlugins': remark-gfm not carried over (docgen reads this syntax itself)",
    );
    expect(lines).toContain("docs option 'remarkPlugins': remark-unlisted not carried over");
    expect(lines).toContain("docs option 'remarkPlugins': inline not carried over (it is defined in the config itself");
    expect(lines).toContain(
      "blog option 'beforeDefaultRemarkPlugins': src/remark/term.js not carried over (its options are not plain data",
    );
    expect(lines).toContain(
      "docs option 'remarkPlugins' (docs plugin 'api'): ./src/remark/missing not carried over (the file does not exist",
    );
    expect(lines).toContain(
      "docs option 'remarkPlugins': remark-old not carried over (version 2.0.2 is a CommonJS plugin, written for unified 9",
    );
    expect(lines).toContain(
      "docs option 'remarkPlugins': remark-absent not carried over (it is not installed in the site",
    );
    expect(lines).toContain(
      "docs option 'remarkPlugins': src/remark/visit.js not carried over (it imports unist-util-visit, which is not installed in the site",
    );
    expect(lines).not.toMatch(/remark-math|remark-breaks|rehype-slug-custom|remarkNote/);
  });
});
