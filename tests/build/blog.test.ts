/**
 * The blog (config `blog`, blog/pages.ts): posts at their Docusaurus permalinks with byline, authors, tags and
 * newer/older links; list pages with excerpts cut at the truncate marker, "read more" and pagination; tag, archive
 * and author pages; drafts left out; unlisted posts built but listed nowhere; the "recent posts" sidebar; links
 * from docs to posts resolve; search and sitemap hold the posts.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'node-html-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { builtSearchEngine } from '../helpers/search-index.js';
import { copyFixture, removeDir, runDocgen, startDev } from '../helpers/site.js';

let dir: string;
let built: ReturnType<typeof runDocgen>;

const write = (rel: string, text: string) => {
  mkdirSync(path.dirname(path.join(dir, rel)), { recursive: true });
  writeFileSync(path.join(dir, rel), text);
};

beforeAll(() => {
  dir = copyFixture('basic');
  const config = path.join(dir, 'site.config.ts');
  writeFileSync(
    config,
    readFileSync(config, 'utf8').replace(
      "apis: [{ spec: 'openapi/pets.yaml', route: '/api/pets' }],",
      "apis: [{ spec: 'openapi/pets.yaml', route: '/api/pets' }],\n  blog: { postsPerPage: 2, blogSidebarCount: 2 },",
    ),
  );
  write(
    'content/blog/authors.yml',
    'hana:\n  name: 山田 花子\n  title: 開発者\n  page: true\nken:\n  name: Ken\n  url: https://ken.example\n',
  );
  write(
    'content/blog/tags.yml',
    'release:\n  label: リリース\n  permalink: releases\n  description: リリースのお知らせ\n',
  );
  write(
    'content/blog/2024-01-05-first-post.md',
    '---\ntitle: 最初の投稿\nauthors: [hana]\ntags: [release, news]\n---\n\nはじめの段落です。つづきのことば。\n\n<!-- truncate -->\n\n続きの本文です。かくれたほんぶん。\n',
  );
  write(
    'content/blog/2024-02-10-second/index.md',
    '---\ntitle: 二番目の投稿\nauthors: [ken]\ntags: [Open Source, API v2, { label: 手作り, permalink: /hand-made }]\n---\n\n画像つきの投稿です。\n\n![図](./pic.svg)\n',
  );
  write('content/blog/2024-02-10-second/pic.svg', '<svg xmlns="http://www.w3.org/2000/svg" width="1" height="1"/>');
  write(
    'content/blog/2024-03-01-third.mdx',
    '---\ntitle: 三番目\nslug: custom/third\ndate: 2024-03-02\n---\n\n三番目の本文。\n\n{/* truncate */}\n\nあとの部分。\n',
  );
  write('content/blog/2024-04-01-draft.md', '---\ntitle: 下書き\ndraft: true\n---\n\n下書きのひみつ。\n');
  write('content/blog/2024-05-01-hidden.md', '---\ntitle: 非公開\nunlisted: true\n---\n\n一覧にない投稿。\n');
  const intro = path.join(dir, 'content/docs/guide/intro.md');
  writeFileSync(intro, `${readFileSync(intro, 'utf8')}\n[最初の投稿](../../blog/2024-01-05-first-post.md)\n`);
  built = runDocgen(['build'], dir);
});
afterAll(() => removeDir(dir));

const html = (file: string) => readFileSync(path.join(dir, 'dist', file), 'utf8');
const page = (file: string) => parse(html(file));
const main = (file: string) => page(file).querySelector('main')!;

describe('a blog build', () => {
  it('builds without a warning', () => {
    expect(built.status, built.stdout + built.stderr).toBe(0);
    expect(built.stderr).toBe('');
  });

  it('publishes posts at their Docusaurus permalinks, drafts nowhere', () => {
    expect(existsSync(path.join(dir, 'dist/blog/2024/01/05/first-post.html'))).toBe(true);
    expect(existsSync(path.join(dir, 'dist/blog/2024/02/10/second.html'))).toBe(true);
    expect(existsSync(path.join(dir, 'dist/blog/custom/third.html'))).toBe(true);
    expect(existsSync(path.join(dir, 'dist/blog/2024/05/01/hidden.html'))).toBe(true);
    expect(readFileSync(path.join(dir, 'dist/sitemap.xml'), 'utf8')).not.toContain('draft');
    expect(readFileSync(path.join(dir, 'dist/sitemap.xml'), 'utf8')).toContain('/blog/2024/01/05/first-post');
    expect(existsSync(path.join(dir, 'dist/blog/authors.yml'))).toBe(false);
  });

  it('shows a post with its date, reading time, authors, tags and newer/older links', () => {
    const post = main('blog/2024/01/05/first-post.html');
    expect(post.querySelector('.dg-blog-post__byline time')!.getAttribute('datetime')).toBe('2024-01-05');
    expect(post.querySelector('.dg-blog-post__byline')!.text).toContain('2024年1月5日');
    expect(post.querySelector('.dg-blog-post__byline')!.text).toContain('約1分');
    expect(post.querySelector('.dg-blog-post__authors a')!.getAttribute('href')).toBe('/blog/authors/hana');
    expect(post.text).toContain('かくれたほんぶん');
    expect(post.querySelectorAll('.dg-doc-tags__tag').map((a) => a.getAttribute('href'))).toEqual([
      '/blog/tags/releases',
      '/blog/tags/news',
    ]);
    const hrefs = post.querySelectorAll('a').map((a) => a.getAttribute('href'));
    expect(hrefs).toContain('/blog/2024/02/10/second'); // newer
    // Docusaurus' BlogPostPaginator labels (theme.blog.post.paginator.newerPost/olderPost), not the docs' 前へ/次へ.
    const pager = (route: string) =>
      main(route)
        .querySelectorAll('.dg-pagination__link')
        .map((a) => [a.querySelector('.dg-pagination__sub')!.text, a.getAttribute('href')]);
    expect(pager('blog/2024/01/05/first-post.html')).toEqual([['新しい記事', '/blog/2024/02/10/second']]);
    expect(pager('blog/2024/02/10/second.html')).toEqual([
      ['新しい記事', '/blog/custom/third'],
      ['過去の記事', '/blog/2024/01/05/first-post'],
    ]);
    const sidebar = page('blog/2024/01/05/first-post.html')
      .querySelectorAll('.dg-sidebar a')
      .map((a) => a.getAttribute('href'));
    expect(sidebar).toEqual(['/blog/custom/third', '/blog/2024/02/10/second']); // the 2 most recent
  });

  it('slugs tags by Docusaurus rule: lodash kebabCase of the label unless the tag has a permalink', () => {
    expect(
      main('blog/2024/02/10/second.html')
        .querySelectorAll('.dg-doc-tags__tag')
        .map((a) => a.getAttribute('href')),
    ).toEqual(['/blog/tags/open-source', '/blog/tags/api-v-2', '/blog/tags/hand-made']);
  });

  it('lists posts newest first with excerpts, read more and pagination', () => {
    const first = main('blog.html');
    expect(
      first
        .querySelectorAll('h2 a')
        .map((a) => a.getAttribute('href'))
        .filter((href) => !href?.startsWith('#')),
    ).toEqual(['/blog/custom/third', '/blog/2024/02/10/second']);
    expect(first.text).toContain('三番目の本文');
    expect(first.text).not.toContain('あとの部分');
    expect(first.text).toContain('もっと見る');
    expect(first.querySelector('img')!.getAttribute('src')).toMatch(/pic/);
    expect(first.querySelectorAll('a').map((a) => a.getAttribute('href'))).toContain('/blog/page/2');
    const second = main('blog/page/2.html');
    expect(second.text).toContain('はじめの段落です');
    expect(second.text).not.toContain('かくれたほんぶん');
    expect(second.text).not.toContain('非公開');
  });

  it('writes tag, archive and author pages', () => {
    expect(main('blog/tags/releases.html').text).toContain('最初の投稿');
    expect(main('blog/tags/releases.html').text).toContain('リリースのお知らせ');
    expect(main('blog/tags.html').text).toContain('リリース (1)');
    expect(main('blog/archive.html').text).toContain('2024-03-02');
    expect(main('blog/authors/hana.html').text).toContain('最初の投稿');
    expect(existsSync(path.join(dir, 'dist/blog/authors/ken.html'))).toBe(false); // no page: true
  });

  it('resolves a doc link to a post, and search finds posts', async () => {
    expect(
      main('docs/guide/intro.html')
        .querySelectorAll('a')
        .map((a) => a.getAttribute('href')),
    ).toContain('/blog/2024/01/05/first-post');
    const { engine } = builtSearchEngine(path.join(dir, 'dist'));
    expect((await engine.search('かくれたほんぶん')).map((hit) => hit.url)).toContain('/blog/2024/01/05/first-post');
    expect((await engine.search('下書きのひみつ')).length).toBe(0);
  });
});

describe('a blog in an incremental build', () => {
  it('rebuilds the list that shows an edited post, not only the post', () => {
    const file = path.join(dir, 'content/blog/2024-03-01-third.mdx');
    const original = readFileSync(file, 'utf8');
    try {
      writeFileSync(file, original.replace('三番目の本文。', '二度目に書き換えた本文。'));
      const rebuilt = runDocgen(['build'], dir);
      expect(rebuilt.status, rebuilt.stdout + rebuilt.stderr).toBe(0);
      expect(main('blog/custom/third.html').text).toContain('二度目に書き換えた本文。');
      expect(main('blog.html').text).toContain('二度目に書き換えた本文。');
    } finally {
      writeFileSync(file, original);
    }
  });
});

describe('a blog in docgen dev', () => {
  it('shows an edit of a post on its page and in the list that shows its excerpt', async () => {
    const server = await startDev(dir);
    const file = path.join(dir, 'content/blog/2024-03-01-third.mdx');
    const original = readFileSync(file, 'utf8');
    try {
      const get = async (route: string) => (await fetch(`${server.url}${route}`)).text();
      expect(await get('/blog/custom/third')).toContain('三番目の本文。');
      expect(await get('/blog')).toContain('三番目の本文。');
      writeFileSync(file, original.replace('三番目の本文。', '書き換えた本文。'));
      await expect
        .poll(() => get('/blog/custom/third'), { timeout: 20_000, interval: 250 })
        .toContain('書き換えた本文。');
      await expect.poll(() => get('/blog'), { timeout: 20_000, interval: 250 }).toContain('書き換えた本文。');
      expect(await get('/blog')).not.toContain('三番目の本文。');
    } finally {
      writeFileSync(file, original);
      await server.close();
    }
  });
});
