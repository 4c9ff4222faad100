/**
 * A site's blog as routes of the one site model (content/site.ts): the posts are Markdown pages at their
 * Docusaurus permalinks, and the list, tag, archive and author pages are Markdown made in memory, compiled like
 * any page (as content/tags.ts makes the docs' tag pages). Every label is the site's catalogue's (`blog.*`),
 * written into the pages at build time, so the browser needs none of them. Rules: blog/routes.ts.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { translate, type Messages } from '../../shared/messages.js';
// The catalogue's `blog.*` ids (a type-only import: it puts the declaration in every program that compiles this file).
import type {} from '../../../templates/i18n/blog-messages.js';
import type { DocNavigation, PageLink, Sidebar, SidebarItem } from '../../shared/types.js';
import type { ResolvedConfig } from '../config/resolve.js';
import type { SourcePage } from '../content/collect.js';
import kebabCase from 'lodash/kebabCase.js';
import { titleOf } from '../content/sidebars.js';
import { parseYamlCapped } from '../content/yaml.js';
import { DocgenError } from '../diagnostics/error.js';
import { excerptOf, joinRoute, paginate, parseBlogFileName, postDate, readingMinutes } from './routes.js';

type BlogOptions = NonNullable<ResolvedConfig['blog']>;

/** An author as a post shows it (Docusaurus authors: inline in front matter or a key of authors.yml). */
export interface BlogAuthor {
  name: string;
  title?: string;
  url?: string;
  imageUrl?: string;
  /** Set when the author has a page (authors.yml `page: true`): its route (in BlogPostMeta: its href, with the base URL). */
  route?: string;
}

/** What a post page shows above its content (render/compile-route.ts): plain data, it reaches the worker threads. */
export interface BlogPostMeta {
  /** 'YYYY-MM-DD'. */
  date: string;
  /** The line under the title: the date in the site's language and the reading time, from the catalogue. */
  byline: string;
  authors: BlogAuthor[];
}

/** One post with everything the list pages and feeds show of it. */
export interface BlogPost {
  page: SourcePage;
  route: string;
  title: string;
  date: string;
  description: string;
  authors: BlogAuthor[];
  tags: { label: string; route: string; description: string }[];
  unlisted: boolean;
  meta: BlogPostMeta;
}

/** The blog's part of the site model. */
export interface BlogRoutes {
  /** Posts, newest first. */
  posts: BlogPost[];
  /** The list, tag, archive and author pages (Markdown made in memory). */
  generated: { page: SourcePage; route: string; title: string }[];
  /** "Recent posts" sidebar of every blog route, or null (`blogSidebarCount: 0`). */
  sidebar: Sidebar | null;
  /** Each post's newer/older links and tags, by route. */
  navigation: Map<string, DocNavigation>;
  /** Content-relative paths of the blog's data files (authors.yml, tags.yml): read here, not copied to the site. */
  dataFiles: string[];
  errors: DocgenError[];
  /** Route of the first list page, the blog's title and description (feeds). */
  base: string;
  title: string;
  description: string;
}

/** The sidebar id of the blog's "recent posts". */
export const BLOG_SIDEBAR = 'blog';

/**
 * Whether a content file is one of the blog's (a post, or a file next to one).
 * @param relPath content-relative POSIX path
 */
export function isBlogPath(options: BlogOptions | undefined, relPath: string): boolean {
  return options !== undefined && relPath.startsWith(`${options.path}/`);
}

/**
 * The blog of a site.
 * @param pages the blog folder's pages (drafts already left out)
 * @param href adds the base URL to a route
 * @returns posts (newest first; same date: by path, as Docusaurus sorts), generated pages and the sidebar; a bad
 *   authors.yml or tags.yml is an error in `errors`, the blog still builds without it
 */
export function loadBlog(
  config: Pick<ResolvedConfig, 'contentPath' | 'messages' | 'i18n'> & { blog: BlogOptions },
  pages: readonly SourcePage[],
  href: (route: string) => string,
): BlogRoutes {
  const options = config.blog;
  const messages = config.messages;
  const errors: DocgenError[] = [];
  const base = joinRoute(options.routeBasePath);
  const authorsMap = readYamlMap(config.contentPath, path.posix.join(options.path, options.authorsMapPath), errors);
  const tagsMap = readYamlMap(config.contentPath, path.posix.join(options.path, options.tags), errors);
  const dateFormat = new Intl.DateTimeFormat(config.i18n.defaultLocale, {
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    timeZone: 'UTC',
  });
  const posts: BlogPost[] = [];
  for (const page of pages) {
    const inBlog = page.relPath.slice(options.path.length + 1);
    const parsed = parseBlogFileName(inBlog);
    const fm = page.frontMatter;
    const custom = fm.custom ?? {};
    const date = postDate(custom.date, parsed.date) ?? '1970-01-01';
    // A date-only file name (2022-11-24.md) gives the slug '/2022/11/24/': Docusaurus' normalizeUrl keeps its
    // trailing slash, so the post is published as a folder index (blog/2022/11/24/index.html), beside the posts of
    // that day named after it (2022-11-24-02.md: /blog/2022/11/24/02).
    const slug = fm.slug ?? parsed.slug;
    const route = joinRoute(base, slug) + (slug.length > 1 && slug.endsWith('/') ? '/' : '');
    const body = bodyOf(page.source);
    const authors = authorsOf(custom, authorsMap, base);
    const tags = (fm.tags ?? []).map((tag) => {
      const known = typeof tag === 'string' ? asRecord(tagsMap[tag]) : undefined;
      const label = typeof tag === 'string' ? (stringField(known, 'label') ?? tag) : tag.label;
      // Docusaurus' rule (docusaurus-utils/src/tags.ts): the tag's permalink, else lodash kebabCase of its label.
      const permalink =
        typeof tag === 'string'
          ? (stringField(known, 'permalink') ?? kebabCase(tag))
          : (tag.permalink ?? kebabCase(tag.label));
      const description = typeof tag === 'string' ? (stringField(known, 'description') ?? '') : (tag.description ?? '');
      return { label, route: joinRoute(base, 'tags', permalink), description };
    });
    const minutes = readingMinutes(body);
    const byline = [
      dateFormat.format(new Date(`${date}T00:00:00Z`)),
      ...(options.showReadingTime ? [translate(messages, 'blog.readingTime', { minutes })] : []),
    ].join(' · ');
    posts.push({
      page,
      route,
      title: fm.title ?? (/^#\s+(.+?)\s*#*\s*$/m.test(body) ? titleOf(page) : parsed.text || titleOf(page)),
      date,
      description: fm.description ?? '',
      authors,
      tags,
      unlisted: fm.unlisted === true,
      meta: {
        date,
        byline,
        authors: authors.map((author) => (author.route ? { ...author, route: href(author.route) } : author)),
      },
    });
  }
  posts.sort((a, b) => (a.date === b.date ? b.page.relPath.localeCompare(a.page.relPath) : a.date < b.date ? 1 : -1));
  const listed = posts.filter((post) => !post.unlisted);
  const title = options.title ?? translate(messages, 'blog.title');

  const navigation = new Map<string, DocNavigation>();
  listed.forEach((post, i) => {
    // Docusaurus' BlogPostPaginator: the newer post first, labelled "Newer post", then the older one.
    const link = (other: BlogPost | undefined, sub: 'blog.newerPost' | 'blog.olderPost'): PageLink | null =>
      other ? { label: other.title, href: href(other.route), sub: translate(messages, sub) } : null;
    navigation.set(post.route, {
      breadcrumbs: [],
      prev: link(listed[i - 1], 'blog.newerPost'),
      next: link(listed[i + 1], 'blog.olderPost'),
      editUrl: null,
      lastUpdated: null,
      ...(post.tags.length > 0 ? { tags: post.tags.map((tag) => ({ label: tag.label, href: href(tag.route) })) } : {}),
    });
  });

  const generated: BlogRoutes['generated'] = [];
  const listPages = (lists: BlogPost[], at: string, heading: string, description = '') => {
    for (const list of paginate(lists.length, options.postsPerPage, at)) {
      const shown = lists.slice(list.from, list.to);
      const pager = [
        list.newer ? `[${escapeText(translate(messages, 'blog.newerEntries'))}](${encodeURI(list.newer)})` : '',
        list.older ? `[${escapeText(translate(messages, 'blog.olderEntries'))}](${encodeURI(list.older)})` : '',
      ].filter(Boolean);
      const relPath = `${options.path}/${list.route.slice(1).replace(/\//g, '_') || 'index'}.generated.md`;
      const source = [
        description ? escapeText(description) : '',
        ...shown.map((post) => postSummary(post, relPath, messages)),
        pager.join(' · '),
      ]
        .filter(Boolean)
        .join('\n\n');
      generated.push({
        page: generatedPage(config.contentPath, relPath, heading, `${source}\n`),
        route: list.route,
        title: heading,
      });
    }
  };
  listPages(listed, base, title, options.description);

  const byTag = new Map<string, { label: string; description: string; posts: BlogPost[] }>();
  for (const post of listed)
    for (const tag of post.tags) {
      const entry = byTag.get(tag.route) ?? { label: tag.label, description: tag.description, posts: [] };
      entry.posts.push(post);
      byTag.set(tag.route, entry);
    }
  if (byTag.size > 0) {
    const tagsRoute = joinRoute(base, 'tags');
    const tags = [...byTag.entries()].sort((a, b) => a[1].label.localeCompare(b[1].label));
    generated.push({
      page: generatedPage(
        config.contentPath,
        `${options.path}/tags.generated.md`,
        translate(messages, 'blog.allTags'),
        tags
          .map(([route, tag]) => `- [${escapeText(tag.label)} (${tag.posts.length})](${encodeURI(route)})`)
          .join('\n') + '\n',
      ),
      route: tagsRoute,
      title: translate(messages, 'blog.allTags'),
    });
    for (const [route, tag] of tags)
      listPages(
        tag.posts,
        route,
        translate(messages, 'blog.tagPage', { tag: tag.label, count: tag.posts.length }),
        tag.description,
      );
  }

  const archiveTitle = translate(messages, 'blog.archive');
  const years = new Map<string, BlogPost[]>();
  for (const post of listed) years.set(post.date.slice(0, 4), [...(years.get(post.date.slice(0, 4)) ?? []), post]);
  generated.push({
    page: generatedPage(
      config.contentPath,
      `${options.path}/archive.generated.md`,
      archiveTitle,
      [...years]
        .map(
          ([year, list]) =>
            `## ${year}\n\n` +
            list.map((post) => `- ${post.date} [${escapeText(post.title)}](${encodeURI(post.route)})`).join('\n'),
        )
        .join('\n\n') + '\n',
    ),
    route: joinRoute(base, 'archive'),
    title: archiveTitle,
  });

  const withPages = new Map<string, { author: BlogAuthor; posts: BlogPost[] }>();
  for (const post of listed)
    for (const author of post.authors)
      if (author.route) {
        const entry = withPages.get(author.route) ?? { author, posts: [] };
        entry.posts.push(post);
        withPages.set(author.route, entry);
      }
  if (withPages.size > 0) {
    const authorsTitle = translate(messages, 'blog.authors');
    generated.push({
      page: generatedPage(
        config.contentPath,
        `${options.path}/authors.generated.md`,
        authorsTitle,
        [...withPages]
          .map(([route, { author, posts: list }]) => {
            const about = author.title ? ` — ${escapeText(author.title)}` : '';
            return `- [${escapeText(author.name)}](${encodeURI(route)}) (${list.length})${about}`;
          })
          .join('\n') + '\n',
      ),
      route: joinRoute(base, 'authors'),
      title: authorsTitle,
    });
    for (const [route, { author, posts: list }] of withPages)
      listPages(
        list,
        route,
        author.name,
        [author.title ?? '', translate(messages, 'blog.authorPosts', { author: author.name, count: list.length })]
          .filter(Boolean)
          .join(' · '),
      );
  }

  const count = options.blogSidebarCount === 'ALL' ? listed.length : options.blogSidebarCount;
  const sidebar: Sidebar | null =
    count > 0
      ? {
          id: BLOG_SIDEBAR,
          label: options.blogSidebarTitle ?? translate(messages, 'blog.recentPosts'),
          entry: href(base),
          items: listed
            .slice(0, count)
            .map((post): SidebarItem => ({ type: 'link', label: post.title, href: href(post.route) })),
        }
      : null;
  return {
    posts,
    generated,
    sidebar,
    navigation,
    dataFiles: [options.authorsMapPath, options.tags].map((file) => path.posix.join(options.path, file)),
    errors,
    base,
    title,
    description: options.description,
  };
}

/** A post's Markdown without its front matter. */
function bodyOf(source: string): string {
  return source.replace(/^---\r?\n[\s\S]*?\r?\n---\r?\n?/, '');
}

/**
 * A post on a list page: its title linking to it, the byline, the excerpt (or its description when the excerpt holds
 * MDX a page elsewhere cannot carry: imports, JSX, expressions) and "read more" when the post was truncated.
 * Relative links and images of the excerpt are rewritten to hold from the list page's file; its headings become
 * bold paragraphs, so each post's headings give no ids on the list page.
 */
function postSummary(post: BlogPost, listRelPath: string, messages: Messages): string {
  const { excerpt, truncated } = excerptOf(bodyOf(post.page.source));
  const from = path.posix.dirname(listRelPath);
  const postDir = path.posix.dirname(post.page.relPath);
  const mdx = /^\s*(import|export)\s|<[A-Za-z]|\{/m.test(excerpt.replace(/```[\s\S]*?```/g, ''));
  const text = mdx
    ? escapeText(post.description)
    : excerpt
        .replace(/<!--[\s\S]*?-->/g, '')
        .replace(/^#{1,6}\s+(.+?)\s*#*\s*$/gm, '**$1**')
        .replace(/(\]\()(?![a-z][a-z0-9+.-]*:|\/|#)([^)\s]+)/gi, (_, open: string, target: string) => {
          const resolved = path.posix.relative(from, path.posix.join(postDir, target));
          return `${open}${resolved.startsWith('.') ? resolved : `./${resolved}`}`;
        })
        .trim();
  const authors = post.authors.map((author) => escapeText(author.name)).join(', ');
  return [
    `## [${escapeText(post.title)}](${encodeURI(post.route)})`,
    `*${escapeText(post.meta.byline)}${authors ? ` · ${authors}` : ''}*`,
    text,
    truncated || mdx ? `[${escapeText(translate(messages, 'blog.readMore'))}](${encodeURI(post.route)})` : '',
  ]
    .filter(Boolean)
    .join('\n\n');
}

/** A post's authors: front matter `authors` (keys of authors.yml, or inline objects) or Docusaurus' legacy `author*`. */
function authorsOf(custom: Record<string, unknown>, map: Record<string, unknown>, base: string): BlogAuthor[] {
  const written =
    custom.authors ??
    (custom.author !== undefined
      ? [
          {
            name: custom.author,
            title: custom.author_title,
            url: custom.author_url,
            image_url: custom.author_image_url,
          },
        ]
      : []);
  const list = Array.isArray(written) ? written : [written];
  return list.flatMap((entry): BlogAuthor[] => {
    const known = typeof entry === 'string' ? asRecord(map[entry]) : undefined;
    const record = typeof entry === 'string' ? known : asRecord(entry);
    const key = typeof entry === 'string' ? entry : stringField(record, 'key');
    const merged = { ...(key && typeof entry !== 'string' ? asRecord(map[key]) : {}), ...record };
    const name = stringField(merged, 'name') ?? key;
    if (!name) return [];
    const title = stringField(merged, 'title');
    const url = stringField(merged, 'url');
    const imageUrl = stringField(merged, 'image_url') ?? stringField(merged, 'imageURL');
    const page = merged.page;
    const permalink = typeof page === 'object' && page ? stringField(asRecord(page), 'permalink') : undefined;
    return [
      {
        name,
        ...(title ? { title } : {}),
        ...(url ? { url } : {}),
        ...(imageUrl ? { imageUrl } : {}),
        ...(key && page ? { route: joinRoute(base, 'authors', permalink ?? key) } : {}),
      },
    ];
  });
}

/** authors.yml or tags.yml of the blog folder as a map, {} when absent or unreadable (the error is kept). */
function readYamlMap(contentPath: string, relPath: string, errors: DocgenError[]): Record<string, unknown> {
  const file = path.join(contentPath, relPath);
  if (!existsSync(file)) return {};
  try {
    return asRecord(parseYamlCapped(readFileSync(file, 'utf8'), { file, code: 'InvalidFrontMatter' })) ?? {};
  } catch (error) {
    if (!(error instanceof DocgenError)) throw error;
    errors.push(error);
    return {};
  }
}

function asRecord(value: unknown): Record<string, unknown> | undefined {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : undefined;
}

function stringField(record: Record<string, unknown> | undefined, key: string): string | undefined {
  const value = record?.[key];
  return typeof value === 'string' && value !== '' ? value : undefined;
}

function escapeText(text: string): string {
  return text.replace(/[\\[\]*_`<>{}]/g, '\\$&');
}

/** A page made in memory in the blog folder (its file name is never read). */
function generatedPage(contentPath: string, relPath: string, title: string, source: string): SourcePage {
  return { file: path.join(contentPath, relPath), relPath, source, frontMatter: { title, custom_edit_url: null } };
}
