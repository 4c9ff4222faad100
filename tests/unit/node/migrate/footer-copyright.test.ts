/**
 * Docusaurus' `themeConfig.footer.copyright`, which theme-classic renders as HTML: migrate writes its text. Its
 * character references are decoded as a browser reads them (`&trade;` is ™) and its paragraphs stay apart. Before,
 * only `&copy;`, `&nbsp;` and `&amp;` were decoded: every page's footer printed `trademarks&trade;`, and
 * `</p>Built` glued two words.
 */
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { migrateDocusaurus } from '../../../../src/node/migrate/docusaurus.js';
import { removeDir, writeTree } from '../../../helpers/site.js';

const root = mkdtempSync(path.join(tmpdir(), 'docgen-migrate-copyright-'));
afterAll(() => removeDir(root));

describe('migrate docusaurus: a footer copyright written as HTML', async () => {
  const site = writeTree(path.join(root, 'site'), {
    'docusaurus.config.js': [
      'module.exports = {',
      "  title: 'Demo', url: 'https://example.com', baseUrl: '/',",
      "  presets: [['classic', { docs: {}, blog: false }]],",
      '  themeConfig: {',
      '    footer: {',
      '      copyright: `<p>Copyright &#169; ${new Date().getFullYear()} <a href="https://example.com">Demo</a>.',
      '        Names are trademarks&trade; or registered&reg; trademarks &mdash; of their holders.</p>',
      '        <p><a href="https://example.com/terms">Terms</a> | <a href="https://example.com/privacy">Privacy</a></p>Built with Docusaurus.`,',
      '    },',
      '  },',
      '};',
      '',
    ].join('\n'),
    'docs/intro.md': '# Intro\n\nHello.\n',
  });
  const out = path.join(root, 'out');
  await migrateDocusaurus(site, out);
  const config = readFileSync(path.join(out, 'site.config.ts'), 'utf8');

  it('is its text, every character reference decoded and each paragraph a word apart', () => {
    const year = new Date().getFullYear();
    expect(config).toContain(
      `"copyright": "Copyright © ${year} Demo. Names are trademarks™ or registered® trademarks — of their holders. Terms | Privacy Built with Docusaurus."`,
    );
  });
});
