/**
 * The feeds of a real public Docusaurus blog (tests/fixtures/real-blog/fast-check: the fast-check website's blog,
 * pinned, MIT; twenty posts with authors.yml and tags), migrated and built with no hand edit: `feedOptions` carried,
 * rss.xml and atom.xml well-formed, the newest `limit` (15) posts newest first with the titles, dates and tags of
 * their front matter and file names, the author of authors.yml, absolute links, and post bodies without the page's
 * byline and tag links.
 */
import { cpSync, mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { parse } from 'node-html-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateAndBuild, removeDir } from '../helpers/site.js';

const FIXTURE = fileURLToPath(new URL('../fixtures/real-blog/fast-check', import.meta.url));
const temp = mkdtempSync(path.join(tmpdir(), 'docgen-feeds-real-'));
const site = path.join(temp, 'fast-check');
const out = path.join(temp, 'fast-check-site');
const xml = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@',
  isArray: (name) => ['item', 'entry', 'category', 'author'].includes(name),
});
let report: string;

beforeAll(() => {
  cpSync(FIXTURE, site, { recursive: true });
  report = migrateAndBuild('docusaurus', site, out).report;
});
afterAll(() => removeDir(temp));

/** The posts as the fixture's files say: date and slug from the folder name, title and tags from front matter. */
function expectedPosts() {
  return readdirSync(path.join(FIXTURE, 'blog'))
    .filter((name) => /^\d{4}-\d\d-\d\d-/.test(name))
    .sort()
    .reverse()
    .map((name) => {
      const source = readFileSync(path.join(FIXTURE, 'blog', name, 'index.md'), 'utf8');
      const [, y, m, d, slug] = /^(\d{4})-(\d\d)-(\d\d)-(.+)$/.exec(name)!;
      return {
        link: `https://fast-check.dev/blog/${y}/${m}/${d}/${slug}`,
        date: new Date(`${y}-${m}-${d}T00:00:00Z`),
        title: /^title: (.+)$/m.exec(source)![1]!.replace(/^'(.*)'$/, '$1'),
        tags: /^tags: \[(.*)\]$/m
          .exec(source)![1]!
          .split(',')
          .map((tag) => tag.trim()),
      };
    });
}

describe('the feeds of a real Docusaurus blog (fast-check)', () => {
  it('carries feedOptions and writes both feeds, well-formed', () => {
    const config = readFileSync(path.join(out, 'site.config.ts'), 'utf8');
    expect(config).toMatch(/"limit": 15/);
    expect(config).toMatch(/"copyright": "Copyright © Nicolas Dubien"/);
    expect(report).not.toMatch(/feedOptions/);
    for (const file of ['rss.xml', 'atom.xml'])
      expect(XMLValidator.validate(readFileSync(path.join(out, 'dist/blog', file), 'utf8'))).toBe(true);
  });

  it('lists the newest 15 posts in order with their links, dates, titles, tags and author (RSS)', () => {
    const posts = expectedPosts();
    expect(posts).toHaveLength(20);
    const { channel } = xml.parse(readFileSync(path.join(out, 'dist/blog/rss.xml'), 'utf8')).rss;
    expect(channel.title).toBe('fast-check Blog');
    expect(channel.copyright).toBe('Copyright © Nicolas Dubien');
    const items = channel.item as Record<string, unknown>[];
    expect(items.map((item) => item.link)).toEqual(posts.slice(0, 15).map((post) => post.link));
    expect(items.map((item) => item.title)).toEqual(posts.slice(0, 15).map((post) => post.title));
    expect(items.map((item) => item.pubDate)).toEqual(posts.slice(0, 15).map((post) => post.date.toUTCString()));
    expect(items.map((item) => item.category)).toEqual(posts.slice(0, 15).map((post) => post.tags));
    expect(items.every((item) => (item['dc:creator'] ?? item.author)?.toString().includes('Nicolas Dubien'))).toBe(
      true,
    );
  });

  it('writes Atom entries with RFC 3339 dates and bodies with absolute links, without byline or tag links', () => {
    const posts = expectedPosts();
    const { feed } = xml.parse(readFileSync(path.join(out, 'dist/blog/atom.xml'), 'utf8'));
    const entries = feed.entry as Record<string, unknown>[];
    expect(entries.map((entry) => entry.id)).toEqual(posts.slice(0, 15).map((post) => post.link));
    expect(entries.map((entry) => entry.updated)).toEqual(posts.slice(0, 15).map((post) => post.date.toISOString()));
    expect((entries[0]!.author as { name: string; uri: string }[])[0]).toEqual({
      name: 'Nicolas Dubien',
      uri: 'https://github.com/dubzzz',
    });
    for (const entry of entries) {
      const body = parse(String((entry.content as Record<string, string>)['#text']));
      expect(body.querySelector('.dg-blog-post__meta, .dg-doc-tags')).toBeNull();
      for (const link of body.querySelectorAll('a[href]'))
        expect(link.getAttribute('href')).toMatch(/^(https?:|mailto:)/);
    }
  });
});
