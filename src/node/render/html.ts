/**
 * The HTML document around the rendered app (lang, title, description, canonical, Open Graph;
 * modulepreload per route; boot data as inert JSON, never executable inline script except the hashed
 * colour-mode snippet). `lang` and `og:locale` follow `i18n.defaultLocale`, the base-URL banner is the site's
 * 'baseUrl.warning' message.
 */
import { translate } from '../../shared/messages.js';
import type { HeadTag } from '../../shared/theme.js';
import type { BootData, PageData, SiteData } from '../../shared/types.js';
import { hasTwin, twinPath } from '../../shared/twin-url.js';
import { withBase } from '../../shared/urls.js';
import { openGraphLocale } from '../config/messages.js';

export interface HtmlShellInput {
  site: SiteData;
  page: PageData;
  /** Rendered app HTML (children of #__docgen). */
  appHtml: string;
  boot: BootData;
  /** Absolute canonical URL, or null for the not-found page. */
  canonical: string | null;
  css: string[];
  entry: string;
  modulePreloads: string[];
  /** The colour-mode script (its hash is in the CSP). */
  themeScript: string;
}

/**
 * Builds the whole document.
 * @returns UTF-8 HTML text, deterministic for the same input
 */
export function renderHtmlDocument(input: HtmlShellInput): string {
  const { site, page } = input;
  const title = page.documentTitle ?? (page.kind === 'home' ? site.title : `${page.title} | ${site.title}`);
  const description = page.description || (site.description ?? site.tagline);
  const ogLocale = openGraphLocale(site.locale);
  const head = [
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${escapeHtml(title)}</title>`,
    `<meta name="description" content="${escapeAttr(description)}">`,
    page.keywords ? `<meta name="keywords" content="${escapeAttr(page.keywords.join(', '))}">` : '',
    '<meta name="generator" content="docgen">',
    input.canonical ? `<link rel="canonical" href="${escapeAttr(input.canonical)}">` : '',
    isNoIndex(site, page) ? '<meta name="robots" content="noindex, nofollow">' : '',
    `<meta property="og:title" content="${escapeAttr(title)}">`,
    `<meta property="og:description" content="${escapeAttr(description)}">`,
    `<meta property="og:type" content="${page.kind === 'home' ? 'website' : 'article'}">`,
    input.canonical ? `<meta property="og:url" content="${escapeAttr(input.canonical)}">` : '',
    `<meta property="og:site_name" content="${escapeAttr(site.title)}">`,
    ogLocale ? `<meta property="og:locale" content="${escapeAttr(ogLocale)}">` : '',
    ...socialCard(site, page),
    ...alternateLinks(site, page, input.canonical),
    hasTwin(site.twins, page.path, page.kind)
      ? `<link rel="alternate" type="text/markdown" href="${escapeAttr(withBase(site.baseUrl, twinPath(page.path)))}">`
      : '',
    site.favicon ? `<link rel="icon" href="${escapeAttr(site.favicon)}">` : '',
    ...(site.head ?? []).map(headTag),
    `<script>${input.themeScript}</script>`,
    ...input.css.map((href) => `<link rel="stylesheet" href="${escapeAttr(href)}">`),
    `<link rel="preload" href="${escapeAttr(input.boot.site)}" as="fetch" crossorigin>`,
    ...input.modulePreloads.map((href) => `<link rel="modulepreload" href="${escapeAttr(href)}">`),
    `<script type="module" src="${escapeAttr(input.entry)}"></script>`,
  ].filter(Boolean);
  return (
    `<!doctype html>\n<html ${htmlLangAttributes(site)} data-theme="${site.colorMode.defaultMode}">\n<head>\n${head.join('\n')}\n</head>\n` +
    `<body>\n<div id="dg-base-url-banner" role="alert" hidden>${escapeHtml(translate(site.messages, 'baseUrl.warning', { baseUrl: site.baseUrl }))}</div>\n` +
    `<div id="__docgen">${input.appHtml}</div>\n` +
    `<script type="application/json" id="__docgen-boot">${jsonForScript({ ...input.boot, page: bootPage(page) })}</script>\n</body>\n</html>\n`
  );
}

/** `lang` (and on a multi-locale site `dir`) of <html>: the locale's `htmlLang` and direction. */
function htmlLangAttributes(site: SiteData): string {
  if (!site.i18n) return `lang="${escapeAttr(site.locale)}"`;
  const current = site.i18n.locales.find((l) => l.locale === site.i18n!.current);
  return `lang="${escapeAttr(current?.htmlLang ?? site.locale)}" dir="${site.i18n.direction}"`;
}

/**
 * The page in every locale (`<link rel="alternate" hreflang>`, and `x-default` for the default locale's;
 * Google's "Tell Google about localized versions of your page", as Docusaurus prints them): a multi-locale site has
 * every page in every locale, an untranslated one in the default locale's text.
 */
function alternateLinks(site: SiteData, page: PageData, canonical: string | null): string[] {
  if (!site.i18n || !canonical) return [];
  const origin = site.url.replace(/\/$/, '');
  const href = (baseUrl: string) => escapeAttr(origin + withBase(baseUrl, encodeURI(page.path)));
  const [first] = site.i18n.locales;
  return [
    ...site.i18n.locales.map(
      (l) => `<link rel="alternate" href="${href(l.baseUrl)}" hreflang="${escapeAttr(l.htmlLang)}">`,
    ),
    ...(first ? [`<link rel="alternate" href="${href(first.baseUrl)}" hreflang="x-default">`] : []),
  ];
}

/**
 * The page's social card (front matter `image`, else config `themeConfig.image`; Docusaurus prints the same tags):
 * `og:image`, `twitter:card` and `twitter:image`, its URL absolute on the site's `url` and base URL. None without one.
 */
function socialCard(site: SiteData, page: PageData): string[] {
  const image = page.image ?? site.image;
  if (!image) return [];
  const url = /^https?:\/\//i.test(image)
    ? image
    : new URL(withBase(site.baseUrl, '/' + image.replace(/^\/+/, '')), site.url).href;
  return [
    `<meta property="og:image" content="${escapeAttr(url)}">`,
    '<meta name="twitter:card" content="summary_large_image">',
    `<meta name="twitter:image" content="${escapeAttr(url)}">`,
  ];
}

/** Whether the page is unlisted, or a doc of a version with `noIndex` (Docusaurus: robots noindex, nofollow). */
function isNoIndex(site: SiteData, page: PageData): boolean {
  if (page.nav?.unlisted) return true;
  const name = page.nav?.version?.name;
  return (
    name !== undefined &&
    site.versions?.items.some((version) => version.name === name && version.noIndex === true) === true
  );
}

/** A `theme.head` tag (link or meta: void elements, so no closing tag); attributes in the order written. */
function headTag(tag: HeadTag): string {
  const attributes = Object.entries(tag.attributes).map(([name, value]) => ` ${name}="${escapeAttr(value)}"`);
  return `<${tag.tagName}${attributes.join('')}>`;
}

/**
 * The route's data as the first load needs it: without the content (the HTML holds it) and without the API
 * fragment, so a first visit downloads no route JSON at all.
 */
function bootPage(page: PageData): PageData {
  const extra = page.extra && 'html' in page.extra ? { ...page.extra, html: undefined } : page.extra;
  return { ...page, content: null, extra, keywords: undefined }; // keywords are for the head only
}

/** Escapes text for HTML element content. */
export function escapeHtml(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/** Escapes text for a double-quoted HTML attribute. */
export function escapeAttr(value: string): string {
  return escapeHtml(value).replace(/"/g, '&quot;');
}

/** JSON safe inside <script type="application/json">: no `</script>` or `<!--` can end it. */
function jsonForScript(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}
