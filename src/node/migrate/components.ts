/**
 * A Docusaurus site's own components, carried over: its `src/` folder (components, swizzled `src/theme`, data
 * files; not `src/pages`, which docgen does not build) is copied to the new site's `src/`, so that `@site/src/…`
 * names the same files, and every component a migrated page imports from the site's own code (`@site/src/…`, a
 * relative path to a script beside the pages, a swizzled `@theme/X`) is registered in `theme.mdxComponents` under the name the page
 * uses. docgen then renders them at build time with their props (markdown/mdx-evaluate.ts), as Docusaurus does.
 * What cannot be carried is reported with file:line: the same name for two different components (the first is
 * registered; each page still renders its own import) and imports of site code outside `src/`.
 */
import { existsSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import fg from 'fast-glob';
import { type CarriedFile, carryWithImports, moduleFile } from './component-imports.js';
import { forEachMdxLine, type MigrationReport } from './report.js';
import { copyTree } from './write-site.js';

const SCRIPT_EXTENSIONS = ['', '.tsx', '.ts', '.jsx', '.js', '/index.tsx', '/index.ts', '/index.jsx', '/index.js'];
const IMPORT = /^import\s+(?:(\w+)\s*,?\s*)?(?:\{([^}]*)\})?\s*from\s+['"]([^'"]+)['"]/;

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
  if (!existsSync(src)) return {};
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
      const file = componentFile(from, { out, page });
      if (!file) continue;
      for (const name of names) {
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
      .sync(['**/*.{js,jsx,ts,tsx,mjs,cjs,css}'], { cwd: src, absolute: true, ignore: ['**/node_modules/**'] })
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
    if (target) for (const name of names) scope[name] = `./${path.relative(out, target).split(path.sep).join('/')}`;
  }
  return scope;
}

/** The default and named imports of a page's MDX `import` lines (outside fenced code), with their lines. */
function importsOf(text: string): { names: string[]; from: string; line: number }[] {
  const out: { names: string[]; from: string; line: number }[] = [];
  forEachMdxLine(text, (line, index) => {
    const match = IMPORT.exec(line.trim());
    if (!match) return;
    const named = (match[2] ?? '')
      .split(',')
      .map(
        (part) =>
          part
            .trim()
            .split(/\s+as\s+/)
            .pop()!,
      )
      .filter((name) => /^[A-Z]\w*$/.test(name));
    const names = [...(match[1] && /^[A-Z]/.test(match[1]) ? [match[1]] : []), ...named];
    if (names.length > 0) out.push({ names, from: match[3]!, line: index + 1 });
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
  if (/\.(mdx?|css|scss|png|jpe?g|svg|gif|webp)$/.test(from) || from.includes('?') || from.includes('!')) return null;
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
 * Packages docgen provides to a site's components itself (React from its own copy, Docusaurus' modules as shims:
 * bundle/docusaurus-shims.ts), never added to the new site's package.json.
 */
const PROVIDED = /^(?:react|react-dom|@docusaurus\/[^/]+|@theme|@theme-original|@site|@generated|@mdx-js\/react)$/;

/**
 * The npm packages the site's carried modules import (`import { Rocket } from 'lucide-react'`) that its own
 * package.json lists, with the version range it lists: added to the new site's package.json, so that `npm install`
 * brings what the components need, as it did for the Docusaurus site. React, Docusaurus' own modules and Node's
 * built-ins are left out. Imports are found by a plain scan of the modules' `from '…'`, `import('…')` and
 * `require('…')`.
 * @param site the Docusaurus site folder; @param out the new site (its `src/` already copied)
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
  const modules = fg.sync(['**/*.{js,jsx,ts,tsx,mjs,cjs}'], {
    cwd: path.join(out, 'src'),
    absolute: true,
    ignore: ['**/node_modules/**'],
  });
  for (const module of modules) {
    const text = readFileSync(module, 'utf8');
    for (const [, spec] of text.matchAll(
      /(?:\bfrom\s*|\bimport\(\s*|\brequire\(\s*|^import\s+)['"]([^'"./][^'"]*)['"]/gm,
    )) {
      const name = spec!.startsWith('@') ? spec!.split('/').slice(0, 2).join('/') : spec!.split('/')[0]!;
      if (PROVIDED.test(name) || name.startsWith('node:') || typeof listed[name] !== 'string') continue;
      found[name] = listed[name]!;
    }
  }
  return Object.fromEntries(Object.entries(found).sort(([a], [b]) => a.localeCompare(b)));
}

/** The script a module path names (trying Node's extensions and index files), or null. */
export function scriptFile(base: string): string | null {
  for (const extension of SCRIPT_EXTENSIONS) {
    const file = base + extension;
    if (/\.[jt]sx?$/.test(file) && existsSync(file) && statSync(file).isFile()) return file;
  }
  return null;
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
 * `src/components` entry, report.ts each import of site code, before the components are carried).
 */
function retractCarried(report: MigrationReport, carried: boolean): void {
  if (!carried) return;
  for (let i = report.items.length - 1; i >= 0; i--) {
    const item = report.items[i]!;
    if (
      item.message.startsWith('custom component not carried over') ||
      /^MDX import of '(@site\/src\/|\/src\/|\.)/.test(item.message) ||
      /^MDX export: docgen does not run code from pages/.test(item.message)
    )
      report.items.splice(i, 1);
  }
}
