/**
 * The URLs the ORIGINAL tool publishes for a site, computed from the original sources (before `docgen migrate`), and
 * the check that each one resolves in docgen's dist/. Written from the tools' own rules, not from docgen's routing
 * (which would check itself):
 *
 * - Docusaurus 3 (`@docusaurus/plugin-content-docs` docs.ts, slug.ts, numberPrefix.ts, versions/; plugin-content-blog
 *   blogUtils.ts; plugin-content-pages): a doc's URL is the version path joined with its slug; the slug is front
 *   matter `slug` (absolute, or relative to the doc's folder), else the folder's path (number prefixes stripped) for a
 *   category index (a file named `index`, `readme` or like its folder, any case), else the folder joined with the id
 *   (front matter `id`, else the file name without number prefix). Versions: the `lastVersion` (versions.json's first,
 *   or `current` when there is none) at the plugin's root, `current` at `next/`, others at their name; only those
 *   `onlyIncludeVersions` names, and not `current` with `includeCurrentVersion: false`. Every
 *   locale of `i18n.locales` but the default repeats all routes under `/<locale>`, a doc translated under
 *   `i18n/<locale>/docusaurus-plugin-content-docs[-<id>]/` at the slug of its translation's front matter. Drafts are
 *   not published.
 * - VitePress 1/2 (`src/node/config.ts`, `utils/resolvePages`): every `**\/*.md` of `srcDir` but `node_modules`,
 *   `srcExclude` and dynamic `[param].md` routes, renamed by `rewrites` (`:name` one segment, `:name*` any), published
 *   at `page.html` (or `page` with `cleanUrls`), `index.md` at its folder.
 *
 * The config is read for its literal values (regular expressions over the file: `routeBasePath`, `trailingSlash`,
 * `i18n.locales`, `lastVersion`, `exclude`, `cleanUrls`, `srcDir`, `srcExclude`, `rewrites`); a site whose config
 * computes them states them in its bench entry (`original`), read by hand from the config at the pinned commit.
 * Routes are relative to the base URL, starting with `/`.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import picomatch from 'picomatch';
import { parse as parseYaml } from 'yaml';

/** Docusaurus' DefaultNumberPrefixParser (numberPrefix.ts): `01-intro` -> `intro`, but never `7.0-foo` or dates. */
export function stripNumberPrefix(name) {
  if (/^\d+[-_.]\d+/.test(name)) return name;
  return /^\d+\s*[-_.]+\s*(?<suffix>[^-_.\s].*)$/.exec(name)?.groups.suffix ?? name;
}

/** Files under `root` (relative posix paths), skipping `node_modules` and dot folders. */
function files(root, dir = '', out = []) {
  if (!existsSync(path.join(root, dir))) return out;
  for (const entry of readdirSync(path.join(root, dir), { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name.startsWith('.')) continue;
    const rel = dir ? `${dir}/${entry.name}` : entry.name;
    if (entry.isDirectory()) files(root, rel, out);
    else out.push(rel);
  }
  return out;
}

/** A page's front matter as an object ({} when absent or unreadable). */
function frontMatter(file) {
  const match = /^---\r?\n([\s\S]*?)\r?\n---/.exec(readFileSync(file, 'utf8').replace(/^\uFEFF/, ''));
  try {
    return (match && parseYaml(match[1])) || {};
  } catch {
    return {};
  }
}

/** Joins URL parts with single slashes, keeping a leading one (Docusaurus' normalizeUrl for paths). */
function joinUrl(...parts) {
  const joined = `/${parts.filter((part) => part !== undefined && part !== '').join('/')}`.replace(/\/{2,}/g, '/');
  return joined;
}

/** The first literal string of `key: '...'` in a config text. */
function literal(text, key) {
  return new RegExp(`\\b${key}\\s*:\\s*['"\`]([^'"\`]*)['"\`]`).exec(text)?.[1];
}

/** The string literals of `key: [ ... ]` in a config text, or undefined. */
function literalList(text, key) {
  const list = new RegExp(`\\b${key}\\s*:\\s*\\[([^\\]]*)\\]`).exec(text)?.[1];
  return list === undefined ? undefined : [...list.matchAll(/['"`]([^'"`]+)['"`]/g)].map((m) => m[1]);
}

/** Docusaurus' default `exclude` of docs, blog and pages. */
const DOCUSAURUS_EXCLUDE = ['**/_*.{js,jsx,ts,tsx,md,mdx}', '**/_*/**', '**/*.test.{js,jsx,ts,tsx}', '**/__tests__/**'];

/**
 * Routes Docusaurus 3 publishes for a site folder.
 * @param siteDir the folder holding docusaurus.config.*
 * @param original overrides of what the config computes: { docs: [{ path, routeBasePath }], blog: { path,
 *   routeBasePath } | null, locales: [...], trailingSlash }
 * @returns { routes: Set<string>, sources: the published Markdown files (absolute), trailingSlash }
 */
export function docusaurusRoutes(siteDir, original = {}) {
  const configFile = ['docusaurus.config.ts', 'docusaurus.config.js', 'docusaurus.config.mjs']
    .map((name) => path.join(siteDir, name))
    .find(existsSync);
  const config = configFile ? readFileSync(configFile, 'utf8') : '';
  const routes = new Set();
  const sources = [];
  // Each doc's route and where a locale's translation of it would be (its front matter may give another slug).
  const docs = [];
  const exclude = picomatch(literalList(config, 'exclude') ?? DOCUSAURUS_EXCLUDE);
  const docsPlugins = original.docs ?? [
    {
      path: 'docs',
      routeBasePath: literal(config, 'routeBasePath') ?? 'docs',
      lastVersion: literal(config, 'lastVersion'),
      onlyIncludeVersions: literalList(config, 'onlyIncludeVersions'),
      includeCurrentVersion: !/\bincludeCurrentVersion\s*:\s*false/.test(config),
    },
  ];
  for (const plugin of docsPlugins) {
    const versionsFile = path.join(siteDir, plugin.path === 'docs' ? 'versions.json' : `${plugin.id}_versions.json`);
    const versions = existsSync(versionsFile) ? JSON.parse(readFileSync(versionsFile, 'utf8')) : [];
    const lastVersion = plugin.lastVersion ?? versions[0] ?? 'current';
    const all = [
      { name: 'current', dir: path.join(siteDir, plugin.path) },
      ...versions.map((name) => ({
        name,
        dir: path.join(
          siteDir,
          plugin.path === 'docs' ? 'versioned_docs' : `${plugin.id}_versioned_docs`,
          `version-${name}`,
        ),
      })),
    ];
    // versions/index.ts filterVersions: `includeCurrentVersion: false` drops current, `onlyIncludeVersions` keeps
    // only the versions it names.
    const published = all.filter(
      ({ name }) =>
        (name !== 'current' || plugin.includeCurrentVersion !== false) &&
        (!plugin.onlyIncludeVersions || plugin.onlyIncludeVersions.includes(name)),
    );
    for (const version of published) {
      const versionPath = version.name === lastVersion ? '' : version.name === 'current' ? 'next' : version.name;
      for (const file of files(version.dir)) {
        if (!/\.mdx?$/.test(file) || exclude(file)) continue;
        const matter = frontMatter(path.join(version.dir, file));
        if (matter.draft === true) continue;
        const route = joinUrl(plugin.routeBasePath, versionPath, docSlug(file, matter));
        routes.add(route);
        sources.push(path.join(version.dir, file));
        const folder = `docusaurus-plugin-content-docs${plugin.id && plugin.id !== 'default' ? `-${plugin.id}` : ''}`;
        const translated = path.join(folder, version.name === 'current' ? 'current' : `version-${version.name}`, file);
        docs.push({
          route,
          translated,
          at: (matter) => joinUrl(plugin.routeBasePath, versionPath, docSlug(file, matter)),
        });
      }
    }
  }
  const blog =
    original.blog !== undefined
      ? original.blog
      : /\bblog\s*:\s*false/.test(config)
        ? null
        : { path: 'blog', routeBasePath: 'blog' };
  if (blog && existsSync(path.join(siteDir, blog.path))) {
    routes.add(joinUrl(blog.routeBasePath));
    for (const file of files(path.join(siteDir, blog.path))) {
      if (!/\.mdx?$/.test(file) || picomatch(DOCUSAURUS_EXCLUDE)(file)) continue;
      const matter = frontMatter(path.join(siteDir, blog.path, file));
      if (matter.draft === true) continue;
      routes.add(joinUrl(blog.routeBasePath, blogSlug(file, matter)));
      sources.push(path.join(siteDir, blog.path, file));
    }
  }
  const pagesDir = path.join(siteDir, 'src/pages');
  for (const file of files(pagesDir)) {
    if (!/\.(jsx?|tsx?|mdx?)$/.test(file) || picomatch(DOCUSAURUS_EXCLUDE)(file)) continue;
    routes.add(joinUrl(file.replace(/\.\w+$/, '').replace(/(^|\/)index$/, '')));
    if (/\.mdx?$/.test(file)) sources.push(path.join(pagesDir, file));
  }
  const locales = original.locales ?? literalList(config, 'locales') ?? [];
  const defaultLocale = literal(config, 'defaultLocale') ?? locales[0];
  // A locale publishes every route again under /<locale>; a translated doc at the slug its own front matter gives
  // (plugin-content-docs reads the translation's front matter: i18n/<locale>/docusaurus-plugin-content-docs/…).
  for (const locale of locales.filter((name) => name !== defaultLocale)) {
    const moved = new Map();
    for (const doc of docs) {
      const file = path.join(siteDir, 'i18n', locale, doc.translated);
      if (existsSync(file)) moved.set(doc.route, doc.at(frontMatter(file)));
    }
    for (const route of [...routes])
      if (!locales.some((name) => route.startsWith(`/${name}/`)))
        routes.add(joinUrl(locale, moved.get(route) ?? route));
  }
  const trailing = original.trailingSlash ?? /\btrailingSlash\s*:\s*['"]?(true|false)/.exec(config)?.[1];
  return { routes, sources, trailingSlash: trailing === undefined ? undefined : String(trailing) === 'true' };
}

/** A doc's slug (plugin-content-docs slug.ts): front matter slug, the category index rule, or folder + id. */
function docSlug(file, matter) {
  const dir = path.posix.dirname(file);
  const name = path.posix.basename(file).replace(/\.mdx?$/, '');
  const dirSlug = dir === '.' ? '/' : `/${dir.split('/').map(stripNumberPrefix).join('/')}/`;
  const slug = matter.slug === undefined ? undefined : String(matter.slug);
  if (slug?.startsWith('/')) return slug;
  const parent = dir === '.' ? undefined : dir.split('/').at(-1).toLowerCase();
  if (slug === undefined && ['index', 'readme', parent].includes(name.toLowerCase())) return dirSlug;
  return new URL(slug ?? String(matter.id ?? stripNumberPrefix(name)), `http://x${dirSlug}`).pathname;
}

/** A blog post's slug (blogUtils.ts): front matter slug, else `YYYY/M/D/name` when the path holds a date. */
function blogSlug(file, matter) {
  if (matter.slug !== undefined) return String(matter.slug);
  const bare = file.replace(/\.mdx?$/, '').replace(/\/index$/, '');
  // plugin-content-blog blogUtils.ts parseBlogFileName: the date as written (`2025-5-19` is `2025/5/19`, not
  // padded), then the folder before it and the text after it.
  const dated = /^(.*)(\d{4}[-/]\d{1,2}[-/]\d{1,2})[-/]?(.*)$/.exec(bare);
  return dated ? `${dated[2].replace(/-/g, '/')}/${dated[1]}${dated[3]}` : bare;
}

/**
 * Routes VitePress publishes for a site folder (the one holding `.vitepress/`).
 * @param original overrides of the config: { srcDir, srcExclude, rewrites: { from: to }, cleanUrls }
 * @returns { routes: Set<string>, sources: the published Markdown files (absolute), dynamic: number (pages
 *   `[param].md`, not counted) }
 */
export function vitepressRoutes(siteDir, original = {}) {
  // The config file, or a config folder (`.vitepress/config/index.mts` and the files it imports), read as one text.
  const configDir = path.join(siteDir, '.vitepress', 'config');
  const config = [
    ...['config.mts', 'config.ts', 'config.mjs', 'config.js'].map((name) => path.join(siteDir, '.vitepress', name)),
    ...(existsSync(configDir) ? files(configDir).map((name) => path.join(configDir, name)) : []),
  ]
    .filter((file) => existsSync(file) && /\.[cm]?[jt]s$/.test(file))
    .map((file) => readFileSync(file, 'utf8'))
    .join('\n');
  const srcDir = path.join(siteDir, original.srcDir ?? literal(config, 'srcDir') ?? '.');
  const excluded = picomatch([
    '**/node_modules/**',
    '**/dist/**',
    ...(original.srcExclude ?? literalList(config, 'srcExclude') ?? []),
  ]);
  const rewriteBlock = /\brewrites\s*:\s*\{([^}]*)\}/.exec(config)?.[1] ?? '';
  const rewrites = Object.entries(
    original.rewrites ??
      Object.fromEntries(
        [...rewriteBlock.matchAll(/['"]([^'"]+)['"]\s*:\s*['"]([^'"]+)['"]/g)].map((m) => [m[1], m[2]]),
      ),
  ).map(([from, to]) => {
    const names = [];
    const source = from.replace(/[.+?^${}()|[\]\\]/g, '\\$&').replace(/:(\w+)(\*)?/g, (_, name, star) => {
      names.push(name);
      return star ? '(.*)' : '([^/]+)';
    });
    return { pattern: new RegExp(`^${source}$`), names, to };
  });
  const cleanUrls = original.cleanUrls ?? /\bcleanUrls\s*:\s*true/.test(config);
  const routes = new Set();
  const sources = [];
  let dynamic = 0;
  for (const source of files(srcDir)) {
    let file = source;
    if (!file.endsWith('.md') || excluded(file) || file === '404.md') continue;
    if (/\[\w+\]/.test(file)) {
      dynamic += 1;
      continue;
    }
    for (const rewrite of rewrites) {
      const match = rewrite.pattern.exec(file);
      if (!match) continue;
      file = rewrite.names.reduce((to, name, i) => to.replace(new RegExp(`:${name}\\*?`), match[i + 1]), rewrite.to);
      break;
    }
    sources.push(path.join(srcDir, source));
    const page = file.replace(/\.md$/, '');
    routes.add(/(^|\/)index$/.test(page) ? `/${page.replace(/index$/, '')}` : `/${page}${cleanUrls ? '' : '.html'}`);
  }
  return { routes, sources, dynamic };
}

/**
 * Whether a route is served from `dist` by a static host: `/a/b.html` as that file, `/a/b/` as `a/b/index.html`,
 * `/a/b` as `a/b.html` or `a/b/index.html` (a redirect page counts: it is a page at that path).
 */
export function resolves(dist, route) {
  const decoded = decodeURI(route);
  const candidates = decoded.endsWith('/')
    ? [`${decoded}index.html`]
    : decoded.endsWith('.html')
      ? [decoded]
      : [`${decoded}.html`, `${decoded}/index.html`];
  return candidates.some((candidate) => existsSync(path.join(dist, candidate)));
}

/** The original tool's routes and published Markdown files of a site. */
export function originalSite(tool, siteDir, original = {}) {
  return tool === 'docusaurus' ? docusaurusRoutes(siteDir, original) : vitepressRoutes(siteDir, original);
}

/**
 * Checks the original routes against dist/.
 * @returns { kept, total, missing: [route], dynamic }
 */
export function urlsKept(tool, siteDir, dist, original = {}) {
  const { routes, dynamic = 0, trailingSlash } = originalSite(tool, siteDir, original);
  const missing = [];
  for (const route of routes) {
    const url = trailingSlash === true && !route.endsWith('/') ? `${route}/` : route;
    if (!resolves(dist, url)) missing.push(url);
  }
  return { kept: routes.size - missing.length, total: routes.size, missing: missing.sort(), dynamic };
}
