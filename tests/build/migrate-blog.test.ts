/**
 * `docgen migrate docusaurus` carries the blog over: the Prettier website's blog (tests/fixtures/real-blog/prettier,
 * pinned, MIT) migrates and builds with no hand edit, every URL Docusaurus publishes for it (bench/original-routes.mjs,
 * plugin-content-blog's rules) is a page, its options reach site.config.ts, images next to the posts are copied, and a
 * doc's links to posts resolve (onBrokenLinks stays 'throw').
 */
import { cpSync, existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from 'node-html-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
// @ts-expect-error a plain .mjs module of the bench, without types
import { docusaurusRoutes, resolves } from '../../bench/original-routes.mjs';
import { removeDir, runDocgen } from '../helpers/site.js';

const FIXTURE = fileURLToPath(new URL('../fixtures/real-blog/prettier', import.meta.url));
const temp = mkdtempSync(path.join(tmpdir(), 'docgen-migrate-blog-'));
const site = path.join(temp, 'prettier');
const out = path.join(temp, 'prettier-site');
let migrate: ReturnType<typeof runDocgen>;
let build: ReturnType<typeof runDocgen>;

beforeAll(() => {
  cpSync(FIXTURE, site, { recursive: true });
  migrate = runDocgen(['migrate', 'docusaurus', site, '--out', out], temp);
  build = runDocgen(['build'], out);
});
afterAll(() => removeDir(temp));

describe('migrate docusaurus: the blog', () => {
  it('migrates the blog options and folder, and reports what it leaves', () => {
    expect(migrate.status, migrate.stdout + migrate.stderr).toBe(0);
    const config = readFileSync(path.join(out, 'site.config.ts'), 'utf8');
    expect(config).toMatch(/"blog": \{/);
    expect(config).toMatch(/"title": "Prettier blog"/);
    expect(config).toMatch(/"blogSidebarCount": 10/);
    expect(config).toMatch(/"onBrokenLinks": "throw"/);
    expect(existsSync(path.join(out, 'content/blog/assets/github-diff-ternary-in-jsx.png'))).toBe(true);
    const report = readFileSync(path.join(out, 'MIGRATION.md'), 'utf8');
    expect(report).not.toMatch(/the blog is not carried over/);
    expect(report).toMatch(/blog option 'editUrl' is not carried over/);
    expect(report).toMatch(/blog option 'feedOptions.xslt' is not carried over/);
  });

  it('builds with every URL Docusaurus publishes for the blog', () => {
    expect(build.status, build.stdout + build.stderr).toBe(0);
    const { routes } = docusaurusRoutes(site) as { routes: Set<string> };
    const blogRoutes = [...routes].filter((route) => route.startsWith('/blog'));
    expect(blogRoutes.length).toBe(9); // the list and eight posts
    const dist = path.join(out, 'dist');
    expect(blogRoutes.filter((route) => !resolves(dist, route))).toEqual([]);
  });

  it('writes the RSS and Atom feeds Docusaurus writes for it, and names them in the head', () => {
    const dist = path.join(out, 'dist');
    const rss = readFileSync(path.join(dist, 'blog/rss.xml'), 'utf8');
    expect(rss.match(/<item>/g)).toHaveLength(8);
    expect(rss).toContain('<link>https://prettier.io/blog/2026/01/14/3.8.0</link>');
    expect(readFileSync(path.join(dist, 'blog/atom.xml'), 'utf8')).toContain('<id>https://prettier.io/blog</id>');
    const links = parse(readFileSync(path.join(dist, 'blog.html'), 'utf8'))
      .querySelectorAll('head link[rel="alternate"]')
      .map((link) => `${link.getAttribute('href')} ${link.getAttribute('title')}`);
    expect(links).toEqual(
      expect.arrayContaining(['/blog/rss.xml Prettier RSS Feed', '/blog/atom.xml Prettier Atom Feed']),
    );
  });

  it("shows a post's authors and image, the list its excerpts, and resolves a doc's links to posts", () => {
    const dist = path.join(out, 'dist');
    const post = parse(readFileSync(path.join(dist, 'blog/2017/09/15/1.7.0.html'), 'utf8'));
    expect(post.querySelector('.dg-blog-post__authors a')!.text).toBe('Lily Skye');
    const image = post.querySelector('main img')!.getAttribute('src')!;
    expect(existsSync(path.join(dist, image))).toBe(true);
    const list = parse(readFileSync(path.join(dist, 'blog.html'), 'utf8')).querySelector('main')!;
    expect(list.querySelector('h1')!.text).toBe('Prettier blog');
    expect(list.text).toContain('Read more');
    expect(list.text).not.toContain('### JSX Changes'); // cut at the truncate marker
    const doc = parse(readFileSync(path.join(dist, 'docs/index.html'), 'utf8'));
    const hrefs = doc.querySelectorAll('main a').map((a) => a.getAttribute('href'));
    expect(hrefs).toContain('/blog/2018/04/09/plugin-php-0.1');
    expect(hrefs).toContain('/blog/2023/11/13/curious-ternaries');
  });
});
