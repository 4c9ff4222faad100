/**
 * Math carried by migrate: a Docusaurus site that lists remark-math and rehype-katex in its docs options
 * (Docusaurus' "Math Equations" guide; matsu1r/asobinon and koboshi-kyopro/little-stars-library do), and a VitePress
 * site with `markdown: { math: true }`, get docgen's math set-up (README "Markdown plugins": the plugins, KaTeX's
 * stylesheet, `'unsafe-inline'` styles) and the packages in their package.json, so `$…$` and `$$…$$` render with
 * KaTeX instead of printing (or, in MDX, failing on `{2\pi}`). The site's other remark plugins are named in the
 * report. The .gitignore ignores `dist`, which the build makes a symbolic link.
 */
import { mkdtempSync, readFileSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { removeDir, repoRoot, runDocgen, writeTree } from '../helpers/site.js';

const temp = mkdtempSync(path.join(tmpdir(), 'docgen-migrate-math-'));
afterAll(() => removeDir(temp));

const PAGE = [
  '# Integrals',
  '',
  'Euler: $e^{i\\pi} + 1 = 0$.',
  '',
  '$$',
  'I = \\int_0^{2\\pi} \\sin(x) dx',
  '$$',
  '',
].join('\n');

/** Migrates, links docgen's packages in as `npm install` would provide them, builds; both must succeed. */
function migrateAndBuildWithPackages(tool: 'docusaurus' | 'vitepress', site: string, out: string) {
  const migrate = runDocgen(['migrate', tool, site, '--out', out], temp);
  expect(migrate.status, migrate.stdout + migrate.stderr).toBe(0);
  symlinkSync(path.join(repoRoot, 'node_modules'), path.join(out, 'node_modules'), 'dir');
  const build = runDocgen(['build'], out);
  expect(build.status, build.stdout + build.stderr).toBe(0);
  return {
    report: readFileSync(path.join(out, 'MIGRATION.md'), 'utf8'),
    pkg: JSON.parse(readFileSync(path.join(out, 'package.json'), 'utf8')) as { dependencies: Record<string, string> },
    output: build.stdout + build.stderr,
  };
}

/** What a page of math must show: KaTeX's markup for both formulas, no dollar signs left as text. */
function expectMath(html: string) {
  expect(html.match(/class="katex"/g)?.length).toBe(2);
  expect(html).toContain('class="katex-display"');
  expect(html.replace(/<[^>]+>/g, '')).not.toContain('$$');
}

describe('migrate: math', () => {
  it('docusaurus remark-math and rehype-katex: the page renders KaTeX, and the site installs the plugins', () => {
    const site = writeTree(path.join(temp, 'docusaurus'), {
      'docusaurus.config.js': [
        "const math = require('remark-math');",
        "const katex = require('rehype-katex');",
        "const customBlocks = require('remark-custom-blocks');",
        'module.exports = {',
        "  title: 'Math', url: 'https://example.com', baseUrl: '/',",
        "  presets: [['classic', { docs: { routeBasePath: '/', remarkPlugins: [math, [customBlocks, {}]], rehypePlugins: [katex] } }]],",
        '};',
        '',
      ].join('\n'),
      'docs/index.mdx': `---\nslug: /\n---\n${PAGE}`,
    });
    const out = path.join(temp, 'docusaurus-out');
    const { report, pkg, output } = migrateAndBuildWithPackages('docusaurus', site, out);
    expect(output).not.toMatch(/MarkdownSyntax/);
    expectMath(readFileSync(path.join(out, 'dist/index.html'), 'utf8'));
    expect(Object.keys(pkg.dependencies)).toEqual(expect.arrayContaining(['remark-math', 'rehype-katex', 'katex']));
    expect(report).toContain("docs option 'remarkPlugins': remark-custom-blocks not carried over");
    expect(report).not.toMatch(/rehypePlugins|remark-math/);
    expect(readFileSync(path.join(out, '.gitignore'), 'utf8').split('\n')).toContain('dist');
  });

  it('vitepress markdown.math: the page renders KaTeX', () => {
    const site = writeTree(path.join(temp, 'vitepress'), {
      '.vitepress/config.mts': [
        "import { defineConfig } from 'vitepress';",
        "export default defineConfig({ title: 'Math', markdown: { math: true } });",
        '',
      ].join('\n'),
      'index.md': PAGE,
    });
    const out = path.join(temp, 'vitepress-out');
    const { pkg } = migrateAndBuildWithPackages('vitepress', site, out);
    expectMath(readFileSync(path.join(out, 'dist/index.html'), 'utf8'));
    expect(pkg.dependencies['remark-math']).toBeDefined();
  });
});
