/**
 * A page whose front matter is never closed is read as Docusaurus and VitePress read it (gray-matter: to the end of
 * the file) and built with a warning: hyperledger/iroha-2-docs' VitePress home page (tests/fixtures/real-sites/
 * iroha-2-docs/index.md, `layout: home` and no closing `---`) stopped the whole build.
 */
import { copyFileSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { migrateAndBuild, removeDir, repoRoot, writeTree } from '../helpers/site.js';

const temp = mkdtempSync(path.join(tmpdir(), 'docgen-front-matter-unclosed-'));
afterAll(() => removeDir(temp));

describe('front matter never closed', () => {
  it('builds the page from its front matter, with no YAML printed as text, and warns at 1:1', () => {
    const site = path.join(temp, 'source');
    writeTree(site, {
      '.vitepress/config.mjs': "export default { title: 'Iroha 2', themeConfig: { nav: [] } };\n",
      'get-started/index.md': '# Get started\n',
    });
    copyFileSync(path.join(repoRoot, 'tests/fixtures/real-sites/iroha-2-docs/index.md'), path.join(site, 'index.md'));
    const out = path.join(temp, 'site');
    const { output } = migrateAndBuild('vitepress', site, out);
    expect(output).toMatch(/\[InvalidFrontMatter\] warning: The front matter starts with `---` but is never closed/);
    expect(output).toContain('content/index.md:1:1');
    const html = readFileSync(path.join(out, 'dist/index.html'), 'utf8');
    expect(html).toContain('Fully-featured blockchain ledger'); // the hero's tagline
    expect(html).toContain('Discover how to develop a product on Iroha'); // a feature card
    const text = (/<main[\s\S]*<\/main>/.exec(html)?.[0] ?? '').replace(/<[^>]+>/g, ' ');
    expect(text).not.toMatch(/layout: home|hero:|features:/);
  });
});
