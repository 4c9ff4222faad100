/**
 * A VitePress sidebar computed by code: from the pages with fast-glob (es-toolkit's getSidebarItems), which docgen
 * runs, or by a package docgen does not run (a stub), whose group is left empty and reported: the migrated config is
 * valid and the site builds either way.
 */
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { removeDir, runDocgen, writeTree } from '../helpers/site.js';

const temp = mkdtempSync(path.join(tmpdir(), 'docgen-migrate-computed-sidebar-'));
afterAll(() => removeDir(temp));

describe('migrate vitepress: computed sidebars', () => {
  it('carries a sidebar listed with fast-glob and builds with a group a stubbed package computes', () => {
    const site = path.join(temp, 'site');
    writeTree(site, {
      '.vitepress/config.mts': [
        "import glob from 'fast-glob';",
        "import path from 'node:path';",
        "import { generateSidebar } from 'vitepress-sidebar';",
        "const root = path.resolve(import.meta.dirname, '..');",
        "const items = glob.sync(path.join(root, 'reference/*.md')).sort().map((file) => ({ text: path.basename(file, '.md'), link: '/' + path.relative(root, file).replace(/\\.md$/, '') }));",
        "export default { title: 'Computed', themeConfig: { sidebar: [{ text: 'Reference', items }, { text: 'Generated', items: generateSidebar({}) }] } };",
        '',
      ].join('\n'),
      'index.md': '# Home\n',
      'reference/chunk.md': '# chunk\n\nSplits an array.\n',
      'reference/zip.md': '# zip\n\nPairs arrays.\n',
    });
    const out = path.join(temp, 'site-docgen');
    const migrate = runDocgen(['migrate', 'vitepress', site, '--out', out], temp);
    expect(migrate.status, migrate.stdout + migrate.stderr).toBe(0);
    expect(readFileSync(path.join(out, 'MIGRATION.md'), 'utf8')).toContain(
      "the items of sidebar group 'Generated' are computed by a package docgen does not run",
    );
    const build = runDocgen(['build'], out);
    expect(build.status, build.stdout + build.stderr).toBe(0);
    const page = readFileSync(path.join(out, 'dist/reference/chunk.html'), 'utf8');
    expect(page).toMatch(/<a [^>]*href="\/reference\/zip"[^>]*>[^<]*zip/);
  });
});
