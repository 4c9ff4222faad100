/**
 * The site model: every route of the site with its source, plus sidebars and navbar, before Markdown is compiled
 * (spec §2: the route table is data).
 */
import type { SidebarItem } from '../../shared/types.js';
import type { GeneratedIndex } from './sidebars.js';
import { apiLoadOptions, printApiWarnings } from '../openapi/api-entry.js';
import path from 'node:path';
import type { DocNavigation, NavbarItem, RouteKind, Sidebar } from '../../shared/types.js';
import { isExternalHref, routeToFile, withBase } from '../../shared/urls.js';
import type { ResolvedConfig } from '../config/resolve.js';
import type { NavbarLinkConfig } from '../config/schema.js';
import { DocgenError } from '../diagnostics/error.js';
import { SITE_SHELL_FILE } from '../output/hashed.js';
import { suggest } from '../diagnostics/suggest.js';
import type { ApiDocumentModel } from '../../shared/api-model.js';
import { collectContent, type SourcePage } from './collect.js';
import { createDocNavigation } from './doc-navigation.js';
import { loadGitDates } from './git-dates.js';
import { MAX_TITLE_LENGTH } from './front-matter.js';
import { assignRoutes } from './routes.js';
import { resolveSidebars, titleOf } from './sidebars.js';
import { collectTags } from './tags.js';
import { isBlogPath, loadBlog, BLOG_SIDEBAR, type BlogPostMeta } from '../blog/pages.js';
import {
  docsVersionsOf,
  mountVersions,
  versionDocsFolder,
  resolveVersions,
  resolveVersionSidebars,
  versionAlternates,
  versionSidebarId,
  type VersionedPage,
  type VersionsPlan,
} from './versions.js';
import type { DocsVersion } from '../../shared/types.js';

/** A route before rendering: what produces it and its table fields. */
export interface SiteRoute {
  path: string;
  kind: RouteKind;
  title: string;
  sidebar: string | null;
  /** The Markdown page, for home and doc routes. */
  page?: SourcePage;
  /** Doc pages: breadcrumbs, previous/next, edit link, last-updated date (content/doc-navigation.ts). */
  nav?: DocNavigation;
  /** The API document, for api routes. */
  api?: { file: string; model: ApiDocumentModel };
  /** On a versioned site, the docs version of a versioned doc (content/versions.ts; its name). */
  version?: string;
  /** For a page that uses `<DocCardList />`: the items of its sidebar category, as `<DocCardList>` lists them. */
  cards?: { label: string; route: string }[];
  /** A blog post: its date, byline and authors, shown above its content (blog/pages.ts). */
  blogPost?: BlogPostMeta;
}

export interface SiteModel {
  routes: SiteRoute[];
  sidebars: Record<string, Sidebar>;
  navbar: NavbarItem[];
  /** Content-relative POSIX paths of static files. */
  staticFiles: string[];
  errors: DocgenError[];
  /** Content-relative POSIX paths of pages that could not be read (their error is in `errors`; content/collect.ts). */
  failedPages?: string[];
  /** A versioned site's versions, current first; absent on a site with one version. */
  versions?: DocsVersion[];
  /** Static files of docs versions not at their path in the content folder: absolute source by content-relative path. */
  staticSources?: Record<string, string>;
  /**
   * A versioned site's version mounts (content-relative folders), the last version's, and each mount's folder (the
   * page cache's scopes).
   */
  versionMounts?: { mounts: string[]; last: string; dirs: Record<string, string> };
}

/** What loadSite reads besides the config. */
export interface LoadSiteOptions {
  /** Loads one OpenAPI document (default loadApiDocument); builds and `docgen dev` pass cached ones. */
  loadApi?: (file: string) => Promise<ApiDocumentModel>;
  /** Whether pages with `draft: true` are part of the site: in `docgen dev` only, as in Docusaurus (default false). */
  drafts?: boolean;
  /**
   * The documents' warnings (`validation: 'warn'`, OpenAPI 3.2 fields not rendered) go into ApiRoutes.errors as
   * warnings, for the build to report with the others (`--json`, the count, the warnings record); by default
   * they are printed as the documents load (`docgen dev`).
   */
  collectApiWarnings?: boolean;
}

/**
 * Reads content/ and the OpenAPI documents and derives routes, sidebars and navbar.
 * @param options.loadApi loads one OpenAPI document (default loadApiDocument); `docgen dev` passes a cached one
 * @returns the model and every error found (DuplicateRoute, InvalidFrontMatter, UnknownSidebar, DeadLink,
 *   OpenApiInvalid, ContentUnreadable); never throws for bad content
 */
export async function loadSiteModel(config: ResolvedConfig, options: LoadSiteOptions = {}): Promise<SiteModel> {
  const { model, apis } = await loadSite(config, options);
  return withApiRoutes(model, await apis);
}

/** The API routes of a site, once their documents are loaded, and the documents' errors. */
export interface ApiRoutes {
  routes: SiteRoute[];
  errors: DocgenError[];
}

/**
 * The site of a resolved config, the first stage of `docgen build`, the incremental build and `docgen dev`:
 * content/ read, routes assigned, sidebars and navbar resolved, and the OpenAPI documents loading. It comes in two
 * steps: the documents start loading first and are not waited for, so `docgen build` compiles Markdown
 * while they validate. API route paths come from the config, so the content's routes, sidebars and navbar do not
 * depend on the documents.
 * @param options.loadApi loads one OpenAPI document (default loadApiDocument); builds and `docgen dev` pass cached ones
 * @returns the model without API routes (with every content error), and the API routes to add with withApiRoutes
 */
export async function loadSite(
  config: ResolvedConfig,
  options: LoadSiteOptions = {},
): Promise<{ model: SiteModel; apis: Promise<ApiRoutes> }> {
  // The OpenAPI stack (parser, Ajv, YAML positions: about 1 MB of code) is imported only when a document is loaded:
  // `docgen dev` starts without it.
  const loadApi =
    options.loadApi ??
    (async (file: string) => (await import('../openapi/load.js')).loadApiDocument(file, apiLoadOptions(config, file)));
  const href = (p: string) => withBase(config.baseUrl, p);
  const apis = loadApiRoutes(config, loadApi, options.collectApiWarnings ?? false);
  apis.catch(() => {}); // awaited by the caller; an early rejection must not count as unhandled meanwhile
  const dates = config.showLastUpdateTime ? loadGitDates(config.contentPath) : null; // one git call, beside the reading
  const collected = await collectContent(config.contentPath, { unknownFrontMatter: config.onUnknownFrontMatter });
  const errors: DocgenError[] = [];
  const plan = versionsPlanOf(config, errors);
  // Versioned docs: every version's pages mounted at its route, and each version's mount a docs root.
  const mounted = plan ? await mountVersions(plan, collected, config) : null;
  // Drafts (front matter `draft: true`) are left out of a build: no route, no output, and sidebar items naming one
  // are dropped (Docusaurus). A link to one is then a dead link, as it would be on the published site.
  const all = mounted?.content ?? collected;
  const drafts = options.drafts ? [] : all.pages.filter((page) => page.frontMatter.draft === true);
  const unblogged =
    drafts.length > 0 ? { ...all, pages: all.pages.filter((page) => page.frontMatter.draft !== true) } : all;
  // The blog's posts get their routes from blog/pages.ts, not from their paths; its data files are no static files.
  const blog = config.blog
    ? loadBlog(
        { ...config, blog: config.blog },
        unblogged.pages.filter((page) => isBlogPath(config.blog, page.relPath)),
        href,
      )
    : null;
  const content = blog
    ? {
        ...unblogged,
        pages: unblogged.pages.filter((page) => !isBlogPath(config.blog, page.relPath)),
        staticFiles: unblogged.staticFiles.filter((file) => !blog.dataFiles.includes(file)),
      }
    : unblogged;
  const draftPages = drafts.map((page) => ({ page, route: '', title: titleOf(page) }));
  const docsRoots = mounted ? [...config.docsRoots, ...mounted.mounts] : config.docsRoots;
  errors.push(...content.errors);
  const reserved = new Map(
    config.apis.map((api) => [api.route, path.relative(config.root, path.resolve(config.root, api.spec))]),
  );
  const apiPaths = config.apis.map((api) => api.route);

  const { routeOf, errors: routeErrors } = assignRoutes(content.pages, reserved, docsRoots, config.onDuplicateRoutes);
  errors.push(...routeErrors);
  errors.push(...reservedOutputErrors(config.contentPath, content.staticFiles));
  const pages = content.pages
    .filter((page) => routeOf.has(page.file))
    .map((page) => ({ page, route: routeOf.get(page.file)!, title: titleOf(page) }));
  errors.push(...shadowingErrors(config, content.staticFiles, pages));
  errors.push(...longSegmentErrors(pages));
  errors.push(...longTitleErrors(pages));
  const routes = new Set([...pages.map((p) => p.route), ...apiPaths, ...(blog?.posts.map((post) => post.route) ?? [])]);
  if (blog) errors.push(...blog.errors);

  const sidebarResult = mounted
    ? resolveVersionSidebars({
        plan: plan!,
        config,
        pages,
        drafts: draftPages,
        versionOf: mounted.versionOf,
        categories: content.categories,
        routes,
        href,
      })
    : resolveSidebars({
        sidebars: config.sidebars,
        pages,
        drafts: draftPages,
        failedPages: content.failedPages,
        categories: content.categories,
        configFile: config.configFile,
        routes,
        href,
      });
  errors.push(...sidebarResult.errors);
  if (config.locale) sidebarResult.sidebars = config.locale.labelSidebars(sidebarResult.sidebars); // current.json

  /**
   * A link or an item opening a sidebar, resolved to its href; null (with an UnknownSidebar error) for an unknown
   * sidebar. `at` is the item's index path below themeConfig.navbar.items, for the error.
   */
  const resolveItem = (item: NavbarLinkConfig, at: string): NavbarItem | null => {
    if (item.type === 'docSidebar') {
      // On a versioned site the item opens the last version's sidebar of that id (Docusaurus: the latest version).
      const last = plan?.versions.find((v) => v.last);
      const sidebar =
        (last && sidebarResult.sidebars[versionSidebarId(item.sidebarId, last.name)]) ||
        sidebarResult.sidebars[item.sidebarId];
      if (!sidebar) {
        const guess = suggest(item.sidebarId, Object.keys(config.sidebars));
        errors.push(
          new DocgenError({
            code: 'UnknownSidebar',
            message: `themeConfig.navbar.items[${at}] opens the sidebar '${item.sidebarId}', which is not defined in \`sidebars\`.${guess ? ` Did you mean '${guess}'?` : ''}`,
            file: config.configFile,
          }),
        );
        return null;
      }
      const versionHrefs = plan ? sidebarEntriesByVersion(plan, item.sidebarId, sidebarResult.sidebars) : {};
      return {
        label: item.label,
        href: sidebar.entry,
        position: item.position,
        sidebar: item.sidebarId,
        external: false,
        ...(Object.keys(versionHrefs).length > 1 ? { versionHrefs } : {}),
      };
    }
    const external = isExternalHref(item.href);
    return {
      label: item.label,
      href: external ? item.href : href(item.href),
      position: item.position,
      sidebar: null,
      external,
    };
  };
  const navbar: NavbarItem[] = [];
  for (const [index, item] of config.themeConfig.navbar.items.entries()) {
    if (item.type === 'localeDropdown') continue; // the theme draws it from SiteData.i18n (i18n/site-locales.ts)
    if (item.type === 'docsVersionDropdown') {
      if (plan)
        navbar.push({
          type: 'docsVersionDropdown',
          label: '',
          href: '',
          position: item.position,
          sidebar: null,
          external: false,
        });
      continue;
    }
    if (item.type === 'dropdown') {
      const items = item.items.flatMap((entry, entryIndex) => {
        const resolved = resolveItem(entry, `${index}].items[${entryIndex}`);
        return resolved ? [resolved] : [];
      });
      if (items.length > 0)
        navbar.push({
          type: 'dropdown',
          label: item.label,
          href: '',
          position: item.position,
          sidebar: null,
          external: false,
          items,
        });
      continue;
    }
    const resolved = resolveItem(item, String(index));
    if (resolved) navbar.push(resolved);
  }

  const sidebarOf = (route: string) => sidebarResult.sidebarOf.get(route) ?? null;
  // Tag pages (front matter `tags`) are generated indexes too; a page or category index at the same route wins.
  const tags = collectTags({ pages, docsRoots, messages: config.messages, href });
  const taken = new Set(routes);
  const indexes = [...sidebarResult.generated, ...tags.indexes].filter(
    (index) => !taken.has(index.route) && taken.add(index.route),
  );
  const generated = indexes.map((index) => ({
    page: generatedIndexPage(config.contentPath, index),
    route: index.route,
    title: index.title,
  }));
  const { navigation, errors: navigationErrors } = createDocNavigation({
    pages: [...pages, ...generated].map(({ page, route, title }) => ({
      page,
      route,
      title,
      sidebar: sidebarOf(route),
    })),
    sidebars: sidebarResult.sidebars,
    href,
    editUrl: config.editUrl,
    root: config.root,
    contentPath: config.locale?.sourceContentPath ?? config.contentPath, // a locale's overlay: edit the source (Docusaurus' default)
    dates: dates && (await dates),
  });
  errors.push(...navigationErrors);
  for (const [route, links] of tags.tagsOf) {
    const nav = navigation.get(route);
    if (nav) nav.tags = links;
  }
  const docRoutes: SiteRoute[] = [...pages, ...generated].map(({ page, route, title }) => ({
    path: route,
    kind: page.frontMatter.layout === 'home' ? 'home' : 'doc',
    title,
    sidebar: sidebarOf(route),
    page,
    ...(navigation.has(route)
      ? { nav: markUntranslated(navigation.get(route)!, untranslatedKey(page, mounted?.versionOf), config) }
      : {}),
  }));
  if (blog) docRoutes.push(...blogRoutes(blog, taken));
  if (blog?.sidebar) sidebarResult.sidebars[BLOG_SIDEBAR] = blog.sidebar;
  docRoutes.sort(byPath);
  if (mounted) {
    const alternates = versionAlternates(docRoutes, mounted.versionOf, href);
    for (const route of docRoutes) {
      const version = alternates.get(route.path);
      if (!version) continue;
      route.version = version.name;
      if (route.nav) route.nav = { ...route.nav, version };
    }
    followVersions(navbar, docRoutes, plan!, href);
  }
  for (const route of docRoutes) {
    if (route.sidebar && route.page?.source.includes('<DocCardList'))
      route.cards = categoryCards(sidebarResult.sidebars[route.sidebar]!.items, href(route.path), docRoutes, href);
  }
  const firstHref = (sidebarResult as { firstHref?: Map<string, string> }).firstHref;
  const versions =
    plan && firstHref && mounted
      ? {
          staticSources: mounted.staticSources,
          versions: docsVersionsOf(plan, firstHref, href),
          versionMounts: {
            mounts: plan.versions.map((v) => v.mount),
            last: plan.versions.find((v) => v.last)!.mount,
            dirs: Object.fromEntries(plan.versions.map((v) => [v.mount, v.dir])),
          },
        }
      : {};
  return {
    model: {
      routes: docRoutes,
      sidebars: sidebarResult.sidebars,
      navbar,
      staticFiles: content.staticFiles,
      errors,
      ...(content.failedPages?.length ? { failedPages: content.failedPages } : {}),
      ...versions,
    },
    apis,
  };
}

/**
 * The blog's routes (blog/pages.ts): its posts, then its list, tag, archive and author pages where no page or route
 * already is (`taken`, which they join; a list page at '/' of a blog-only site yields to a home page). Every one shows the "recent posts" sidebar when the blog has one.
 */
function blogRoutes(blog: NonNullable<ReturnType<typeof loadBlog>>, taken: Set<string>): SiteRoute[] {
  const sidebar = blog.sidebar ? BLOG_SIDEBAR : null;
  const posts = blog.posts; // already in `taken` (their routes join the route set the sidebars resolve against)
  const generated = blog.generated.filter((index) => !taken.has(index.route) && taken.add(index.route));
  return [
    ...posts.map(
      (post): SiteRoute => ({
        path: post.route,
        kind: 'doc',
        title: post.title,
        sidebar,
        page: post.page,
        ...(blog.navigation.has(post.route) ? { nav: blog.navigation.get(post.route)! } : {}),
        blogPost: post.meta,
      }),
    ),
    ...generated.map(
      (index): SiteRoute => ({ path: index.route, kind: 'doc', title: index.title, sidebar, page: index.page }),
    ),
  ];
}

/**
 * The site's versions (content/versions.ts) with their labels in the locale being built (`version.label` of
 * i18n/<locale>/docusaurus-plugin-content-docs/current.json or version-<name>.json), or null when the site has
 * none or they cannot be read (the error is kept).
 */
function versionsPlanOf(config: ResolvedConfig, errors: DocgenError[]): VersionsPlan | null {
  try {
    const plan = resolveVersions(config);
    const locale = config.locale;
    if (!plan || !locale) return plan;
    return {
      ...plan,
      versions: plan.versions.map((version) => ({
        ...version,
        label: locale.labelVersion(version.name, version.label),
      })),
    };
  } catch (error) {
    if (!(error instanceof DocgenError)) throw error;
    errors.push(error);
    return null;
  }
}

/**
 * The page of a generated index (Docusaurus `link: { type: 'generated-index' }`): Markdown made in memory, its title,
 * description and a list of links to the category's pages, compiled like any page. Its file name is never read.
 */
function generatedIndexPage(contentPath: string, index: GeneratedIndex): SourcePage {
  const relPath = `${index.route.slice(1) || 'index'}.generated.md`;
  const escape = (text: string) => text.replace(/[\\[\]*_`<>{}]/g, '\\$&');
  const list = index.links.map((link) => `- [${escape(link.label)}](${encodeURI(link.route)})`);
  const footer = index.footer ? `[${escape(index.footer.label)}](${encodeURI(index.footer.route)})` : '';
  const source =
    [index.description ? escape(index.description) : '', list.join('\n'), footer].filter(Boolean).join('\n\n') + '\n';
  return {
    file: path.join(contentPath, relPath),
    relPath,
    source,
    frontMatter: { title: index.title, custom_edit_url: null },
  };
}

/**
 * What `<DocCardList />` lists on a page (Docusaurus: the current category's items): the items of the category the
 * page is the link of, else the other items of the category it sits in.
 * @param pageHref the page's href (with the base URL)
 */
function categoryCards(
  items: SidebarItem[],
  pageHref: string,
  routes: SiteRoute[],
  href: (route: string) => string,
): { label: string; route: string }[] {
  const routeOf = new Map(routes.map((r) => [href(r.path), r.path]));
  const cards = (list: SidebarItem[]) =>
    list.flatMap((item) =>
      item.href && item.href !== pageHref && routeOf.has(item.href)
        ? [{ label: item.label, route: routeOf.get(item.href)! }]
        : [],
    );
  const find = (list: SidebarItem[]): SidebarItem[] | null => {
    for (const item of list) {
      if (item.type !== 'category') continue;
      if (item.href === pageHref) return item.items;
      const inner = find(item.items);
      if (inner) return inner;
      if (item.items.some((child) => child.href === pageHref)) return item.items;
    }
    return null;
  };
  return cards(find(items) ?? items);
}

/** The model with its API routes added in route order, and the documents' errors after the content's. */
export function withApiRoutes(model: SiteModel, apis: ApiRoutes): SiteModel {
  return {
    ...model,
    routes: [...model.routes, ...apis.routes].sort(byPath),
    errors: [...model.errors, ...apis.errors],
  };
}

async function loadApiRoutes(
  config: ResolvedConfig,
  loadApi: (file: string) => Promise<ApiDocumentModel>,
  collectWarnings: boolean,
): Promise<ApiRoutes> {
  const routes: SiteRoute[] = [];
  const errors: DocgenError[] = [];
  await Promise.all(
    config.apis.map(async (api) => {
      const file = path.resolve(config.root, api.spec);
      try {
        const model = await loadApi(file);
        if (collectWarnings)
          errors.push(...(model.warnings ?? []).map((w) => DocgenError.fromJSON({ ...w, severity: 'warning' })));
        else printApiWarnings(model, config.root);
        routes.push({
          path: api.route,
          kind: 'api',
          title: api.title ?? model.title,
          sidebar: null,
          api: { file, model },
        });
      } catch (error) {
        if (error instanceof DocgenError) errors.push(error);
        else throw error;
      }
    }),
  );
  routes.sort(byPath);
  return { routes, errors };
}

/** Output files docgen writes itself at the root of the output folder. */
const GENERATED_FILES = new Set([SITE_SHELL_FILE, 'sitemap.xml', '_headers', 'nginx.conf.example', '404.html']);

/**
 * A static file is copied to the same path in the output folder: it must not take the place of a file docgen
 * generates (the site shell, the sitemap, the host headers, the not-found page). A static file under `assets/` is
 * published beside docgen's hashed assets, as Docusaurus copies `static/` into the build root beside its own
 * `assets/js/...`; only a path equal to one of theirs is an error, found when the static files are copied
 * (build/output.ts writeExtras).
 * @returns DuplicateRoute errors naming the static file
 */
function reservedOutputErrors(contentPath: string, staticFiles: string[]): DocgenError[] {
  return staticFiles
    .filter((rel) => GENERATED_FILES.has(rel))
    .map(
      (rel) =>
        new DocgenError({
          code: 'DuplicateRoute',
          message: `The static file ${rel} would be copied to ${rel} in the output folder, where docgen writes its own file. Rename or move it.`,
          file: path.join(contentPath, rel),
        }),
    );
}

/**
 * A static file copied to the output path of a page (`spec/foo.html` beside `spec/foo.md`, `a/index.html` beside
 * `a/index.md`) would silently take the page's place, and run its own script on the site's origin.
 * @returns DuplicateRoute errors naming both files
 */
function shadowingErrors(
  config: ResolvedConfig,
  staticFiles: string[],
  pages: { page: SourcePage; route: string }[],
): DocgenError[] {
  // Output file -> the source it is rendered from (a Markdown page, or an API reference's OpenAPI document).
  const sourceOf = new Map(pages.map(({ page, route }) => [routeToFile(route), page.file]));
  for (const api of config.apis) sourceOf.set(routeToFile(api.route), path.resolve(config.root, api.spec));
  return staticFiles.flatMap((rel) => {
    const source = sourceOf.get(rel);
    if (!source) return [];
    return [
      new DocgenError({
        code: 'DuplicateRoute',
        message: `The static file ${rel} would be copied to the output path of the page made from ${path.relative(config.root, source)}, and replace it. Rename or remove one of them.`,
        file: path.join(config.contentPath, rel),
      }),
    ];
  });
}

/**
 * A page whose title comes from a `# heading` longer than MAX_TITLE_LENGTH (front matter titles are checked with
 * the front matter).
 * @returns MarkdownSyntax errors at the heading
 */
function longTitleErrors(pages: { page: SourcePage; title: string }[]): DocgenError[] {
  return pages.flatMap(({ page, title }) => {
    if (title.length <= MAX_TITLE_LENGTH) return [];
    const line = page.source.slice(0, page.source.search(/^#\s/m)).split('\n').length;
    return [
      new DocgenError({
        code: 'MarkdownSyntax',
        message: `The page's title, taken from its first heading, is ${title.length} characters long; at most ${MAX_TITLE_LENGTH} are allowed. Shorten the heading or set a shorter \`title\` in the front matter.`,
        file: page.file,
        line,
        column: 1,
      }),
    ];
  });
}

/** Bytes a file name may have on common file systems (ext4, APFS, NTFS in UTF-16 units, near enough). */
const MAX_FILE_NAME_BYTES = 255;

/**
 * A route segment becomes a file name (`<segment>.html`): one longer than file systems allow (a long slug or file
 * name) failed the build with ENAMETOOLONG and a stack trace.
 * @returns InvalidFileName errors naming the page
 */
function longSegmentErrors(pages: { page: SourcePage; route: string }[]): DocgenError[] {
  return pages.flatMap(({ page, route }) => {
    const longest = Math.max(...route.split('/').map((segment) => Buffer.byteLength(segment) + '.html'.length));
    if (longest <= MAX_FILE_NAME_BYTES) return [];
    return [
      new DocgenError({
        code: 'InvalidFileName',
        message: `The route ${JSON.stringify(route.length > 80 ? route.slice(0, 80) + '…' : route)} has a segment of ${longest} bytes as a file name (with .html); file systems allow ${MAX_FILE_NAME_BYTES}. Shorten the page's slug or file name.`,
        file: page.file,
      }),
    ];
  });
}

function byPath(a: SiteRoute, b: SiteRoute): number {
  return a.path < b.path ? -1 : a.path > b.path ? 1 : 0;
}

/**
 * A navbar link to a doc of the last version (what `docgen migrate` makes of Docusaurus' `type: 'doc'` items) goes
 * to the same doc in the reader's version, as Docusaurus' doc items do (NavbarItem.versionHrefs).
 */
function followVersions(
  navbar: NavbarItem[],
  routes: { path: string; version?: string; nav?: DocNavigation }[],
  plan: VersionsPlan,
  href: (route: string) => string,
): void {
  const last = plan.versions.find((v) => v.last)?.name;
  const byHref = new Map(routes.filter((route) => route.version === last).map((route) => [href(route.path), route]));
  for (const item of navbar) {
    if (item.type || item.external || item.versionHrefs) continue;
    const version = byHref.get(item.href)?.nav?.version;
    if (version && Object.keys(version.alternates).length > 0)
      item.versionHrefs = { [version.name]: item.href, ...version.alternates };
  }
}

/** The entry of the sidebar `id` in each version that has it, by version name (NavbarItem.versionHrefs). */
function sidebarEntriesByVersion(
  plan: VersionsPlan,
  id: string,
  sidebars: Record<string, Sidebar>,
): Record<string, string> {
  const entries: Record<string, string> = {};
  for (const version of plan.versions) {
    const own = sidebars[versionSidebarId(id, version.name)];
    if (own) entries[version.name] = own.entry;
  }
  return entries;
}

/**
 * A page's path as i18n/overlay.ts lists the untranslated ones: content-relative (a current doc from before it was
 * mounted at its version's route), or `versioned_docs/version-<name>/<path>` for a doc of an older version.
 */
function untranslatedKey(
  page: { file: string; relPath: string },
  versionOf: Map<string, VersionedPage> | undefined,
): string {
  const versioned = versionOf?.get(page.file);
  if (!versioned) return page.relPath;
  if (versioned.version.name === 'current') return versioned.localRelPath;
  return `${versionDocsFolder(versioned.version.name)}/${versioned.localRelPath.split('/').slice(1).join('/')}`;
}

/**
 * A page of a locale build that has no translation, so shows the default locale's text, gets the untranslated
 * notice (i18n/overlay.ts lists those pages).
 * @param relPath the page's path as untranslatedKey gives it
 */
function markUntranslated(nav: DocNavigation, relPath: string, config: ResolvedConfig): DocNavigation {
  return config.locale?.untranslated.has(relPath) ? { ...nav, untranslated: true } : nav;
}
