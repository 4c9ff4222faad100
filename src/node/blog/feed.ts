/**
 * The blog's feeds, as Docusaurus 3 writes them (@docusaurus/plugin-content-blog src/feed.ts): `rss.xml`, `atom.xml`
 * and `feed.json` (config `blog.feedOptions.type`) in the blog's route folder, made with the `feed` package (the
 * one Docusaurus uses). The newest `limit` posts that are neither drafts nor unlisted, each with its absolute URL as
 * id and link, its date, description, authors, tags as categories, and its content: the built page's post body
 * with links and images made absolute (Docusaurus reads the built page's `#__blog-post-container`). Every page's
 * head names the feeds (feedHeadTags, Docusaurus' createFeedHtmlHeadTags).
 */
import { readFile, mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { Feed } from 'feed';
import type { Element, Root, RootContent } from 'hast';
import { fromHtml } from 'hast-util-from-html';
import { toHtml } from 'hast-util-to-html';
import { CONTINUE, EXIT, visit } from 'unist-util-visit';
import { translate } from '../../shared/messages.js';
import type { HeadTag } from '../../shared/types.js';
import { routeToFile, withBase } from '../../shared/urls.js';
import type { ResolvedConfig } from '../config/resolve.js';
import type { SiteModel, SiteRoute } from '../content/site.js';
import { joinRoute } from './routes.js';

type FeedType = 'rss' | 'atom' | 'json';

/** Each feed type's file name and media type (Docusaurus' FeedConfigs and createFeedHtmlHeadTags). */
const FEED_FILES: Record<
  FeedType,
  { file: string; mediaType: string; label: 'blog.rssFeed' | 'blog.atomFeed' | 'blog.jsonFeed' }
> = {
  rss: { file: 'rss.xml', mediaType: 'application/rss+xml', label: 'blog.rssFeed' },
  atom: { file: 'atom.xml', mediaType: 'application/atom+xml', label: 'blog.atomFeed' },
  json: { file: 'feed.json', mediaType: 'application/json', label: 'blog.jsonFeed' },
};

type FeedConfig = Pick<ResolvedConfig, 'url' | 'baseUrl' | 'title' | 'messages' | 'i18n' | 'blog'> & {
  favicon?: string;
};

/**
 * The feeds' files of a site, as content-relative POSIX paths ('blog/rss.xml'), in `feedOptions.type` order.
 * @returns [] when the site has no blog or `feedOptions.type` is null
 */
export function feedFiles(config: Pick<ResolvedConfig, 'blog'>): string[] {
  const blog = config.blog;
  if (!blog?.feedOptions.type) return [];
  const base = joinRoute(blog.routeBasePath);
  return blog.feedOptions.type.map((type) => joinRoute(base, FEED_FILES[type].file).slice(1));
}

/**
 * The `<link rel="alternate">` tags every page's head carries for the feeds (Docusaurus createFeedHtmlHeadTags):
 * href with the base URL, title `<feed title> RSS Feed` from the catalogue (`blog.rssFeed`, `blog.atomFeed`,
 * `blog.jsonFeed`), the feed title being `feedOptions.title`, else the site's title.
 */
export function feedHeadTags(config: Pick<ResolvedConfig, 'baseUrl' | 'title' | 'messages' | 'blog'>): HeadTag[] {
  const blog = config.blog;
  if (!blog?.feedOptions.type) return [];
  const title = blog.feedOptions.title ?? config.title;
  const base = joinRoute(blog.routeBasePath);
  return blog.feedOptions.type.map((type) => ({
    tagName: 'link',
    attributes: {
      rel: 'alternate',
      type: FEED_FILES[type].mediaType,
      href: withBase(config.baseUrl, joinRoute(base, FEED_FILES[type].file)),
      title: translate(config.messages, FEED_FILES[type].label, { title }),
    },
  }));
}

/** A post as its feed item shows it, taken from the site model's route. */
interface FeedPost {
  route: SiteRoute;
  date: string;
}

/**
 * The posts a feed lists: listed posts (drafts are no routes; unlisted ones are left out, as Docusaurus'
 * shouldBeInFeed does), newest first (same date: by source path, descending, as blog/pages.ts orders them), the
 * first `limit` (false: all).
 */
export function feedPosts(config: Pick<ResolvedConfig, 'blog'>, model: Pick<SiteModel, 'routes'>): FeedPost[] {
  const posts = model.routes
    .filter((route) => route.blogPost && route.page?.frontMatter.unlisted !== true)
    .map((route) => ({ route, date: route.blogPost!.date }))
    .sort((a, b) =>
      a.date === b.date
        ? (b.route.page?.relPath ?? '').localeCompare(a.route.page?.relPath ?? '')
        : a.date < b.date
          ? 1
          : -1,
    );
  const limit = config.blog?.feedOptions.limit ?? false;
  return limit === false ? posts : posts.slice(0, limit);
}

/**
 * The feeds' text, by content-relative path (feedFiles), for the posts as built.
 * @param readPage the built HTML of a route (the file the build wrote, or the page `docgen dev` renders)
 * @returns an empty map when the site has no blog, no feed type or no post (Docusaurus writes no feed then)
 */
export async function renderFeeds(
  config: FeedConfig,
  model: Pick<SiteModel, 'routes'>,
  readPage: (route: string) => Promise<string>,
): Promise<Map<string, string>> {
  const files = new Map<string, string>();
  const blog = config.blog;
  const posts = feedPosts(config, model);
  if (!blog?.feedOptions.type || posts.length === 0) return files;
  const origin = config.url.replace(/\/$/, '');
  const absolute = (route: string) => origin + withBase(config.baseUrl, encodeURI(route));
  const base = joinRoute(blog.routeBasePath);
  const blogUrl = absolute(base);
  const feed = new Feed({
    id: blogUrl,
    title: blog.feedOptions.title ?? translate(config.messages, 'blog.feedTitle', { title: config.title }),
    updated: dateOf(posts[0]!.date),
    language: blog.feedOptions.language ?? config.i18n.defaultLocale,
    link: blogUrl,
    description: blog.feedOptions.description ?? translate(config.messages, 'blog.feedTitle', { title: config.title }),
    ...(config.favicon
      ? {
          favicon: /^([a-z]+:|\/\/)/i.test(config.favicon)
            ? config.favicon
            : origin + withBase(config.baseUrl, `/${config.favicon.replace(/^\//, '')}`),
        }
      : {}),
    ...(blog.feedOptions.copyright ? { copyright: blog.feedOptions.copyright } : {}),
  });
  const items = await Promise.all(
    posts.map(async ({ route, date }) => {
      const link = absolute(route.path);
      const authors = route.blogPost!.authors.map((author) => ({
        name: author.name,
        ...(author.url ? { link: author.url } : {}),
      }));
      return {
        title: route.title,
        id: link,
        link,
        date: dateOf(date),
        ...(route.page?.frontMatter.description ? { description: route.page.frontMatter.description } : {}),
        // Atom needs the term, RSS and JSON the name (Docusaurus sets both to the tag's label).
        category: (route.nav?.tags ?? []).map((tag) => ({ name: tag.label, term: tag.label })),
        content: postContent(await readPage(route.path), link),
        ...(authors.length > 0 ? { author: authors } : {}),
      };
    }),
  );
  for (const item of items) feed.addItem(item);
  for (const type of blog.feedOptions.type) {
    const text = type === 'rss' ? feed.rss2() : type === 'atom' ? feed.atom1() : feed.json1();
    files.set(joinRoute(base, FEED_FILES[type].file).slice(1), text);
  }
  return files;
}

/**
 * A feed as `docgen dev` serves it (made on request from the posts' pages as dev renders them, so it follows every
 * edit the pages follow).
 * @param pathname the request's path without the base URL, e.g. '/blog/rss.xml'
 * @returns its media type and text, or null when the path is no feed of the site
 */
export async function feedResponse(
  config: FeedConfig,
  model: Pick<SiteModel, 'routes'>,
  pathname: string,
  readPage: (route: string) => Promise<string>,
): Promise<{ type: string; text: string } | null> {
  const file = pathname.slice(1);
  if (!feedFiles(config).includes(file)) return null;
  const text = (await renderFeeds(config, model, readPage)).get(file);
  if (text === undefined) return null;
  const type = Object.values(FEED_FILES).find((entry) => file.endsWith(`/${entry.file}`) || file === entry.file)!;
  return { type: `${type.mediaType}; charset=utf-8`, text };
}

/**
 * Writes the feeds of one pass (one site, or one locale) into its output folder, reading the posts' pages it wrote.
 * @param staging the pass's output folder (the locale's folder of a multi-locale site)
 */
export async function writeFeeds(options: { staging: string; config: FeedConfig; model: Pick<SiteModel, 'routes'> }) {
  const { staging } = options;
  const files = await renderFeeds(options.config, options.model, (route) =>
    readFile(path.join(staging, routeToFile(route)), 'utf8'),
  );
  for (const [file, text] of files) {
    await mkdir(path.dirname(path.join(staging, file)), { recursive: true });
    await writeFile(path.join(staging, file), text);
  }
}

/** A post's 'YYYY-MM-DD' as the Date of that day, 00:00 UTC (Docusaurus' date of a date-only front matter or file name). */
function dateOf(date: string): Date {
  return new Date(`${date}T00:00:00Z`);
}

/** The page's own parts inside its Markdown container: the byline block and the tag links (no part of the post). */
const PAGE_PARTS = ['dg-blog-post__meta', 'dg-doc-tags'];

/**
 * The post's body in its built page: the Markdown container of the page's article without the byline block and
 * the tag links (PAGE_PARTS; Docusaurus' `#__blog-post-container` holds the MDX content only), links (`a href`) and images (`img src`,
 * `srcset`, `source srcset`) resolved against the post's absolute URL, as Docusaurus' defaultCreateFeedItems does.
 * @returns HTML text, '' when the page has no such container
 */
export function postContent(html: string, postUrl: string): string {
  const tree = fromHtml(html);
  let container: Element | undefined;
  visit(tree, 'element', (el) => {
    if (!hasClass(el, 'dg-markdown')) return CONTINUE;
    container = el;
    return EXIT;
  });
  if (!container) return '';
  const body: Root = {
    type: 'root',
    children: container.children.filter(
      (child) => !(child.type === 'element' && PAGE_PARTS.some((name) => hasClass(child, name))),
    ) as RootContent[],
  };
  const resolve = (url: string) => {
    try {
      return new URL(url, postUrl).href;
    } catch {
      return url;
    }
  };
  visit(body, 'element', (el) => {
    const props = el.properties;
    if (el.tagName === 'a' && typeof props.href === 'string') props.href = resolve(props.href);
    if (el.tagName === 'img' && typeof props.src === 'string') props.src = resolve(props.src);
    if ((el.tagName === 'img' || el.tagName === 'source') && typeof props.srcSet === 'string')
      props.srcSet = props.srcSet
        .split(',')
        .map((candidate) => candidate.trim().replace(/^\S+/, (url) => resolve(url)))
        .join(', ');
  });
  return toHtml(body);
}

function hasClass(el: Element, name: string): boolean {
  const value = el.properties.className;
  return Array.isArray(value) && value.includes(name);
}
