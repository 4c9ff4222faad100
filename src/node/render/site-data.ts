/**
 * Site-wide data (route table, sidebars, navbar, theme settings) shipped once per site, and the not-found page's
 * data. Shared by `docgen build` and `docgen dev`.
 */
import type { Messages } from '../../shared/messages.js';
import type { FooterColumn, PageData, RouteRecord, SiteData, SiteNavigation, SiteShell } from '../../shared/types.js';
import { isExternalHref, withBase } from '../../shared/urls.js';
import type { ResolvedConfig } from '../config/resolve.js';
import type { SiteModel, SiteRoute } from '../content/site.js';
import { feedHeadTags } from '../blog/feed.js';
import { pagesAreCode } from './compile-config.js';

/** A route's entry in the site data's route table: its data file's URL (with base) and the title it shows. */
export function routeRecord(
  route: Pick<SiteRoute, 'path' | 'sidebar' | 'kind'>,
  title: string,
  data: string,
): RouteRecord {
  return { path: route.path, exact: true, sidebar: route.sidebar, kind: route.kind, title, data };
}

/**
 * Builds the SiteData object.
 * @param records the route table, with each route's data URL
 * @returns plain JSON-able data
 */
export function createSiteData(config: ResolvedConfig, model: SiteModel, records: RouteRecord[]): SiteData {
  return {
    title: config.title,
    tagline: config.tagline,
    ...(config.description !== undefined ? { description: config.description } : {}),
    baseUrl: config.baseUrl,
    url: config.url,
    favicon: config.favicon ? siteFileUrl(config.baseUrl, config.favicon) : '',
    locale: config.i18n.defaultLocale,
    buildDate: config.buildDate,
    colorMode: config.themeConfig.colorMode,
    navbar: {
      title: config.themeConfig.navbar.title ?? config.title,
      logo: config.themeConfig.navbar.logo ? siteFileUrl(config.baseUrl, config.themeConfig.navbar.logo) : null,
      items: model.navbar,
    },
    footer: footerOf(config),
    apiPrimaryColor: config.themeConfig.api.primaryColor,
    docsVersionPersistence: config.themeConfig.docsVersionPersistence,
    announcementBar: config.themeConfig.announcementBar ?? null,
    routes: records,
    sidebars: model.sidebars,
    ...(model.versions ? { versions: { items: model.versions } } : {}),
    messages: config.messages,
    ...headOf(config),
    ...(config.themeConfig.image ? { image: config.themeConfig.image } : {}),
    ...(config.locale ? { i18n: config.locale.site } : {}),
    ...(config.llms.enabled
      ? { twins: { ...(config.llms.include ? { include: config.llms.include } : {}), exclude: config.llms.exclude } }
      : {}),
    ...contentLabelsOf(model),
    ...(pagesAreCode(config) ? { customFields: config.customFields } : {}),
  };
}

/**
 * SiteData.footer: the style, the copyright and the link columns, consecutive links of a simple footer gathered into
 * one column without a title (theme-classic Footer/LinkItem: `to` gets the base URL, `href` is kept as written).
 */
function footerOf(config: ResolvedConfig): SiteData['footer'] {
  const { style, copyright, links } = config.themeConfig.footer;
  const columns: FooterColumn[] = [];
  const item = (link: { label: string; href: string }) => {
    const external = isExternalHref(link.href);
    return { label: link.label, href: external ? link.href : withBase(config.baseUrl, link.href), external };
  };
  for (const link of links) {
    if ('items' in link) columns.push({ title: link.title ?? null, items: link.items.map(item) });
    else {
      const last = columns.at(-1);
      if (last && last.title === null) last.items.push(item(link));
      else columns.push({ title: null, items: [item(link)] });
    }
  }
  return { style, copyright, ...(columns.length > 0 ? { links: columns } : {}) };
}

/** SiteData.contentLabels: the label groups the site's pages use at build time (an unlisted notice, tag links). */
function contentLabelsOf(model: SiteModel): Pick<SiteData, 'contentLabels'> {
  const groups: NonNullable<SiteData['contentLabels']> = [];
  if (model.routes.some((route) => route.page?.frontMatter.unlisted === true)) groups.push('unlisted');
  if (model.routes.some((route) => (route.nav?.tags?.length ?? 0) > 0)) groups.push('tags');
  return groups.length > 0 ? { contentLabels: groups } : {};
}

/**
 * Splits site data into what every first visit loads and what loads after hydration.
 * @param navigationUrl URL (with base) the navigation part is served at
 */
export function splitSiteData(site: SiteData, navigationUrl: string): { shell: SiteShell; navigation: SiteNavigation } {
  const { routes, sidebars, messages, head: _head, image: _image, ...rest } = site; // head tags and the social card are printed by the server only
  return {
    shell: {
      ...rest,
      messages: browserMessages(messages, {
        locales: site.i18n !== undefined,
        versioned: rest.versions !== undefined,
        content: rest.contentLabels ?? [],
      }),
      navigation: navigationUrl,
    },
    navigation: { routes, sidebars },
  };
}

/**
 * The labels every page needs in the browser, for the site shell that every first visit loads: not the API
 * reference's (`api.*`, about half of them), nor the blog's (`blog.*`, written into its pages at build time: blog/pages.ts) nor the base-URL warning's (`baseUrl.*`), which only the server renders,
 * nor the try-it console's (`tryIt.*`), which API pages carry in their own data (render/api-route.ts apiPageExtra),
 * nor, on a one-locale site, the locale dropdown's and notice's (`locale.*`), nor, on a site with one version, the
 * docs versions' (`version.*`), nor the labels of content elements the site has none of (`unlisted.*`, `tags.*`).
 */
function browserMessages(
  messages: Messages,
  site: { locales: boolean; versioned: boolean; content: readonly string[] },
): Messages {
  // Labels of locales and versions only where the site has them: a one-locale, one-version site's shell
  // stays as it was.
  const serverOnly = new RegExp(
    `^(${['api', 'baseUrl', 'tryIt', 'blog', ...(site.locales ? [] : ['locale']), ...(site.versioned ? [] : ['version']), ...['unlisted', 'tags'].filter((group) => !site.content.includes(group))].join('|')})\\.`,
  );
  return Object.fromEntries(Object.entries(messages).filter(([id]) => !serverOnly.test(id))) as Messages;
}

/**
 * Page data of the not-found page (spec §8). A fresh object on every call.
 * @param messages the site's UI labels (ResolvedConfig.messages): the title is 'notFound.title'
 */
export function notFoundPageData(messages: Messages): PageData {
  return {
    path: '/404',
    kind: 'notFound',
    title: messages['notFound.title'],
    description: '',
    content: null,
    toc: [],
    extra: null,
  };
}

/**
 * The URL of a file of the site named in site.config.ts (`favicon`, `themeConfig.navbar.logo`): a URL with a
 * scheme or `//` stays as it is; a path, with or without its leading `/`, is under the base URL, as Docusaurus
 * resolves both (so that a site served under `/repo/` on GitHub Pages still finds them).
 */
/** SiteData.head: the blog feeds' alternate links (blog/feed.ts), then the config's `theme.head` tags. */
function headOf(config: ResolvedConfig): Pick<SiteData, 'head'> {
  const head = [...feedHeadTags(config), ...config.theme.head];
  return head.length > 0 ? { head } : {};
}

function siteFileUrl(baseUrl: string, file: string): string {
  return /^([a-z]+:|\/\/)/i.test(file) ? file : withBase(baseUrl, '/' + file.replace(/^\//, ''));
}
