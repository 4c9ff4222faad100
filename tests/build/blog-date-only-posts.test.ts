/**
 * Posts named by their date alone (tanomimaster/tanomimaster-doc's release notes: 2022-11-24.md, then
 * 2022-11-24-01.md and 2022-11-24-02.md for the same day): Docusaurus' parseBlogFileName gives the first the slug
 * '/2022/11/24/' and normalizeUrl keeps its trailing slash, so it is published at /blog/2022/11/24/ (a folder's
 * index), beside /blog/2022/11/24/01 and /02.
 */
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parse } from 'node-html-parser';
import { afterAll, describe, expect, it } from 'vitest';
import { removeDir, runDocgen, writeTree } from '../helpers/site.js';

const temp = mkdtempSync(path.join(tmpdir(), 'docgen-blog-date-only-'));
afterAll(() => removeDir(temp));

describe('blog posts named by their date alone', () => {
  it('are published at the date with a trailing slash, as Docusaurus publishes them', () => {
    const release = (version: string) =>
      `---\ntitle: v${version} Release\ntags: [release]\n---\n\nv${version} です。\n`;
    const dir = writeTree(temp, {
      'site.config.ts':
        "import { defineConfig } from 'docgen';\nexport default defineConfig({ product: 'Notes', title: 'Notes', url: 'https://example.com', buildDate: '2026-11-29', blog: {} });\n",
      'content/index.md': '# Home\n',
      'content/blog/2022-11-24.md': release('3.7.0'),
      'content/blog/2022-11-24-01.md': release('3.7.1'),
      'content/blog/2022-11-24-02.md': release('3.7.2'),
    });
    const result = runDocgen(['build'], dir);
    expect(result.status, result.stdout + result.stderr).toBe(0);
    const dist = path.join(dir, 'dist');
    expect(parse(readFileSync(path.join(dist, 'blog/2022/11/24/index.html'), 'utf8')).querySelector('h1')!.text).toBe(
      'v3.7.0 Release',
    );
    expect(existsSync(path.join(dist, 'blog/2022/11/24/01.html'))).toBe(true);
    expect(existsSync(path.join(dist, 'blog/2022/11/24.html'))).toBe(false);
    const listed = parse(readFileSync(path.join(dist, 'blog.html'), 'utf8'))
      .querySelectorAll('main h2 a')
      .map((a) => a.getAttribute('href'));
    expect(listed).toContain('/blog/2022/11/24/');
    expect(readFileSync(path.join(dist, 'sitemap.xml'), 'utf8')).toContain('https://example.com/blog/2022/11/24/<');
  });
});
