/** The blog's routing rules (blog/routes.ts), after @docusaurus/plugin-content-blog blogUtils.ts. */
import { describe, expect, it } from 'vitest';
import {
  excerptOf,
  joinRoute,
  paginate,
  parseBlogFileName,
  postDate,
  readingMinutes,
} from '../../../../src/node/blog/routes.js';

describe('parseBlogFileName', () => {
  it('reads the date and name of a file or a folder post', () => {
    expect(parseBlogFileName('2024-01-05-hello-world.md')).toEqual({
      date: '2024-01-05',
      text: 'hello-world',
      slug: '/2024/01/05/hello-world',
    });
    expect(parseBlogFileName('2024-01-05-hello/index.mdx')).toEqual({
      date: '2024-01-05',
      text: 'hello',
      slug: '/2024/01/05/hello',
    });
  });

  it('keeps a folder before the date and the digits as written (Docusaurus)', () => {
    expect(parseBlogFileName('2021/2021-3-7-news.md').slug).toBe('/2021/3/7/2021/news');
    expect(parseBlogFileName('2021-3-7-news.md').date).toBe('2021-03-07');
    expect(parseBlogFileName('releases/2022-10-01-v2.md').slug).toBe('/2022/10/01/releases/v2');
  });

  it('uses the path without a date', () => {
    expect(parseBlogFileName('welcome.md')).toEqual({ date: undefined, text: 'welcome', slug: '/welcome' });
    expect(parseBlogFileName('news/launch/index.md').slug).toBe('/news/launch');
  });
});

describe('postDate', () => {
  it('prefers the front matter date, as a YAML date or a string', () => {
    expect(postDate(new Date('2024-03-02T10:00:00Z'), '2024-03-01')).toBe('2024-03-02');
    expect(postDate('2024-3-2 10:00', '2024-03-01')).toBe('2024-03-02');
    expect(postDate(undefined, '2024-03-01')).toBe('2024-03-01');
    expect(postDate('not a date', undefined)).toBeUndefined();
  });
});

describe('excerptOf', () => {
  it('cuts at the Markdown or the MDX truncate marker', () => {
    expect(excerptOf('a\n\n<!-- truncate -->\n\nb')).toEqual({ excerpt: 'a\n\n', truncated: true });
    expect(excerptOf('a\n\n{/* truncate */}\n\nb')).toEqual({ excerpt: 'a\n\n', truncated: true });
    expect(excerptOf('a\n\n<!--truncate-->b').excerpt).toBe('a\n\n');
  });

  it('keeps the whole post without a marker', () => {
    expect(excerptOf('all of it')).toEqual({ excerpt: 'all of it', truncated: false });
  });
});

describe('paginate', () => {
  it('puts the first page at the base and the others below /page/N', () => {
    const pages = paginate(5, 2, '/blog');
    expect(pages.map((p) => [p.route, p.from, p.to, p.newer, p.older])).toEqual([
      ['/blog', 0, 2, null, '/blog/page/2'],
      ['/blog/page/2', 2, 4, '/blog', '/blog/page/3'],
      ['/blog/page/3', 4, 5, '/blog/page/2', null],
    ]);
  });

  it("has one page for 'ALL' and for no posts; a blog at the root pages from '/'", () => {
    expect(paginate(30, 'ALL', '/blog').map((p) => [p.route, p.to])).toEqual([['/blog', 30]]);
    expect(paginate(0, 10, '/blog').map((p) => p.route)).toEqual(['/blog']);
    expect(paginate(3, 2, joinRoute('/')).map((p) => p.route)).toEqual(['/', '/page/2']);
  });
});

describe('readingMinutes', () => {
  it('counts 200 words or CJK characters a minute, rounded up, at least 1', () => {
    expect(readingMinutes('word '.repeat(201))).toBe(2);
    expect(readingMinutes('あ'.repeat(400))).toBe(2);
    expect(readingMinutes('')).toBe(1);
    expect(readingMinutes('```\n' + 'code '.repeat(1000) + '\n```\nshort')).toBe(1);
  });
});
