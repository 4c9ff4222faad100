/**
 * A Docusaurus site's custom pages (`src/pages/`, `@docusaurus/plugin-content-pages`), published at the URLs the
 * original gives them: `src/pages/about.md` is `/about`, `src/pages/index.tsx` is `/`, `src/pages/x/index.mdx` is
 * `/x/`. Files and folders starting with `_`, tests (`*.test.*`, `__tests__/`) and declaration files are no pages,
 * as the plugin's default `exclude` says.
 *
 * - A Markdown or MDX page is copied into `content/` at its route's path, its relative imports rewritten to
 *   `@site/src/pages/…` (the folder is copied to the new site's `src/pages/`, so they name the same files).
 * - A React page (`.js`, `.jsx`, `.ts`, `.tsx`) becomes an MDX page of one element named after its route
 *   (`src/pages/downloads/clients.tsx`: `<DownloadsClientsPage />`, one name per page, since components are
 *   registered and islands hydrated by name), importing the page's module; migrate/components.ts registers it in
 *   `theme.mdxComponents` like any component a page imports, and the build renders it at build time with docgen's Docusaurus shims (`@theme/Layout` renders its
 *   children inside docgen's page layout; `Link`, `useBaseUrl`, `useDocusaurusContext`, `Heading`, `Translate`), an
 *   island only if it needs the browser. A page that cannot render is a build warning at its file:line and shows
 *   nothing, never a failed build.
 * A page whose URL a docs page already has is left out and reported.
 */
import { copyFileSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import fg from 'fast-glob';
import type { MigrationReport } from './report.js';
import { copyTree } from './write-site.js';

/** What the custom pages gave the new site. */
export interface CustomPages {
  /** The routes written, e.g. `/`, `/about`. */
  routes: Set<string>;
}

const PAGE_GLOB = '**/*.{js,jsx,ts,tsx,md,mdx}';
const NOT_PAGES = ['**/_*', '**/_*/**', '**/*.test.*', '**/__tests__/**', '**/*.d.ts'];

/**
 * Migrates `src/pages/` into `content/` (see the module's comment). Call before migrateComponents, which registers
 * what the written pages import.
 * @param options.site the Docusaurus site folder; options.out the new site's folder, its docs already written
 * @returns the routes written; none when the site has no `src/pages`
 */
export function migrateCustomPages(options: { site: string; out: string; report: MigrationReport }): CustomPages {
  const { site, out, report } = options;
  const pagesDir = path.join(site, 'src', 'pages');
  const routes = new Set<string>();
  if (!existsSync(pagesDir)) return { routes };
  copyTree(pagesDir, path.join(out, 'src', 'pages'));
  const files = fg.sync(PAGE_GLOB, { cwd: pagesDir, ignore: NOT_PAGES }).sort();
  const names = new Set<string>();
  for (const relative of files) {
    const source = path.join(pagesDir, relative);
    const shown = path.relative(site, source);
    const markdown = /\.mdx?$/.test(relative);
    const target = path.join(out, 'content', markdown ? relative : relative.replace(/\.[jt]sx?$/, '.mdx'));
    const route = routeOf(relative);
    const taken = ['.md', '.mdx'].some((ext) => existsSync(target.replace(/\.mdx?$/, ext)));
    if (taken) {
      report.add(shown, `custom page ${route} has the URL of a docs page; left out`);
      continue;
    }
    mkdirSync(path.dirname(target), { recursive: true });
    const text = readFileSync(source, 'utf8');
    if (markdown) writeFileSync(target, withSiteImports(text, path.dirname(relative)));
    else writeFileSync(target, reactPageMdx(text, relative, pageComponentName(route, names)));
    routes.add(route);
  }
  // An asset beside the pages (an image a page names) stays where the pages name it.
  for (const relative of fg.sync('**/*', { cwd: pagesDir, ignore: [PAGE_GLOB, ...NOT_PAGES, '**/*.css'] })) {
    const target = path.join(out, 'content', relative);
    if (existsSync(target)) continue;
    mkdirSync(path.dirname(target), { recursive: true });
    copyFileSync(path.join(pagesDir, relative), target);
  }
  return { routes };
}

/**
 * The component name of a React page: its route's words in PascalCase and `Page` (`/` is `HomePage`,
 * `/downloads/clients` `DownloadsClientsPage`), with a number when another page took it.
 * @param taken the names given so far; the new one is added
 */
export function pageComponentName(route: string, taken: Set<string>): string {
  const words = route.split(/[^A-Za-z0-9]+/).filter(Boolean);
  const base = `${/^\d/.test(words[0] ?? '') ? 'P' : ''}${words.map((w) => w[0]!.toUpperCase() + w.slice(1)).join('') || 'Home'}Page`;
  let name = base;
  for (let n = 2; taken.has(name); n++) name = `${base}${n}`;
  taken.add(name);
  return name;
}

/** The URL plugin-content-pages gives a file of `src/pages`: its path without extension, `index` its folder. */
export function routeOf(relative: string): string {
  const parts = relative
    .split(path.sep)
    .join('/')
    .replace(/\.[^./]+$/, '')
    .split('/');
  if (parts.at(-1) === 'index') parts[parts.length - 1] = '';
  return `/${parts.join('/')}`;
}

/** A page's relative imports (`../components/X`), which move with it, as `@site/src/pages/…` imports. */
function withSiteImports(text: string, folder: string): string {
  return text.replace(
    /^(import\s[^'"]*?from\s+|import\s+)(['"])(\.{1,2}\/[^'"]+)\2/gm,
    (_, head: string, quote: string, spec: string) => {
      const resolved = path.posix.join('src/pages', folder.split(path.sep).join('/'), spec);
      return `${head}${quote}@site/${resolved}${quote}`;
    },
  );
}

/**
 * The MDX page standing for a React page: its `<Layout title>` (else its route's last part, `Home` for `/`) as title, no table of contents
 * (a custom page has none in Docusaurus), the page layout (its content alone, full width, as Docusaurus' `<Layout>`
 * shows it), and one element rendering the page's default export.
 */
function reactPageMdx(source: string, relative: string, component: string): string {
  const title = /<Layout\b[^>]*?\stitle=(?:"([^"]*)"|'([^']*)'|\{`([^`$]*)`\})/.exec(source);
  const route = routeOf(relative);
  const name = title?.[1] ?? title?.[2] ?? title?.[3] ?? (route === '/' ? 'Home' : path.posix.basename(route));
  const spec = `@site/src/pages/${relative.split(path.sep).join('/')}`;
  return [
    '---',
    `title: ${JSON.stringify(name)}`,
    'hide_table_of_contents: true',
    // Docusaurus' <Layout>: the page's content alone, full width (templates/migrate/page-layout.css).
    'layout: page',
    'hide_title: true',
    '---',
    '',
    `import ${component} from ${JSON.stringify(spec)};`,
    '',
    `<${component} />`,
    '',
  ].join('\n');
}
