/**
 * The blog of a Docusaurus site for `docgen migrate`: the classic preset's `blog` options or the first
 * `@docusaurus/plugin-content-blog` instance become site.config.ts `blog`, and the blog folder (posts, images next
 * to them, authors.yml, tags.yml) is copied into content/. Options docgen has no use for, and further blog
 * instances, are reported with the config's line. Defaults: plugin-content-blog options.ts DEFAULT_OPTIONS.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fg from 'fast-glob';
import type { UserConfig } from '../config/schema.js';
import { CLASSIC, type DocusaurusConfig, isBlogPlugin } from './docusaurus-config.js';
import { PLUGIN_KEY } from './markdown-plugins.js';
import { collectPageOrigins } from './policy-sources.js';
import type { MigrationReport } from './report.js';
import { copyTree, reportDangling } from './write-site.js';

/** The blog plugin's options docgen carries (site.config.ts `blog`, config/schema.ts). */
const CARRIED = new Set([
  'id',
  'path',
  'routeBasePath',
  'blogTitle',
  'blogDescription',
  'postsPerPage',
  'blogSidebarCount',
  'blogSidebarTitle',
  'authorsMapPath',
  'tags',
  'showReadingTime',
  'feedOptions',
]);

/** The feed options docgen carries (`blog.feedOptions`). */
const FEED_CARRIED = new Set(['type', 'title', 'description', 'copyright', 'language', 'limit']);

/** Why a feed option docgen does not carry is left (the report line's tail). */
const FEED_NOT_CARRIED: Record<string, string> = {
  createFeedItems: ": a function of the site's code; docgen writes Docusaurus' default items (blog/feed.ts)",
  xslt: ': the feeds are written without a stylesheet',
};

/**
 * The blog instances of a config: the classic preset's `blog` (unless `false`), then blog plugins (isBlogPlugin: the
 * package, or a site module extending it), with their options.
 */
function blogInstances(config: DocusaurusConfig, site: string): Record<string, unknown>[] {
  const found: Record<string, unknown>[] = [];
  for (const preset of config.presets ?? []) {
    const name = Array.isArray(preset) ? preset[0] : preset;
    if (typeof name !== 'string' || !CLASSIC.test(name)) continue;
    const blog = (Array.isArray(preset) ? (preset[1] as Record<string, unknown> | undefined) : undefined)?.blog;
    if (blog !== false) found.push(typeof blog === 'object' && blog !== null ? (blog as Record<string, unknown>) : {});
  }
  for (const plugin of config.plugins ?? []) {
    if (isBlogPlugin(plugin, site))
      found.push((Array.isArray(plugin) ? (plugin[1] as Record<string, unknown> | undefined) : undefined) ?? {});
  }
  return found;
}

/**
 * Whether the config names a blog (the classic preset's `blog` options, or a blog plugin) whose folder the site does
 * not have: migrate cannot carry it, and the pages' links into it stay broken (a trimmed or generated site).
 */
export function blogLeftOut(config: DocusaurusConfig, site: string): boolean {
  const declared =
    (config.plugins ?? []).some((plugin) => isBlogPlugin(plugin, site)) ||
    (config.presets ?? []).some((preset) => {
      const options = Array.isArray(preset) ? (preset[1] as Record<string, unknown> | undefined) : undefined;
      return typeof options?.blog === 'object' && options.blog !== null;
    });
  const [options] = blogInstances(config, site);
  if (!declared || !options) return false;
  return !existsSync(path.join(site, typeof options.path === 'string' ? options.path : 'blog'));
}

/**
 * Carries a Docusaurus site's blog over.
 * @param ctx.contentDir the new site's content folder; the blog goes to its folder `path` there (`blog` by default)
 *   unless a docs folder took that name, then to `blog-posts`
 * @returns the `blog` option of the new site.config.ts and the files copied; no option when the site has no blog
 *   (no folder, or `blog: false`)
 */
export function migrateBlog(
  config: DocusaurusConfig,
  ctx: {
    site: string;
    contentDir: string;
    report: MigrationReport;
    file: string;
    /** Collect the origins of the posts' iframes, external images and media (the site's CSP, as for the docs). */
    iframeOrigins: Set<string>;
    imageOrigins: Set<string>;
    mediaOrigins: Set<string>;
  },
): {
  blog?: NonNullable<UserConfig['blog']>;
  files: number;
  /** The blog's translation folder in `i18n/<locale>/` (plugin-content-blog's, `docusaurus-plugin-content-blog[-<id>]`). */
  translations?: string;
} {
  const [options, ...others] = blogInstances(config, ctx.site);
  for (const other of others)
    ctx.report.add(
      ctx.file,
      `blog instance '${String(other.id ?? other.path ?? 'blog')}' is not carried over: docgen builds one blog per site`,
      String(other.path ?? 'content-blog'),
    );
  if (!options) return { files: 0 };
  const source = path.join(ctx.site, typeof options.path === 'string' ? options.path : 'blog');
  if (!existsSync(source)) return { files: 0 };
  let folder = 'blog';
  if (existsSync(path.join(ctx.contentDir, folder))) folder = 'blog-posts';
  const files = copyTree(
    source,
    path.join(ctx.contentDir, folder),
    // Docusaurus' blog `exclude`: underscore partials stay (docgen's partials too), tests and their folders go.
    (relative) => /(^|[\\/])__tests__([\\/]|$)|\.test\.[jt]sx?$/.test(relative),
    reportDangling(ctx.report, path.relative(ctx.site, source) || '.'),
  );
  for (const post of fg.sync('**/*.{md,mdx}', { cwd: path.join(ctx.contentDir, folder), absolute: true })) {
    const text = readFileSync(post, 'utf8');
    collectPageOrigins(text, ctx);
  }
  for (const key of Object.keys(options).filter((key) => !CARRIED.has(key))) {
    // Plugin lists are carried site-wide, or reported plugin by plugin, by markdown-plugins.ts (as the docs').
    if (PLUGIN_KEY.test(key) && Array.isArray(options[key])) continue;
    ctx.report.add(ctx.file, `blog option '${key}' is not carried over`, key);
  }
  const feed = (options.feedOptions ?? {}) as Record<string, unknown>;
  for (const key of Object.keys(feed).filter((key) => !FEED_CARRIED.has(key)))
    ctx.report.add(ctx.file, `blog option 'feedOptions.${key}' is not carried over${FEED_NOT_CARRIED[key] ?? ''}`, key);
  const feedType = feed.type === undefined ? undefined : feedTypes(feed.type);
  const text = (value: unknown) => (typeof value === 'string' ? value : undefined);
  const count = (value: unknown) =>
    value === 'ALL' ? ('ALL' as const) : typeof value === 'number' && Number.isInteger(value) ? value : undefined;
  const postsPerPage = count(options.postsPerPage);
  const sidebarCount = count(options.blogSidebarCount);
  const blog: NonNullable<UserConfig['blog']> = {
    path: folder,
    routeBasePath: (text(options.routeBasePath) ?? 'blog').replace(/^\/+|\/+$/g, ''),
    ...(text(options.blogTitle) ? { title: text(options.blogTitle) } : {}),
    ...(text(options.blogDescription) ? { description: text(options.blogDescription) } : {}),
    ...(postsPerPage !== undefined && postsPerPage !== 0 ? { postsPerPage } : {}),
    ...(sidebarCount !== undefined ? { blogSidebarCount: sidebarCount } : {}),
    ...(text(options.blogSidebarTitle) ? { blogSidebarTitle: text(options.blogSidebarTitle) } : {}),
    ...(text(options.authorsMapPath) ? { authorsMapPath: text(options.authorsMapPath) } : {}),
    ...(text(options.tags) ? { tags: text(options.tags) } : {}),
    ...(options.showReadingTime === false ? { showReadingTime: false } : {}),
    ...(feedType !== undefined ||
    text(feed.title) ||
    text(feed.description) ||
    text(feed.copyright) ||
    text(feed.language) ||
    feed.limit !== undefined
      ? {
          feedOptions: {
            ...(feedType !== undefined ? { type: feedType } : {}),
            ...(text(feed.title) ? { title: text(feed.title) } : {}),
            ...(text(feed.description) ? { description: text(feed.description) } : {}),
            ...(text(feed.copyright) ? { copyright: text(feed.copyright) } : {}),
            ...(text(feed.language) ? { language: text(feed.language) } : {}),
            ...(typeof feed.limit === 'number' || feed.limit === false || feed.limit === null
              ? { limit: feed.limit ?? false }
              : {}),
          },
        }
      : {}),
  };
  const id = text(options.id);
  return { blog, files, translations: `docusaurus-plugin-content-blog${id && id !== 'default' ? `-${id}` : ''}` };
}

/** Docusaurus `feedOptions.type`: 'rss' | 'atom' | 'json' | 'all' | a list of them | null (no feed). */
function feedTypes(type: unknown): ('rss' | 'atom' | 'json')[] | null {
  if (type === null || type === false) return null;
  const list = type === 'all' ? ['rss', 'atom', 'json'] : Array.isArray(type) ? type : [type];
  return list.filter(
    (entry): entry is 'rss' | 'atom' | 'json' => entry === 'rss' || entry === 'atom' || entry === 'json',
  );
}
