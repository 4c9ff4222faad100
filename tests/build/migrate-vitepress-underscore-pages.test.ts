/**
 * VitePress publishes every Markdown file of its source folder, `_`-prefixed ones included (a sidebar links
 * `/cookbook/_discord`), where docgen takes `_` files for partials. After `docgen migrate` such a page is built at
 * the URL VitePress gave it, its sidebar entry and the relative links to it kept; a `_` file another page includes
 * stays a partial (its text is in the including page, no page of its own). Before, the page was not carried: its
 * URL was gone and its sidebar entry reported.
 */
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parse } from 'node-html-parser';
import { afterAll, describe, expect, it } from 'vitest';
import { migrateAndBuild, removeDir, writeTree } from '../helpers/site.js';

const temp = mkdtempSync(path.join(tmpdir(), 'docgen-migrate-underscore-'));
afterAll(() => removeDir(temp));

describe('migrate vitepress: pages named with a leading underscore', () => {
  it('are pages at their VitePress URL; included ones stay partials', () => {
    const site = writeTree(path.join(temp, 'site'), {
      '.vitepress/config.mts': [
        'export default {',
        "  title: 'Cookbook',",
        '  themeConfig: {',
        '    sidebar: [',
        "      { text: 'Guide', items: [{ text: 'Start', link: '/guide/start' }, { text: 'Discord', link: '/cookbook/_discord' }] },",
        '    ],',
        '  },',
        '};',
        '',
      ].join('\n'),
      'index.md': '# Home\n\nWelcome.\n',
      'guide/start.md': [
        '# Start',
        '',
        'Sign in with [Discord](../cookbook/_discord.md#setup).',
        '',
        '<!--@include: ../parts/_note.md-->',
        '',
      ].join('\n'),
      'cookbook/_discord.md': '# Discord\n\n## Setup\n\nCreate an application.\n',
      'parts/_note.md': 'A shared note.\n',
    });
    const out = path.join(temp, 'out');
    const { report, output } = migrateAndBuild('vitepress', site, out);
    expect(report).not.toContain('which is not a page of the site');
    expect(output.match(/^\[\w+\] (warning|error): .*/gm)).toBeNull();
    // At VitePress' URL, in the sidebar.
    const discord = parse(readFileSync(path.join(out, 'dist/cookbook/_discord.html'), 'utf8'));
    expect(discord.querySelector('h1')?.text).toBe('Discord');
    const start = parse(readFileSync(path.join(out, 'dist/guide/start.html'), 'utf8'));
    expect(start.querySelectorAll('.dg-sidebar a').map((a) => [a.text, a.getAttribute('href')])).toContainEqual([
      'Discord',
      '/cookbook/_discord',
    ]);
    // The relative link follows it; the included partial is in the page and no page of its own.
    expect(start.querySelector('.dg-markdown a')?.getAttribute('href')).toBe('/cookbook/_discord#setup');
    expect(start.querySelector('.dg-markdown')?.text).toContain('A shared note.');
    expect(existsSync(path.join(out, 'dist/parts/_note.html'))).toBe(false);
    expect(existsSync(path.join(out, 'dist/parts/note.html'))).toBe(false);
  });
});
