/**
 * The parts of docusaurus.config.* that map to docgen's themeConfig (navbar, footer, colour mode, announcement
 * bar), and the report of the options that do not (plugins, themes, presets, blog, custom pages and components,
 * versions, translations). Key names: Docusaurus docs "docusaurus.config.js" and "Theme configuration".
 */
import type { DocusaurusI18n } from './i18n.js';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { fromHtml } from 'hast-util-from-html';
import { toString } from 'hast-util-to-string';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { UserConfig } from '../config/schema.js';
import { isSafeHref } from '../../shared/urls.js';
import { scriptFile } from './components.js';
import { stubbedPackageOf } from './load-static.js';
import { hostOf } from './policy-sources.js';
import type { MigrationReport } from './report.js';

type ThemeConfig = NonNullable<UserConfig['themeConfig']>;
type NavbarItem = NonNullable<NonNullable<ThemeConfig['navbar']>['items']>[number];
type FooterLinks = NonNullable<NonNullable<ThemeConfig['footer']>['links']>;

/** The keys of a Docusaurus config the migration reads (the rest is reported or ignored). */
export interface DocusaurusConfig {
  /** A boolean, or 'true' / 'false' (Docusaurus' Joi schema converts them). */
  trailingSlash?: boolean | string;
  title?: string;
  tagline?: string;
  url?: string;
  baseUrl?: string;
  favicon?: string;
  customFields?: Record<string, unknown>;
  onBrokenLinks?: string;
  onBrokenAnchors?: string;
  onDuplicateRoutes?: string;
  i18n?: DocusaurusI18n;
  markdown?: { format?: string; mermaid?: boolean };
  presets?: unknown[];
  plugins?: unknown[];
  themes?: unknown[];
  staticDirectories?: unknown[];
  clientModules?: unknown[];
  scripts?: unknown[];
  stylesheets?: unknown[];
  headTags?: unknown[];
  themeConfig?: {
    navbar?: { title?: string; logo?: { src?: string }; items?: Record<string, unknown>[] };
    footer?: { style?: string; copyright?: string; links?: unknown[]; logo?: unknown };
    colorMode?: { defaultMode?: string; disableSwitch?: boolean; respectPrefersColorScheme?: boolean };
    announcementBar?: { id?: string; content?: string; isCloseable?: boolean };
    image?: string;
    [key: string]: unknown;
  };
}

/** The redocusaurus preset or its plugin, as a config entry names it (carried by migrate/redoc.ts). */
export const REDOC_ENTRY = /(^|\/)(redocusaurus|docusaurus-plugin-redoc)$/;

/** The classic preset's names: 'classic', '@docusaurus/preset-classic' or a path ending so. */
export const CLASSIC = /(^|\/)(preset-)?classic$/;

/** Why a kind of navbar item is not carried over. */
const NAVBAR_WHY: Record<string, string> = {
  search: ' (docgen has its own search)',
};

/** Where a converted piece came from, for the report. */
interface Context {
  /** The route of a Docusaurus doc id, when a migrated docs folder has it. */
  docRoute: (id: string) => string | undefined;
  report: MigrationReport;
  file: string;
}

/**
 * Converts the navbar items: `docSidebar`, dropdowns and the locale and version menus stay, `doc` and `to`/`href`
 * links become links; search and HTML items, and what a dropdown holds besides links, docs and sidebars, are
 * reported.
 * @returns docgen navbar items
 */
export function convertNavbar(config: DocusaurusConfig, ctx: Context): NavbarItem[] {
  const items: NavbarItem[] = [];
  for (const item of config.themeConfig?.navbar?.items ?? []) {
    const position = item.position === 'right' ? 'right' : 'left';
    const label =
      typeof item.label === 'string'
        ? item.label
        : typeof item['aria-label'] === 'string'
          ? item['aria-label']
          : undefined;
    if (item.type === 'docsVersionDropdown') {
      items.push({ type: 'docsVersionDropdown', position });
      for (const key of ['dropdownItemsBefore', 'dropdownItemsAfter', 'docsPluginId'].filter(
        (k) => item[k] !== undefined,
      )) {
        ctx.report.add(
          ctx.file,
          `navbar item 'docsVersionDropdown': ${key} is not carried over (the dropdown lists the built versions)`,
          key,
        );
      }
    } else if (item.type === 'docSidebar' && typeof item.sidebarId === 'string') {
      items.push({ type: 'docSidebar', sidebarId: item.sidebarId, label: label ?? item.sidebarId, position });
    } else if (item.type === 'doc' && typeof item.docId === 'string') {
      const route = ctx.docRoute(item.docId);
      if (route) items.push({ label: label ?? item.docId, href: route, position });
      else
        ctx.report.add(
          ctx.file,
          `navbar item '${label ?? item.docId}' opens doc '${item.docId}', which no migrated docs folder has; left out`,
          item.docId,
        );
    } else if (item.type === 'localeDropdown') {
      items.push({ type: 'localeDropdown', position }); // The locales are carried over (migrate/i18n.ts)
    } else if (
      (item.type === 'dropdown' || item.type === undefined || item.type === 'default') &&
      Array.isArray(item.items)
    ) {
      // A dropdown of links, docs and sidebars, as Docusaurus' DropdownNavbarItem shows them; other kinds of item
      // (html, nested version menus) are reported. An item with `items` and no type is a dropdown too
      // (theme-classic NavbarItem/index.tsx normalizeComponentType).
      const entries: DropdownEntry[] = [];
      for (const entry of item.items as NavbarItemLike[]) {
        const entryLabel = typeof entry.label === 'string' ? entry.label : undefined;
        const href =
          navbarHref(entry) ??
          (entry.type === 'doc' && typeof entry.docId === 'string' ? ctx.docRoute(entry.docId) : undefined);
        if (entry.type === 'docSidebar' && typeof entry.sidebarId === 'string')
          entries.push({ type: 'docSidebar', sidebarId: entry.sidebarId, label: entryLabel ?? entry.sidebarId });
        else if (href) entries.push({ label: entryLabel ?? href, href });
        else
          ctx.report.add(
            ctx.file,
            `navbar dropdown${label ? ` '${label}'` : ''}: its item ${entryLabel ? `'${entryLabel}'` : `of type '${String(entry.type)}'`} has no docgen equivalent and was left out`,
            entryLabel ?? label ?? 'dropdown',
          );
      }
      if (entries.length > 0) items.push({ type: 'dropdown', label: label ?? 'Menu', position, items: entries });
    } else if (
      (item.type === undefined || item.type === 'default') &&
      (typeof item.to === 'string' || typeof item.href === 'string')
    ) {
      const href = navbarHref(item)!;
      items.push({ label: label ?? iconLinkLabel(item, href, ctx), href, position });
    } else {
      const type = typeof item.type === 'string' ? item.type : undefined;
      const why = type ? (NAVBAR_WHY[type] ?? '') : '';
      ctx.report.add(
        ctx.file,
        `navbar item ${type ? `'${type}'` : 'without a link'}${label ? ` (${label})` : ''} has no docgen equivalent and was left out${why}`,
        label ?? type,
      );
    }
  }
  return items;
}

/** An entry of a docgen navbar dropdown. */
type DropdownEntry = Extract<NavbarItem, { type: 'dropdown' }>['items'][number];

type NavbarItemLike = {
  type?: unknown;
  sidebarId?: unknown;
  label?: unknown;
  to?: unknown;
  href?: unknown;
  docId?: unknown;
  items?: unknown;
  className?: unknown;
};

/**
 * A navbar or footer item's link as docgen takes it: `href` as written; `to` is a route of the site, so a relative
 * one (`introduction/getting-started`) is resolved against the base URL as Docusaurus' useBaseUrl does (not against
 * the page, where it would 404 from every nested page); `pathname://` is taken off.
 * @returns the href, or undefined when the item has neither
 */
function navbarHref(item: NavbarItemLike): string | undefined {
  if (typeof item.href === 'string') return item.href.replace(/^pathname:\/\//, '');
  if (typeof item.to !== 'string') return undefined;
  const to = item.to.replace(/^pathname:\/\//, '');
  return /^([a-z][a-z0-9+.-]*:|\/|#)/i.test(to) ? to : `/${to.replace(/^\.\//, '')}`;
}

/**
 * The label of a navbar link that has none: in Docusaurus such a link shows only what the site's CSS draws through
 * its `className` (the docs' "navbar GitHub icon" recipe, `className: 'header-github-link'`), which docgen's navbar
 * does not carry; it is labelled by its URL's host name (`github.com`), or the URL itself when it has no host, and
 * the report says so.
 */
function iconLinkLabel(item: NavbarItemLike, href: string, ctx: Context): string {
  const label = hostOf(href);
  const drawn =
    typeof item.className === 'string'
      ? ` (its icon, drawn by the site's CSS through className '${item.className}', is not carried)`
      : '';
  // Found in the config by its class when it has one: the URL may come earlier (an editUrl below it).
  const needle = typeof item.className === 'string' ? item.className : href;
  ctx.report.add(ctx.file, `navbar link ${href} has no label${drawn}; labelled '${label}'`, needle);
  return label;
}

/**
 * `themeConfig.footer.links` -> docgen's footer links: columns (`{ title, items }`) and the links of a simple footer,
 * each link's `to` resolved as a navbar link's (navbarHref). An item written as HTML (`{ html }`), a link docgen
 * refuses (a scheme other than http, https, mailto, tel) and the footer's logo are reported and left out.
 */
export function convertFooterLinks(config: DocusaurusConfig, ctx: Pick<Context, 'report' | 'file'>): FooterLinks {
  const footer = config.themeConfig?.footer;
  if (footer?.logo !== undefined)
    ctx.report.add(ctx.file, 'footer.logo is not carried over (the footer shows its links and copyright)', 'logo:');
  const link = (item: NavbarItemLike & { html?: unknown }): { label: string; href: string } | null => {
    const href = navbarHref(item);
    const label = typeof item.label === 'string' ? item.label : href && hostOf(href);
    if (href && label && isSafeHref(href)) return { label, href };
    ctx.report.add(
      ctx.file,
      `footer item ${typeof item.html === 'string' ? 'written as HTML' : `'${label ?? href ?? '?'}'`} is not carried over${href && !isSafeHref(href) ? ` (docgen links only to paths and http, https, mailto and tel URLs: ${href})` : ''}`,
      typeof item.html === 'string' ? 'html:' : (label ?? href ?? 'footer'),
    );
    return null;
  };
  const out: FooterLinks = [];
  for (const entry of (footer?.links ?? []) as (NavbarItemLike & { title?: unknown; html?: unknown })[]) {
    if (Array.isArray(entry.items)) {
      const items = (entry.items as NavbarItemLike[]).flatMap((item) => link(item) ?? []);
      if (items.length > 0) out.push({ ...(typeof entry.title === 'string' ? { title: entry.title } : {}), items });
    } else {
      const item = link(entry);
      if (item) out.push(item);
    }
  }
  return out;
}

/**
 * themeConfig: navbar title and logo, footer copyright and links, colour mode, announcement bar (as text), social
 * card image.
 */
export function convertThemeConfig(
  config: DocusaurusConfig,
  navbarItems: NavbarItem[],
  footerLinks: FooterLinks,
): ThemeConfig {
  const theme = config.themeConfig ?? {};
  const logo = theme.navbar?.logo?.src;
  const colorMode = theme.colorMode ?? {};
  const out: ThemeConfig = {
    colorMode: {
      defaultMode: colorMode.defaultMode === 'dark' ? 'dark' : 'light',
      disableSwitch: colorMode.disableSwitch ?? false,
      respectPrefersColorScheme: colorMode.respectPrefersColorScheme ?? false,
    },
    navbar: {
      ...(theme.navbar?.title ? { title: theme.navbar.title } : {}),
      ...(logo ? { logo: /^(https?:)?\//.test(logo) ? logo : `/${logo}` } : {}),
      items: navbarItems,
    },
    footer: {
      style: theme.footer?.style === 'light' ? 'light' : 'dark',
      copyright: htmlToText(theme.footer?.copyright ?? ''),
      ...(footerLinks.length > 0 ? { links: footerLinks } : {}),
    },
  };
  // The social card: a path in static/, which migrate copies into the content folder, or a URL.
  if (typeof theme.image === 'string' && theme.image !== '') out.image = theme.image;
  const bar = theme.announcementBar;
  if (bar?.content)
    out.announcementBar = {
      id: bar.id ?? 'announcement',
      content: htmlToText(bar.content),
      isCloseable: bar.isCloseable ?? true,
    };
  return out;
}

/** Elements whose end separates words in text: paragraphs, line breaks, list items, table cells... */
const TEXT_BREAK = /<\/?(?:br|p|div|li|ul|ol|tr|td|th|h[1-6]|section|footer|header)\b[^>]*>/gi;

/**
 * Text of a small HTML snippet (a Docusaurus footer copyright or announcement, a VitePress footer message or
 * copyright, nav or sidebar item text): tags dropped, a block's or line break's end read as a space (`</p><p>` does not
 * glue two words), every character reference decoded as the HTML standard names it (`&trade;` is ™, `&lt;` is <),
 * whitespace collapsed.
 */
export function htmlToText(html: string): string {
  const text = /[<&]/.test(html) ? toString(fromHtml(html.replace(TEXT_BREAK, ' '), { fragment: true })) : html;
  return text.replace(/\s+/g, ' ').trim();
}

/** A `<link>` rel docgen's head does not take from a config: what would load a stylesheet or script past its CSP. */
const LOADING_REL = /\b(?:stylesheet|preload|modulepreload|prefetch)\b/i;

/**
 * The config's `headTags` (Docusaurus docs "docusaurus.config.js" > headTags: `{ tagName, attributes }`, favicons,
 * a web manifest, theme-color) that docgen's theme.head takes as written: `link` and `meta` tags whose attribute
 * names are lower case and whose values are text, a link that loads no stylesheet or script. The others are left.
 */
export function headOf(config: DocusaurusConfig): NonNullable<NonNullable<UserConfig['theme']>['head']> {
  const head: NonNullable<NonNullable<UserConfig['theme']>['head']> = [];
  for (const tag of config.headTags ?? []) {
    const { tagName, attributes } = (tag ?? {}) as { tagName?: unknown; attributes?: unknown };
    if ((tagName !== 'link' && tagName !== 'meta') || !attributes || typeof attributes !== 'object') continue;
    const entries = Object.entries(attributes);
    if (!entries.every(([name, value]) => /^[a-z][a-z0-9-]*$/.test(name) && typeof value === 'string')) continue;
    const kept = Object.fromEntries(entries) as Record<string, string>;
    if (tagName === 'link' && LOADING_REL.test(kept.rel ?? '')) continue;
    head.push({ tagName, attributes: kept });
  }
  return head;
}

/** Docs options not carried over. `editUrl`: docgen's appends the path below the new site's root (content/...), which the old repository does not have. */
const DOCS_KEYS = [
  'remarkPlugins',
  'rehypePlugins',
  'beforeDefaultRemarkPlugins',
  'beforeDefaultRehypePlugins',
  'editUrl',
  'include',
  'showLastUpdateAuthor',
];

/** Reports the options of one docs plugin instance that docgen does not carry over (remark plugins, edit URL...). */
export function reportDocsOptions(options: Record<string, unknown>, report: MigrationReport, file: string): void {
  const instance = typeof options.id === 'string' ? ` (docs plugin '${options.id}')` : '';
  for (const key of DOCS_KEYS.filter((key) => options[key] !== undefined)) {
    // Plugin lists are carried, or reported plugin by plugin, by markdown-plugins.ts.
    if (/Plugins$/.test(key) && Array.isArray(options[key])) continue;
    report.add(file, `docs option '${key}'${instance} is not carried over`, `${key}`);
  }
}

/** The package a remark/rehype plugin entry (`plugin` or `[plugin, options]`) was imported from, when the config imported one. */
function pluginPackage(entry: unknown): string | undefined {
  return stubbedPackageOf(Array.isArray(entry) ? entry[0] : entry);
}

/**
 * Whether the site renders math: a docs, blog or pages plugin of the config (preset options included) lists
 * remark-math in its `remarkPlugins` (Docusaurus' "Math Equations" guide). Only plain objects and arrays of the
 * config are walked (stubs of packages are not).
 */
export function usesMath(config: unknown): boolean {
  const seen = new Set<unknown>();
  const walk = (value: unknown, depth: number): boolean => {
    if (depth > 8 || value === null || typeof value !== 'object' || seen.has(value)) return false;
    const proto = Object.getPrototypeOf(value) as unknown;
    if (!Array.isArray(value) && proto !== Object.prototype && proto !== null) return false;
    seen.add(value);
    if (Array.isArray(value)) return value.some((item) => walk(item, depth + 1));
    return Object.entries(value).some(([key, item]) =>
      /^(?:beforeDefault)?[rR]emarkPlugins$/.test(key) && Array.isArray(item)
        ? item.some((entry) => /^remark-math(?:\/|$)/.test(pluginPackage(entry) ?? ''))
        : walk(item, depth + 1),
    );
  };
  return walk(config, 0);
}

/**
 * Whether a `plugins` entry is a blog: `@docusaurus/plugin-content-blog` (by package or short name), or a module of
 * the site itself (`'./plugins/blog-plugin'`, resolved from the site folder as Docusaurus resolves plugin names with
 * Node's require.resolve: core/src/server/plugins/configs.ts) that imports that package to extend it: the pattern of
 * wrapping the blog plugin's `contentLoaded` for featured posts or categories, whose options are the blog's.
 * @param site the Docusaurus site folder
 */
export function isBlogPlugin(plugin: unknown, site: string): boolean {
  const name = Array.isArray(plugin) ? plugin[0] : plugin;
  if (typeof name !== 'string') return false;
  if (/(^|\/)(plugin-)?content-blog$/.test(name)) return true;
  if (!/^\.{1,2}\/|^\//.test(name)) return false;
  let file: string | null;
  try {
    file = createRequire(path.join(site, 'package.json')).resolve(path.resolve(site, name));
  } catch {
    file = scriptFile(path.resolve(site, name));
  }
  if (!file?.startsWith(path.resolve(site) + path.sep)) return false;
  return /(?:\bfrom|\bimport\s*\(|\brequire\s*\()\s*['"]@docusaurus\/plugin-content-blog['"]/.test(
    readFileSync(file, 'utf8'),
  );
}

/**
 * The name of a plugin, preset or theme entry (`'name'`, `['name', options]`, or a function), as the config writes
 * it: an entry written `require.resolve('x')` (the Docusaurus 2 templates' style), which migrate's config loader
 * answers with a path in the site folder, is named by its request again (`x`, or `./plugins/x` for a site file).
 */
export function entryName(entry: unknown, site: string): string {
  const name = Array.isArray(entry) ? entry[0] : entry;
  if (typeof name === 'string') {
    const below = path.relative(path.resolve(site), name);
    if (!path.isAbsolute(name) || below.startsWith('..') || path.isAbsolute(below)) return name;
    const request = below.split(path.sep).join('/');
    return existsSync(path.join(site, request.split('/')[0]!)) ? `./${request}` : request;
  }
  if (typeof name === 'function') return name.name || '(a plugin function)';
  return '(a plugin)';
}

/**
 * Reports what the site uses that docgen does not carry over: plugins, themes, presets other than classic and
 * their options docgen has no use for (blog, custom CSS, analytics), docs options (remark plugins, edit URL),
 * client modules and scripts, footer links, and the folders beside the docs (src/, blog/); versions are
 * migrate/versions.ts's, the translations in i18n/ migrate/i18n.ts's.
 */
export function reportSiteOptions(
  config: DocusaurusConfig,
  ctx: { site: string; report: MigrationReport; file: string },
): void {
  const { report, file, site } = ctx;
  for (const plugin of config.plugins ?? []) {
    const name = entryName(plugin, site);
    if (name === '@docusaurus/plugin-content-docs' || name === 'content-docs') continue; // migrated like the preset's docs
    if (isBlogPlugin(plugin, site)) continue; // migrate/blog.ts
    if (REDOC_ENTRY.test(name)) continue; // migrate/redoc.ts
    if (name === '@docusaurus/plugin-ideal-image' || name === 'ideal-image') {
      report.add(
        file,
        `plugin ${name}: its <Image img={…}> (@theme/IdealImage) shows the image as one lazily loaded <img>, without the placeholder and responsive sizes`,
        name,
      );
      continue;
    }
    report.add(
      file,
      `plugin ${name} is not carried over: docgen runs no Docusaurus plugins (a remark/rehype plugin can go in markdown.remarkPlugins)`,
      name,
    );
  }
  for (const theme of config.themes ?? [])
    report.add(
      file,
      `theme ${entryName(theme, site)} is not carried over (docgen has its own theme; see README "Extending docgen")`,
      entryName(theme, site),
    );
  for (const preset of config.presets ?? []) {
    const name = entryName(preset, site);
    if (REDOC_ENTRY.test(name)) {
      // Its documents are carried by migrate/redoc.ts, which reports them; its theme is docgen's API reference's.
      if ((preset as unknown[])[1] && 'theme' in ((preset as unknown[])[1] as object))
        report.add(
          file,
          `${name} option 'theme' is not carried over (themeConfig.api.primaryColor sets the API reference's colour)`,
          'theme',
        );
      continue;
    }
    if (!CLASSIC.test(name)) report.add(file, `preset ${name} is not carried over`, name);
    const options = (Array.isArray(preset) ? preset[1] : undefined) as Record<string, unknown> | undefined;
    for (const key of Object.keys(options ?? {}).filter(
      (key) => key !== 'docs' && key !== 'blog' && (options?.[key] ?? false) !== false,
    )) {
      report.add(
        file,
        `${name} option '${key}' is not carried over${key === 'theme' ? ' (custom CSS: list it in theme.css of site.config.ts)' : ''}`,
        key,
      );
    }
  }
  if (config.markdown?.mermaid)
    report.add(
      file,
      'markdown.mermaid: docgen renders ```mermaid fences through themeConfig.diagramServiceUrl; set it',
      'mermaid',
    );
  for (const key of ['clientModules', 'scripts', 'stylesheets'] as const) {
    if ((config[key] ?? []).length > 0)
      report.add(
        file,
        `'${key}' is not carried over: docgen ships no site scripts (its CSP forbids them); stylesheets go in theme.css, tags in theme.head`,
        `${key}`,
      );
  }
  const tags = config.headTags ?? [];
  const left = tags.length - headOf(config).length;
  if (left > 0) {
    report.add(
      file,
      `'headTags': ${left} of ${tags.length} tag(s) not carried over (theme.head takes <link> and <meta> tags with text attributes, no script or stylesheet: its CSP forbids them; stylesheets go in theme.css)`,
      'headTags',
    );
  }
  reportFolders(site, report);
}

/**
 * The Docusaurus 1 or 2 version a site's package.json names for `@docusaurus/core` (its pages were read by MDX 1,
 * which accepted what MDX 3 rejects: Docusaurus docs "Upgrading to Docusaurus v3" > MDX v2), else undefined.
 */
export function docusaurusMdx1Version(site: string): string | undefined {
  const manifest = path.join(site, 'package.json');
  if (!existsSync(manifest)) return undefined;
  let version: unknown;
  try {
    const pkg = JSON.parse(readFileSync(manifest, 'utf8')) as Record<string, Record<string, unknown> | undefined>;
    version = pkg.dependencies?.['@docusaurus/core'] ?? pkg.devDependencies?.['@docusaurus/core'];
  } catch {
    return undefined;
  }
  return typeof version === 'string' && /^[~^]?[12]\./.test(version) ? version : undefined;
}

/** Reports a Docusaurus 2 site: its pages are read as MDX 1 where MDX 3 rejects them (config `markdown.mdx1`). */
function reportDocusaurusVersion(site: string, report: MigrationReport): void {
  const version = docusaurusMdx1Version(site);
  if (version)
    report.add(
      path.join(site, 'package.json'),
      `Docusaurus ${version}: its pages were MDX 1; markdown.mdx1 is set, so a page MDX 3 refuses (HTML comments <!-- -->, <https://...> autolinks, bare { or < in text, open <img>) is read as Docusaurus 2 read it, with a warning at its line (Docusaurus' "Upgrading to v3" guide lists the fixes)`,
      '@docusaurus/core',
    );
}

function reportFolders(site: string, report: MigrationReport): void {
  reportDocusaurusVersion(site, report);
  const folders: [string, string][] = [
    ['src/theme', 'swizzled theme components are not carried over (docgen overrides: README "Extending docgen")'],
  ];
  for (const [folder, message] of folders)
    if (existsSync(path.join(site, folder))) report.add(path.join(site, folder), message);
  const components = path.join(site, 'src', 'components');
  if (existsSync(components)) {
    for (const entry of readdirSync(components))
      report.add(path.join(components, entry), 'custom component not carried over (docgen: theme.mdxComponents)');
  }
}
