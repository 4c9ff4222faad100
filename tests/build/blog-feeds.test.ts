/**
 * The blog's feeds (blog/feed.ts), as Docusaurus' plugin-content-blog writes them: rss.xml and atom.xml (and
 * feed.json for 'all') in the blog's route folder, parsed with an XML parser: well-formed, the newest `limit`
 * listed posts in order, absolute links with the base URL, RFC 822 dates in RSS and RFC 3339 in Atom, ids, tags,
 * authors, content with absolute links and images; every page's head links them; a post edit changes the feeds of
 * an incremental build exactly as a cold build writes them; `docgen dev` serves them.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { parse } from 'node-html-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { copyFixture, removeDir, runDocgen, startDev } from '../helpers/site.js';

let dir: string;
let built: ReturnType<typeof runDocgen>;

const write = (rel: string, text: string) => {
  mkdirSync(path.dirname(path.join(dir, rel)), { recursive: true });
  writeFileSync(path.join(dir, rel), text);
};
const dist = (file: string) => readFileSync(path.join(dir, 'dist', file), 'utf8');
const xml = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@',
  isArray: (name) => name === 'item' || name === 'entry' || name === 'category' || name === 'author',
});

type Rss = { rss: { channel: { title: string; link: string; item: Record<string, unknown>[] } } };
type Atom = { feed: { id: string; title: string; updated: string; entry: Record<string, unknown>[] } };

beforeAll(() => {
  dir = copyFixture('basic');
  const config = path.join(dir, 'site.config.ts');
  writeFileSync(
    config,
    readFileSync(config, 'utf8').replace(
      "apis: [{ spec: 'openapi/pets.yaml', route: '/api/pets' }],",
      "apis: [{ spec: 'openapi/pets.yaml', route: '/api/pets' }],\n  baseUrl: '/handbook/',\n  blog: { feedOptions: { type: 'all', limit: 3, copyright: '© Fixture' } },",
    ),
  );
  write('content/blog/authors.yml', 'hana:\n  name: 山田 花子\n  url: https://hana.example\n');
  write(
    'content/blog/2024-01-05-first.md',
    '---\ntitle: First\nauthors: [hana]\ntags: [release]\ndescription: The first post\n---\n\nFirst body, see [the guide](../docs/guide/intro.md).\n',
  );
  write(
    'content/blog/2024-02-10-second/index.md',
    '---\ntitle: Second\ntags: [release, news]\n---\n\nSecond body.\n\n![a picture](./pic.svg)\n',
  );
  write('content/blog/2024-02-10-second/pic.svg', '<svg xmlns="http://www.w3.org/2000/svg" width="1" height="1"/>');
  write('content/blog/2024-03-01-third.md', '---\ntitle: Third\nslug: custom/third\n---\n\nThird body.\n');
  write('content/blog/2024-04-01-fourth.md', '---\ntitle: Fourth & last\n---\n\nFourth body.\n');
  write('content/blog/2024-05-01-hidden.md', '---\ntitle: Hidden\nunlisted: true\n---\n\nNot in a feed.\n');
  write('content/blog/2024-06-01-draft.md', '---\ntitle: Draft\ndraft: true\n---\n\nNot in a feed.\n');
  built = runDocgen(['build'], dir);
});
afterAll(() => removeDir(dir));

describe('blog feeds of a build', () => {
  it('writes well-formed rss.xml, atom.xml and feed.json in the blog folder', () => {
    expect(built.status, built.stdout + built.stderr).toBe(0);
    expect(XMLValidator.validate(dist('blog/rss.xml'))).toBe(true);
    expect(XMLValidator.validate(dist('blog/atom.xml'))).toBe(true);
    expect(JSON.parse(dist('blog/feed.json')).items).toHaveLength(3);
  });

  it('lists the newest `limit` listed posts with absolute links, RFC 822 dates, authors and tags (RSS)', () => {
    const { channel } = (xml.parse(dist('blog/rss.xml')) as Rss).rss;
    expect(channel.title).toBe('Fixture Docs ブログ'); // the catalogue's blog.feedTitle of the site's locale (ja)
    expect(channel.link).toBe('https://fixture.example/handbook/blog');
    expect(channel.item.map((item) => item.title)).toEqual(['Fourth & last', 'Third', 'Second']);
    expect(channel.item.map((item) => item.link)).toEqual([
      'https://fixture.example/handbook/blog/2024/04/01/fourth',
      'https://fixture.example/handbook/blog/custom/third',
      'https://fixture.example/handbook/blog/2024/02/10/second',
    ]);
    expect(channel.item.map((item) => item.pubDate)).toEqual([
      'Mon, 01 Apr 2024 00:00:00 GMT',
      'Fri, 01 Mar 2024 00:00:00 GMT',
      'Sat, 10 Feb 2024 00:00:00 GMT',
    ]);
    const second = channel.item[2]!;
    expect((second.guid as Record<string, string>)['#text']).toBe(second.link);
    expect(second.category).toEqual(['release', 'news']);
    const content = parse(String(second['content:encoded']));
    expect(content.querySelector('img')!.getAttribute('src')).toMatch(
      /^https:\/\/fixture\.example\/handbook\/assets\/.+\.svg$|^https:\/\/fixture\.example\/handbook\/blog\/.+pic.*\.svg$/,
    );
    expect(content.text).toContain('Second body.');
    expect(content.text).not.toMatch(/min read/); // the byline is the page's, not the post's content
  });

  it('writes Atom with RFC 3339 dates, ids, authors and content with absolute links', () => {
    const { feed } = xml.parse(dist('blog/atom.xml')) as Atom;
    expect(feed.id).toBe('https://fixture.example/handbook/blog');
    expect(feed.updated).toBe('2024-04-01T00:00:00.000Z');
    expect(feed.entry.map((entry) => entry.id)).toEqual([
      'https://fixture.example/handbook/blog/2024/04/01/fourth',
      'https://fixture.example/handbook/blog/custom/third',
      'https://fixture.example/handbook/blog/2024/02/10/second',
    ]);
    for (const entry of feed.entry) expect(String(entry.updated)).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z$/);
    expect((feed.entry[2]!.category as Record<string, string>[]).map((c) => c['@term'])).toEqual(['release', 'news']);
  });

  it('keeps unlisted posts and drafts out of every feed', () => {
    const all = JSON.parse(dist('blog/feed.json')) as { items: { title: string; content_html: string }[] };
    expect(all.items.map((item) => item.title)).not.toContain('Hidden');
    expect(dist('blog/rss.xml')).not.toContain('Not in a feed');
  });

  it("names every feed in every page's head, with the base URL", () => {
    const head = parse(dist('docs/guide/intro.html')).querySelector('head')!;
    const links = head
      .querySelectorAll('link[rel="alternate"]')
      .filter((link) => link.getAttribute('type') !== 'text/markdown')
      .map((link) => [link.getAttribute('type'), link.getAttribute('href'), link.getAttribute('title')]);
    expect(links).toEqual([
      ['application/rss+xml', '/handbook/blog/rss.xml', 'Fixture Docs RSS フィード'],
      ['application/atom+xml', '/handbook/blog/atom.xml', 'Fixture Docs Atom フィード'],
      ['application/json', '/handbook/blog/feed.json', 'Fixture Docs JSON フィード'],
    ]);
  });
});

describe('blog feeds of an incremental build', () => {
  it('a post edit gives the feeds a cold build writes', () => {
    const file = path.join(dir, 'content/blog/2024-03-01-third.md');
    const original = readFileSync(file, 'utf8');
    try {
      writeFileSync(file, original.replace('Third body.', 'Third body, [linked](../docs/guide/intro.md) again.'));
      const warm = runDocgen(['build'], dir);
      expect(warm.status, warm.stdout + warm.stderr).toBe(0);
      const feeds = ['blog/rss.xml', 'blog/atom.xml', 'blog/feed.json'].map(dist);
      expect(feeds[0]).toContain('href="https://fixture.example/handbook/docs/guide/intro"');
      const cold = runDocgen(['build', '--force'], dir);
      expect(cold.status, cold.stdout + cold.stderr).toBe(0);
      expect(['blog/rss.xml', 'blog/atom.xml', 'blog/feed.json'].map(dist)).toEqual(feeds);
    } finally {
      writeFileSync(file, original);
    }
  });
});

describe('blog feeds in docgen dev', () => {
  it('serves the feeds, and an edit of a post shows in them', async () => {
    const server = await startDev(dir);
    const file = path.join(dir, 'content/blog/2024-04-01-fourth.md');
    const original = readFileSync(file, 'utf8');
    try {
      const get = async (route: string) => {
        const response = await fetch(`${server.url}${route}`);
        return { type: response.headers.get('content-type'), text: await response.text() };
      };
      const rss = await get('/blog/rss.xml');
      expect(rss.type).toMatch(/^application\/rss\+xml/);
      expect(XMLValidator.validate(rss.text)).toBe(true);
      expect(rss.text).toContain('Fourth body.');
      expect((await get('/blog/atom.xml')).type).toMatch(/^application\/atom\+xml/);
      writeFileSync(file, original.replace('Fourth body.', 'Fourth body, edited.'));
      await expect
        .poll(async () => (await get('/blog/rss.xml')).text, { timeout: 20_000, interval: 250 })
        .toContain('Fourth body, edited.');
    } finally {
      writeFileSync(file, original);
      await server.close();
    }
  });
});
