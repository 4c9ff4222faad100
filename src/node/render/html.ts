/**
 * The HTML document around the rendered app (issue #2: lang, title, description, canonical, Open Graph;
 * modulepreload per route; boot data as inert JSON, never executable inline script except the hashed
 * colour-mode snippet). `lang` and `og:locale` follow `i18n.defaultLocale`, the base-URL banner is the site's
 * 'baseUrl.warning' message (issue 15).
 */
import { translate } from '../../shared/messages.js';
import type { HeadTag } from '../../shared/theme.js';
import type { BootData, PageData, SiteData } from '../../shared/types.js';
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
  const title = page.kind === 'home' ? site.title : `${page.title} | ${site.title}`;
  const description = page.description || site.tagline;
  const ogLocale = openGraphLocale(site.locale);
  const head = [
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${escapeHtml(title)}</title>`,
    `<meta name="description" content="${escapeAttr(description)}">`,
    '<meta name="generator" content="docgen">',
    input.canonical ? `<link rel="canonical" href="${escapeAttr(input.canonical)}">` : '',
    isNoIndex(site, page) ? '<meta name="robots" content="noindex, nofollow">' : '',
    `<meta property="og:title" content="${escapeAttr(title)}">`,
    `<meta property="og:description" content="${escapeAttr(description)}">`,
    `<meta property="og:type" content="${page.kind === 'home' ? 'website' : 'article'}">`,
    input.canonical ? `<meta property="og:url" content="${escapeAttr(input.canonical)}">` : '',
    `<meta property="og:site_name" content="${escapeAttr(site.title)}">`,
    ogLocale ? `<meta property="og:locale" content="${escapeAttr(ogLocale)}">` : '',
    site.favicon ? `<link rel="icon" href="${escapeAttr(site.favicon)}">` : '',
    ...(site.head ?? []).map(headTag),
    `<script>${input.themeScript}</script>`,
    ...input.css.map((href) => `<link rel="stylesheet" href="${escapeAttr(href)}">`),
    `<link rel="preload" href="${escapeAttr(input.boot.site)}" as="fetch" crossorigin>`,
    ...input.modulePreloads.map((href) => `<link rel="modulepreload" href="${escapeAttr(href)}">`),
    `<script type="module" src="${escapeAttr(input.entry)}"></script>`,
  ].filter(Boolean);
  return (
    `<!doctype html>\n<html lang="${escapeAttr(site.locale)}" data-theme="${site.colorMode.defaultMode}">\n<head>\n${head.join('\n')}\n</head>\n` +
    `<body>\n<div id="dg-base-url-banner" role="alert" hidden>${escapeHtml(translate(site.messages, 'baseUrl.warning', { baseUrl: site.baseUrl }))}</div>\n` +
    `<div id="__docgen">${input.appHtml}</div>\n` +
    `<script type="application/json" id="__docgen-boot">${jsonForScript({ ...input.boot, page: bootPage(page) })}</script>\n</body>\n</html>\n`
  );
}

/** Whether the page is a doc of a version with `noIndex` (Docusaurus: robots noindex, nofollow; issue 23). */
function isNoIndex(site: SiteData, page: PageData): boolean {
  const name = page.nav?.version?.name;
  return name !== undefined && site.versions?.items.some((version) => version.name === name && version.noIndex === true) === true;
}

/** A `theme.head` tag (link or meta: void elements, so no closing tag); attributes in the order written. */
function headTag(tag: HeadTag): string {
  const attributes = Object.entries(tag.attributes).map(([name, value]) => ` ${name}="${escapeAttr(value)}"`);
  return `<${tag.tagName}${attributes.join('')}>`;
}

/**
 * The route's data as the first load needs it: without the content (the HTML holds it) and without the API
 * fragment, so a first visit downloads no route JSON at all (issue #8).
 */
function bootPage(page: PageData): PageData {
  const extra = page.extra && 'html' in page.extra ? { ...page.extra, html: undefined } : page.extra;
  return { ...page, content: null, extra };
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
export function jsonForScript(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');
}
