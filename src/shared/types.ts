/**
 * Data shapes shared by the build (src/node), the browser runtime (src/client) and the theme (templates/).
 * Everything here is plain JSON: it is written to dist/ by the build and fetched by the client.
 */
import type { Root as HastRoot } from 'hast';
import type { Messages } from './messages.js';

/** What a route renders (spec §2: home, doc pages, API reference pages, not-found). */
export type RouteKind = 'home' | 'doc' | 'api' | 'notFound';

/**
 * One entry of the route table (spec §2: fields path, exact, sidebar), plus what the client needs to load it.
 * `path` is without the base URL, starts with '/', and ends with '/' only for folder index routes.
 */
export interface RouteRecord {
  path: string;
  exact: boolean;
  /** Sidebar id (a key of SiteData.sidebars), or null for routes without a sidebar. */
  sidebar: string | null;
  kind: RouteKind;
  title: string;
  /** URL of the route's data file (with the base URL), e.g. '/assets/data/docs-a.3f9c1b2e.json'. */
  data: string;
}

/** A sidebar item: a link to a route, or a category holding items (optionally linking to a route itself). */
export type SidebarItem =
  | { type: 'link'; label: string; href: string }
  | {
      type: 'category';
      label: string;
      href: string | null;
      items: SidebarItem[];
      /** Closed unless the current page is inside (Docusaurus default: true). */
      collapsed: boolean;
      /** false: always open, no toggle (absent: true). */
      collapsible?: false;
    };

export interface Sidebar {
  id: string;
  label: string;
  /** Where the navbar item opening this sidebar points (spec §2: devDesign -> its index, devSpecification -> SPN overview). */
  entry: string;
  items: SidebarItem[];
}

/** A column of footer links; `title` null for the links of a footer without columns. `href` has the base URL. */
export interface FooterColumn {
  title: string | null;
  items: { label: string; href: string; external: boolean }[];
}

export interface NavbarItem {
  /**
   * Absent for a link; 'docsVersionDropdown' for the docs version dropdown (label and href unused); 'dropdown' for a
   * menu of `items` (href unused).
   */
  type?: 'docsVersionDropdown' | 'dropdown';
  label: string;
  href: string;
  position: 'left' | 'right';
  /** Set for items that open a sidebar: the sidebar id, used to mark the item active. */
  sidebar: string | null;
  external: boolean;
  /**
   * On a versioned site, an item opening a sidebar: the entry of that sidebar in each version that has it, by version
   * name (Docusaurus links the item to the reader's version, else the preferred one, else the last).
   */
  versionHrefs?: Record<string, string>;
  /** A dropdown's entries, links and items opening a sidebar, in the config's order. */
  items?: NavbarItem[];
}

/**
 * A tag added to every page's <head> (Docusaurus `headTags`). Only `link` and `meta`: the site runs under a strict
 * Content-Security-Policy that allows no inline script (README, Output layout).
 */
export interface HeadTag {
  tagName: 'link' | 'meta';
  attributes: Record<string, string>;
}

/** Site-wide data shipped once per site as a content-hashed JSON asset, never inlined per page. */
export interface SiteData {
  title: string;
  tagline: string;
  /** The default `<meta name="description">` when it is not the tagline (config `description`). */
  description?: string;
  baseUrl: string;
  url: string;
  favicon: string;
  locale: string;
  buildDate: string;
  colorMode: { defaultMode: 'light' | 'dark'; disableSwitch: boolean; respectPrefersColorScheme: boolean };
  navbar: { title: string; logo: string | null; items: NavbarItem[] };
  /** `links`: the footer's link columns, absent when it has none. */
  footer: { style: 'dark' | 'light'; copyright: string; links?: FooterColumn[] };
  apiPrimaryColor: string;
  /** spec §3.1: remember the docs version the reader last used ('localStorage') or not. */
  docsVersionPersistence: 'localStorage' | 'none';
  /** spec §4: an optional announcement; its dismissal is remembered in localStorage. */
  announcementBar: { id: string; content: string; isCloseable: boolean } | null;
  routes: RouteRecord[];
  sidebars: Record<string, Sidebar>;
  /** URL of the site search manifest (src/shared/search-format.ts); absent when the site has no search index. */
  searchManifest?: string;
  /**
   * A versioned site's versions, in versions.json order (current first) and the manifest of the index of every
   * version (search across versions); absent on a site with one version.
   */
  versions?: { items: DocsVersion[]; searchAll?: string };
  /**
   * UI labels of the site's locale, resolved at build time (catalogue + `i18n.messages` overrides): the
   * theme and the browser runtime print these, so server HTML and hydration agree. Part of the SiteShell, less the
   * `api.*` and `baseUrl.*` labels, which only the server renders, and the `tryIt.*` ones, in API pages' own data.
   */
  messages: Messages;
  /**
   * site.config.ts `theme.head`: tags added to every page's <head> (server only: the site shell sent to the browser
   * leaves them out). Absent when there are none.
   */
  head?: HeadTag[];
  /** Config `themeConfig.image`: the default social card (server only, like `head`). */
  image?: string;
  /**
   * Label groups the content's build-time elements use (render/site-data.ts): `unlisted` (an unlisted page's notice),
   * `tags` (a doc's tag links). The shell carries their labels only when the site has such pages.
   */
  contentLabels?: ('unlisted' | 'tags')[];
  /** The site's locales when it has more than one; absent for a one-locale site. */
  i18n?: SiteLocales;
  /**
   * Config `customFields` (Docusaurus' `siteConfig.customFields`) on a site whose pages run components of their own
   * (render/compile-config.ts pagesAreCode), which read them with `useDocusaurusContext`; absent otherwise. Its
   * presence has the browser set the site those hooks read (templates/components/site-extras.ts prepareSite).
   */
  customFields?: Record<string, unknown>;
  /** Which routes have a Markdown twin (config `llms`; shared/twin-url.ts hasTwin); absent when twins are off. */
  twins?: TwinRoutes;
}

/** Config `llms`'s route filter: route paths, a trailing `*` matching a prefix. */
export interface TwinRoutes {
  include?: string[];
  exclude: string[];
}

/** One locale of a multi-locale site, as the reader's page needs it (hreflang, dropdown). */
export interface LocaleLink {
  /** The locale name of site.config.ts `i18n.locales`, e.g. 'en'. */
  locale: string;
  /** The dropdown's text (localeConfigs.label). */
  label: string;
  /** `<html lang>` and `hreflang` (localeConfigs.htmlLang). */
  htmlLang: string;
  /** The locale's base URL: the site's base for the default locale, `<base><path>/` for others. */
  baseUrl: string;
  /** Its text direction (localeConfigs.direction): an untranslated page's text keeps the default locale's. */
  direction: 'ltr' | 'rtl';
}

/** The locales of a multi-locale site: this build's locale and every locale's link. */
export interface SiteLocales {
  /** This build's locale. */
  current: string;
  /** Text direction of this locale (`<html dir>`). */
  direction: 'ltr' | 'rtl';
  /** Every locale, the default first (its link is `x-default`). */
  locales: LocaleLink[];
  /** Where the navbar's `localeDropdown` item stands, or null without one. */
  dropdown: 'left' | 'right' | null;
}

export interface TocItem {
  id: string;
  text: string;
  /** Heading level: 2 to 6, limited by the page's toc_min/max_heading_level (spec §9: 2 to 3). */
  level: number;
}

/** A link to another page of the site (href with the base URL). */
export interface PageLink {
  href: string;
  label: string;
  /**
   * The pager's line above the label when it is not the docs' "Previous"/"Next": a blog post's "Newer post"/"Older
   * post" (Docusaurus BlogPostPaginator), resolved from the catalogue at build time.
   */
  sub?: string;
}

/**
 * What a doc page shows around its content (Docusaurus' doc footer and breadcrumbs): built at
 * build time from the sidebar and the page's front matter (content/doc-navigation.ts).
 */
export interface DocNavigation {
  /** The sidebar, then the categories holding the page (href null when a category is no page), then the page itself. */
  breadcrumbs: { label: string; href: string | null }[];
  /** Previous and next page in sidebar order, or as front matter `pagination_prev`/`pagination_next` say. */
  prev: PageLink | null;
  next: PageLink | null;
  /** "Edit this page" URL (config `editUrl`, front matter `custom_edit_url`), or null. */
  editUrl: string | null;
  /** Last-updated date, 'YYYY-MM-DD' (UTC), from git or front matter `last_update.date`, or null. */
  lastUpdated: string | null;
  /** Set in a locale other than the default when the page has no translation: the default locale's text is shown. */
  untranslated?: true;
  /** Front matter `unlisted` (Docusaurus): robots noindex, left out of sidebars, search and the sitemap. */
  unlisted?: true;
  /** Front matter `tags` (Docusaurus): each tag's page (content/tags.ts); the build ends the content with these links. */
  tags?: PageLink[];
  /**
   * On a versioned site, the doc's version and the href of the same doc (Docusaurus: the same doc id) in
   * each other version that has it, by version name.
   */
  version?: { name: string; alternates: Record<string, string> };
}

/** One docs version of a versioned site (Docusaurus `versions.json` and the docs plugin's version options). */
export interface DocsVersion {
  /** Version name ('current' for the docs folder, else as in versions.json). */
  name: string;
  label: string;
  /** href (with base) of the version's first doc: where the dropdown goes when the current doc is not in it. */
  href: string;
  banner: 'none' | 'unreleased' | 'unmaintained';
  /** Whether this is the last version (Docusaurus `lastVersion`), served at the docs folder's route. */
  last: boolean;
  /** The version's route with the base URL, no trailing slash but the root's ('/docs/next'): Docusaurus' `GlobalVersion.path`. */
  path: string;
  /** URL (with base) of this version's search manifest: the index holds its docs and the pages of no version. */
  searchManifest?: string;
  /** Docusaurus `noIndex`: its pages ask search engines not to index them and are left out of the sitemap. */
  noIndex?: true;
}

/** Per-route data: everything a page needs beyond SiteData. One hashed JSON file per route. */
export interface PageData {
  path: string;
  kind: RouteKind;
  title: string;
  /**
   * The document's whole `<title>` when the page sets it (an MDX `<head><title>`, Docusaurus' head metadata);
   * otherwise the title is `<title> | <site title>` (render/html.ts, src/client/router.ts titleFor).
   */
  documentTitle?: string;
  description: string;
  /** Page content as hast (positions stripped), turned into React by src/shared/hast-to-react.ts. */
  content: HastRoot | null;
  toc: TocItem[];
  /** Doc pages: breadcrumbs, previous/next, edit link and last-updated date (absent on other kinds). */
  nav?: DocNavigation;
  /** Kind-specific data: home hero/features, or the API reference view model. */
  extra: Record<string, unknown> | null;
  /**
   * Stylesheets (URLs with base) the route needs besides the site's (AssetsManifest.routeCss): its HTML links them,
   * and the client loads them before showing the route after a client-side navigation.
   */
  styles?: string[];
  /** Browser only, first load: the server-rendered HTML of the content, hydrated as it is (never in JSON). */
  contentHtml?: string;
  /** Front matter `image`: the page's social card, a content path or an http(s) URL as written (render/html.ts). */
  image?: string;
  /** Front matter `keywords` (Docusaurus): `<meta name="keywords">` (render/html.ts). */
  keywords?: string[];
}

/**
 * The site data a first visit loads (`site.json`, the one asset with a stable name: output/hashed.ts): SiteData
 * without the route table and the sidebars, so its size does not grow with the number of pages (first
 * load <= 90 KB at any size).
 */
export type SiteShell = Omit<SiteData, 'routes' | 'sidebars' | 'head'> & {
  /** URL (with base) of the SiteNavigation, loaded once the page has hydrated. */
  navigation: string;
};

/** The route table and the sidebars (`navigation.<hash>.json`), shared by every page, loaded after hydration. */
export type SiteNavigation = Pick<SiteData, 'routes' | 'sidebars'>;

/** The small JSON block each HTML page carries so the client can hydrate (no executable inline script). */
export interface BootData {
  /** This page's route record (the route table itself loads after hydration), or null on the not-found page. */
  route: RouteRecord | null;
  /** URL (with base) of the SiteShell. */
  site: string;
  /** URL (with base) of the route's data, fetched only when `page` is absent. */
  data: string;
  /** The route's data without its content (which the page's HTML already holds), so the first load fetches no route JSON. */
  page?: PageData;
}
