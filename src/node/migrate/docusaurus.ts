/**
 * `docgen migrate docusaurus <site>`: turns a Docusaurus site into a docgen site without installing Docusaurus.
 * Reads docusaurus.config.{js,ts,mjs,...} and the sidebars file with their packages stubbed
 * (load-static.ts), copies the docs folder to `content/<routeBasePath>/` and the static folders to `content/`,
 * carries the translations over (i18n.ts), writes site.config.ts and reports, with file:line, what docgen does not
 * carry over.
 */
import { brandOf, docusaurusStylesheets } from './brand-colours.js';
import { copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import fg from 'fast-glob';
import type { UserConfig } from '../config/schema.js';
import { DocgenError } from '../diagnostics/error.js';
import { escapeRegExp } from '../serve/headers-file.js';
import { blogLeftOut, migrateBlog } from './blog.js';
import { carryWithImports } from './component-imports.js';
import { componentDependencies, migrateComponents, retractPackages, scriptFile } from './components.js';
import { carryMarkdownPlugins, docusaurusPluginLists } from './markdown-plugins.js';
import { migrateCustomPages } from './custom-pages.js';
import { sitePackageFields, sitePackageType, stepBeforeBuild } from './package-fields.js';
import { type DocsFolderMove, retargetDocsImports } from './docs-imports.js';
import { migrateRedoc } from './redoc.js';
import { indexDocs } from './docs-index.js';
import { findFile, loadOrDefault } from './load-static.js';
import {
  CLASSIC,
  convertFooterLinks,
  convertNavbar,
  convertThemeConfig,
  entryName,
  headOf,
  reportDocsOptions,
  usesMath,
  reportSiteOptions,
  type DocusaurusConfig,
  docusaurusMdx1Version,
} from './docusaurus-config.js';
import { codeLineOf, forEachMdxLine, MigrationReport, reportMdxImports } from './report.js';
import { convertSidebars } from './sidebars.js';
import { excludedDocs, migrateVersions, versionedDocsFolder } from './versions.js';
import { collectPageOrigins, componentOrigins, firstInlineStyle, inlineStyleNote } from './policy-sources.js';
import { migrateTranslations, type MigratedDocsInstance } from './i18n.js';
import {
  basePath,
  contentOnly,
  copyTree,
  reportDangling,
  ensureEmptyDir,
  today,
  writeHomePage,
  writeReport,
  writeSiteConfig,
  type MigratedConfig,
} from './write-site.js';
import { safeDecode } from '../../shared/urls.js';

const CONFIG_NAMES = [
  'docusaurus.config.ts',
  'docusaurus.config.mts',
  'docusaurus.config.js',
  'docusaurus.config.mjs',
  'docusaurus.config.cjs',
];
const SIDEBAR_NAMES = ['sidebars.ts', 'sidebars.mts', 'sidebars.js', 'sidebars.mjs', 'sidebars.cjs', 'sidebars.json'];

/** What a migration did. */
export interface MigrationResult {
  /** The new site's folder. */
  out: string;
  /** Pages copied. */
  pages: number;
  /** Pages of the docs versions copied (versioned_docs/), not counted in `pages`. */
  versionedPages?: number;
  /** Files copied in all (pages, images, other static files). */
  files: number;
  /** The report's text, as written to MIGRATION.md. */
  report: string;
  /** The number of report items. */
  reportCount: number;
  /** Translated pages carried over, by locale. */
  translatedPages?: Record<string, number>;
}

/** The options of the docs plugin (classic preset `docs`, or `@docusaurus/plugin-content-docs`). */
interface DocsOptions {
  path?: string;
  routeBasePath?: string;
  sidebarPath?: string | false;
  numberPrefixParser?: boolean | unknown;
  [key: string]: unknown;
}

/**
 * Migrates a Docusaurus site.
 * @param site the Docusaurus site folder (holding docusaurus.config.*)
 * @param out the new docgen site's folder: created, or an empty one
 * @returns what was written and the report
 * @throws DocgenError MigrateSourceNotFound (no config), MigrateConfigUnreadable, TargetNotEmpty
 */
export async function migrateDocusaurus(site: string, out: string): Promise<MigrationResult> {
  const configFile = findFile(site, CONFIG_NAMES);
  if (!configFile) {
    throw new DocgenError({
      code: 'MigrateSourceNotFound',
      message: `No docusaurus.config.{ts,js,mjs} in ${site}. Pass the folder of the Docusaurus site.`,
      file: site,
    });
  }
  ensureEmptyDir(out);
  const report = new MigrationReport(site);
  const config = await loadOrDefault<DocusaurusConfig>(configFile, {
    report,
    cwd: path.resolve(site),
    fallback: { title: path.basename(path.resolve(site)), presets: [['classic', {}]] },
    lost: "the site's title, navbar, footer, docs options (the classic preset's defaults are used) and strictness settings",
  });
  const configName = path.basename(configFile);
  const contentDir = path.join(out, 'content');
  const ctx: InstanceContext = {
    site,
    contentDir,
    report,
    configName,
    labels: sidebarLabels(config),
    ...(config.title ? { title: config.title } : {}),
    iframeOrigins: new Set<string>(),
    imageOrigins: new Set<string>(),
    mediaOrigins: new Set<string>(),
  };
  const sidebars: NonNullable<UserConfig['sidebars']> = {};
  const allDocs = new Map<string, string>();
  let pages = 0;
  let files = 0;
  let showLastUpdateTime = false;
  const docsRoots: string[] = [];
  const instances: MigratedDocsInstance[] = [];
  const docsMoves: DocsFolderMove[] = [];
  let docs: UserConfig['docs'];
  let versionedPages = 0;
  for (const options of findDocsInstances(config, site, report, configName)) {
    showLastUpdateTime ||= options.showLastUpdateTime === true;
    const instance = await migrateDocsInstance(options, ctx);
    if (!instance) continue;
    instances.push({ id: String(options.id ?? 'default'), folder: instance.folder });
    docsMoves.push({
      from: path
        .relative(site, path.resolve(site, options.path ?? 'docs'))
        .split(path.sep)
        .join('/'),
      to: path.posix.join('content', instance.folder),
    });
    for (const [id, sidebar] of Object.entries(instance.sidebars))
      sidebars[id in sidebars ? `${id}-${Object.keys(sidebars).length}` : id] = sidebar;
    for (const [id, route] of instance.routes) if (!allDocs.has(id)) allDocs.set(id, route);
    pages += instance.routes.size;
    if (instance.routeBase) docsRoots.push(instance.routeBase); // its absolute slugs are relative to it
    files += instance.files;
    if (!docs) {
      // Versioned docs stay where Docusaurus keeps them, beside the config.
      const versions = migrateVersions({
        site,
        out,
        docs: options,
        routeBase: instance.routeBase,
        folder: instance.folder,
        report,
        file: configName,
        // Docusaurus shows an older version's embeds and external images as it shows the current docs' ones.
        eachPage: (text) => {
          collectPageOrigins(text, ctx);
        },
      });
      docs = versions.docs;
      files += versions.files;
      versionedPages += versions.pages;
    }
  }
  const imported = importedStaticMarkdown(site, staticDirectories(config));
  for (const dir of staticDirectories(config)) {
    if (!existsSync(path.join(site, dir))) continue;
    // Docusaurus publishes a static Markdown file as it is; in content/ it would be a page (a static README.md
    // claiming the docs index's route). Only those a page imports, as a partial, are carried, into content/_static/
    // (a `_` folder: partials, never pages; Ionic's docs import 10,000 of them).
    const left: string[] = [];
    const skip = (relative: string) => {
      const file = path.join(site, dir, relative);
      if (!/\.mdx?$/.test(relative)) return false;
      if (imported.has(file)) {
        mkdirSync(path.dirname(path.join(contentDir, STATIC_PARTIALS, relative)), { recursive: true });
        copyFileSync(file, path.join(contentDir, STATIC_PARTIALS, relative));
        files += 1;
      } else left.push(relative.split(path.sep).join('/'));
      return true;
    };
    files += copyTree(path.join(site, dir), contentDir, skip, reportDangling(report, dir));
    if (left.length > 0)
      report.add(
        dir,
        `${left.length} Markdown file(s) of the static folder that no page imports (${left.slice(0, 3).join(', ')}${left.length > 3 ? ', …' : ''}) were not copied: in content/ they would be pages, where Docusaurus publishes them as raw files`,
      );
  }
  reportSiteOptions(config, { site, report, file: configName });
  const blog = migrateBlog(config, {
    site,
    contentDir,
    report,
    file: configName,
    iframeOrigins: ctx.iframeOrigins,
    imageOrigins: ctx.imageOrigins,
    mediaOrigins: ctx.mediaOrigins,
  });
  files += blog.files;
  const translations = migrateTranslations({
    site,
    out,
    i18n: config.i18n,
    instances,
    ...(blog.blog ? { blogFolder: blog.translations } : {}),
    report,
    file: configName,
  });
  files += translations.files;
  // Translated pages embed and show what Docusaurus renders for them too (their own screenshots, videos).
  for (const page of fg.sync(['i18n/**/*.{md,mdx}'], { cwd: out, absolute: true })) {
    const text = readFileSync(page, 'utf8');
    collectPageOrigins(text, ctx);
  }
  aliasImports(out, site, pluginAliases(config, site));
  siteRootImports(out, site, staticDirectories(config));
  retargetStaticImports(out, site, staticDirectories(config));
  retargetDocsImports(out, site, docsMoves);
  const apis = migrateRedoc({ config, site, out, report, file: configName });
  const pageCode = firstCodePage(out);
  if (pageCode)
    report.add(
      configName,
      `pages ${PAGE_CODE_KINDS[pageCode.kind]} (the first at ${pageCode.at}): markdown.pageCode is on, so the pages' import/export lines and component props run at build time, as Docusaurus runs them (SECURITY.md)`,
    );
  const inlineStyle = firstInlineStyle(out, MIGRATED_PAGES);
  if (inlineStyle) report.add(configName, inlineStyleNote(inlineStyle));

  const navbarItems = convertNavbar(config, { docRoute: (id) => allDocs.get(id), report, file: configName }).filter(
    (item) => {
      if (item.type !== 'docSidebar' || item.sidebarId in sidebars) return true;
      report.add(
        configName,
        `navbar item '${item.label}' opens sidebar '${item.sidebarId}', which is not in the sidebars file (another docs plugin's?); left out`,
        item.sidebarId,
      );
      return false;
    },
  );
  const footerLinks = convertFooterLinks(config, { report, file: configName });
  const firstSidebar = Object.values(sidebars)[0];
  // A blog-only site (blog routeBasePath '/') has its list as the home page.
  const customPages = migrateCustomPages({ site, out, report });
  pages += customPages.routes.size;
  if (![...allDocs.values()].includes('/') && !customPages.routes.has('/') && blog.blog?.routeBasePath !== '') {
    writeHomePage(out, {
      title: config.title ?? 'Docs',
      tagline: config.tagline ?? '',
      entry: firstSidebar?.entry,
      entryLabel: firstSidebar?.label ?? 'Docs',
    });
    if (existsSync(path.join(site, 'src', 'pages')))
      report.add(
        path.join(site, 'src', 'pages'),
        'the site has no home page of its own (src/pages/index.*): docgen wrote one (content/index.md, layout: home)',
      );
  }
  // Links into a part that is not carried over (a blog whose folder is missing) would fail the build: they are
  // warnings until those links are fixed, and the report says so. Custom pages are carried (custom-pages.ts).
  const leftOut = blogLeftOut(config, site) ? ['the blog (its folder is not in the site)'] : [];
  const generator = stepBeforeBuild(site, 'docusaurus');
  if (generator)
    leftOut.push(
      `the pages its '${generator.script}' script may write before Docusaurus builds (${generator.command.slice(0, 80)}; run it in the old site and copy what it writes into content/)`,
    );
  const linkPolicy = strictness(config.onBrokenLinks, 'throw');
  const softenLinks = leftOut.length > 0 && linkPolicy === 'throw';
  if (softenLinks)
    report.add(
      configName,
      `onBrokenLinks is 'warn' instead of 'throw': ${leftOut.join(' and ')} are not carried over, so links into them are broken; set it back to 'throw' once they are fixed`,
    );
  const mdxComponents = migrateComponents({ site, out, report });
  const origins = componentOrigins(out);
  if (origins.connect.length + origins.frame.length > 0)
    report.add(
      configName,
      `the site's components fetch from or frame other origins (${[...origins.connect, ...origins.frame].join(', ')}): allowed in csp['connect-src'] and csp['frame-src'], as Docusaurus sets no policy`,
    );
  // The site's own remark/rehype plugins: copied with the files they import, before the packages are gathered.
  const plugins = carryMarkdownPlugins(docusaurusPluginLists(config), { site, report, file: configName });
  carryWithImports(
    plugins.files.map((source) => ({ source, target: path.join(out, path.relative(site, source)) })),
    { site, out, report, seen: new Set() },
  );
  const dependencies = { ...componentDependencies(site, out), ...plugins.dependencies };
  const packages = Object.keys(dependencies);
  retractPackages(report, packages);
  if (packages.length > 0)
    report.add(
      'package.json',
      `the site's pages and components import ${packages.length} package(s) (${packages.slice(0, 4).join(', ')}${packages.length > 4 ? ', …' : ''}): added to package.json with the versions the site listed, and .npmrc sets legacy-peer-deps (they may name React 18 as a peer; docgen renders with React 19). Run npm install before building.`,
    );
  writeSiteConfig(
    out,
    {
      ...themeOf(mdxComponents, headOf(config)),
      ...buildConfig(config, {
        sidebars,
        navbarItems,
        footerLinks,
        iframeOrigins: [...ctx.iframeOrigins].sort(),
        imageOrigins: [...ctx.imageOrigins].sort(),
        mediaOrigins: [...ctx.mediaOrigins].sort(),
        connectOrigins: origins.connect,
        frameOrigins: origins.frame,
        mdx1: docusaurusMdx1Version(site) !== undefined,
        pageCode: pageCode !== undefined,
        inlineStyles: inlineStyle !== undefined,
      }),
      i18n: translations.i18n,
      ...(softenLinks ? { onBrokenLinks: 'warn' as const } : {}),
      ...(docs ? { docs } : {}),
      ...(docsRoots.length > 0 ? { docsRoots } : {}),
      ...(showLastUpdateTime ? { showLastUpdateTime } : {}),
      ...(blog.blog ? { blog: blog.blog } : {}),
      ...(apis.length > 0 ? { apis } : {}),
      ...(usesMath(config) ? { math: true } : {}),
      dependencies,
      ...(plugins.plugins.length > 0 ? { markdownPlugins: plugins.plugins } : {}),
      packageFields: sitePackageFields(site, report),
      packageType: sitePackageType(site),
      ...brandOf('docusaurus', docusaurusStylesheets(config.presets, site), site, report),
    },
    `${path.basename(path.resolve(site))}/${configName}`,
    'migrate docusaurus',
  );
  const text = writeReport(out, report, `Migrated from Docusaurus (${path.resolve(site)})`);
  return {
    out,
    pages,
    files,
    report: text,
    reportCount: report.items.length,
    translatedPages: translations.pages,
    ...(versionedPages > 0 ? { versionedPages } : {}),
  };
}

/** What migrating one docs plugin instance needs. */
interface InstanceContext {
  site: string;
  contentDir: string;
  report: MigrationReport;
  configName: string;
  labels: Map<string, string>;
  /** The site's title (the label of a sidebar no navbar item names). */
  title?: string;
  /** Collects the origins of the pages' iframes. */
  iframeOrigins: Set<string>;
  /** Collects the origins of the pages' external images. */
  imageOrigins: Set<string>;
  /** Collects the origins of the pages' external video and audio. */
  mediaOrigins: Set<string>;
}

/**
 * Migrates one docs plugin instance: indexes its pages, converts its sidebars, copies its folder to
 * `content/<routeBasePath>/` and reports its MDX imports and the options docgen does not carry over.
 * @returns its sidebars, the route of each doc id and the files copied; undefined (reported) when its folder is missing
 */
async function migrateDocsInstance(
  options: DocsOptions,
  ctx: InstanceContext,
): Promise<
  | {
      sidebars: NonNullable<UserConfig['sidebars']>;
      routes: Map<string, string>;
      routeBase: string;
      /** The content folder its docs are copied to: routeBase, unless versions need a folder of their own. */
      folder: string;
      files: number;
    }
  | undefined
> {
  const { site, report, configName } = ctx;
  const docsDir = path.resolve(site, options.path ?? 'docs');
  if (!existsSync(docsDir)) {
    report.add(
      configName,
      `docs plugin '${String(options.id ?? 'default')}': its folder ${options.path ?? 'docs'} does not exist; nothing of it is carried over`,
      options.path,
    );
    return undefined;
  }
  const routeBase = (options.routeBasePath ?? 'docs').replace(/^\/+|\/+$/g, '');
  const folder = versionedDocsFolder(site, options, routeBase);
  const docs = indexDocs(docsDir, options.numberPrefixParser !== false);
  // The docs option `exclude` (globs below the docs folder): neither docs nor copied, as in Docusaurus.
  const excluded = excludedDocs(docsDir, options.exclude);
  for (const [id, doc] of docs) if (excluded.has(doc.source.split(path.sep).join('/'))) docs.delete(id);
  const sidebarsFile =
    typeof options.sidebarPath === 'string'
      ? path.resolve(site, options.sidebarPath)
      : options.sidebarPath === false
        ? undefined
        : findFile(site, SIDEBAR_NAMES);
  const autogenerated = { [String(options.id ?? 'docs')]: [{ type: 'autogenerated', dirName: '.' }] };
  const rawSidebars = sidebarsFile ? await readSidebars(sidebarsFile, site, report, autogenerated) : autogenerated;
  const sidebars = convertSidebars(rawSidebars, {
    docsDir: folder,
    docs,
    routeBase: routeBase ? `/${routeBase}` : '',
    report,
    file: sidebarsFile ? path.relative(site, sidebarsFile) : configName,
    labels: ctx.labels,
    fallbackLabel: ctx.title,
  });
  const routes = new Map<string, string>();
  for (const doc of docs.values()) {
    routes.set(doc.id, `${routeBase ? `/${routeBase}` : ''}${doc.slug}`);
    reportMdxImports(report, path.join(docsDir, doc.source), path.relative(site, path.join(docsDir, doc.source)));
    const text = readFileSync(path.join(docsDir, doc.source), 'utf8');
    collectPageOrigins(text, ctx);
  }
  reportDocsOptions(options, report, configName);
  const skipped: string[] = [];
  const notContent = contentOnly(docsDir, skipped);
  const files = copyTree(
    docsDir,
    path.join(ctx.contentDir, folder),
    (relative) => excluded.has(relative.split(path.sep).join('/')) || notContent(relative),
    reportDangling(report, path.relative(site, docsDir)),
  );
  if (skipped.length > 0)
    report.add(
      docsDir,
      `${skipped.length} file(s) that are no page and that no page names (${skipped.slice(0, 3).join(', ')}${skipped.length > 3 ? ', …' : ''}) were not copied: Docusaurus does not publish them either`,
    );
  return { sidebars, routes, routeBase, folder, files };
}

/**
 * Sidebar labels by sidebar id, from the navbar's `docSidebar` items, those of its dropdowns included (a sidebar has
 * no label of its own).
 */
function sidebarLabels(config: DocusaurusConfig): Map<string, string> {
  const labels = new Map<string, string>();
  const visit = (items: unknown[]): void => {
    for (const item of items as { type?: unknown; sidebarId?: unknown; label?: unknown; items?: unknown }[]) {
      if (item.type === 'docSidebar' && typeof item.sidebarId === 'string' && !labels.has(item.sidebarId))
        labels.set(item.sidebarId, typeof item.label === 'string' ? item.label : item.sidebarId);
      if (item.type === 'dropdown' && Array.isArray(item.items)) visit(item.items);
    }
  };
  visit(config.themeConfig?.navbar?.items ?? []);
  return labels;
}

/** Every docs plugin instance: the classic preset's `docs` and each `@docusaurus/plugin-content-docs` plugin. */
function findDocsInstances(
  config: DocusaurusConfig,
  site: string,
  report: MigrationReport,
  file: string,
): DocsOptions[] {
  const instances: DocsOptions[] = [];
  for (const preset of config.presets ?? []) {
    const [name, options] = Array.isArray(preset) ? preset : [preset, {}];
    if (typeof name === 'string' && CLASSIC.test(name)) {
      const docs = (options as { docs?: DocsOptions | false } | undefined)?.docs;
      if (docs !== false) instances.push(docs ?? {});
    }
  }
  for (const plugin of config.plugins ?? []) {
    const name = entryName(plugin, site);
    const options = Array.isArray(plugin) ? plugin[1] : {};
    if (name === '@docusaurus/plugin-content-docs' || name === 'content-docs')
      instances.push((options ?? {}) as DocsOptions);
  }
  if (instances.length === 0)
    report.add(
      file,
      'no docs plugin found (classic preset `docs` or @docusaurus/plugin-content-docs): only static files are copied',
    );
  return instances;
}

/**
 * Reads a sidebars module (JSON, or JS/TS with its packages stubbed, run in the site's folder as Docusaurus runs
 * it); one that cannot be read gives `fallback`.
 */
async function readSidebars(file: string, site: string, report: MigrationReport, fallback: unknown): Promise<unknown> {
  if (file.endsWith('.json')) return JSON.parse(readFileSync(file, 'utf8')) as unknown;
  return loadOrDefault(file, {
    report,
    cwd: path.resolve(site),
    fallback,
    lost: 'the hand-written sidebars (one autogenerated sidebar is used)',
  });
}

/**
 * The Markdown files of the static folders that the site's pages import, directly or through another such file
 * (`@site/static/usage/x/index.md`, which imports `./javascript.md`; `/usage/x/index.md`, which webpack finds in a
 * static folder first: siteRootImports), as absolute paths.
 */
function importedStaticMarkdown(site: string, staticDirs: string[]): Set<string> {
  const roots = staticDirs.map((dir) => path.resolve(site, dir) + path.sep);
  const inStatic = (file: string) => roots.some((root) => file.startsWith(root));
  const importsOf = (file: string): string[] => {
    const text = readFileSync(file, 'utf8');
    return [...text.matchAll(/^\s*import\s[^'"\n]*['"]([^'"]+\.mdx?)['"]/gm)].map(([, spec]) => {
      if (spec!.startsWith('@site/')) return path.resolve(site, spec!.slice('@site/'.length));
      if (/^\/(?!\/)/.test(spec!))
        return roots.map((root) => path.join(root, spec!)).find(existsSync) ?? path.join(site, spec!);
      return path.resolve(path.dirname(file), spec!);
    });
  };
  const pages = fg.sync('**/*.{md,mdx}', {
    cwd: site,
    absolute: true,
    ignore: ['**/node_modules/**', ...staticDirs.map((dir) => `${dir.replace(/^\.\//, '').replace(/\/$/, '')}/**`)],
  });
  const found = new Set<string>();
  const queue = pages.flatMap((page) => importsOf(path.normalize(page))).filter(inStatic);
  while (queue.length > 0) {
    const file = queue.pop()!;
    if (found.has(file) || !existsSync(file)) continue;
    found.add(file);
    queue.push(...importsOf(file).filter(inStatic));
  }
  return found;
}

/** The content folder static Markdown partials are copied to: a `_` folder, whose files are never pages. */
const STATIC_PARTIALS = '_static';

/** Globs of the pages a Docusaurus migration writes, relative to its output folder. */
const MIGRATED_PAGES = ['content/**/*.{md,mdx}', 'versioned_docs/**/*.{md,mdx}', 'i18n/**/*.{md,mdx}'];

/** What makes the migrated pages code, as MIGRATION.md says it (codeLineOf's kinds). */
const PAGE_CODE_KINDS = {
  export: 'export code',
  import: 'import Docusaurus modules (Link, useBaseUrl, …)',
  data: "import the site's JSON data into their expressions",
} as const;

/**
 * The first line of the migrated pages (docs, versioned docs, translations, blog) that makes a page code
 * (report.ts codeLineOf: an `export`, an import of a Docusaurus module docgen stands in for or of a JSON file), `file:line` relative
 * to the migrated site, or undefined.
 */
function firstCodePage(out: string): ReturnType<typeof codeLineOf> {
  const pages = fg.sync(MIGRATED_PAGES, { cwd: out });
  for (const page of pages.sort()) {
    const text = readFileSync(path.join(out, page), 'utf8');
    if (!text.includes('export') && !text.includes('import')) continue;
    const found = codeLineOf(text, page);
    if (found) return found;
  }
  return undefined;
}

/**
 * Pages import files of a static folder through the site root (`@site/static/usage/x/index.md`, as Ionic's docs
 * do in every current and versioned page); migrate copies the static folders into `content/`, so those imports
 * become `@site/content/...`, the same files. Rewrites every `.md`/`.mdx` file the migration wrote (the content
 * folder, versioned docs, translations), in the `from '...'`, `import('...')` and `require('...')` of its
 * imports, and in the destinations of its Markdown links and images: `![x](@site/static/img/a.png)` (Docusaurus'
 * image and link transformers resolve `@site/` paths to the file: mdx-loader/src/remark/transformImage) becomes
 * `![x](/img/a.png)`, the static file's own site path, which docgen resolves under the base URL, and so does a
 * relative destination into a static folder (`![](../../static/img/a.png)`, 32ba/VRC-package-docs) that names no
 * file from the migrated page but names one of the site's static files; other text is left as written.
 */
function retargetStaticImports(out: string, site: string, staticDirs: string[]): void {
  if (staticDirs.length === 0) return;
  const names = staticDirs.map((dir) => escapeRegExp(dir.replace(/^\.\//, '').replace(/\/$/, '')));
  const specifier = new RegExp(
    `((?:\\bfrom|\\bimport\\s*\\(|\\brequire\\s*\\()\\s*['"])@site/(?:${names.join('|')})/`,
    'g',
  );
  // A static Markdown file imported as a partial was copied to content/_static/.
  const partial = new RegExp(`${specifier.source}(?=[^'"\\s]*\\.mdx?['"])`, 'g');
  // `](@site/static/…` and `](<@site/static/…`: a static file is published at the site root.
  const destination = new RegExp(`(\\]\\(\\s*<?)@site/(?:${names.join('|')})/`, 'g');
  // `](../../static/img/a.png)`: a relative path into a static folder, which webpack resolves from the page's
  // original place; from the migrated page's it names nothing, and the file is published at the site root.
  const relative = new RegExp(`(\\]\\(\\s*<?)((?:\\.\\.?/)+)(${names.join('|')})/([^)\\s>#?]+)`, 'g');
  for (const entry of readdirSync(out, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || !/\.mdx?$/.test(entry.name)) continue;
    const file = path.join(entry.parentPath, entry.name);
    if (path.relative(out, file).split(path.sep)[0] === 'src') continue; // the site's own components
    const text = readFileSync(file, 'utf8');
    const intoStatic = (match: string, open: string, dots: string, dir: string, rest: string) => {
      if (existsSync(path.resolve(path.dirname(file), `${dots}${dir}/${rest}`))) return match;
      return existsSync(path.join(site, dir, safeDecode(rest))) ? `${open}/${rest}` : match;
    };
    const rewritten = (
      text.includes('@site/')
        ? text
            .replace(partial, `$1@site/content/${STATIC_PARTIALS}/`)
            .replace(specifier, '$1@site/content/')
            .replace(destination, '$1/')
        : text
    ).replace(relative, intoStatic);
    if (rewritten !== text) writeFileSync(file, rewritten);
  }
}

/**
 * The webpack aliases a plugin's options give (`docusaurus-plugin-module-alias`: `{ alias: { '@Components':
 * path.resolve(__dirname, 'src/components') } }`): alias -> absolute folder or file, for those inside the site.
 */
function pluginAliases(config: DocusaurusConfig, site: string): Map<string, string> {
  const aliases = new Map<string, string>();
  for (const plugin of config.plugins ?? []) {
    const alias = (Array.isArray(plugin) ? (plugin[1] as { alias?: unknown } | undefined)?.alias : undefined) ?? null;
    if (!alias || typeof alias !== 'object') continue;
    for (const [name, target] of Object.entries(alias)) {
      if (typeof target !== 'string') continue;
      const absolute = path.resolve(site, target);
      if (!path.relative(path.resolve(site), absolute).startsWith('..')) aliases.set(name, absolute);
    }
  }
  return aliases;
}

/**
 * A page's imports through a webpack alias (pluginAliases: `import Support from '@Components/Support.js'`) become
 * `@site/…` imports of the same file, as webpack's resolve.alias resolves them (the longest alias first), so that the
 * component is carried and registered like any other of the site's.
 */
function aliasImports(out: string, site: string, aliases: Map<string, string>): void {
  if (aliases.size === 0) return;
  const names = [...aliases.keys()].sort((a, b) => b.length - a.length);
  const specifier = new RegExp(
    `((?:\\bfrom|\\bimport\\s*\\(|\\brequire\\s*\\()\\s*['"](?:!!?raw-loader!)?)(${names.map(escapeRegExp).join('|')})(?=['"/])`,
    'g',
  );
  for (const file of fg.sync(['content/**/*.{md,mdx}', 'versioned_docs/**/*.{md,mdx}', 'i18n/**/*.{md,mdx}'], {
    cwd: out,
    absolute: true,
  })) {
    const text = readFileSync(file, 'utf8');
    const lines = text.split('\n');
    forEachMdxLine(text, (line, index) => {
      if (!/^(?:import|export)\s/.test(line)) return;
      lines[index] = line.replace(
        specifier,
        (_, open: string, name: string) =>
          `${open}@site/${path.relative(site, aliases.get(name)!).split(path.sep).join('/')}`,
      );
    });
    const rewritten = lines.join('\n');
    if (rewritten !== text) writeFileSync(file, rewritten);
  }
}

/**
 * Imports that name a file from the site's root with a leading slash (`import X from '/src/components/x'`,
 * `'!!raw-loader!/src/components/x'`, `import team from '/data/team.json'`): webpack resolves such server-relative
 * requests against `resolve.roots`, which Docusaurus sets to its static folders, then the site folder
 * (core/src/webpack/base.ts), the first that holds the file winning. They become `@site/…` imports of the same file
 * (`@site/static/data/team.json` for a static file, which retargetStaticImports then points into content/, where
 * the static folders are copied); a raw import names the very file webpack picks (`/src/x` -> `src/x/index.tsx`),
 * as docgen reads raw imports by exact path. Specifiers that name no file of the site are left as written.
 * @param staticDirs the config's `staticDirectories`, relative to the site
 */
function siteRootImports(out: string, site: string, staticDirs: string[]): void {
  const roots = [...staticDirs.map((dir) => path.resolve(site, dir)), path.resolve(site)];
  const specifier = /((?:\bfrom|\bimport\s*\(|\brequire\s*\()\s*['"])(!!?raw-loader!)?\/(?!\/)([^'"?\s]+)(?=['"])/g;
  for (const entry of readdirSync(out, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || !/\.mdx?$/.test(entry.name)) continue;
    const file = path.join(entry.parentPath, entry.name);
    if (path.relative(out, file).split(path.sep)[0] === 'src') continue; // the site's own components
    const text = readFileSync(file, 'utf8');
    if (!/['"](?:!!?raw-loader!)?\/(?!\/)/.test(text)) continue;
    const lines = text.split('\n');
    // Only the page's MDX import/export lines: an example in a fenced code block is shown as written.
    forEachMdxLine(text, (line, index) => {
      if (!/^(?:import|export)\s/.test(line)) return;
      lines[index] = line.replace(specifier, (match, open: string, raw: string | undefined, rest: string) => {
        for (const root of roots) {
          const base = path.join(root, rest);
          if (path.relative(root, base).startsWith('..')) return match;
          const target = scriptFile(base) ?? (existsSync(base) && !statSync(base).isDirectory() ? base : null);
          if (!target) continue;
          const named = raw ? target : path.join(root, rest);
          return `${open}${raw ?? ''}@site/${path.relative(site, named).split(path.sep).join('/')}`;
        }
        return match;
      });
    });
    const rewritten = lines.join('\n');
    if (rewritten !== text) writeFileSync(file, rewritten);
  }
}

/** `staticDirectories` (Docusaurus default ['static']). */
function staticDirectories(config: DocusaurusConfig): string[] {
  return Array.isArray(config.staticDirectories)
    ? config.staticDirectories.filter((dir): dir is string => typeof dir === 'string')
    : ['static'];
}

/** Docusaurus' strictness values to docgen's: 'log' is a warning (docgen prints every problem it keeps). */
function strictness(value: unknown, fallback: 'throw' | 'warn' | 'ignore'): 'throw' | 'warn' | 'ignore' {
  if (value === 'throw' || value === 'warn' || value === 'ignore') return value;
  return value === 'log' ? 'warn' : fallback;
}

type NavbarItems = NonNullable<NonNullable<NonNullable<UserConfig['themeConfig']>['navbar']>['items']>;

function buildConfig(
  config: DocusaurusConfig,
  parts: {
    sidebars: NonNullable<UserConfig['sidebars']>;
    navbarItems: NavbarItems;
    footerLinks: Parameters<typeof convertThemeConfig>[2];
    iframeOrigins: string[];
    imageOrigins: string[];
    mediaOrigins: string[];
    /** Origins the site's components fetch from and frame (migrate/policy-sources.ts componentOrigins). */
    connectOrigins?: string[];
    frameOrigins?: string[];
    /** Whether the site is Docusaurus 2 (its pages MDX 1). */
    mdx1?: boolean;
    /** Whether a page exports code (config `markdown.pageCode`). */
    pageCode?: boolean;
    /** Whether a page styles its HTML inline (config `markdown.inlineStyles`). */
    inlineStyles?: boolean;
  },
): MigratedConfig {
  const title = config.title ?? 'Docs';
  const locale = config.i18n?.defaultLocale ?? 'en';
  return {
    product: config.themeConfig?.navbar?.title || title,
    title,
    tagline: config.tagline ?? '',
    ...(config.favicon ? { favicon: config.favicon.replace(/^\//, '') } : {}),
    url: config.url ?? 'https://example.com',
    baseUrl: basePath(config.baseUrl),
    ...jsonCustomFields(config.customFields),
    ...(String(config.trailingSlash) === 'true' ? { trailingSlash: true } : {}),
    i18n: { defaultLocale: locale, locales: [locale] },
    buildDate: today(),
    // Docusaurus' defaults where the site sets nothing: broken links throw, broken anchors and duplicate routes warn.
    onBrokenLinks: strictness(config.onBrokenLinks, 'throw'),
    onBrokenAnchors: strictness(config.onBrokenAnchors, 'warn'),
    onDuplicateRoutes: strictness(config.onDuplicateRoutes, 'warn'),
    onUnknownFrontMatter: 'ignore',
    onDroppedHtml: 'warn',
    onUnknownComponent: 'warn',
    markdown: {
      format: config.markdown?.format === 'md' || config.markdown?.format === 'detect' ? config.markdown.format : 'mdx',
      ...(parts.mdx1 ? { mdx1: true } : {}),
      ...(parts.pageCode ? { pageCode: true } : {}),
      ...(parts.inlineStyles ? { inlineStyles: true } : {}),
      ...(parts.iframeOrigins.length > 0 ? { iframeOrigins: parts.iframeOrigins } : {}),
    },
    ...cspOf({
      'img-src': parts.imageOrigins,
      'media-src': parts.mediaOrigins,
      'connect-src': parts.connectOrigins ?? [],
      'frame-src': parts.frameOrigins ?? [],
    }),
    themeConfig: convertThemeConfig(config, parts.navbarItems, parts.footerLinks),
    sidebars: parts.sidebars,
  };
}

/** The config's `theme`: the components pages use by name and the head tags carried (headOf); none when neither. */
function themeOf(
  mdxComponents: Record<string, string>,
  head: ReturnType<typeof headOf>,
): Pick<MigratedConfig, 'theme'> | Record<string, never> {
  if (Object.keys(mdxComponents).length === 0 && head.length === 0) return {};
  return {
    theme: {
      ...(Object.keys(mdxComponents).length > 0 ? { mdxComponents } : {}),
      ...(head.length > 0 ? { head } : {}),
    } as MigratedConfig['theme'],
  };
}

/** The config's `csp` with the directives that have sources; none when none has. */
function cspOf(
  directives: Record<'img-src' | 'media-src' | 'connect-src' | 'frame-src', string[]>,
): Pick<MigratedConfig, 'csp'> {
  const kept = Object.entries(directives).filter(([, sources]) => sources.length > 0);
  return kept.length > 0 ? { csp: Object.fromEntries(kept) } : {};
}

/**
 * Docusaurus' `customFields` as the migrated config's `customFields`: the JSON of them (functions and `undefined`
 * dropped, as `JSON.stringify` does), or nothing when the site sets none.
 */
function jsonCustomFields(fields: Record<string, unknown> | undefined): { customFields?: Record<string, unknown> } {
  if (!fields || typeof fields !== 'object' || Object.keys(fields).length === 0) return {};
  return { customFields: JSON.parse(JSON.stringify(fields)) as Record<string, unknown> };
}
