/**
 * The site's own remark and rehype plugins, carried into the migrated site.config.ts (`markdown.remarkPlugins`,
 * `markdown.rehypePlugins`: an import and the option, with its options). Docusaurus lists them per content plugin
 * (`remarkPlugins`, `rehypePlugins`, `beforeDefaultRemarkPlugins`, `beforeDefaultRehypePlugins` of docs, blog and
 * pages: Docusaurus "MDX Plugins" guide); docgen has one Markdown pipeline, so they apply to every page.
 *
 * Carried: a function exported by one of the site's own modules (load-static.ts moduleExportOf; the module and the
 * site files it imports are copied), and a unified plugin from an npm package the site's package.json lists and has
 * installed as an ES module (unified 10 and later plugins are ES modules only; the CommonJS ones are written for
 * unified 9 or older, which docgen's unified 11 does not run); the package is added to the new package.json with
 * the site's version. Not carried, each named in the report: a
 * plugin the config defines inline, options that are not plain data (functions), Docusaurus' own remark plugins
 * (they emit its theme's components), and packages docgen runs itself. remark-math and rehype-katex/-mathjax are
 * write-site.ts's (MATH).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { docgenRoot } from '../paths.js';
import { moduleFile, moduleRequests, packageOf } from './component-imports.js';
import { moduleExportOf, stubbedPackageOf, stubbedPathOf } from './load-static.js';
import type { MigrationReport } from './report.js';

/** One plugin written into site.config.ts. */
export interface CarriedPlugin {
  kind: 'remark' | 'rehype';
  /** The identifier it is imported as (unique in the file). */
  name: string;
  /** The import's module: a package name, or `./path` relative to the new site. */
  from: string;
  /** The export it is: 'default' or a named export. */
  exportName: string;
  /** Its options (plain data), when the config gave some. */
  options?: unknown;
}

/** What carryMarkdownPlugins found. */
export interface MarkdownPluginCarry {
  plugins: CarriedPlugin[];
  /** npm packages to add to package.json (name -> the site's version range). */
  dependencies: Record<string, string>;
  /** The site's own modules to copy (absolute paths); each keeps its path relative to the site. */
  files: string[];
}

/** Math plugins docgen sets up itself (write-site.ts MATH). */
const MATH_PACKAGES = /^(?:remark-math|rehype-katex|rehype-mathjax)(?:\/|$)/;

/** Packages whose syntax docgen's own pipeline already reads (markdown/processor.ts): a second copy would run twice. */
const BUILT_IN =
  /^(?:remark-gfm|remark-frontmatter|remark-directive|remark-mdx|remark-parse|remark-rehype|remark-admonitions)(?:\/|$)/;

/** Docusaurus' own remark plugins (npm2yarn, …): they write imports of its theme's components (`@theme/Tabs`). */
const DOCUSAURUS = /^@docusaurus\//;

export const PLUGIN_KEY = /^(?:beforeDefault)?(Remark|Rehype)Plugins$|^(remark|rehype)Plugins$/;

/** One plugin list of a config: where it is (for the report), remark or rehype, and its entries. */
export interface PluginList {
  /** How the report names it: `docs option 'remarkPlugins'`, `blog option 'rehypePlugins' (docs plugin 'api')`. */
  where: string;
  kind: 'remark' | 'rehype';
  list: unknown[];
}

/**
 * The plugin lists of a Docusaurus config: every `remarkPlugins`/`rehypePlugins`/`beforeDefault…Plugins` array of
 * its plain objects (the classic preset's docs, blog and pages options, and content plugins' options).
 */
export function docusaurusPluginLists(config: unknown): PluginList[] {
  const found: PluginList[] = [];
  const seen = new Set<unknown>();
  const walk = (value: unknown, section: string, depth: number) => {
    if (depth > 8 || value === null || typeof value !== 'object' || seen.has(value)) return;
    const proto = Object.getPrototypeOf(value) as unknown;
    if (!Array.isArray(value) && proto !== Object.prototype && proto !== null) return;
    seen.add(value);
    if (Array.isArray(value)) {
      // `['@docusaurus/plugin-content-blog', { … }]`: the options of a content plugin.
      const named = typeof value[0] === 'string' ? /content-(docs|blog|pages)$/.exec(value[0]) : null;
      for (const item of value) walk(item, named ? named[1]! : section, depth + 1);
      return;
    }
    const record = value as Record<string, unknown>;
    const instance = typeof record.id === 'string' ? ` (${section} plugin '${record.id}')` : '';
    for (const [key, item] of Object.entries(record)) {
      const match = PLUGIN_KEY.exec(key);
      if (match && Array.isArray(item)) {
        const kind = (match[1] ?? match[2])!.toLowerCase() as 'remark' | 'rehype';
        found.push({ where: `${section} option '${key}'${instance}`, kind, list: item });
      } else walk(item, ['docs', 'blog', 'pages'].includes(key) ? key : section, depth + 1);
    }
  };
  walk(config, 'docs', 0);
  return found;
}

/** Whether a value is plain data that JSON writes as it is (no functions, class instances, undefined in arrays). */
function isPlainData(value: unknown, depth = 0): boolean {
  if (depth > 20) return false;
  if (value === null || ['string', 'number', 'boolean'].includes(typeof value)) return true;
  if (Array.isArray(value)) return value.every((item) => isPlainData(item, depth + 1));
  if (typeof value !== 'object') return false;
  const proto = Object.getPrototypeOf(value) as unknown;
  if (proto !== Object.prototype && proto !== null) return false;
  return Object.values(value).every((item) => item === undefined || isPlainData(item, depth + 1));
}

/** The versions a site's package.json lists (dependencies over devDependencies); {} without one. */
function listedPackages(site: string): Record<string, string> {
  try {
    const pkg = JSON.parse(readFileSync(path.join(site, 'package.json'), 'utf8')) as Record<string, unknown>;
    return { ...(pkg.devDependencies as object), ...(pkg.dependencies as object) } as Record<string, string>;
  } catch {
    return {};
  }
}

/**
 * The package.json of a package as installed for the site (its node_modules, or a parent's, as Node resolves it),
 * or undefined when it is not installed.
 */
function installedManifest(site: string, name: string): { type?: unknown; version?: unknown } | undefined {
  const own = path.join(docgenRoot(), 'node_modules');
  for (let dir = site; ; dir = path.dirname(dir)) {
    try {
      // docgen's own packages (a site inside docgen's folder, as its test fixtures) are not the site's.
      if (path.join(dir, 'node_modules') === own) throw new Error('docgen');
      return JSON.parse(readFileSync(path.join(dir, 'node_modules', name, 'package.json'), 'utf8')) as {
        type?: unknown;
        version?: unknown;
      };
    } catch {
      if (path.dirname(dir) === dir) return undefined;
    }
  }
}

/**
 * The npm packages a module imports, itself or through the site's own modules it imports (component-imports.ts
 * packageOf: Node built-ins and what docgen provides left out).
 * @param file absolute path
 */
function packagesOf(file: string, seen = new Set<string>()): string[] {
  if (seen.has(file)) return [];
  seen.add(file);
  const found = new Set<string>();
  for (const { request } of moduleRequests(file)) {
    if (request.startsWith('.')) {
      const local = moduleFile(path.resolve(path.dirname(file), request));
      if (local) for (const name of packagesOf(local, seen)) found.add(name);
      continue;
    }
    const name = packageOf(request);
    if (name) found.add(name);
  }
  return [...found];
}

/** A package's name from an import (`@scope/name/sub` -> `@scope/name`). */
function packageName(specifier: string): string {
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0]!;
}

/** A JavaScript identifier for an import (`remark-term.ts` -> remarkTerm), not one of `taken`. */
function identifier(base: string, taken: Set<string>): string {
  const words = base
    .replace(/^@[^/]+\//, '')
    .replace(/\.[cm]?[jt]sx?$/, '')
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean);
  let name = words.map((word, i) => (i === 0 ? word : word[0]!.toUpperCase() + word.slice(1))).join('') || 'plugin';
  if (/^\d/.test(name)) name = `plugin${name}`;
  let unique = name;
  for (let n = 2; taken.has(unique); n += 1) unique = `${name}${n}`;
  taken.add(unique);
  return unique;
}

/**
 * Carries the plugins of `lists` that docgen can run (see the module's comment) and reports the others.
 * @param lists the plugin lists found in the config (docusaurusPluginLists)
 * @param ctx.site the old site's folder; ctx.file the config, for the report
 */
export function carryMarkdownPlugins(
  lists: PluginList[],
  ctx: { site: string; report: MigrationReport; file: string },
): MarkdownPluginCarry {
  const site = path.resolve(ctx.site);
  const listed = listedPackages(site);
  const carry: MarkdownPluginCarry = { plugins: [], dependencies: {}, files: [] };
  const taken = new Set<string>();
  const done = new Map<string, CarriedPlugin>();
  const left = (where: string, what: string, why: string) =>
    ctx.report.add(ctx.file, `${where}: ${what} not carried over (${why})`, where.split("'")[1]);
  for (const { where: key, kind, list } of lists) {
    for (const entry of list) {
      const plugin = Array.isArray(entry) ? entry[0] : entry;
      const options = Array.isArray(entry) ? entry[1] : undefined;
      const pkg = stubbedPackageOf(plugin);
      const own = moduleExportOf(plugin);
      const label =
        pkg ??
        (own
          ? path.relative(site, own.file)
          : typeof plugin === 'function' && plugin.name
            ? plugin.name
            : '(a plugin)');
      if (pkg !== undefined && MATH_PACKAGES.test(pkg)) continue;
      if (options !== undefined && !isPlainData(options)) {
        left(
          key,
          label,
          'its options are not plain data (functions or objects made by code); add it to markdown.remarkPlugins/rehypePlugins of site.config.ts by hand',
        );
        continue;
      }
      let from: string;
      let exportName: string;
      if (pkg !== undefined) {
        const name = packageName(pkg);
        const at = stubbedPathOf(plugin) ?? [];
        if (pkg.startsWith('.') || path.isAbsolute(pkg)) {
          left(key, label, 'the file does not exist in the site');
          continue;
        }
        if (DOCUSAURUS.test(name)) {
          left(key, label, "a Docusaurus plugin, which writes Docusaurus' theme components");
          continue;
        }
        if (BUILT_IN.test(pkg)) {
          left(key, label, 'docgen reads this syntax itself');
          continue;
        }
        if (at.length > 1 || typeof listed[name] !== 'string') {
          left(
            key,
            label,
            `it is not a package the site's package.json lists; add it to markdown.${kind}Plugins by hand`,
          );
          continue;
        }
        const installed = installedManifest(site, name);
        if (installed === undefined) {
          left(
            key,
            label,
            `it is not installed in the site, so migrate cannot tell whether docgen's unified 11 runs it: run npm install in the old site and migrate again, or add it to markdown.${kind}Plugins by hand`,
          );
          continue;
        }
        if (installed.type !== 'module') {
          left(
            key,
            label,
            `version ${String(installed.version)} is a CommonJS plugin, written for unified 9 or older, which docgen's unified 11 does not run; a current version (ES module) can go in markdown.${kind}Plugins`,
          );
          continue;
        }
        carry.dependencies[name] = listed[name]!;
        from = pkg;
        exportName = at[0] ?? 'default';
      } else if (own && !path.relative(site, own.file).startsWith('..')) {
        from = `./${path.relative(site, own.file).split(path.sep).join('/')}`;
        exportName = own.name;
        const missing = packagesOf(own.file).find((name) => installedManifest(site, name) === undefined);
        if (missing !== undefined) {
          // site.config.ts would import it when every build starts: a package not installed would stop them all.
          left(
            key,
            label,
            `it imports ${missing}, which is not installed in the site: run npm install in the old site and migrate again, or add it to markdown.${kind}Plugins by hand`,
          );
          continue;
        }
        if (!carry.files.includes(own.file)) carry.files.push(own.file);
      } else {
        left(
          key,
          label,
          typeof plugin === 'function'
            ? 'it is defined in the config itself; move it to a module of its own and list it in site.config.ts'
            : 'it is not a function or a package docgen can import',
        );
        continue;
      }
      const id = `${kind}\0${from}\0${exportName}\0${JSON.stringify(options)}`;
      if (done.has(id)) continue;
      const base = exportName === 'default' ? path.basename(from) : exportName;
      const carried: CarriedPlugin = {
        kind,
        name: identifier(base, taken),
        from,
        exportName,
        ...(options !== undefined ? { options } : {}),
      };
      done.set(id, carried);
      carry.plugins.push(carried);
    }
  }
  return carry;
}

/** The import line of a carried plugin for site.config.ts. */
export function pluginImport(plugin: CarriedPlugin): string {
  const what =
    plugin.exportName === 'default'
      ? plugin.name
      : `{ ${plugin.exportName === plugin.name ? plugin.name : `${plugin.exportName} as ${plugin.name}`} }`;
  return `import ${what} from '${plugin.from}';`;
}
