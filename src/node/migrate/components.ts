/**
 * A Docusaurus site's own components, carried over: its `src/` folder (components, swizzled `src/theme`, data
 * files; not `src/pages`, which docgen does not build) is copied to the new site's `src/`, so that `@site/src/…`
 * names the same files, and every component a migrated page imports from the site's own code (`@site/src/…`, a
 * relative path to a script beside the pages, a swizzled `@theme/X`) is registered in `theme.mdxComponents` under the name the page
 * uses. docgen then renders them at build time with their props (markdown/mdx-evaluate.ts), as Docusaurus does.
 * Every relative import of a page the move into `content/` breaks (data as well as components, any import form) is
 * rewritten, and a site without `src/` still has the components beside its pages registered.
 * What cannot be carried is reported with file:line: the same name for two different components (the first is
 * registered; each page still renders its own import), imports of site code outside `src/`, and a page's import
 * that names no file of the new site.
 */
import { existsSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import fg from 'fast-glob';
import { type CarriedFile, carryWithImports, moduleFile, packageOf } from './component-imports.js';
import { forEachMdxLine, type MigrationReport } from './report.js';
import { copyTree } from './write-site.js';

const SCRIPT_EXTENSIONS = ['', '.tsx', '.ts', '.jsx', '.js', '/index.tsx', '/index.ts', '/index.jsx', '/index.js'];
/** An MDX import line: `import X, { a as b } from '…'`, `import * as ns from '…'`, `import '…'` (not `import type`). */
const IMPORT = /^import\s+(?!type\s)(?:([\w$*{][^'"]*?)\s+from\s*)?['"]([^'"]+)['"]/;

/**
 * Copies the site's `src/` and registers the components its pages import.
 * @param options.site the Docusaurus site folder; options.out the new site's folder, its pages already written
 * @returns `theme.mdxComponents` for site.config.ts (paths relative to the new site), empty when none
 */
export function migrateComponents(options: {
  site: string;
  out: string;
  report: MigrationReport;
}): Record<string, string> {
  const { site, out, report } = options;
  const src = path.join(site, 'src');
  // A site without `src/` may still keep components beside its pages (docs/slides/index.tsx).
  if (existsSync(src))
    copyTree(src, path.join(out, 'src'), (relative) => relative === 'pages' || relative.startsWith(`pages${path.sep}`));
  const components: Record<string, string> = {};
  const pages = fg.sync(['**/*.{md,mdx}'], {
    cwd: out,
    absolute: true,
    ignore: ['node_modules/**', 'src/**', 'dist/**', 'MIGRATION.md'],
  });
  // What the pages' components import is carried first, and reported when it names no file; then what the rest of
  // src/ imports (a module no page uses, a swizzled theme component), silently.
  const seen = new Set<string>();
  const sources = new Map<string, string[]>();
  for (const page of pages.sort()) {
    for (const { names, from: written, line } of importsOf(readFileSync(page, 'utf8'))) {
      const carried = importedSource(written, { site, out, page, sources });
      if (carried) carryWithImports([carried], { site, out, report, seen });
      const from = carried?.siteRequest ?? written;
      if (from !== written) rewriteImport(page, line, written, from);
      if (!importedFile(from, { out, page })) {
        // Reported at the site's page (its line found by the request: migrate may change a page's front matter).
        const source = sourcePages({ site, out, page, sources })[0];
        report.add(
          source ?? page,
          `import '${written}' names no file of the new site: the page's values from it are missing; copy the file into the new site and change the import`,
          source ? written : line,
        );
      }
      const file = componentFile(from, { out, page });
      if (!file) continue;
      for (const name of names.filter((name) => /^[A-Z]/.test(name))) {
        const relative = `./${path.relative(out, file).split(path.sep).join('/')}`;
        if (!components[name]) components[name] = relative;
        else if (components[name] !== relative)
          report.add(
            page,
            `<${name}> names two components (${components[name]} and ${relative}); the first is registered in theme.mdxComponents, and this page renders its own import`,
            line,
          );
      }
    }
  }
  carryWithImports(
    fg
      .sync(['**/*.{js,jsx,ts,tsx,mjs,cjs,css}'], {
        cwd: src,
        absolute: true,
        ignore: ['**/node_modules/**'],
        suppressErrors: true,
      })
      .sort()
      .map((source) => ({ source, target: path.join(out, 'src', path.relative(src, source)) })),
    { site, out, seen },
  );
  Object.assign(components, { ...swizzledScope(out), ...components });
  retractCarried(report, Object.keys(components).length > 0);
  return components;
}

/**
 * The components a swizzled `src/theme/MDXComponents` adds to every page's scope (Docusaurus' MDX component scope:
 * `export default { ...MDXComponents, FileTree }`): the site components it imports.
 */
function swizzledScope(out: string): Record<string, string> {
  const file = scriptFile(path.join(out, 'src', 'theme', 'MDXComponents'));
  if (!file) return {};
  const scope: Record<string, string> = {};
  for (const { names, from } of importsOf(readFileSync(file, 'utf8'))) {
    const target = componentFile(from, { out, page: file });
    if (target)
      for (const name of names.filter((name) => /^[A-Z]/.test(name)))
        scope[name] = `./${path.relative(out, target).split(path.sep).join('/')}`;
  }
  return scope;
}

/**
 * The imports of a page's MDX `import` lines (outside fenced code), with their lines: every form (default, named,
 * namespace, side-effect), since moving the page breaks any relative one. `names` are the local names bound (none
 * for a side-effect import); a component is one of them that starts with a capital, as MDX renders `<X />`.
 */
export function importsOf(text: string): { names: string[]; from: string; line: number }[] {
  const out: { names: string[]; from: string; line: number }[] = [];
  forEachMdxLine(text, (line, index) => {
    const match = IMPORT.exec(line.trim());
    if (!match) return;
    const clause = match[1] ?? '';
    const braces = /\{([^}]*)\}/.exec(clause)?.[1] ?? '';
    const named = braces
      .split(',')
      .map(
        (part) =>
          part
            .trim()
            .split(/\s+as\s+/)
            .pop()!,
      )
      .filter((name) => /^[\w$]+$/.test(name));
    const rest = clause.replace(/\{[^}]*\}/, '');
    const namespace = /\*\s*as\s+([\w$]+)/.exec(rest)?.[1];
    const fallback = /^\s*([\w$]+)/.exec(rest.replace(/\*\s*as\s+[\w$]+/, ''))?.[1];
    const names = [...(fallback ? [fallback] : []), ...(namespace ? [namespace] : []), ...named];
    out.push({ names, from: match[2]!, line: index + 1 });
  });
  return out;
}

/**
 * The file a page imports from the site's own code, and where its copy goes, or null (a package, a partial, a
 * stylesheet or image the page's folder brought along). `@site/x` is the site's `x`, copied to the new site's `x`. A
 * relative import names a file beside the page's source, copied to the same place beside the migrated page, so the
 * page's own import still names it: the source page is found by its path below the content folder, in the site's
 * folder or its parent (a docs folder outside the site, as Redux's `path: '../docs'`), the shortest such path first.
 * A relative import of the site's `src/` (`../../../src/components/Playground`) names the copy of `src/` instead:
 * `siteRequest` is the `@site/src/…` import the page is given, so its component is not copied into content/ (where
 * it would be a second module, and a published file).
 * @param options.sources the source pages found so far, by migrated page (filled here)
 */
function importedSource(
  from: string,
  options: { site: string; out: string; page: string; sources: Map<string, string[]> },
): (CarriedFile & { siteRequest?: string }) | null {
  if (from.includes('?') || from.includes('!')) return null;
  // A partial, stylesheet or image: its folder came along with the page, unless it is the site's `src/`.
  const asset = /\.(mdx?|css|scss|png|jpe?g|svg|gif|webp)$/.test(from);
  if (asset && !from.startsWith('.')) return null;
  if (from.startsWith('@site/')) {
    const base = path.join(options.site, from.slice('@site/'.length));
    const file = moduleFile(base);
    return file ? { source: file, target: path.join(options.out, path.relative(options.site, file)) } : null;
  }
  if (!from.startsWith('.')) return null;
  for (const source of sourcePages(options)) {
    const base = path.resolve(path.dirname(source), from);
    const file = moduleFile(base);
    if (!file) continue;
    const inSrc = path.relative(path.join(options.site, 'src'), base);
    if (!inSrc.startsWith('..') && !path.isAbsolute(inSrc))
      return {
        source: file,
        target: path.join(options.out, 'src', inSrc) + file.slice(base.length),
        siteRequest: `@site/src/${inSrc.split(path.sep).join('/')}`,
      };
    if (asset) return null;
    return { source: file, target: path.resolve(path.dirname(options.page), from) + file.slice(base.length) };
  }
  return null;
}

/** Rewrites the specifier of a page's import on one line (1-based) from `from` to `to`, quotes kept. */
function rewriteImport(page: string, line: number, from: string, to: string): void {
  const lines = readFileSync(page, 'utf8').split('\n');
  lines[line - 1] = lines[line - 1]!.replace(/(['"])([^'"]*)\1/g, (match, quote: string, spec: string) =>
    spec === from ? `${quote}${to}${quote}` : match,
  );
  writeFileSync(page, lines.join('\n'));
}

/** The files a migrated page may come from (see importedSource), found once per page. */
function sourcePages(options: { site: string; out: string; page: string; sources: Map<string, string[]> }): string[] {
  const known = options.sources.get(options.page);
  if (known) return known;
  const relative = path.relative(path.join(options.out, 'content'), options.page).split(path.sep).join('/');
  let found: string[] = [];
  if (!relative.startsWith('..'))
    for (const root of [options.site, path.dirname(path.resolve(options.site))]) {
      found = fg
        .sync([`**/${relative}`], { cwd: root, absolute: true, ignore: ['**/node_modules/**'], deep: 12 })
        .sort((a, b) => a.length - b.length || a.localeCompare(b));
      if (found.length > 0) break;
    }
  options.sources.set(options.page, found);
  return found;
}

/**
 * The npm packages the site's pages and carried modules import (`import { Rocket } from 'lucide-react'` in a
 * component, `import { outdent } from 'outdent'` in a page) that its own package.json lists in `dependencies` or
 * `devDependencies`, with the version range it lists: added to the new site's package.json, so that `npm install`
 * brings what they need, as it did for the Docusaurus site. React, Docusaurus' own modules and Node's built-ins
 * are left out. A module's imports are found by a plain scan of its `from '…'`, `import('…')` and `require('…')`; a
 * page's are its MDX `import` lines (importsOf), code blocks left out.
 * @param site the Docusaurus site folder; @param out the new site (its pages written, its `src/` copied)
 * @returns package name -> version range, sorted by name
 */
export function componentDependencies(site: string, out: string): Record<string, string> {
  let listed: Record<string, string> = {};
  try {
    const pkg = JSON.parse(readFileSync(path.join(site, 'package.json'), 'utf8')) as Record<string, unknown>;
    listed = { ...(pkg.devDependencies as object), ...(pkg.dependencies as object) } as Record<string, string>;
  } catch {
    return {};
  }
  const found: Record<string, string> = {};
  const add = (spec: string) => {
    const name = packageOf(spec);
    if (name !== null && typeof listed[name] === 'string') found[name] = listed[name]!;
  };
  const modules = fg.sync(['**/*.{js,jsx,ts,tsx,mjs,cjs}'], {
    cwd: out,
    absolute: true,
    ignore: ['**/node_modules/**', 'dist/**', 'site.config.ts', '.docgen-*/**'],
  });
  for (const module of modules) {
    const text = readFileSync(module, 'utf8');
    for (const [, spec] of text.matchAll(
      /(?:\bfrom\s*|\bimport\(\s*|\brequire\(\s*|^import\s+)['"]([^'"./][^'"]*)['"]/gm,
    ))
      add(spec!);
  }
  const pages = fg.sync(['**/*.{md,mdx}'], {
    cwd: out,
    absolute: true,
    ignore: ['**/node_modules/**', 'dist/**', '.docgen-*/**', 'MIGRATION.md'],
  });
  for (const page of pages) for (const { from } of importsOf(readFileSync(page, 'utf8'))) add(from);
  return Object.fromEntries(Object.entries(found).sort(([a], [b]) => a.localeCompare(b)));
}

/**
 * Takes back the report lines of page imports of packages that package.json now lists (report.ts says of each
 * `import … from 'pkg'` that docgen does not have the component, before the packages are known).
 * @param packages the names added (componentDependencies)
 */
export function retractPackages(report: MigrationReport, packages: readonly string[]): void {
  for (let i = report.items.length - 1; i >= 0; i--) {
    const imported = /^MDX import of '([^']+)'/.exec(report.items[i]!.message)?.[1];
    if (imported !== undefined && packages.includes(packageOf(imported) ?? '')) report.items.splice(i, 1);
  }
}

/** The script a module path names (trying Node's extensions and index files), or null. */
export function scriptFile(base: string): string | null {
  for (const extension of SCRIPT_EXTENSIONS) {
    const file = base + extension;
    if (/\.[jt]sx?$/.test(file) && existsSync(file) && statSync(file).isFile()) return file;
  }
  return null;
}

/**
 * Whether an import of a migrated page still names a file: a relative or `@site/` request (loader prefix such as
 * `!!raw-loader!` and query cut off, string escapes read) must name a file of the new site, as webpack resolves it (moduleFile); a
 * request from the site root (`/data/x.json`) names none, since migrate turned those that name a file into `@site/`
 * (docusaurus.ts siteRootImports); any other request (a package, `@theme/…`, Docusaurus' aliases) is not the site's
 * file, so true.
 */
function importedFile(from: string, options: { out: string; page: string }): boolean {
  // A JavaScript string's escapes are the request's characters (jellyfin.org writes `'./\_container-podman.md'`).
  const plain = from
    .replace(/\\(.)/g, '$1')
    .replace(/^.*!/, '')
    .replace(/[?#].*$/, '');
  if (plain.startsWith('@site/')) return moduleFile(path.join(options.out, plain.slice('@site/'.length))) !== null;
  if (/^\.\.?(\/|$)/.test(plain)) return moduleFile(path.resolve(path.dirname(options.page), plain)) !== null;
  return !/^\/(?!\/)/.test(plain);
}

/** The new site's file of a component a page imports from the site's own code, or null (a package, a partial). */
function componentFile(from: string, options: { out: string; page: string }): string | null {
  if (/\.(mdx?|css|scss|png|jpe?g|svg|gif|webp)$/.test(from) || from.includes('?')) return null;
  let base: string;
  if (from.startsWith('@site/')) base = path.join(options.out, from.slice('@site/'.length));
  else if (from.startsWith('@theme/')) base = path.join(options.out, 'src', 'theme', from.slice('@theme/'.length));
  // A relative import: the page's folder moved with its components (Redux keeps them in docs/components).
  else if (from.startsWith('.')) base = path.resolve(path.dirname(options.page), from);
  else return null;
  return scriptFile(base);
}

/**
 * Takes back the report lines that the carried components answer (docusaurus-config.ts reports each
 * `src/components` entry, report.ts each import of site code, before the components are carried): the lines of
 * imports of site code always (the page's imports were carried, or reported again by migrateComponents), the rest
 * when a component was carried.
 */
function retractCarried(report: MigrationReport, carried: boolean): void {
  for (let i = report.items.length - 1; i >= 0; i--) {
    const item = report.items[i]!;
    // An import of site code is carried, or reported by migrateComponents when it names no file: from the page's
    // folder, anywhere in the site through `@site/` (a static folder's scripts), or from the site root
    // (`/src/x`, `/data/team.json`, which siteRootImports turned into `@site/` when they name a file).
    if (
      (carried && item.message.startsWith('custom component not carried over')) ||
      /^MDX import of '(@site\/|\/(?!\/)|\.)/.test(item.message) ||
      (carried && /^MDX export: docgen does not run code from pages/.test(item.message))
    )
      report.items.splice(i, 1);
  }
}
