/**
 * A page's own exported component, as Docusaurus' MDX guide writes it (facebook/docusaurus,
 * website/docs/guides/markdown-features/markdown-features-react.mdx, MIT: `export const Highlight = …` then
 * `<Highlight color="#25c2a0">…</Highlight>`): Docusaurus runs the page as a module, so the component renders.
 * docgen does so when the site's pages are code (`markdown.pageCode`), which `docgen migrate docusaurus` turns on for
 * a site whose pages export code; without it, the export is dropped with a warning and the children are shown.
 * The component's inline styles are allowed by their hashes in the site's Content-Security-Policy, and only they.
 */
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parse } from 'node-html-parser';
import { afterAll, describe, expect, it } from 'vitest';
import { launchBrowser } from '../helpers/browser.js';
import { recordViolations, violations } from '../helpers/csp.js';
import { migrateAndBuild, removeDir, runDocgen, startServe, writeTree } from '../helpers/site.js';

const temp = mkdtempSync(path.join(tmpdir(), 'docgen-page-code-'));
afterAll(() => removeDir(temp));

const PAGE = [
  '---',
  'title: Colors',
  '---',
  '',
  'export const Highlight = ({children, color}) => (',
  '  <span',
  '    style={{',
  '      backgroundColor: color,',
  "      borderRadius: '2px',",
  "      color: '#fff',",
  "      padding: '0.2rem',",
  '    }}>',
  '    {children}',
  '  </span>',
  ');',
  '',
  'export const year = 2000 + 26;',
  '',
  '<Highlight color="#25c2a0">Docusaurus green</Highlight> and <Highlight color="#1877F2">Facebook blue</Highlight> are my favorite colors.',
  '',
  'I can write **Markdown** alongside my _JSX_! Written in {year}.',
  '',
].join('\n');

const main = (file: string) => parse(readFileSync(file, 'utf8')).querySelector('main')!;

describe("a page's exported component", () => {
  it('migrate docusaurus turns markdown.pageCode on, and the build renders the component with its props', async () => {
    const site = path.join(temp, 'source');
    writeTree(site, {
      'docusaurus.config.js':
        "module.exports = { title: 'Colors', url: 'https://example.com', baseUrl: '/', presets: [['classic', { docs: {}, blog: false }]] };\n",
      'docs/colors.mdx': PAGE,
    });
    const out = path.join(temp, 'migrated');
    const { report, output } = migrateAndBuild('docusaurus', site, out);
    expect(readFileSync(path.join(out, 'site.config.ts'), 'utf8')).toMatch(/"pageCode": true/);
    expect(report).toContain('pages export code (the first at content/docs/colors.mdx:5)');
    expect(output).not.toMatch(/UnknownComponent|MarkdownSyntax|TemplateRenderFailed/);
    const content = main(path.join(out, 'dist/docs/colors.html'));
    const spans = content.querySelectorAll('p > span');
    expect(spans.map((span) => [span.text, span.getAttribute('style')])).toEqual([
      ['Docusaurus green', 'background-color:#25c2a0;border-radius:2px;color:#fff;padding:0.2rem'],
      ['Facebook blue', 'background-color:#1877F2;border-radius:2px;color:#fff;padding:0.2rem'],
    ]);
    expect(content.text).toContain('Written in 2026.');

    // Served with its own _headers, the page shows the colours: the policy allows these two styles by hash.
    const policy = readFileSync(path.join(out, 'dist/_headers'), 'utf8');
    expect(policy).toMatch(/style-src 'self' 'unsafe-hashes' 'sha256-[^']+' 'sha256-[^']+';/);
    expect(policy).not.toContain('unsafe-inline');
    const server = await startServe(path.join(out, 'dist'));
    const browser = await launchBrowser();
    try {
      const context = await browser.newContext();
      await recordViolations(context);
      const page = await context.newPage();
      await page.goto(`${server.url}/docs/colors`);
      const colours = await page.$$eval('main p > span', (spans) =>
        spans.map((span) => getComputedStyle(span).backgroundColor),
      );
      expect(colours).toEqual(['rgb(37, 194, 160)', 'rgb(24, 119, 242)']);
      expect(await violations(page)).toEqual([]);
    } finally {
      await browser.close();
      await server.close();
    }
  });

  it('without markdown.pageCode, the export is dropped with a warning at its line and the children are shown', () => {
    const dir = writeTree(path.join(temp, 'plain'), {
      'site.config.ts':
        "import { defineConfig } from 'docgen';\nexport default defineConfig({ product: 'Colors', title: 'Colors', url: 'https://example.com', buildDate: '2026-11-28', onUnknownComponent: 'warn' });\n",
      'content/index.md': '# Home\n',
      'content/colors.mdx': PAGE,
    });
    const result = runDocgen(['build'], dir);
    expect(result.status, result.stderr).toBe(0);
    expect(result.stderr).toContain('content/colors.mdx:5:1');
    expect(result.stderr).toContain('markdown.pageCode: true');
    expect(result.stderr).toContain("<Highlight> is not a component docgen knows (this page's own export");
    const content = main(path.join(dir, 'dist/colors.html'));
    expect(content.querySelectorAll('span[style]')).toEqual([]);
    expect(content.text).toContain('Docusaurus green and Facebook blue are my favorite colors.');
  });
});
