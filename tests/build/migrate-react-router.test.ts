/**
 * A Docusaurus site's component that imports react-router's hooks from `react-router-dom` directly (a dependency of
 * @docusaurus/core, so every Docusaurus site has it, and `@docusaurus/router` only re-exports it): `useLocation` to
 * read the page's path, `Link` for a link. Before, the migrated site had no react-router-dom, the component's import
 * failed ("Could not resolve \"react-router-dom\"", TemplateRenderFailed) and its page showed nothing of it; now it
 * gets docgen's copy of react-router 5's hooks (as `@docusaurus/router` does) and its `Link` as `@docusaurus/Link`.
 */
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { migrateAndBuild, removeDir, writeTree } from '../helpers/site.js';

const temp = mkdtempSync(path.join(tmpdir(), 'docgen-migrate-react-router-'));
afterAll(() => removeDir(temp));

describe('migrate: a component importing react-router-dom', () => {
  it('renders with docgen’s react-router hooks', () => {
    const site = writeTree(path.join(temp, 'site'), {
      'docusaurus.config.js': [
        'module.exports = {',
        "  title: '案内', url: 'https://example.com', baseUrl: '/',",
        "  i18n: { defaultLocale: 'ja', locales: ['ja'] },",
        "  presets: [['classic', { docs: { routeBasePath: '/' } }]],",
        '};',
      ].join('\n'),
      'src/components/LanguageNotice.jsx': [
        "import React from 'react';",
        "import { useLocation, Link } from 'react-router-dom';",
        '',
        'export default function LanguageNotice() {',
        '  const location = useLocation();',
        "  const english = location.pathname.startsWith('/en/');",
        '  return (',
        '    <p>',
        "      {english ? 'English' : '日本語のページです'}: <Link to=\"/guide\">ガイド</Link>",
        '    </p>',
        '  );',
        '}',
      ].join('\n'),
      'docs/index.mdx': [
        '---',
        'slug: /',
        '---',
        '# ようこそ',
        '',
        "import LanguageNotice from '@site/src/components/LanguageNotice';",
        '',
        '<LanguageNotice />',
        '',
      ].join('\n'),
      'docs/guide.md': '# ガイド\n\n本文。\n',
    });
    const { output } = migrateAndBuild('docusaurus', site, path.join(temp, 'out'));
    expect(output).not.toMatch(/TemplateRenderFailed|react-router-dom/);
    const page = readFileSync(path.join(temp, 'out/dist/index.html'), 'utf8');
    expect(page).toMatch(/<p>日本語のページです(?:<!-- -->)?: (?:<!-- -->)?<a href="\/guide">ガイド<\/a><\/p>/);
  });
});
