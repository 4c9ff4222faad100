/**
 * The one change planner: (the site as last loaded, the files that changed) -> what to reload, recompile and
 * re-render. Every driver asks it: the incremental build (incremental/patch-build.ts) builds in place only what a
 * plan of page edits names and builds everything otherwise; `docgen dev` (dev/rebuild.ts) reloads and drops exactly
 * what the plan names. One small rule per kind of change, in a registry that a caller may extend or replace, as
 * mdast-util-to-hast's handlers are (`lib/handlers/index.js`, `{...defaultHandlers, ...settings.handlers}`). Every
 * rule that applies to a file contributes: a snippet imported from inside content/ is a static file and an import.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { isPartialPath, PAGE_FILE } from '../content/page-files.js';
import { siteInputs, versionsFileOf } from '../site/inputs.js';

/** The site as the last build or load saw it: plain data, so each driver builds it from what it keeps. */
export interface PlanSite {
  root: string;
  /** The content folder (absolute). */
  contentPath: string;
  /** site.config.ts and the local files it imports (absolute). */
  configFiles: ReadonlySet<string>;
  /** The theme's files (absolute), and folders whose every file is the theme's (docgen's own theme in dev). */
  themeFiles: ReadonlySet<string>;
  themeFolders?: readonly string[];
  /** versions.json, and the folders of older versions and translations (site/inputs.ts siteInputs). */
  versionsFile: string;
  versionFolders: readonly string[];
  /** The OpenAPI documents (absolute). */
  apiDocuments: ReadonlySet<string>;
  /** Other files the documents read (`$ref` targets), and the documents' folders (any file there may become one). */
  apiFiles: ReadonlySet<string>;
  apiFolders: readonly string[];
  /** Route path of each Markdown page's source file (absolute). */
  routeOfFile: ReadonlyMap<string, string>;
  /** The routes whose pages' snippet imports read a file (markdown/snippet-imports.ts). */
  importersOf: (file: string) => readonly string[];
  /** The blog's folder (absolute; config `blog.path`), when the site has a blog. */
  blogFolder?: string;
}

/**
 * What a PlanSite takes from the config alone: the lists of input files the fingerprint hashes and the watcher
 * watches (site/inputs.ts siteInputs).
 */
export function configPlanSite(
  config: Parameters<typeof siteInputs>[0] & { blog?: { path: string } },
): Pick<PlanSite, 'root' | 'contentPath' | 'versionsFile' | 'versionFolders' | 'apiDocuments' | 'blogFolder'> {
  return {
    root: config.root,
    contentPath: config.contentPath,
    ...(config.blog ? { blogFolder: path.join(config.contentPath, config.blog.path) } : {}),
    versionsFile: versionsFileOf(config.root),
    versionFolders: siteInputs(config).folders,
    apiDocuments: new Set(config.apis.map((api) => path.resolve(config.root, api.spec))),
  };
}

/** One changed file. */
export interface FileChange {
  /** Absolute path. */
  file: string;
  change: 'added' | 'removed' | 'changed';
}

/** Routes by path, or every route. */
type RouteSet = ReadonlySet<string> | 'all';

/** What a set of changes needs. */
export interface ChangePlan {
  /** Load site.config.ts again (and with it everything below). */
  reloadConfig: boolean;
  /** Bundle the theme again: every route renders again. */
  rebuildTheme: boolean;
  /** Load the site again (routes, sidebars, site data): titles, order or the route table may change. */
  reloadSite: boolean;
  /** OpenAPI documents whose models go, or all of them (a changed `$ref` target). */
  reloadApis: ReadonlySet<string> | 'all';
  /** Pages whose source changed: a driver that keeps the site checks their front matter and title did not. */
  edited: ReadonlySet<string>;
  /** Routes to compile again (edited pages, importers of a changed file or partial). */
  recompile: RouteSet;
  /** Routes to render again (a superset of `recompile`). */
  rerender: RouteSet;
  /** A static file's bytes changed: it is copied again (no page changes). */
  copyStatic: boolean;
  /**
   * The blog's feeds are written again (blog/feed.ts): they hold the posts' rendered bodies, so a file of the blog's
   * folder, or any change that renders every page again, changes them.
   */
  feeds: boolean;
  /** Changed files that no rule knows (a driver that cannot tell what they feed must rebuild everything). */
  unmatched: readonly string[];
  /** One line per file that needs more than its pages compiled again, for the log ("content/x.md was added"). */
  reasons: readonly string[];
}

/** What one rule asks for one file: the fields it sets (routes are added to the plan's sets, flags are or-ed). */
type PlanStep = Partial<
  Omit<ChangePlan, 'unmatched' | 'reasons' | 'reloadApis' | 'edited' | 'recompile' | 'rerender'>
> & {
  reloadApis?: Iterable<string> | 'all';
  edited?: Iterable<string>;
  recompile?: Iterable<string> | 'all';
  rerender?: Iterable<string> | 'all';
};

/** A kind of change: its name and what a changed file of that kind needs (null: not this kind). */
export interface ChangeRule {
  kind: string;
  plan(change: FileChange, site: PlanSite): PlanStep | null;
}

const EVERYTHING = { reloadSite: true, recompile: 'all', rerender: 'all' } as const;

function isInside(file: string, dir: string): boolean {
  return file === dir || file.startsWith(dir.endsWith(path.sep) ? dir : dir + path.sep);
}

/** The content-relative POSIX path of a file inside content/, else null. */
function contentPathOf(file: string, site: PlanSite): string | null {
  if (!isInside(file, site.contentPath) || file === site.contentPath) return null;
  return path.relative(site.contentPath, file).split(path.sep).join('/');
}

/** A change as the log names it, the path relative to the project ("content/docs/a.md was added"). */
function reasonOf(change: FileChange, site: PlanSite): string {
  const file = path.relative(site.root, change.file) || change.file;
  return change.change === 'changed' ? `${file} changed` : `${file} was ${change.change}`;
}

/** site.config.ts or a file it imports: the config shapes everything. */
export const configRule: ChangeRule = {
  kind: 'config',
  plan: (change, site) =>
    site.configFiles.has(change.file) || change.file === path.join(site.root, 'site.config.ts')
      ? { reloadConfig: true, ...EVERYTHING }
      : null,
};

/** A theme file: every route renders again with the new theme; compiled content stays. */
export const themeRule: ChangeRule = {
  kind: 'theme',
  plan: (change, site) =>
    site.themeFiles.has(change.file) || (site.themeFolders ?? []).some((dir) => isInside(change.file, dir))
      ? { rebuildTheme: true, rerender: 'all' }
      : null,
};

/**
 * versions.json, an older version's docs or sidebars, a translation: the versions are read again with the config
 * (Docusaurus' readVersionsMetadata runs when the site loads), and every page's version links may change.
 */
export const versionsRule: ChangeRule = {
  kind: 'versions',
  plan: (change, site) =>
    change.file === site.versionsFile || site.versionFolders.some((dir) => isInside(change.file, dir))
      ? { reloadConfig: true, ...EVERYTHING }
      : null,
};

/** An OpenAPI document or a file beside one: its model (every model, for a `$ref` target) and its routes. */
export const openApiRule: ChangeRule = {
  kind: 'openapi',
  plan: (change, site) => {
    const { file } = change;
    if (site.apiDocuments.has(file)) return { reloadApis: [file], reloadSite: true };
    if (site.apiFiles.has(file) || site.apiFolders.some((dir) => isInside(file, dir)))
      return { reloadApis: 'all', reloadSite: true };
    return null;
  },
};

/** A sidebar category file (`_category_.json`/`.yml`, Docusaurus' autogenerated sidebars): labels and order. */
export const sidebarRule: ChangeRule = {
  kind: 'sidebar',
  plan: (change, site) => {
    const relPath = contentPathOf(change.file, site);
    return relPath && /(^|\/)_category_\.(json|ya?ml)$/.test(relPath) ? { reloadSite: true, rerender: 'all' } : null;
  },
};

/**
 * A Markdown partial (`_x.md`): no page of its own; it is part of the pages that import it, which the import rule
 * compiles again (each page's imports list its partials, however deep: markdown/snippet-imports.ts importedFilesOf).
 */
export const partialRule: ChangeRule = {
  kind: 'partial',
  plan: (change, site) => {
    const relPath = contentPathOf(change.file, site);
    return relPath && PAGE_FILE.test(relPath) && isPartialPath(relPath) ? {} : null;
  },
};

/** A page added or removed: the route table changes, so every page's links resolve anew and the sidebars change. */
export const pageSetRule: ChangeRule = {
  kind: 'page-set',
  plan: (change, site) => {
    const relPath = contentPathOf(change.file, site);
    if (!relPath || !PAGE_FILE.test(relPath) || isPartialPath(relPath)) return null;
    const known = site.routeOfFile.has(change.file);
    if (change.change === 'added' || (change.change === 'changed' && !known)) return { ...EVERYTHING };
    if (change.change === 'removed') return { ...EVERYTHING };
    return null;
  },
};

/**
 * A page's source changed: that page compiles and renders again. Whether its front matter or title changed (then
 * the sidebars and other pages change) is known only once it is read: the driver checks `edited` pages and loads the
 * site again when they did.
 */
export const pageRule: ChangeRule = {
  kind: 'page',
  plan: (change, site) => {
    const route = change.change === 'changed' ? site.routeOfFile.get(change.file) : undefined;
    return route === undefined ? null : { edited: [route], recompile: [route], rerender: [route] };
  },
};

/**
 * A file of the blog's folder (a post, authors.yml, tags.yml): the list, tag, archive and author pages show the posts'
 * excerpts, dates and authors, and each post its neighbours' titles, so the site loads again (blog/pages.ts makes
 * them) and every route of the blog (the pages whose file is in its folder, generated ones included) compiles and
 * renders again; the other routes do not change unless the page rule's front matter check says so.
 */
export const blogRule: ChangeRule = {
  kind: 'blog',
  plan: (change, site) => {
    if (!site.blogFolder || !isInside(change.file, site.blogFolder)) return null;
    const folder = site.blogFolder;
    const routes = [...site.routeOfFile].filter(([file]) => isInside(file, folder)).map(([, route]) => route);
    return { reloadSite: true, recompile: routes, rerender: routes, feeds: true };
  },
};

/** A file that pages' snippet imports read: those pages compile again. */
export const importRule: ChangeRule = {
  kind: 'import',
  plan: (change, site) => {
    const routes = site.importersOf(change.file);
    return routes.length > 0 ? { recompile: routes, rerender: routes } : null;
  },
};

/**
 * Any other file of content/: a static file. Its bytes are copied again; adding or removing one changes which links
 * resolve, so every page compiles again. The content folder itself (renamed away and back): everything.
 */
export const staticRule: ChangeRule = {
  kind: 'static',
  plan: (change, site) => {
    if (change.file === site.contentPath) return { ...EVERYTHING };
    const relPath = contentPathOf(change.file, site);
    if (!relPath || PAGE_FILE.test(relPath) || /(^|\/)_category_\.(json|ya?ml)$/.test(relPath)) return null;
    if (isPartialPath(relPath)) return {}; // not copied and not a page: only an import reads it
    return change.change === 'changed' ? { copyStatic: true } : { ...EVERYTHING };
  },
};

/** Whether a step needs more than compiling and rendering the pages it names (then its file is a reason). */
function isSiteWide(step: PlanStep): boolean {
  return Boolean(
    step.reloadConfig ||
      step.rebuildTheme ||
      step.reloadSite ||
      step.copyStatic ||
      step.feeds ||
      step.reloadApis ||
      step.recompile === 'all' ||
      step.rerender === 'all',
  );
}

/** The rules, in the order their reasons are listed. */
export const defaultRules: readonly ChangeRule[] = [
  configRule,
  themeRule,
  versionsRule,
  openApiRule,
  sidebarRule,
  partialRule,
  pageSetRule,
  pageRule,
  blogRule,
  importRule,
  staticRule,
];

/**
 * What a set of changed files needs.
 * @param rules the registry (defaultRules, extended or replaced by a caller)
 * @returns the merged plan; a file no rule knows is listed in `unmatched`
 */
export function planChanges(
  site: PlanSite,
  changes: Iterable<FileChange>,
  rules: readonly ChangeRule[] = defaultRules,
): ChangePlan {
  let reloadConfig = false;
  let rebuildTheme = false;
  let reloadSite = false;
  let copyStatic = false;
  let feeds = false;
  let reloadApis: Set<string> | 'all' = new Set();
  let recompile: Set<string> | 'all' = new Set();
  let rerender: Set<string> | 'all' = new Set();
  const edited = new Set<string>();
  const unmatched: string[] = [];
  const reasons: string[] = [];
  const add = (set: Set<string> | 'all', routes: Iterable<string> | 'all' | undefined): Set<string> | 'all' => {
    if (set === 'all' || routes === 'all') return 'all';
    for (const route of routes ?? []) set.add(route);
    return set;
  };
  for (const change of changes) {
    let matched = false;
    let siteWide = false;
    for (const rule of rules) {
      const step = rule.plan(change, site);
      if (!step) continue;
      matched = true;
      reloadConfig ||= step.reloadConfig ?? false;
      rebuildTheme ||= step.rebuildTheme ?? false;
      reloadSite ||= step.reloadSite ?? false;
      copyStatic ||= step.copyStatic ?? false;
      feeds ||= step.feeds ?? false;
      reloadApis = add(reloadApis, step.reloadApis);
      recompile = add(recompile, step.recompile);
      rerender = add(rerender, step.rerender);
      for (const route of step.edited ?? []) edited.add(route);
      siteWide ||= isSiteWide(step);
    }
    if (!matched) unmatched.push(change.file);
    if (siteWide) reasons.push(reasonOf(change, site));
  }
  if (recompile !== 'all') rerender = add(rerender, recompile);
  feeds ||= rerender === 'all';
  return {
    reloadConfig,
    rebuildTheme,
    reloadSite,
    reloadApis,
    edited,
    recompile,
    rerender,
    copyStatic,
    feeds,
    unmatched,
    reasons,
  };
}

/**
 * Changed paths as changes: a file that is gone was removed; a page file the site does not know was added.
 * @param exists how to tell that a file exists (node:fs existsSync)
 */
export function changesOf(
  files: Iterable<string>,
  site: Pick<PlanSite, 'routeOfFile'>,
  exists: (file: string) => boolean = existsSync,
): FileChange[] {
  return [...files].map((file) => ({
    file,
    change: !exists(file) ? 'removed' : PAGE_FILE.test(file) && !site.routeOfFile.has(file) ? 'added' : 'changed',
  }));
}

/**
 * Whether a plan is only page edits: the site, config, theme and OpenAPI models stay, and the routes to compile and
 * render are known. The incremental build applies only such plans.
 */
export function isPageEditPlan(plan: ChangePlan): plan is ChangePlan & { recompile: ReadonlySet<string> } {
  return (
    !plan.reloadConfig &&
    !plan.rebuildTheme &&
    !plan.reloadSite &&
    plan.reloadApis !== 'all' &&
    plan.reloadApis.size === 0 &&
    !plan.copyStatic &&
    !plan.feeds &&
    plan.unmatched.length === 0 &&
    plan.recompile !== 'all' &&
    plan.rerender !== 'all'
  );
}
