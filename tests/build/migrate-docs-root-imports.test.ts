/**
 * Docusaurus pages that import a partial kept in the docs folder through the site root: `@site/docs/_note.mdx`
 * (the `@site` alias) and `/docs/_note.mdx` (a server-relative request, which webpack resolves against its
 * `resolve.roots`, the site folder), as vrchat-community/creator-docs' economy pages do, and a second docs plugin
 * whose page imports a partial of its own folder (`@site/changes/_intro.mdx`). Migrate moves each docs folder to
 * `content/…`; the imports must follow, so each page shows its partial's text (the partial's props included) and
 * the build has no dead import; MIGRATION.md does not list the partials as components docgen does not have.
 */
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { migrateAndBuild, removeDir, writeTree } from '../helpers/site.js';

const temp = mkdtempSync(path.join(tmpdir(), 'docgen-migrate-docs-root-imports-'));
afterAll(() => removeDir(temp));

describe('migrate docusaurus: imports of docs-folder files through the site root', () => {
  it('follow the docs folders to content/, so the partials are on the pages', () => {
    const site = writeTree(path.join(temp, 'site'), {
      'docusaurus.config.js': [
        'module.exports = {',
        "  title: 'Docs root imports', url: 'https://example.com', baseUrl: '/',",
        "  presets: [['classic', { docs: { routeBasePath: '/' } }]],",
        "  plugins: [['@docusaurus/plugin-content-docs', { id: 'changes', path: 'changes', routeBasePath: 'changes' }]],",
        '};',
        '',
      ].join('\n'),
      'docs/index.md': '---\nslug: /\n---\n# Home\n\nWelcome.\n',
      'docs/_note.mdx': 'Prices are shown in the local currency.\n',
      'docs/shop/listings.mdx': [
        '---',
        'title: Listings',
        '---',
        "import Note from '@site/docs/_note.mdx';",
        "import Rooted from '/docs/_note.mdx';",
        '',
        'How listings work.',
        '',
        '<Note />',
        '',
        '```js',
        "import Note from '@site/docs/_note.mdx';",
        '```',
        '',
      ].join('\n'),
      'docs/shop/rooted.mdx': "import Rooted from '/docs/_note.mdx';\n\n# Rooted\n\n<Rooted />\n",
      'changes/_intro.mdx': 'Every release is listed here.\n',
      'changes/index.mdx': "import Intro from '@site/changes/_intro.mdx';\n\n# Changes\n\n<Intro />\n",
    });
    const out = path.join(temp, 'out');
    const { report, output } = migrateAndBuild('docusaurus', site, out);
    expect(output).not.toMatch(/DeadLink/);
    // The partials are carried: MIGRATION.md does not list them as components docgen lacks.
    expect(report).not.toMatch(/MDX import of '(@site)?\/docs\/_note\.mdx'/);
    const listings = readFileSync(path.join(out, 'dist/shop/listings.html'), 'utf8');
    expect(listings).toContain('Prices are shown in the local currency.');
    // The example in the fenced code block is shown as written.
    expect(listings.replace(/<[^>]+>/g, '')).toContain('@site/docs/_note.mdx');
    expect(readFileSync(path.join(out, 'dist/shop/rooted.html'), 'utf8')).toContain(
      'Prices are shown in the local currency.',
    );
    expect(readFileSync(path.join(out, 'dist/changes/index.html'), 'utf8')).toContain('Every release is listed here.');
  });
});
