/**
 * `docgen migrate vitepress <site>`: turns a VitePress site into a docgen site without installing VitePress.
 * Reads `.vitepress/config.{js,ts,mjs,mts}` with its packages stubbed (load-static.ts), copies
 * the pages (VitePress `srcDir`) and `public/` to `content/` (VitePress and docgen map `a/b.md` to `/a/b` alike),
 * converts `themeConfig.sidebar` and `nav`, and reports what docgen does not carry over. Key names: VitePress docs
 * "Site Config" and "Default Theme Config".
 */
import { brandOf, vitepressStylesheets } from './brand-colours.js';
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { SidebarItemConfig, UserConfig } from '../config/schema.js';
import { DocgenError } from '../diagnostics/error.js';
import type { MigrationResult } from './docusaurus.js';
import { htmlToText } from './docusaurus-config.js';
import { routePathOf } from '../content/routes.js';
import { listMarkdown, readFrontMatter } from './docs-index.js';
import { keepVitepressRoute, rewriteVitepressPage } from './vitepress-rewrite.js';
import { carryOutsideSnippets } from './vitepress-snippets.js';
import { folderMarkdownComponents, importedMarkdownComponents } from './vitepress-markdown-components.js';
import fg from 'fast-glob';
import { findFile, loadOrDefault, stubbedPackageOf } from './load-static.js';
import { stepBeforeBuild } from './package-fields.js';
import { MigrationReport } from './report.js';
import { collectPageOrigins, firstInlineStyle, hostOf, inlineStyleNote } from './policy-sources.js';
import {
  basePath,
  contentOnly,
  copyTree,
  reportDangling,
  ensureEmptyDir,
  today,
  writeReport,
  writeSiteConfig,
  type MigratedConfig,
} from './write-site.js';
import { dynamicRoutePages } from './vitepress-dynamic-routes.js';
import { retargetUnderscoreLinks, underscorePages } from './vitepress-underscore-pages.js';
import { rewrittenPages } from './vitepress-page-paths.js';
import { reportVuePages } from './vitepress-pages.js';
import { blankScriptSetup, copyVueAssets, createVueRenderer, withVueStyles } from './vue-components.js';

interface VitepressItem {
  text?: string;
  link?: string;
  items?: VitepressItem[];
  collapsed?: boolean;
  base?: string;
}

interface VitepressConfig {
  title?: string;
  description?: string;
  base?: string;
  lang?: string;
  srcDir?: string;
  srcExclude?: string[];
  ignoreDeadLinks?: unknown;
  head?: unknown[];
  sitemap?: { hostname?: string };
  locales?: Record<string, unknown>;
  rewrites?: unknown;
  themeConfig?: {
    logo?: string | { src?: string; light?: string };
    siteTitle?: string | false;
    nav?: VitepressItem[];
    sidebar?: VitepressItem[] | Record<string, VitepressItem[] | { base?: string; items?: VitepressItem[] }>;
    footer?: { message?: string; copyright?: string };
    socialLinks?: { icon?: string | { svg?: string }; link?: string; ariaLabel?: string }[];
  };
}

/**
 * Where VitePress looks for its config, in its order (vitepress src/node/config.ts resolveUserConfig): for each
 * extension, `config/index.<ext>` (a config split over a folder) before `config.<ext>`.
 */
const CONFIG_NAMES = ['js', 'ts', 'mjs', 'mts'].flatMap((ext) => [
  `.vitepress/config/index.${ext}`,
  `.vitepress/config.${ext}`,
]);

/**
 * The folder `npm run build` runs VitePress in, which its config runs in: the project root, or its parent when the
 * package.json is there and the root is a folder below it (`vitepress build docs`, VitePress' "Getting Started"
 * layout).
 */
export function vitepressCwd(site: string): string {
  const root = path.resolve(site);
  const parent = path.dirname(root);
  return !existsSync(path.join(root, 'package.json')) && existsSync(path.join(parent, 'package.json')) ? parent : root;
}

/**
 * A home page (`layout: home`) with what the theme's `Layout` shows in the home slots (vue-render.ts homeSlotsOf):
 * each component rendered, placed after the front matter, where VitePress' home page shows it (before the page's
 * Markdown, which VPHome.vue puts after hero and features). A component that does not render is left out (its
 * failure is reported by the renderer).
 * @param render renders one use (`<Badges />`) as the page's components are rendered
 * @returns the page's text, the input itself when it is no home page or the theme fills no home slot
 */
async function withHomeSlots(
  text: string,
  vue: { homeSlots: string[] },
  render: (use: string) => Promise<{ text: string }>,
): Promise<string> {
  if (vue.homeSlots.length === 0 || readFrontMatter(text).layout !== 'home') return text;
  const html: string[] = [];
  for (const name of vue.homeSlots) {
    const use = `<${name} />`;
    const out = (await render(use)).text.trim();
    if (out !== use && out !== '') html.push(out);
  }
  const end = /^---[ \t]*\r?\n[\s\S]*?\r?\n---[ \t]*(?:\r?\n|$)/.exec(text)?.[0].length ?? 0;
  return html.length === 0 ? text : `${text.slice(0, end)}\n${html.join('\n\n')}\n\n${text.slice(end)}`;
}

/**
 * Migrates a VitePress site.
 * @param site the folder holding `.vitepress/` (VitePress' project root)
 * @param out the new docgen site's folder: created, or an empty one
 * @throws DocgenError MigrateSourceNotFound, MigrateConfigUnreadable, TargetNotEmpty
 */
export async function migrateVitepress(site: string, out: string): Promise<MigrationResult> {
  const configFile = findFile(site, CONFIG_NAMES);
  if (!configFile)
    throw new DocgenError({
      code: 'MigrateSourceNotFound',
      message: `No .vitepress/config.{js,ts,mjs,mts} (or .vitepress/config/index.*) in ${site}. Pass the folder that holds .vitepress/.`,
      file: site,
    });
  ensureEmptyDir(out);
  const report = new MigrationReport(site);
  const configName = path.relative(site, configFile);
  // A config that is a function of Vite's env gets the one `vitepress build` passes.
  const config = withRootLocale(
    await loadOrDefault<VitepressConfig>(configFile, {
      report,
      env: { mode: 'production', command: 'build' },
      cwd: vitepressCwd(site),
      fallback: {},
      lost: "the site's title, nav, sidebar, srcDir and other options",
    }),
  );
  const srcDir = path.resolve(site, config.srcDir ?? '.');
  // `srcExclude` (globs below srcDir): neither pages nor copied, as in VitePress.
  const excluded = new Set(
    Array.isArray(config.srcExclude)
      ? fg.sync(
          config.srcExclude.filter((glob) => typeof glob === 'string'),
          { cwd: srcDir, onlyFiles: true },
        )
      : [],
  );
  const sourcePages = listMarkdown(srcDir).filter((page) => !excluded.has(page));
  const contentDir = path.join(out, 'content');
  const skipped: string[] = [];
  const notContent = contentOnly(srcDir, skipped);
  let files = copyTree(
    srcDir,
    contentDir,
    (relative) =>
      relative === 'public' ||
      relative.split(path.sep).some((part) => part.startsWith('_') && part !== '_data') ||
      excluded.has(relative.split(path.sep).join('/')) ||
      notContent(relative),
    reportDangling(report, path.relative(site, srcDir)),
  );
  if (skipped.length > 0)
    report.add(
      path.relative(site, srcDir) || '.',
      `${skipped.length} file(s) that are no page and that no page names (${skipped.slice(0, 3).join(', ')}${skipped.length > 3 ? ', …' : ''}) were not copied: VitePress does not publish them either`,
    );
  // Dynamic routes: each `[name].md` with a paths loader is its pages, one per entry of the loader's paths().
  const dynamic = await dynamicRoutePages(srcDir, sourcePages, { report, site, cwd: vitepressCwd(site) });
  for (const route of dynamic.routes) rmSync(path.join(contentDir, route), { force: true });
  const dynamicPages = new Map(dynamic.pages.map((entry) => [entry.page, entry]));
  // Pages named `_x.md`, which VitePress publishes and docgen would take for partials: carried as `x.md`.
  const renamed = underscorePages(srcDir, sourcePages, { report, site, excluded });
  const pages = [...sourcePages.filter((page) => !dynamic.routes.has(page)), ...dynamicPages.keys(), ...renamed.keys()];
  const publicDir = path.join(srcDir, 'public');
  if (existsSync(publicDir))
    files += copyTree(publicDir, contentDir, undefined, reportDangling(report, path.relative(site, publicDir)));
  const iframeOrigins = new Set<string>();
  const imageOrigins = new Set<string>();
  const mediaOrigins = new Set<string>();
  const rewrite = {
    srcDir,
    site: { title: config.title, description: config.description },
    report,
    markdownComponents: folderMarkdownComponents(site),
    slugify: anchorSlugify(config),
  };
  const vue = await createVueRenderer({
    vitepressRoot: site,
    srcDir,
    pages: sourcePages.map((page) => path.join(srcDir, page)),
    site: {
      title: config.title ?? '',
      description: config.description ?? '',
      lang: config.lang ?? 'en-US',
      base: config.base ?? '/',
      themeConfig: (config.themeConfig ?? {}) as Record<string, unknown>,
    },
    report,
    alias: (config as { vite?: { resolve?: { alias?: unknown } } }).vite?.resolve?.alias,
    define: (config as { vite?: { define?: unknown } }).vite?.define,
    cleanUrls: (config as { cleanUrls?: unknown }).cleanUrls === true,
  });
  for (const page of pages) {
    // A dynamic route's page reads what its `[name].md` names, from that file's folder.
    const source = path.join(srcDir, dynamicPages.get(page)?.from ?? page);
    const shown = path.relative(site, source);
    const original = dynamicPages.get(page)?.text ?? readFileSync(source, 'utf8');
    const rewritten = rewriteVitepressPage(original, source, shown, rewrite);
    const rendered = await vue.renderPage(rewritten, source, shown, page.split(path.sep).join('/'));
    // A script that rendered, or that held only Markdown component imports (taken out by rewriteVitepressPage).
    const scriptGone = rendered.scriptDropped || blankScriptSetup(rewritten) === rewritten;
    const checked = scriptGone ? blankScriptSetup(original) : original;
    // Markdown components were inlined by rewriteVitepressPage: no use of them is left to report.
    const markdownNames = [
      ...rewrite.markdownComponents.keys(),
      ...importedMarkdownComponents(original, source, srcDir).components.keys(),
    ];
    reportVuePages(report, source, shown, new Set([...vue.names, ...rendered.handled, ...markdownNames]), checked);
    const text = retargetUnderscoreLinks(
      await withHomeSlots(rendered.text, vue, (use) =>
        vue.renderPage(use, source, shown, page.split(path.sep).join('/')),
      ),
      page,
      renamed,
    );
    if (dynamicPages.has(page) || renamed.has(page)) {
      const target = path.join(contentDir, renamed.get(page) ?? page);
      mkdirSync(path.dirname(target), { recursive: true });
      writeFileSync(target, text);
      files += 1;
    } else if (text !== original && existsSync(path.join(contentDir, page)))
      writeFileSync(path.join(contentDir, page), text);
    files += carryOutsideSnippets(text, source, shown, { srcDir, contentDir, out }, report);
    collectPageOrigins(text, { iframeOrigins, imageOrigins, mediaOrigins });
  }
  files += copyVueAssets(contentDir, vue);
  // `rewrites`: each page moves to the path VitePress published it at (a page already there is replaced, as the
  // rewritten one is what VitePress served).
  const moved = rewrittenPages(config.rewrites, pages);
  for (const [page, to] of moved) {
    if (!existsSync(path.join(contentDir, page))) continue;
    mkdirSync(path.dirname(path.join(contentDir, to)), { recursive: true });
    renameSync(path.join(contentDir, page), path.join(contentDir, to));
  }
  const published = pages.map((page) => moved.get(page) ?? renamed.get(page) ?? page);
  // Each page at the route VitePress published it at, where docgen's (Docusaurus') routing rules differ (a renamed
  // `_` page at its old name's).
  for (const [index, page] of published.entries()) {
    const file = path.join(contentDir, page);
    if (!existsSync(file)) continue;
    const text = readFileSync(file, 'utf8');
    const rel = page.split(path.sep).join('/');
    const vitepressPage = renamed.has(pages[index]!) ? pages[index]!.split(path.sep).join('/') : rel;
    const frontMatter = readFrontMatter(text);
    const str = (value: unknown) => (typeof value === 'string' ? value : undefined);
    const kept = keepVitepressRoute(text, vitepressPage, routePathOf(rel, str(frontMatter.slug), str(frontMatter.id)));
    if (kept !== text) writeFileSync(file, kept);
  }
  const idOf = (page: string) =>
    page
      .split(path.sep)
      .join('/')
      .replace(/\.mdx?$/, '');
  const { sidebars, generated } = convertSidebars(config, new Set(published.map(idOf)), {
    report,
    file: configName,
    renamedIds: new Map([...renamed].map(([from, to]) => [idOf(from), idOf(to)])),
  });
  const inlineStyle = firstInlineStyle(out, ['content/**/*.md']);
  if (inlineStyle) report.add(configName, inlineStyleNote(inlineStyle));
  const userConfig = buildConfig(
    config,
    sidebars,
    { report, file: configName },
    {
      iframeOrigins: [...iframeOrigins].sort(),
      imageOrigins: [...imageOrigins].sort(),
      mediaOrigins: [...mediaOrigins].sort(),
      inlineStyles: inlineStyle !== undefined,
    },
  );
  reportOptions(config, report, configName);
  const generator = stepBeforeBuild(site, 'vitepress');
  if (generator && userConfig.onBrokenLinks === 'throw') {
    userConfig.onBrokenLinks = 'warn';
    report.add(
      configName,
      `onBrokenLinks is 'warn' instead of 'throw': the pages the site's '${generator.script}' script may write before VitePress builds (${generator.command.slice(0, 80)}) are not carried over, so links into them are broken; run it in the old site, copy what it writes into content/ and set onBrokenLinks back to 'throw'`,
    );
  } else if (generated.length > 0 && userConfig.onBrokenLinks === 'throw') {
    // The config's sidebar names a folder of pages the sources lack: a build step writes them (the deploy's command,
    // `typedoc && vitepress build` in netlify.toml or CI), and the pages' links into them are broken here.
    userConfig.onBrokenLinks = 'warn';
    report.add(
      configName,
      `onBrokenLinks is 'warn' instead of 'throw': the sidebar lists pages under ${generated.join(', ')} that are not in the sources (a build step writes them before VitePress builds), so links into them are broken; run that step in the old site, copy what it writes into content/ and set onBrokenLinks back to 'throw'`,
      /\bsidebar\s*:/,
    );
  }
  // VitePress' `markdown.math: true` (markdown-it-mathjax3): docgen's math plugins (write-site.ts MATH).
  const math = (config as { markdown?: { math?: unknown } }).markdown?.math;
  writeSiteConfig(
    out,
    {
      ...withVueStyles(userConfig, out, vue, report),
      ...(math ? { math: true } : {}),
      ...brandOf('vitepress', vitepressStylesheets(site), site, report),
    },
    `${path.basename(site)}/${configName}`,
    'migrate vitepress',
  );
  const text = writeReport(out, report, `Migrated from VitePress (${site})`);
  return { out, pages: pages.length, files, report: text, reportCount: report.items.length };
}

/**
 * The config the root locale is built with: VitePress lays `locales.root` (title, description, lang, themeConfig
 * with its nav and sidebar) over the site's config for the pages at `/` (src/node/config.ts resolveSiteData), where
 * sites such as phpstan-unofficial-document keep their whole nav and sidebar.
 */
function withRootLocale(config: VitepressConfig): VitepressConfig {
  const root = config.locales?.root;
  if (!root || typeof root !== 'object') return config;
  const {
    themeConfig,
    label: _label,
    link: _link,
    ...rest
  } = root as VitepressConfig & { label?: unknown; link?: unknown };
  return { ...config, ...rest, themeConfig: { ...config.themeConfig, ...themeConfig } };
}

interface Ctx {
  report: MigrationReport;
  file: string;
  /** The doc ids of `_` pages carried under another name (vitepress-underscore-pages.ts): old id -> new id. */
  renamedIds?: ReadonlyMap<string, string>;
}

/** A VitePress link (`/guide/`, `/guide/features`, `./x.md`) -> docgen doc id (`guide/index`, `guide/features`). */
function linkToId(link: string, base: string): string {
  const full = link.startsWith('/') ? link : `${base}${link}`;
  const clean = full
    .replace(/[#?].*$/, '')
    .replace(/\.(md|html)$/, '')
    .replace(/^\/+/, '');
  return clean === '' || clean.endsWith('/') ? `${clean}index` : clean;
}

/**
 * A sidebar link under a group's `base`, as VitePress 2 joins them: `base` + the link without its leading slash when
 * `base` ends with one, else with it (`/guide` + `/start.md` = `/guide/start.md`); external links are left alone
 * (vitepress src/client/theme-default/support/sidebar.ts addBase).
 */
function withSidebarBase(link: string, base: string | undefined): string {
  if (!base || /^[a-z]+:/i.test(link)) return link;
  return base + link.replace(/^\//, base.endsWith('/') ? '' : '/');
}

/**
 * VitePress sidebar items -> docgen's. `dir` is the folder a relative link is read from (the sidebar's path prefix),
 * `base` the `base` a group or the sidebar sets, put before each link beneath it (withSidebarBase). Items that are no
 * list (what a stubbed package returned: a sidebar computed by a plugin docgen does not run) give an empty group,
 * reported with the group's label.
 */
function convertItems(
  items: VitepressItem[],
  scope: { dir: string; base?: string },
  pages: Set<string>,
  ctx: Ctx,
): SidebarItemConfig[] {
  return items.flatMap((item): SidebarItemConfig[] => {
    if (item === null || typeof item !== 'object') return [];
    // VitePress renders an item's text as HTML (VPSidebarItem.vue v-html): `&lt;service&gt;` shows `<service>`.
    const text = typeof item.text === 'string' ? htmlToText(item.text) : undefined;
    const label = text ?? (typeof item.link === 'string' ? item.link : '');
    const base = item.base || scope.base;
    const link = typeof item.link === 'string' ? withSidebarBase(item.link, base) : undefined;
    if (item.items) {
      if (!Array.isArray(item.items))
        ctx.report.add(
          ctx.file,
          `the items of sidebar group '${label}' are computed by a package docgen does not run; the group is left empty`,
          label || undefined,
        );
      const category: Extract<SidebarItemConfig, { type: 'category' }> = {
        type: 'category',
        label,
        items: Array.isArray(item.items) ? convertItems(item.items, { dir: scope.dir, base }, pages, ctx) : [],
      };
      if (link) {
        const linked = linkToId(link, scope.dir);
        category.link = { type: 'doc', id: ctx.renamedIds?.get(linked) ?? linked };
      }
      // VitePress: `collapsed` absent = not collapsible; true/false = collapsible, starting closed/open.
      category.collapsible = item.collapsed !== undefined;
      if (item.collapsed !== undefined) category.collapsed = item.collapsed;
      return [category];
    }
    if (!link) return [];
    if (/^[a-z]+:/i.test(link)) return [{ type: 'link', label, href: link }];
    const linked = linkToId(link, scope.dir);
    const id = ctx.renamedIds?.get(linked) ?? linked;
    if (!pages.has(id))
      ctx.report.add(ctx.file, `the sidebar links to ${link}, which is not a page of the site; left out`, item.link);
    return pages.has(id) ? [{ type: 'doc', id, ...(text ? { label: text } : {}) }] : [];
  });
}

function firstDoc(items: SidebarItemConfig[]): string | undefined {
  for (const item of items) {
    if (item.type === 'doc') return item.id;
    if (item.type === 'category') {
      if (typeof item.link === 'object' && item.link.type === 'doc') return item.link.id;
      const nested = firstDoc(item.items);
      if (nested) return nested;
    }
  }
  return undefined;
}

/**
 * The line of an object key in a config file (`'/guide/':`, `"/guide/":` or `[`/guide/`]:`), else of its first
 * mention; undefined when the file cannot be read.
 */
function keyLine(file: string, key: string): number | undefined {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch {
    return undefined;
  }
  const lines = text.split('\n');
  const asKey = lines.findIndex((line) => ["'", '"', '`'].some((quote) => line.includes(`${quote}${key}${quote}:`)));
  const index = asKey >= 0 ? asKey : lines.findIndex((line) => line.includes(key));
  return index >= 0 ? index + 1 : undefined;
}

type VitepressSidebar = NonNullable<NonNullable<VitepressConfig['themeConfig']>['sidebar']>;

/**
 * The sidebars of the site's locales other than the root one, each as sidebars by path prefix with the locale's nav:
 * VitePress shows a page of `locales.<key>` (at `link`, default `/<key>/`) that locale's `themeConfig.sidebar`, an
 * array for all its pages or sidebars by (absolute) path prefix (vitepress src/client/theme-default/support/sidebar.ts
 * getSidebar, on the locale's resolved themeConfig: src/shared/shared.ts resolveSiteDataByRoute).
 */
function localeSidebars(
  config: VitepressConfig,
): { sidebar: Exclude<VitepressSidebar, VitepressItem[]>; nav: VitepressItem[] }[] {
  return Object.entries(config.locales ?? {}).flatMap(([key, value]) => {
    if (key === 'root' || !value || typeof value !== 'object') return [];
    const locale = value as { link?: unknown; themeConfig?: VitepressConfig['themeConfig'] };
    const sidebar = locale.themeConfig?.sidebar;
    if (!sidebar) return [];
    const link = typeof locale.link === 'string' ? locale.link : `/${key}/`;
    const prefix = link.endsWith('/') ? link : `${link}/`;
    return [
      {
        sidebar: Array.isArray(sidebar) ? { [prefix]: sidebar } : underLocale(sidebar, prefix),
        nav: locale.themeConfig?.nav ?? [],
      },
    ];
  });
}

/**
 * A locale's sidebars by path prefix, each under the prefix of the pages it is shown on. VitePress shows a page the
 * sidebar of the longest key its path starts with (getSidebar), and a locale's sidebars apply to its own pages
 * only: a key above the locale's folder (`'/'`, as a config shared by every locale writes it) is the sidebar of all
 * the locale's pages that no longer key takes, so it moves to the locale's prefix; other keys stay as written.
 */
function underLocale(
  sidebar: Exclude<VitepressSidebar, VitepressItem[]>,
  prefix: string,
): Exclude<VitepressSidebar, VitepressItem[]> {
  const above = (key: string) => prefix.startsWith(key.startsWith('/') ? key : `/${key}`);
  // The longest key above the folder takes the locale's pages (the folder's own key, when written, is the longest).
  const nearest = Object.keys(sidebar)
    .filter(above)
    .sort((a, b) => b.length - a.length)[0];
  const out: Exclude<VitepressSidebar, VitepressItem[]> = {};
  for (const [key, value] of Object.entries(sidebar)) {
    if (!above(key)) out[key] = value;
    else if (key === nearest) out[prefix] = value;
  }
  return out;
}

/**
 * `themeConfig.sidebar` (an array, or sidebars by path prefix) and the other locales' sidebars (localeSidebars) ->
 * docgen sidebars, each labelled from its locale's nav. A page shows the sidebar that lists it, so a translated
 * page under `/ja/` shows the `ja` locale's sidebar. A sidebar that lists no page of the site is left out; when
 * none lists one although the config has a sidebar (a package computes it from the folders, such as
 * vitepress-sidebar's `generateSidebar`, which migrate does not run: its stub gives back its options), docgen's
 * own sidebar of the folders stands in (autogenerated, as Docusaurus' `{ type: 'autogenerated' }`). `generated` holds
 * the path prefixes of the sidebars left out beside others that list pages: folders of pages a build step writes
 * before VitePress builds (typedoc's API reference), which are not in the sources.
 */
function convertSidebars(
  config: VitepressConfig,
  pages: Set<string>,
  ctx: Ctx,
): { sidebars: NonNullable<UserConfig['sidebars']>; generated: string[] } {
  const sources: { sidebar: VitepressSidebar; nav: VitepressItem[] }[] = [
    { sidebar: config.themeConfig?.sidebar ?? [], nav: config.themeConfig?.nav ?? [] },
    ...localeSidebars(config),
  ];
  const out: NonNullable<UserConfig['sidebars']> = {};
  const leftOut: { prefix: string; line: number | undefined }[] = [];
  for (const { sidebar: raw, nav } of sources) {
    const groups: [string, { base?: string; items: VitepressItem[] }][] = Array.isArray(raw)
      ? [['/', { items: raw }]]
      : Object.entries(raw).map(([prefix, value]) => [
          prefix,
          Array.isArray(value)
            ? { items: value }
            : { base: value.base, items: Array.isArray(value.items) ? value.items : [] },
        ]);
    for (const [prefix, group] of groups) {
      const id = prefix.replace(/^\/+|\/+$/g, '').replace(/[^A-Za-z0-9_-]+/g, '-') || 'docs';
      const sidebarId = /^[A-Za-z]/.test(id) ? id : `s${id}`;
      if (out[sidebarId]) continue; // the same prefix twice (a locale repeating the root's): the first wins
      const dir = prefix.endsWith('/') ? prefix : `${prefix}/`;
      const items = convertItems(group.items, { dir, base: group.base }, pages, ctx);
      const entryId = firstDoc(items);
      if (!entryId && !pages.has(linkToId(prefix, '/'))) {
        // Its pages are not in the checkout: a build step writes them (rolldown's typedoc reference), or they moved.
        leftOut.push({ prefix, line: keyLine(path.resolve(ctx.report.root, ctx.file), prefix) });
        continue;
      }
      const entry = entryId ? `/${entryId.replace(/(^|\/)index$/, '$1')}` : prefix;
      // The nav item leading to it: one of the bar, else one in a menu (`Guide ▾ › Getting Started` for /guide/).
      const navLabel =
        prefix === '/'
          ? undefined
          : (nav.find((item) => item.link?.startsWith(prefix))?.text ??
            navMenuLinks(nav).find((link) => link.href.startsWith(prefix))?.label);
      // No nav item names it: the site's title, the root of its pages' breadcrumbs (never the internal id), as
      // migrate does for Docusaurus (sidebars.ts fallbackLabel).
      out[sidebarId] = { label: navLabel ?? (config.title || sidebarId), entry, items };
    }
  }
  const first = [...pages].filter((id) => id !== 'index').sort()[0];
  if (Object.keys(out).length === 0 && leftOut.length > 0 && first) {
    ctx.report.add(
      ctx.file,
      "the sidebar lists no page of the site (a package computes it, such as vitepress-sidebar's generateSidebar, which migrate does not run): docgen's sidebar of the content folders stands in",
      /\bsidebar\s*:/,
    );
    return {
      sidebars: {
        docs: {
          label: config.title || 'Docs',
          entry: `/${first.replace(/(^|\/)index$/, '$1')}`,
          items: [{ type: 'autogenerated', dirName: '.' }],
        },
      },
      generated: [],
    };
  }
  for (const { prefix, line } of leftOut)
    ctx.report.add(
      ctx.file,
      `sidebar '${prefix}' lists no page of the site and was left out (pages a build step generates: run it, then migrate again)`,
      line,
    );
  return { sidebars: out, generated: [...new Set(leftOut.map(({ prefix }) => prefix))] };
}

/**
 * The links of a VitePress nav menu: its items with a link, and those of its titled groups (a group's title has no
 * link in VitePress either), depth first.
 */
function navMenuLinks(items: VitepressItem[]): { label: string; href: string }[] {
  return items.flatMap((entry) => [
    ...(entry.link ? [{ label: entry.text ? htmlToText(entry.text) : entry.link, href: entry.link }] : []),
    ...navMenuLinks(entry.items ?? []),
  ]);
}

function buildConfig(
  config: VitepressConfig,
  sidebars: NonNullable<UserConfig['sidebars']>,
  ctx: Ctx,
  {
    iframeOrigins,
    imageOrigins,
    mediaOrigins,
    inlineStyles,
  }: { iframeOrigins: string[]; imageOrigins: string[]; mediaOrigins: string[]; inlineStyles: boolean },
): MigratedConfig {
  const theme = config.themeConfig ?? {};
  const title = config.title || 'Docs';
  const logo = typeof theme.logo === 'string' ? theme.logo : (theme.logo?.src ?? theme.logo?.light);
  const icon = (config.head ?? []).find(
    (tag): tag is [string, Record<string, string>] =>
      Array.isArray(tag) && tag[0] === 'link' && /icon/.test(String(tag[1]?.rel)),
  );
  type NavItem = NonNullable<NonNullable<NonNullable<UserConfig['themeConfig']>['navbar']>['items']>[number];
  const navItems = (theme.nav ?? []).flatMap((item): NavItem[] => {
    // Its text is HTML to VitePress (VPNavBarMenuLink.vue v-html), as a sidebar item's.
    const text = item.text === undefined ? undefined : htmlToText(item.text);
    if (!item.link) {
      // A nav menu (VitePress VPNavBarMenuGroup): its links, those of its titled groups in order, in a dropdown.
      const links = navMenuLinks(item.items ?? []);
      if (links.length === 0) {
        ctx.report.add(ctx.file, `nav menu '${text ?? ''}' has no link and was left out`, item.text);
        return [];
      }
      return [{ type: 'dropdown', label: text ?? 'Menu', position: 'left', items: links }];
    }
    const sidebar = Object.entries(sidebars).find(([, value]) => value.label === text);
    return sidebar
      ? [{ type: 'docSidebar', sidebarId: sidebar[0], label: text ?? sidebar[0], position: 'left' }]
      : [{ label: text ?? item.link, href: item.link, position: 'left' }];
  });
  for (const social of theme.socialLinks ?? []) {
    if (!social.link) continue;
    // VitePress' SocialLinkIcon: a known icon's name, or { svg } drawn by the site; docgen's navbar shows text.
    const label = social.ariaLabel ?? (typeof social.icon === 'string' ? social.icon : hostOf(social.link));
    if (typeof social.icon === 'object')
      ctx.report.add(
        ctx.file,
        `social link ${social.link}: its own SVG icon is not carried over; labelled '${label}'`,
        'svg',
      );
    navItems.push({ label, href: social.link, position: 'right' });
  }
  if (!config.sitemap?.hostname)
    ctx.report.add(ctx.file, "the site's public URL is unknown (no sitemap.hostname): set `url` in site.config.ts");
  const locale = (config.lang ?? 'en-US').split('-')[0]!;
  return {
    product: typeof theme.siteTitle === 'string' ? theme.siteTitle : title,
    title,
    // VitePress' description is the pages' <meta name="description">; its home hero shows only the page's own
    // hero.name, hero.text and hero.tagline (VPHero.vue), so it is not docgen's tagline, which the hero shows.
    ...(config.description ? { description: config.description } : {}),
    ...(icon?.[1]?.href ? { favicon: icon[1].href.replace(/^\//, '') } : {}),
    url: config.sitemap?.hostname ?? 'https://example.com',
    baseUrl: basePath(config.base),
    i18n: { defaultLocale: locale, locales: [locale] },
    buildDate: today(),
    // VitePress fails the build on dead links unless ignoreDeadLinks; it does not check anchors.
    onBrokenLinks: config.ignoreDeadLinks ? 'ignore' : 'throw',
    onBrokenAnchors: 'warn',
    // Two sources rendered to one page (a rewrite onto an existing page): VitePress writes one and goes on.
    onDuplicateRoutes: 'warn',
    onUnknownFrontMatter: 'ignore',
    onDroppedHtml: 'warn',
    onUnknownComponent: 'warn',
    // VitePress renders a `<<<` import of a missing file as a code block saying so and builds the site.
    onMissingSnippet: 'warn',
    // VitePress reads Markdown with markdown-it and raw HTML, not MDX.
    // VitePress' heading ids (`build.target` -> `build-target`), so the site's anchors resolve; its emoji
    // shortcodes (markdown-it-emoji, always on in VitePress).
    markdown: {
      format: 'md',
      headingIds: 'vitepress',
      emoji: true,
      ...(iframeOrigins.length > 0 ? { iframeOrigins } : {}),
      ...(inlineStyles ? { inlineStyles: true } : {}),
    },
    ...(imageOrigins.length > 0 || mediaOrigins.length > 0
      ? {
          csp: {
            ...(imageOrigins.length > 0 ? { 'img-src': imageOrigins } : {}),
            ...(mediaOrigins.length > 0 ? { 'media-src': mediaOrigins } : {}),
          },
        }
      : {}),
    themeConfig: {
      navbar: { title, ...(logo ? { logo } : {}), items: navItems },
      // VitePress renders both as HTML (VPFooter.vue v-html: `Released under the <a href="…">MIT License</a>.`);
      // docgen's copyright is text.
      footer: {
        style: 'dark',
        copyright: htmlToText([theme.footer?.message, theme.footer?.copyright].filter(Boolean).join(' ')),
      },
    },
    sidebars,
  };
}

function reportOptions(config: VitepressConfig, report: MigrationReport, file: string): void {
  const source = readFileSync(path.join(report.root, file), 'utf8');
  for (const key of ['locales', 'markdown', 'vite', 'transformHead', 'transformPageData', 'buildEnd', 'vue'] as const) {
    const match = new RegExp(`^[ \\t]*${key}\\s*[:(]`, 'm').exec(source);
    const message =
      key === 'locales'
        ? "'locales': the other locales' pages and sidebars are carried over, not their nav, lang and UI labels (one navbar, the root locale's)"
        : key === 'markdown' && (config as { markdown?: unknown }).markdown !== undefined
          ? markdownNote(config)
          : `'${key}' is not carried over`;
    if (match && message) report.add(file, message, source.slice(0, match.index).split('\n').length);
    // Set in another file of a config split over a folder (VitePress' i18n guide: shared.ts, one file per locale).
    else if (!match && message && (config as Record<string, unknown>)[key] !== undefined) report.add(file, message);
  }
  if (config.themeConfig && existsSync(path.join(report.root, '.vitepress', 'theme'))) {
    report.add(
      path.join(report.root, '.vitepress', 'theme'),
      'the custom theme (Vue components, CSS) is not carried over (docgen overrides: README "Extending docgen")',
    );
  }
}

/** The config's `markdown.anchor.slugify` (markdown-it-anchor's option: heading text -> id), when it is a function. */
function anchorSlugify(config: VitepressConfig): ((text: string) => string) | undefined {
  const anchor = (config as { markdown?: { anchor?: { slugify?: unknown } } }).markdown?.anchor;
  return typeof anchor?.slugify === 'function' ? (anchor.slugify as (text: string) => string) : undefined;
}

/**
 * markdown-it plugins whose syntax docgen's Markdown (GitHub-flavoured, with its own heading ids) renders itself,
 * by package: what each gives.
 */
const MARKDOWN_IT_BUILT_IN: Record<string, string> = {
  'markdown-it-footnote': 'footnotes',
  'markdown-it-task-lists': 'task lists',
  'markdown-it-task-checkbox': 'task lists',
  'markdown-it-anchor': 'heading anchors',
};

/**
 * The markdown-it plugins `markdown.config(md)` adds with `md.use(plugin)`, by package name (a stub's: load-static.ts
 * stubbedPackageOf) or function name, found by calling it with a stand-in `md` that records them; [] when it throws
 * before any.
 */
function markdownItPlugins(configure: (md: unknown) => unknown): string[] {
  const used: string[] = [];
  const md: unknown = new Proxy(() => {}, {
    get: (_, key) =>
      key === 'use'
        ? (plugin: unknown) => {
            const name = stubbedPackageOf(plugin) ?? (typeof plugin === 'function' ? plugin.name : '');
            used.push(name || 'a plugin of the site');
            return md;
          }
        : md,
    apply: () => md,
  });
  try {
    configure(md);
  } catch {
    // what it did before throwing is recorded
  }
  return [...new Set(used)];
}

/**
 * The report's line for VitePress' `markdown` options: `math` is carried (write-site.ts MATH); `config(md)` adds
 * markdown-it plugins, which cannot run in docgen, whose Markdown is unified (remark and rehype plugins); those
 * whose syntax docgen renders itself (MARKDOWN_IT_BUILT_IN) are not reported.
 */
function markdownNote(config: VitepressConfig): string | undefined {
  const markdown = ((config as { markdown?: unknown }).markdown ?? {}) as Record<string, unknown>;
  // The heading ids of `anchor.slugify` are written into the pages (vitepress-heading-ids.ts).
  const anchorCarried = anchorSlugify(config) !== undefined && Object.keys(markdown.anchor ?? {}).length === 1;
  const left = Object.keys(markdown).filter(
    (key) => key !== 'math' && key !== 'config' && !(key === 'anchor' && anchorCarried),
  );
  const plugins = typeof markdown.config === 'function' ? markdownItPlugins(markdown.config as () => unknown) : [];
  const builtIn = plugins.filter((name) => name in MARKDOWN_IT_BUILT_IN);
  const others = plugins.filter((name) => !(name in MARKDOWN_IT_BUILT_IN));
  const parts = [
    ...(typeof markdown.config === 'function' && (others.length > 0 || builtIn.length === 0)
      ? [
          `'markdown.config' is not carried over: its markdown-it plugins (md.use${others.length > 0 ? `: ${others.join(', ')}` : ''}) cannot run in docgen, whose Markdown is unified; a remark or rehype plugin doing the same goes in markdown.remarkPlugins or rehypePlugins of site.config.ts`,
        ]
      : []),
    ...(left.length > 0 ? [`'markdown' options ${left.map((key) => `'${key}'`).join(', ')} are not carried over`] : []),
  ];
  return parts.length > 0 ? parts.join('; ') : undefined;
}
