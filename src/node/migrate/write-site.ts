/**
 * Writing the migrated site: the target folder check, copying content, site.config.ts, a home page when the old
 * site's home was a custom page, and MIGRATION.md. Shared by `migrate docusaurus` and `migrate vitepress`.
 */
import { brandStylesheet, type BrandColours } from './brand-colours.js';
import {
  copyFileSync,
  cpSync,
  existsSync,
  lstatSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  type Stats,
  statSync,
  writeFileSync,
} from 'node:fs';
import fg from 'fast-glob';
import path from 'node:path';
import { isUtf8 } from 'node:buffer';
import { stringify as stringifyYaml } from 'yaml';
import type { UserConfig } from '../config/schema.js';
import { firstInvalidUtf8 } from '../diagnostics/code-frame.js';
import { DocgenError } from '../diagnostics/error.js';
import { SITE_GITIGNORE, sitePackageJson } from '../init/starter.js';
import { runtimeFile } from '../bundle/runtime-files.js';
import { docgenDependency, docgenRoot, PACKAGE_NAME } from '../paths.js';
import { moduleRequests } from './component-imports.js';
import { readFrontMatter } from './docs-index.js';
import { type CarriedPlugin, pluginImport } from './markdown-plugins.js';
import type { MigrationReport } from './report.js';

/**
 * A copyTree `onNote` that puts each note in the report: a link to nothing, not copied, or a page that was repaired.
 * @param folder the copied folder, relative to the site (the report's file names)
 */
export function reportDangling(report: MigrationReport, folder: string): CopyNote {
  return (relative, message, line) =>
    report.add(
      path.join(folder, relative),
      message ?? 'a symbolic link to a file that does not exist here (outside the checkout, or removed) was not copied',
      line,
    );
}

/**
 * What copyTree tells its caller about one file: a dangling link left out (no message), or a repair (`message`,
 * at `line`).
 */
export type CopyNote = (relative: string, message?: string, line?: number) => void;

/**
 * A migrated site's configuration, with the keys a migration needs set:
 * `onUnknownComponent` is set to 'warn' (the old site's own components are not carried over, so their children are
 * shown and each use is a warning naming file:line, instead of the build stopping at the first);
 * `markdown.headingIds: 'vitepress'` for a VitePress site; `showLastUpdateTime` as the Docusaurus site had it.
 */
export type MigratedConfig = Omit<UserConfig, 'markdown'> & {
  markdown?: UserConfig['markdown'] & { headingIds?: 'github' | 'vitepress' };
  onUnknownComponent?: 'throw' | 'warn' | 'ignore';
  showLastUpdateTime?: boolean;
  /** The site renders math (`$x$`, `$$…$$`): written as MATH sets it up, not as a key of its own. */
  math?: boolean;
  /** npm packages the site's own components import (name -> version range): package.json, not a config key. */
  dependencies?: Record<string, string>;
  /** The old site's package.json fields the new one keeps (package-fields.ts): package.json, not a config key. */
  packageFields?: Record<string, unknown>;
  /**
   * The new package.json's `type`: undefined gives docgen's `module` (as `docgen init` writes); a string is written
   * as given; null writes none (Node's CommonJS default), for a site whose package.json had none (package-fields.ts
   * sitePackageType): the field decides how the bundler gives the site's modules a CommonJS package's exports.
   */
  packageType?: string | null;
  /** The old theme's primary colour (brand-colours.ts): a stylesheet in `theme.css`, not a config key. */
  brand?: BrandColours;
  /** The site's own remark/rehype plugins (markdown-plugins.ts): imports and `markdown.*Plugins` entries. */
  markdownPlugins?: CarriedPlugin[];
};

/**
 * Math as README "Markdown plugins" sets it up, which is what Docusaurus' "Math Equations" guide and VitePress'
 * `markdown.math` do: remark-math parses `$…$` and `$$…$$`, rehype-katex renders them with KaTeX's stylesheet and
 * fonts, and KaTeX's inline `style` attributes need `'unsafe-inline'` styles in the CSP. Versions for unified 11.
 */
const MATH = {
  imports: ["import rehypeKatex from 'rehype-katex';", "import remarkMath from 'remark-math';"],
  packages: { katex: '^0.16.22', 'rehype-katex': '^7.0.1', 'remark-math': '^6.0.0' },
  css: './node_modules/katex/dist/katex.min.css',
};

/** A JSON string that writeSiteConfig writes as code (an identifier of an import). */
const CODE = '@@docgen-code:';

/**
 * Refuses a target folder that exists and is not empty (nothing of the user's is ever overwritten).
 * @throws DocgenError TargetNotEmpty
 */
export function ensureEmptyDir(dir: string): void {
  if (existsSync(dir) && readdirSync(dir).length > 0) {
    throw new DocgenError({
      code: 'TargetNotEmpty',
      message: `${dir} is not empty. Choose a new or empty folder (--out <dir>), or empty this one first.`,
      file: dir,
    });
  }
  mkdirSync(dir, { recursive: true });
}

/**
 * Copies a folder's files into another (merging), leaving out `node_modules` and dot files. A symbolic link is
 * copied as the file or folder it points to (as Vite and Docusaurus publish a linked static file); a link to nothing
 * (its target outside the checkout, or removed) is left out and handed to `onNote`, so one such link never stops
 * the migration. A Markdown page that is not UTF-8 (a Shift_JIS sample) is written as UTF-8 with each bad byte
 * sequence as U+FFFD, which is what Docusaurus and VitePress show (both read pages with `fs.readFile(file, 'utf8')`),
 * and handed to `onNote` with the line of its first bad byte.
 * @param onNote called with each dangling link's or repaired page's path relative to `from`
 * @returns the number of files copied
 */
export function copyTree(
  from: string,
  to: string,
  skip: (relative: string) => boolean = () => false,
  onNote: CopyNote = () => {},
): number {
  let count = 0;
  const pages: string[] = [];
  cpSync(from, to, {
    recursive: true,
    dereference: true,
    filter: (source) => {
      const relative = path.relative(from, source);
      if (relative === '') return true;
      if (relative.split(path.sep).some((part) => part === 'node_modules' || part.startsWith('.')) || skip(relative))
        return false;
      let stats: Stats;
      try {
        stats = statSync(source);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'ENOENT' || !lstatSync(source).isSymbolicLink()) throw error;
        onNote(relative.split(path.sep).join('/'));
        return false;
      }
      if (stats.isFile()) count += 1;
      if (stats.isFile() && /\.mdx?$/i.test(relative)) pages.push(relative);
      return true;
    },
  });
  for (const relative of pages) {
    const bytes = readFileSync(path.join(to, relative));
    if (isUtf8(bytes)) continue;
    writeFileSync(path.join(to, relative), bytes.toString('utf8'));
    onNote(
      relative.split(path.sep).join('/'),
      'the page is not UTF-8 text: it was copied as UTF-8 with each unreadable byte shown as \uFFFD, as Docusaurus and VitePress show it; save the original as UTF-8 to keep its text',
      firstInvalidUtf8(bytes).line,
    );
  }
  return count;
}

/**
 * Files of a content folder that are no page and no static file: package manifests and lock files, the site's
 * components and example code (`.jsx`, `.vue`, `.js`…) and HTML templates. Docusaurus and VitePress publish only
 * the pages of a docs or source folder and the files those pages link or import (webpack/Vite bundle them); a
 * static folder (`static/`, `public/`) is copied whole by both and by docgen.
 */
const NOT_CONTENT =
  /(^|\/)(package(-lock)?\.json|yarn\.lock|pnpm-lock\.yaml|bun\.lockb?|tsconfig\.json)$|\.(c|m)?(j|t)sx?$|\.(vue|svelte|astro|html?)$/i;

/**
 * The targets a Markdown page names, as written: link and image targets, imports (a webpack loader prefix such as
 * `!!raw-loader!` dropped), VitePress `<<<` snippets and `<!--@include:-->`, `file=` code-block metas
 * (remark-code-import), `src`/`href` attributes and `require()`. A line range (`{1-3}`), a tab label (`[x]`), a
 * `#region` and a query are cut off.
 */
const REFERENCE =
  /(?:\]\(\s*<?|<<<\s*|\bfrom\s*['"]|\bimport\s*['"]|@include:\s*|\bfile=["']?|\b(?:src|href)=["']|\brequire\(\s*['"])([^\s)'"<>]+)/g;

function referencesOf(text: string): string[] {
  return [...text.matchAll(REFERENCE)].map((match) =>
    match[1]!
      .replace(/^.*!/, '')
      .replace(/[{[#?].*$/, '')
      .replace(/--$/, ''),
  );
}

/**
 * A copyTree `skip` for a docs or source folder: leaves out what NOT_CONTENT names unless a page of the folder
 * references the file (a raw import, `<<< ./file`, `<!--@include: ./file-->`, a link to it) or a module so kept
 * imports it by relative path (component-imports.ts moduleRequests), so only pages and the files they use reach the
 * new site. A reference resolves against its page's folder, or the folder itself for `/` and
 * VitePress' `@/`; an aliased one (`@site/...`, `~/...`) matches a file whose path ends with its tail. A file a page
 * only mentions in prose or code (VitePress' guide speaks of `config.ts` and `package.json`) is not referenced.
 * @param from the folder
 * @param skipped collects the left-out files (relative to `from`) for the report
 */
export function contentOnly(from: string, skipped: string[] = []): (relative: string) => boolean {
  const candidates = fg
    .sync('**/*', { cwd: from, onlyFiles: true, ignore: ['**/node_modules/**'] })
    .filter((file) => NOT_CONTENT.test(file));
  if (candidates.length === 0) return () => false;
  const referenced = new Set<string>();
  const aliased: string[] = [];
  for (const page of fg.sync('**/*.{md,mdx}', { cwd: from, onlyFiles: true, ignore: ['**/node_modules/**'] })) {
    for (const target of referencesOf(readFileSync(path.join(from, page), 'utf8'))) {
      if (/^[@~][^/]*\//.test(target) && !target.startsWith('@/')) {
        aliased.push(target.slice(target.indexOf('/') + 1));
        continue;
      }
      let decoded = target;
      try {
        decoded = decodeURI(target);
      } catch {}
      const file = /^@?\//.test(decoded)
        ? path.posix.join('/', decoded.replace(/^@/, ''))
        : path.posix.join('/', path.posix.dirname(page.split(path.sep).join('/')), decoded);
      referenced.add(file.slice(1));
    }
  }
  // An import may leave out the extension or name the folder of an `index` module, as Node and bundlers resolve it.
  const spellings = (file: string) => {
    const bare = file.slice(0, file.length - path.posix.extname(file).length);
    return path.posix.basename(bare) === 'index' ? [file, bare, path.posix.dirname(bare)] : [file, bare];
  };
  const named = (file: string) =>
    spellings(file).some(
      (name) => referenced.has(name) || aliased.some((tail) => name === tail || name.endsWith(`/${tail}`)),
    );
  // What a kept module imports by relative path is kept too (a component beside the pages imports `./shared`), as
  // webpack and Vite bundle it with the page.
  const kept = new Set(candidates.filter(named));
  const queue = [...kept];
  while (queue.length > 0) {
    const file = queue.pop()!;
    for (const { request } of moduleRequests(path.join(from, file)))
      if (request.startsWith('.'))
        referenced.add(path.posix.join(path.posix.dirname(file), request.replace(/[?#].*$/, '')).replace(/^\/+/, ''));
    for (const candidate of candidates)
      if (!kept.has(candidate) && named(candidate)) {
        kept.add(candidate);
        queue.push(candidate);
      }
  }
  const drop = new Set(candidates.filter((file) => !kept.has(file)));
  return (relative) => {
    const posix = relative.split(path.sep).join('/');
    if (!drop.has(posix)) return false;
    skipped.push(posix);
    return true;
  };
}

/** Today in UTC as YYYY-MM-DD (the config's `buildDate`). */
export function today(): string {
  return new Date().toISOString().slice(0, 10);
}

/**
 * The site's base path as docgen's `baseUrl` wants it, starting and ending with '/': both tools accept it without
 * either slash and add them (Docusaurus server/configValidation.ts: `addLeadingSlash(addTrailingSlash(baseUrl))`;
 * VitePress node/config.ts resolveSiteData: `base.replace(/([^/])$/, '$1/')`). Absent or empty is '/'.
 */
export function basePath(base: string | undefined): string {
  if (!base) return '/';
  return `${base.startsWith('/') ? '' : '/'}${base}${base.endsWith('/') ? '' : '/'}`;
}

/**
 * Writes site.config.ts: the config as an object literal (JSON is valid TypeScript) with a header saying where it
 * came from; and beside it package.json (the npm scripts `dev`, `build`, `serve`, as `docgen init` writes, with the
 * old site's descriptive fields when `config.packageFields` has them) and .gitignore.
 * @param source the file it was migrated from, as the header names it
 */
export function writeSiteConfig(out: string, config: MigratedConfig, source: string, command: string): void {
  const { math, dependencies, packageFields, packageType, brand, markdownPlugins = [], ...rest } = config;
  const branded = withPlugins(brand ? withBrandStylesheet(out, rest, brand) : rest, markdownPlugins);
  const written: MigratedConfig = math ? withMath(branded) : branded;
  const { name, type, ...own } = JSON.parse(
    sitePackageJson(path.basename(out), docgenDependency(path.resolve(out))),
  ) as {
    name: string;
    type: string;
    dependencies: object;
  };
  const kind = packageType === undefined ? { type } : packageType === null ? {} : { type: packageType };
  // The old site's descriptive fields first (its own name, version…), then docgen's private, type, scripts, dependencies.
  const pkg = { name, ...packageFields, private: true, ...kind, ...own };
  pkg.dependencies = { ...pkg.dependencies, ...dependencies, ...(math ? MATH.packages : {}) };
  writeFileSync(path.join(out, 'package.json'), `${JSON.stringify(pkg, null, 2)}\n`);
  if (dependencies && Object.keys(dependencies).length > 0)
    // The components' packages may name React 16-18 as a peer; docgen renders them with its React 19.
    writeFileSync(
      path.join(out, '.npmrc'),
      "# docgen migrate: the site components' packages may list an older React as a peer (docgen renders with React 19)\nlegacy-peer-deps=true\n",
    );
  writeFileSync(path.join(out, '.gitignore'), `${SITE_GITIGNORE.join('\n')}\n`);
  const styled = usesPageLayout(out) ? withPageLayout(out, written) : written;
  const body = JSON.stringify(styled, null, 2).replace(new RegExp(`"${CODE}(\\w+)"`, 'g'), '$1');
  const text = [
    `// Written by \`docgen ${command}\` from ${source} on ${today()}.`,
    '// What could not be carried over is listed in MIGRATION.md. Keys: README.md "Configuration".',
    `import { defineConfig } from '${PACKAGE_NAME}';`,
    ...(math ? MATH.imports : []),
    ...markdownPlugins.map(pluginImport),
    '',
    `export default defineConfig(${body});`,
    '',
  ].join('\n');
  writeFileSync(path.join(out, 'site.config.ts'), text);
}

/** Where a migrated site's page-layout stylesheet goes (templates/migrate/page-layout.css). */
export const PAGE_LAYOUT_CSS = 'theme/page-layout.css';

/** Whether a migrated page has front matter `layout: page` (a Docusaurus React page, VitePress' plain page). */
function usesPageLayout(out: string): boolean {
  return fg
    .sync('content/**/*.{md,mdx}', { cwd: out, absolute: true })
    .some((file) => readFrontMatter(readFileSync(file, 'utf8')).layout === 'page');
}

/** Copies docgen's page-layout stylesheet into the site and lists it in `theme.css`. */
function withPageLayout(out: string, config: MigratedConfig): MigratedConfig {
  mkdirSync(path.join(out, path.dirname(PAGE_LAYOUT_CSS)), { recursive: true });
  copyFileSync(
    path.join(docgenRoot(), runtimeFile('templates/migrate/page-layout.css')),
    path.join(out, PAGE_LAYOUT_CSS),
  );
  const css = config.theme?.css ?? [];
  return { ...config, theme: { ...config.theme, css: [...css, `./${PAGE_LAYOUT_CSS}`] } as MigratedConfig['theme'] };
}

/** Where a migrated site's brand colour stylesheet goes (brand-colours.ts brandStylesheet). */
export const BRAND_CSS = 'theme/brand.css';

/** Writes the brand colour stylesheet and lists it first in `theme.css`. */
function withBrandStylesheet(out: string, config: MigratedConfig, brand: BrandColours): MigratedConfig {
  mkdirSync(path.join(out, path.dirname(BRAND_CSS)), { recursive: true });
  writeFileSync(path.join(out, BRAND_CSS), brandStylesheet(brand));
  const css = config.theme?.css ?? [];
  return { ...config, theme: { ...config.theme, css: [`./${BRAND_CSS}`, ...css] } as MigratedConfig['theme'] };
}

/** The config with the carried plugins in `markdown.remarkPlugins`/`rehypePlugins` (`plugin` or `[plugin, options]`). */
function withPlugins(config: MigratedConfig, plugins: CarriedPlugin[]): MigratedConfig {
  if (plugins.length === 0) return config;
  const entries = (kind: CarriedPlugin['kind']) =>
    plugins
      .filter((plugin) => plugin.kind === kind)
      .map((plugin) =>
        plugin.options === undefined ? `${CODE}${plugin.name}` : [`${CODE}${plugin.name}`, plugin.options],
      );
  const markdown = config.markdown ?? {};
  const remark = [...(markdown.remarkPlugins ?? []), ...entries('remark')];
  const rehype = [...(markdown.rehypePlugins ?? []), ...entries('rehype')];
  return {
    ...config,
    markdown: {
      ...markdown,
      ...(remark.length > 0 ? { remarkPlugins: remark } : {}),
      ...(rehype.length > 0 ? { rehypePlugins: rehype } : {}),
    } as MigratedConfig['markdown'],
  };
}

/** The config with MATH's plugins, stylesheet and CSP source added to what it has. */
function withMath(config: MigratedConfig): MigratedConfig {
  const markdown = config.markdown ?? {};
  const styles = config.csp?.['style-src'] ?? [];
  return {
    ...config,
    markdown: {
      ...markdown,
      remarkPlugins: [`${CODE}remarkMath`, ...(markdown.remarkPlugins ?? [])],
      rehypePlugins: [`${CODE}rehypeKatex`, ...(markdown.rehypePlugins ?? [])],
    } as MigratedConfig['markdown'],
    theme: { ...config.theme, css: [MATH.css, ...(config.theme?.css ?? [])] } as MigratedConfig['theme'],
    csp: {
      ...config.csp,
      'style-src': styles.includes("'unsafe-inline'") ? styles : [...styles, "'unsafe-inline'"],
    } as MigratedConfig['csp'],
  };
}

/** A home page (`layout: home`) for a site whose home was a custom page docgen cannot carry over. */
export function writeHomePage(
  out: string,
  home: { title: string; tagline: string; entry?: string; entryLabel: string },
): void {
  const frontMatter = {
    title: home.title,
    layout: 'home',
    hero: {
      name: home.title,
      ...(home.tagline ? { tagline: home.tagline } : {}),
      ...(home.entry ? { actions: [{ text: home.entryLabel, link: home.entry, theme: 'brand' }] } : {}),
    },
  };
  writeFileSync(path.join(out, 'content', 'index.md'), `---\n${stringifyYaml(frontMatter)}---\n`);
}

/** Writes MIGRATION.md (the report) and returns its text. */
export function writeReport(out: string, report: MigrationReport, header: string): string {
  const body = report.items.length > 0 ? report.format() : 'Everything was carried over.';
  writeFileSync(
    path.join(out, 'MIGRATION.md'),
    `# ${header}\n\nNot carried over (file:line, what to do):\n\n\`\`\`\n${body}\n\`\`\`\n`,
  );
  return body;
}
