/**
 * The write stages around rendering: route data before pages render, the site shell and navigation file once the
 * search index is known, and the host files (headers, sitemap) and static files last.
 */
import { constants } from 'node:fs';
import { copyFile, mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { RouteRecord, SiteData } from '../../shared/types.js';
import { withBase } from '../../shared/urls.js';
import { writeTrailingSlashRedirects } from '../output/trailing-slash.js';
import type { ResolvedConfig } from '../config/resolve.js';
import type { SiteModel } from '../content/site.js';
import { DocgenError } from '../diagnostics/error.js';
import { dataName, SITE_SHELL_FILE, writeHashed } from '../output/hashed.js';
import type { HeaderRules } from '../output/headers.js';
import { componentSourcesOf, withComponentSources } from '../output/headers.js';
import { pagesNeedPolicySources } from '../render/compile-config.js';
import { createSiteData, notFoundPageData, routeRecord, splitSiteData } from '../render/site-data.js';
import type { BuiltRoute } from './types.js';

/**
 * Route data files (Markdown routes' were written by the workers; API routes' and the not-found page's are
 * written here) and the site data without its search manifest URL: its shell and navigation file are written once
 * the index is built (writeSiteFiles).
 * @returns the site data, the route records, the data URLs of the routes without `meta` (API routes) and the
 *   not-found page's data and data URL
 */
export async function writeRouteData(options: {
  staging: string;
  config: ResolvedConfig;
  model: SiteModel;
  compiled: BuiltRoute[];
}) {
  const { staging, config, model, compiled } = options;
  const dataUrls = new Map<string, string>();
  const records: RouteRecord[] = [];
  for (const { route, data, meta } of compiled) {
    const url = meta
      ? meta.dataUrl
      : await writeHashed(staging, 'data/', dataName(route.path), JSON.stringify(data), config.baseUrl);
    if (!meta) dataUrls.set(route.path, url);
    records.push(routeRecord(route, data.title, url));
  }
  const notFound = notFoundPageData(config.messages);
  const notFoundUrl = await writeHashed(staging, 'data/', '404', JSON.stringify(notFound), config.baseUrl);
  const site = createSiteData(config, model, records);
  return { site, records, dataUrls, notFound: { data: notFound, dataUrl: notFoundUrl } };
}

/**
 * The site stage after rendering and search: the navigation file (route table and sidebars, which grow with the
 * site, so they load after hydration, never on the first visit) and the site shell (SITE_SHELL_FILE: stable name,
 * loaded on every first visit) naming it. The full build and the incremental build both call it.
 * @param site the site data with its search manifest URL
 * @returns the navigation file's URL (with base)
 */
export async function writeSiteFiles(staging: string, site: SiteData, baseUrl: string): Promise<string> {
  const { shell, navigation } = splitSiteData(site, '');
  const navigationUrl = await writeHashed(staging, '', 'navigation', JSON.stringify(navigation), baseUrl);
  await writeFile(path.join(staging, SITE_SHELL_FILE), JSON.stringify({ ...shell, navigation: navigationUrl }));
  return navigationUrl;
}

/**
 * Writes the host headers (`_headers`, `nginx.conf.example`), the sitemap, robots.txt when asked, copies the
 * static files (a static robots.txt replaces docgen's), and with `trailingSlash` the redirect pages of the old URLs.
 * @throws DocgenError DuplicateRoute when a static file under `assets/` has the path of a hashed asset docgen wrote
 */
export async function writeExtras(options: {
  staging: string;
  config: ResolvedConfig;
  model: SiteModel;
  records: RouteRecord[];
  headers: HeaderRules;
}): Promise<void> {
  const { staging, config, headers } = options;
  const sources = pagesNeedPolicySources(config) ? await componentSourcesOf(staging) : { styles: [], frameOrigins: [] };
  await writeFile(path.join(staging, '_headers'), withComponentSources(headers.headersFile, sources));
  await writeFile(path.join(staging, 'nginx.conf.example'), withComponentSources(headers.nginxFile, sources));
  await writeFile(path.join(staging, 'sitemap.xml'), sitemapXml(sitemapUrls(config, options.records, options.model)));
  await writeStaticFiles(options);
  if (config.trailingSlash) await writeTrailingSlashRedirects(staging, options.records, config.baseUrl);
}

/**
 * Copies the content's static files, and writes robots.txt for `robots: true` (a static robots.txt, copied after
 * it, wins).
 */
export async function writeStaticFiles(options: {
  staging: string;
  config: ResolvedConfig;
  model: SiteModel;
}): Promise<void> {
  const { staging, config } = options;
  if (config.robots) await writeFile(path.join(staging, 'robots.txt'), robotsOf(config));
  for (const rel of options.model.staticFiles) {
    const target = path.join(staging, rel);
    const source = options.model.staticSources?.[rel] ?? path.join(config.contentPath, rel);
    await mkdir(path.dirname(target), { recursive: true });
    await copyFile(source, target, rel.startsWith('assets/') ? constants.COPYFILE_EXCL : 0).catch((error: unknown) => {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      throw new DocgenError({
        code: 'DuplicateRoute',
        message: `The static file ${rel} would be copied to ${rel} in the output folder, where docgen wrote one of its hashed assets. Rename or move it.`,
        file: source,
      });
    });
  }
}

/**
 * The sitemap's `<url>` entries of one site (or one locale): every route's canonical URL with the build date, but
 * unlisted pages and `noIndex` versions.
 * @returns one line per URL, in route order
 */
export function sitemapUrls(config: ResolvedConfig, records: RouteRecord[], model: SiteModel): string[] {
  const origin = config.url.replace(/\/$/, '');
  const noIndex = noIndexRoutes(model);
  return records
    .filter((r) => !noIndex.has(r.path))
    .map(
      (r) =>
        `  <url><loc>${escapeXml(origin + withBase(config.baseUrl, encodeURI(r.path)))}</loc><lastmod>${config.buildDate}</lastmod></url>`,
    );
}

/** sitemap.xml of these `<url>` entries (sitemapUrls; sitemaps.org 0.9: one `<urlset>`). */
export function sitemapXml(urls: string[]): string {
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join('\n')}\n</urlset>\n`;
}

/** robots.txt (RFC 9309) of `robots: true`: every crawler may read every page; the sitemap's absolute URL. */
function robotsOf(config: ResolvedConfig): string {
  return `User-agent: *\nAllow: /\n\nSitemap: ${config.url.replace(/\/$/, '')}${withBase(config.baseUrl, '/sitemap.xml')}\n`;
}

/** Routes of unlisted pages and of docs versions with `noIndex`: left out of the sitemap, as Docusaurus' sitemap plugin does. */
function noIndexRoutes(model: SiteModel): Set<string> {
  const hidden = new Set((model.versions ?? []).filter((version) => version.noIndex).map((version) => version.name));
  return new Set(
    model.routes
      .filter(
        (route) =>
          route.page?.frontMatter.unlisted === true || (route.version !== undefined && hidden.has(route.version)),
      )
      .map((route) => route.path),
  );
}

function escapeXml(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}
