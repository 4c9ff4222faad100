/**
 * A Docusaurus site's own components, carried over: its `src/` folder (components, swizzled `src/theme`, data
 * files; not `src/pages`, which docgen does not build) is copied to the new site's `src/`, so that `@site/src/…`
 * names the same files, and every component a migrated page imports from the site's own code (`@site/src/…`, a
 * relative path to a script beside the pages, a swizzled `@theme/X`) is registered in `theme.mdxComponents` under the name the page
 * uses. docgen then renders them at build time with their props (markdown/mdx-evaluate.ts), as Docusaurus does.
 * What cannot be carried is reported with file:line: the same name for two different components (the first is
 * registered; each page still renders its own import) and imports of site code outside `src/`.
 */
import { copyFileSync, existsSync, mkdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import fg from 'fast-glob';
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
  carryModulesOutsideSrc(site, out);
  const components: Record<string, string> = {};
  const pages = fg.sync(['**/*.{md,mdx}'], {
    cwd: out,
    absolute: true,
    ignore: ['node_modules/**', 'src/**', 'dist/**', 'MIGRATION.md'],
  });
  for (const page of pages.sort()) {
    for (const { names, from, line } of importsOf(readFileSync(page, 'utf8'))) {
      if (from.startsWith('.')) carryRelative(from, { site, out, page });
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
 * A component imported by a relative path that the migration did not copy with the page (it copies pages and
 * static files): copied from beside the page's source to the same place beside the migrated page, so the page's
 * own import still names it. The source page is found by its path below the content folder, in the site's folder
 * or its parent (a docs folder outside the site, as Redux's `path: '../docs'`).
 */
function carryRelative(from: string, options: { site: string; out: string; page: string }): void {
  if (
    /\.(mdx?|css|scss|png|jpe?g|svg|gif|webp)$/.test(from) ||
    scriptFile(path.resolve(path.dirname(options.page), from))
  )
    return;
  const relative = path.relative(path.join(options.out, 'content'), options.page).split(path.sep).join('/');
  if (relative.startsWith('..')) return;
  for (const root of [options.site, path.dirname(path.resolve(options.site))]) {
    const sources = fg.sync([`**/${relative}`], {
      cwd: root,
      absolute: true,
      ignore: ['**/node_modules/**'],
      deep: 12,
    });
    for (const source of sources) {
      const file = scriptFile(path.resolve(path.dirname(source), from));
      if (!file) continue;
      const target =
        path.resolve(path.dirname(options.page), from) + file.slice(path.resolve(path.dirname(source), from).length);
      mkdirSync(path.dirname(target), { recursive: true });
      copyFileSync(file, target);
      return;
    }
  }
}

/**
 * The site's own files outside `src/` that its `src/` modules import (`../../versionsArchived.json`,
 * `@site/data/users.js`, as Docusaurus' versions page template does): copied to the same place in the new site, so
 * the copied modules still resolve them. A file the migration already wrote there (package.json, versions.json) is
 * kept; nothing outside the site folder or in node_modules is copied. Imports are found by a plain scan of
 * `import … from '…'` and `require('…')` in the modules' text.
 */
function carryModulesOutsideSrc(site: string, out: string): void {
  const modules = fg.sync(['**/*.{js,jsx,ts,tsx,mjs,cjs}'], {
    cwd: path.join(site, 'src'),
    absolute: true,
    ignore: ['**/node_modules/**'],
  });
  const root = path.resolve(site);
  for (const module of modules) {
    const text = readFileSync(module, 'utf8');
    for (const [, from] of text.matchAll(
      /(?:\bfrom\s*|\brequire\(\s*|\bimport\(\s*)['"]((?:\.\.?|@site)\/[^'"]+)['"]/g,
    )) {
      const base = from!.startsWith('@site/')
        ? path.join(root, from!.slice('@site/'.length))
        : path.resolve(path.dirname(module), from!);
      const relative = path.relative(root, base);
      if (relative.startsWith('..') || path.isAbsolute(relative) || /^src[\\/]|node_modules/.test(relative)) continue;
      const file = [base, ...SCRIPT_EXTENSIONS.slice(1).map((extension) => base + extension)].find(
        (candidate) => existsSync(candidate) && statSync(candidate).isFile(),
      );
      if (!file) continue;
      const target = path.join(out, path.relative(root, file));
      if (existsSync(target)) continue;
      mkdirSync(path.dirname(target), { recursive: true });
      copyFileSync(file, target);
    }
  }
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
