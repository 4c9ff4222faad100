/**
 * VitePress' `createContentLoader` (guide "Build-Time Data Loading"), as its docs write a blog index: `posts.data.js`
 * exports `createContentLoader('posts/*.md', { excerpt: true, transform })`, and the index page lists
 * `post.frontmatter.title` linked to `post.url` with `v-for`. Migrated, the loader runs at migrate time with
 * VitePress' data (URLs from the source folder, front matter, excerpt HTML, the loader's own transform), so the
 * index lists every post, newest first, and its links resolve in the built site.
 */
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { removeDir, runDocgen, writeTree } from '../helpers/site.js';

const temp = mkdtempSync(path.join(tmpdir(), 'docgen-migrate-content-loader-'));
afterAll(() => removeDir(temp));

describe('migrate vitepress: a blog index made with createContentLoader', () => {
  it('lists the posts with their titles, links and excerpts', () => {
    const site = writeTree(path.join(temp, 'site'), {
      '.vitepress/config.mts': [
        "import { defineConfig } from 'vitepress';",
        "export default defineConfig({ title: 'Quill', cleanUrls: true, themeConfig: { nav: [{ text: 'Blog', link: '/blog' }] } });",
        '',
      ].join('\n'),
      'posts.data.ts': [
        "import { createContentLoader } from 'vitepress';",
        '',
        "export default createContentLoader('posts/*.md', {",
        '  excerpt: true,',
        '  transform(raw) {',
        '    return raw.sort((a, b) => +new Date(b.frontmatter.date) - +new Date(a.frontmatter.date));',
        '  },',
        '});',
        '',
      ].join('\n'),
      'posts/hello.md': '---\ntitle: Hello Quill\ndate: 2024-01-05\n---\n\nOur **first** post.\n\n---\n\nThe rest.\n',
      'posts/release-2.md': '---\ntitle: Quill 2.0\ndate: 2024-06-01\n---\n\nFaster builds.\n\n---\n\nDetails.\n',
      'index.md': '# Quill\n\nRead the [blog](/blog).\n',
      'blog.md': [
        '---',
        'title: Blog',
        '---',
        '',
        '<script setup>',
        "import { data as posts } from './posts.data.ts'",
        '</script>',
        '',
        '# Blog',
        '',
        '<ul class="posts">',
        '  <li v-for="post of posts">',
        '    <a :href="post.url">{{ post.frontmatter.title }}</a>',
        '    <div v-html="post.excerpt"></div>',
        '  </li>',
        '</ul>',
        '',
      ].join('\n'),
    });
    const out = path.join(temp, 'out');
    const migrate = runDocgen(['migrate', 'vitepress', site, '--out', out], temp);
    expect(migrate.status, migrate.stdout + migrate.stderr).toBe(0);
    expect(readFileSync(path.join(out, 'MIGRATION.md'), 'utf8')).not.toContain('data loader');
    const build = runDocgen(['build'], out);
    expect(build.status, build.stdout + build.stderr).toBe(0);
    expect(build.stdout + build.stderr).not.toMatch(/DeadLink|DroppedHtml/);
    const html = readFileSync(path.join(out, 'dist/blog.html'), 'utf8');
    const list = /<ul class="posts"[\s\S]*?<\/ul>/.exec(html)?.[0] ?? '';
    const links = [...list.matchAll(/<a href="([^"]+)"[^>]*>([^<]+)<\/a>/g)].map((m) => [m[1], m[2]]);
    expect(links).toEqual([
      ['/posts/release-2', 'Quill 2.0'],
      ['/posts/hello', 'Hello Quill'],
    ]);
    expect(list).toMatch(/<p>Our <strong>first<\/strong> post\.<\/p>/);
    expect(list).not.toContain('The rest.');
  });
});
