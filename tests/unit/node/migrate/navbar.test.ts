/** Docusaurus navbar items as docgen's navbar takes them (docusaurus-config.ts convertNavbar). */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { convertNavbar } from '../../../../src/node/migrate/docusaurus-config.js';
import { MigrationReport } from '../../../../src/node/migrate/report.js';

const dir = mkdtempSync(path.join(tmpdir(), 'docgen-navbar-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('convertNavbar', () => {
  it('resolves a relative `to` against the base URL, keeps href, and keeps a dropdown with its links, docs and sidebars', () => {
    writeFileSync(
      path.join(dir, 'docusaurus.config.js'),
      "module.exports = {\n  navbar: [\n    { type: 'dropdown', label: 'Docs' },\n  ],\n};\n",
    );
    const report = new MigrationReport(dir);
    const items = convertNavbar(
      {
        themeConfig: {
          navbar: {
            items: [
              { to: 'introduction/getting-started', label: 'Start' },
              { to: '/blog', label: 'Blog', position: 'right' },
              { href: 'https://github.com/x/y', label: 'GitHub', position: 'right' },
              {
                type: 'dropdown',
                label: 'Docs',
                items: [
                  { type: 'doc', docId: 'intro', label: 'Intro' },
                  { to: 'api/', label: 'API' },
                  { type: 'docSidebar', sidebarId: 'guides', label: 'Guides' },
                  { type: 'html', value: '<hr>' },
                ],
              },
            ],
          },
        },
      } as never,
      { docRoute: (id) => (id === 'intro' ? '/docs/intro' : undefined), report, file: 'docusaurus.config.js' },
    );
    expect(items).toEqual([
      { label: 'Start', href: '/introduction/getting-started', position: 'left' },
      { label: 'Blog', href: '/blog', position: 'right' },
      { label: 'GitHub', href: 'https://github.com/x/y', position: 'right' },
      {
        type: 'dropdown',
        label: 'Docs',
        position: 'left',
        items: [
          { label: 'Intro', href: '/docs/intro' },
          { label: 'API', href: '/api/' },
          { type: 'docSidebar', sidebarId: 'guides', label: 'Guides' },
        ],
      },
    ]);
    expect(report.format()).toBe(
      "docusaurus.config.js:3  navbar dropdown 'Docs': its item of type 'html' has no docgen equivalent and was left out",
    );
  });

  it('keeps an item with `items` and no type as a dropdown, as theme-classic reads it (before: left out)', () => {
    const report = new MigrationReport(dir);
    const items = convertNavbar(
      {
        themeConfig: {
          navbar: {
            items: [
              {
                label: 'Community',
                position: 'left',
                items: [
                  { label: 'Discuss', to: '/docs/community/contact' },
                  { label: 'Foundation', href: 'https://www.apache.org/' },
                ],
              },
            ],
          },
        },
      } as never,
      { docRoute: () => undefined, report, file: 'docusaurus.config.js' },
    );
    expect(items).toEqual([
      {
        type: 'dropdown',
        label: 'Community',
        position: 'left',
        items: [
          { label: 'Discuss', href: '/docs/community/contact' },
          { label: 'Foundation', href: 'https://www.apache.org/' },
        ],
      },
    ]);
    expect(report.format()).toBe('');
  });

  it("labels a link without a label (an icon the site's CSS draws) by its host, not its whole URL, and says so", () => {
    writeFileSync(
      path.join(dir, 'docusaurus.config.js'),
      "module.exports = {\n  editUrl: 'https://github.com/x/y/edit/main/',\n  items: [\n    { href: 'https://github.com/x/y', className: 'header-github-link' },\n  ],\n};\n",
    );
    const report = new MigrationReport(dir);
    const items = convertNavbar(
      {
        themeConfig: {
          navbar: {
            items: [
              { href: 'https://github.com/x/y', position: 'right', className: 'header-github-link' },
              { href: 'https://discord.gg/abc', position: 'right', 'aria-label': 'Discord' },
            ],
          },
        },
      } as never,
      { docRoute: () => undefined, report, file: 'docusaurus.config.js' },
    );
    expect(items).toEqual([
      { label: 'github.com', href: 'https://github.com/x/y', position: 'right' },
      { label: 'Discord', href: 'https://discord.gg/abc', position: 'right' },
    ]);
    expect(report.format()).toBe(
      "docusaurus.config.js:4  navbar link https://github.com/x/y has no label (its icon, drawn by the site's CSS through className 'header-github-link', is not carried); labelled 'github.com'",
    );
  });
});
