/**
 * Versioned docs, as Docusaurus keeps them beside its config (Docusaurus docs "Versioning";
 * plugin-content-docs `src/versions/`): `versions.json` lists the versions newest first, each version's docs are in
 * `versioned_docs/version-<name>/` and its sidebars in `versioned_sidebars/version-<name>-sidebars.json`; the current
 * docs are the content folder's docs folder (config `docs.folder`). Every version is mounted into the one site model
 * at a content-relative folder that is also its route: the last version at the docs folder itself (`docs` ->
 * `/docs/`), the current one at `docs/next`, the others at `docs/<name>`. A mounted page keeps its real `file`; its
 * `relPath` is the mounted one, so routes, relative links and the link checker stay inside its version. Config
 * `docs.routeBasePath` serves the versions elsewhere than the docs folder's own route: '' mounts the last version at
 * the content root (Docusaurus `routeBasePath: '/'`), the others at `next/` and `<name>/`.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { DocNavigation, DocsVersion, Sidebar } from '../../shared/types.js';
import type { ResolvedConfig } from '../config/resolve.js';
import type { SidebarItemConfig } from '../config/schema.js';
import { DocgenError } from '../diagnostics/error.js';
import { suggest } from '../diagnostics/suggest.js';
import { fromDocusaurusSidebars } from '../migrate/sidebars.js';
import { collectContent, type ContentFiles, type SourcePage } from './collect.js';
import { docIdOf } from './routes.js';
import { firstHref, resolveSidebars, type GeneratedIndex, type SidebarPage } from './sidebars.js';
import { versionsFileOf } from '../site/inputs.js';

/** One version as the site builds it. */
export interface VersionSpec {
  /** 'current' (the docs folder), or a name from versions.json. */
  name: string;
  label: string;
  banner: 'none' | 'unreleased' | 'unmaintained';
  noIndex: boolean;
  /** Whether it is the last version (served at the docs folder's own route). */
  last: boolean;
  /**
   * Content-relative folder it is mounted at, which is also its route: 'docs', 'docs/next', 'docs/30.0' ('' is the
   * content root, for docs served at the site root).
   */
  mount: string;
  /** Absolute folder of its docs. */
  dir: string;
  /** Absolute path of its Docusaurus sidebars file (versioned versions; the current one's sidebars are in config). */
  sidebarsFile: string | null;
}

/** The versions of a site and its versioned docs folder. */
export interface VersionsPlan {
  /** The docs folder below the content folder (config `docs.folder`). */
  folder: string;
  /** The content-relative folder the versions are mounted below (config `docs.routeBasePath`, default `folder`). */
  base: string;
  /** In Docusaurus order: current first, then versions.json order. */
  versions: VersionSpec[];
}

/**
 * The folder of a version's docs relative to the site root, POSIX (Docusaurus layout): also how a locale's overlay
 * (i18n/overlay.ts) and its untranslated pages (content/site.ts) name a versioned doc.
 */
export function versionDocsFolder(name: string): string {
  return `versioned_docs/version-${name}`;
}

/** The folder of a version's docs and its sidebars file (Docusaurus layout). */
export function versionPaths(root: string, name: string): { docs: string; sidebars: string } {
  return {
    docs: path.join(root, versionDocsFolder(name)),
    sidebars: path.join(root, 'versioned_sidebars', `version-${name}-sidebars.json`),
  };
}

/**
 * Reads versions.json.
 * @returns the version names newest first, or null when the site has no versions.json
 * @throws DocgenError ConfigInvalid when it is not a JSON array of distinct non-empty strings
 */
export function readVersionNames(root: string): string[] | null {
  const file = versionsFileOf(root);
  if (!existsSync(file)) return null;
  let value: unknown;
  try {
    value = JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    throw new DocgenError({
      code: 'ConfigInvalid',
      message: `versions.json is not valid JSON (${(error as Error).message}). It lists version names, newest first: ["2.0", "1.0"].`,
      file,
    });
  }
  if (
    !Array.isArray(value) ||
    value.some((name) => typeof name !== 'string' || name === '' || name === 'current' || /[/\\]/.test(name)) ||
    new Set(value).size !== value.length
  ) {
    throw new DocgenError({
      code: 'ConfigInvalid',
      message:
        'versions.json must be an array of distinct version names (strings without / or \\, not "current"), newest first: ["2.0", "1.0"].',
      file,
    });
  }
  return value as string[];
}

/**
 * The versions a site builds, with Docusaurus' defaults (plugin-content-docs `versions/version.ts`): the last
 * version is the newest of versions.json (else current); it is served at the docs route, current at `next/`, others
 * at their name; current is labelled 'Next'; versions newer than the last have an 'unreleased' banner, older ones
 * an 'unmaintained' one.
 * @returns the plan, or null for a site without versions.json (one version: nothing changes)
 * @throws DocgenError ConfigInvalid (a bad versions.json, an unknown version in `docs.*`), VersionNotFound (a
 *   version whose docs folder is missing)
 */
export function resolveVersions(config: ResolvedConfig): VersionsPlan | null {
  const listed = readVersionNames(config.root);
  if (listed === null) return null;
  const { docs } = config;
  const all = ['current', ...listed];
  const unknown = (name: string, key: string) => {
    const guess = suggest(name, all);
    return new DocgenError({
      code: 'ConfigInvalid',
      message: `${key} names the version '${name}', which is neither 'current' nor in versions.json (${listed.join(', ') || 'empty'}).${guess ? ` Did you mean '${guess}'?` : ''}`,
      file: config.configFile,
    });
  };
  for (const name of [
    ...Object.keys(docs.versions),
    ...(docs.onlyIncludeVersions ?? []),
    ...(docs.lastVersion ? [docs.lastVersion] : []),
  ]) {
    if (!all.includes(name)) throw unknown(name, 'docs');
  }
  const included = all.filter(
    (name) =>
      (name !== 'current' || docs.includeCurrentVersion) &&
      (!docs.onlyIncludeVersions || docs.onlyIncludeVersions.includes(name)),
  );
  if (included.length === 0)
    throw new DocgenError({
      code: 'ConfigInvalid',
      message: 'docs.includeCurrentVersion and docs.onlyIncludeVersions leave no version to build.',
      file: config.configFile,
    });
  const lastName =
    docs.lastVersion ??
    (listed[0] !== undefined && included.includes(listed[0])
      ? listed[0]
      : included.includes('current') && listed.length === 0
        ? 'current'
        : (listed.find((n) => included.includes(n)) ?? 'current'));
  if (!included.includes(lastName))
    throw new DocgenError({
      code: 'ConfigInvalid',
      message: `docs.lastVersion '${lastName}' is not among the versions built (${included.join(', ')}).`,
      file: config.configFile,
    });
  const base = docs.routeBasePath ?? docs.folder;
  const versions = included.map((name): VersionSpec => {
    const options = docs.versions[name] ?? {};
    const last = name === lastName;
    const segment = options.path ?? (last ? '' : name === 'current' ? 'next' : name);
    const defaultBanner = last ? 'none' : all.indexOf(name) < all.indexOf(lastName) ? 'unreleased' : 'unmaintained';
    const own = versionPaths(config.root, name);
    // A locale's build reads its overlay of the version's docs (i18n/overlay.ts: the translations laid over them).
    const versionDocs = config.locale?.versionsRoot ? versionPaths(config.locale.versionsRoot, name).docs : own.docs;
    const dir = name === 'current' ? path.join(config.contentPath, docs.folder) : versionDocs;
    if (!existsSync(dir)) {
      throw new DocgenError({
        code: 'VersionNotFound',
        message: `Version '${name}' is listed in versions.json but its docs folder ${path.relative(config.root, dir)} does not exist. Restore it, or remove the version from versions.json.`,
        file: versionsFileOf(config.root),
      });
    }
    return {
      name,
      label: options.label ?? (name === 'current' ? 'Next' : name),
      banner: options.banner ?? defaultBanner,
      noIndex: options.noIndex ?? false,
      last,
      mount: joinFolder(base, segment),
      dir,
      sidebarsFile: name === 'current' ? null : own.sidebars,
    };
  });
  const mounts = new Map<string, string>();
  for (const version of versions) {
    const other = mounts.get(version.mount);
    if (other)
      throw new DocgenError({
        code: 'DuplicateRoute',
        message: `Versions '${other}' and '${version.name}' are both served at ${routeOfMount(version.mount)}. Give one another docs.versions.<name>.path.`,
        file: config.configFile,
      });
    mounts.set(version.mount, version.name);
  }
  return { folder: docs.folder, base, versions };
}

/** Two content-relative folders joined, either of which may be '' (the content root): ('', 'next') -> 'next'. */
function joinFolder(parent: string, child: string): string {
  return parent && child ? `${parent}/${child}` : parent || child;
}

/** A version's route (with base) as Docusaurus' `GlobalVersion.path` writes it: '/docs/next/' -> '/docs/next', '/' -> '/'. */
function versionPath(route: string): string {
  return route.length > 1 ? route.replace(/\/$/, '') : route;
}

/** The route of a version's mount: 'docs/next' -> '/docs/next/', '' -> '/'. */
function routeOfMount(mount: string): string {
  return mount ? `/${mount}/` : '/';
}

/**
 * The mount a content-relative path belongs to: the longest of `mounts` holding it ('' holds every path), or
 * undefined.
 */
function mountHolding(mounts: readonly string[], relPath: string): string | undefined {
  return mounts
    .filter((mount) => mount === '' || relPath === mount || relPath.startsWith(`${mount}/`))
    .sort((a, b) => b.length - a.length)[0];
}

/** A page of a version: its version, and its path as if it were in the docs folder ('docs/intro.md'), for doc ids. */
export interface VersionedPage {
  version: VersionSpec;
  localRelPath: string;
}

/**
 * Mounts every version's pages into the content read from the content folder: the docs folder's pages become the
 * current version's (moved to its mount, or dropped when it is not built), each versioned folder is read and its
 * pages, category files and static files added at its mount (a static file's source by its mounted path).
 * @returns the content with the versions' pages in page order, each versioned page's version by file, and every
 *   version's mount (docs roots: an absolute `slug` is relative to it)
 */
export async function mountVersions(
  plan: VersionsPlan,
  content: ContentFiles,
  config: ResolvedConfig,
): Promise<{
  content: ContentFiles;
  versionOf: Map<string, VersionedPage>;
  mounts: string[];
  staticSources: Record<string, string>;
}> {
  const prefix = `${plan.folder}/`;
  const versionOf = new Map<string, VersionedPage>();
  const pages: SourcePage[] = content.pages.filter((page) => !page.relPath.startsWith(prefix));
  const categories = new Map(
    [...content.categories].filter(([folder]) => folder !== plan.folder && !folder.startsWith(prefix)),
  );
  const errors = [...content.errors];
  // A version's own static files (images beside its docs) are served below its mount too, from where they are.
  const staticFiles = new Set(content.staticFiles);
  const staticSources: Record<string, string> = {};
  const mount = (version: VersionSpec, files: ContentFiles, base: string) => {
    for (const rel of files.staticFiles) {
      if (!rel.startsWith(base)) continue;
      const mounted = joinFolder(version.mount, rel.slice(base.length));
      if (base !== '' && mounted === rel) continue; // the docs folder's own file, already served from there
      staticFiles.add(mounted);
      staticSources[mounted] = path.join(base === '' ? version.dir : config.contentPath, rel);
    }
    for (const page of files.pages) {
      const local = page.relPath.slice(base.length);
      const relPath = joinFolder(version.mount, local);
      const localRelPath = `${plan.folder}/${local}`;
      pages.push(relPath === page.relPath ? page : { ...page, relPath, siteRoot: config.root, localRelPath });
      versionOf.set(page.file, { version, localRelPath });
    }
    for (const [folder, meta] of files.categories) {
      if (folder === base.replace(/\/$/, '') || folder.startsWith(base))
        categories.set(
          folder === base.replace(/\/$/, '') ? version.mount : joinFolder(version.mount, folder.slice(base.length)),
          meta,
        );
    }
  };
  for (const version of plan.versions) {
    if (version.name === 'current') {
      mount(version, { ...content, pages: content.pages.filter((page) => page.relPath.startsWith(prefix)) }, prefix);
      continue;
    }
    const files = await collectContent(version.dir, { unknownFrontMatter: config.onUnknownFrontMatter });
    errors.push(...files.errors);
    mount(version, files, '');
  }
  pages.sort((a, b) => (a.relPath < b.relPath ? -1 : 1));
  return {
    content: { ...content, pages, categories, errors, staticFiles: [...staticFiles].sort() },
    versionOf,
    mounts: plan.versions.map((v) => v.mount),
    staticSources,
  };
}

/** The sidebar id of a version's sidebar: the config's id for the current version, `<id>@<version>` for the others. */
export function versionSidebarId(id: string, version: string): string {
  return version === 'current' ? id : `${id}@${version}`;
}

/** The inverse of versionSidebarId: `docs@1.0` -> `{ id: 'docs', version: '1.0' }`, `docs` -> the current version's. */
export function parseVersionSidebarId(sidebarId: string): { id: string; version: string } {
  const at = sidebarId.lastIndexOf('@');
  return at <= 0
    ? { id: sidebarId, version: 'current' }
    : { id: sidebarId.slice(0, at), version: sidebarId.slice(at + 1) };
}

/**
 * Resolves the sidebars of every version: the current version's are config `sidebars`, each other version's its
 * Docusaurus sidebars file (doc ids relative to its docs folder, as in the docs folder). Doc ids resolve within the
 * version; generated index pages get routes below the version's mount.
 * @param options.pages every page of the site with its route and title
 * @returns the merged result of resolveSidebars, and each version's first doc href
 */
export function resolveVersionSidebars(options: {
  plan: VersionsPlan;
  config: ResolvedConfig;
  pages: SidebarPage[];
  /** Draft pages the build leaves out (resolveSidebars' `drafts`). */
  drafts?: readonly SidebarPage[];
  versionOf: Map<string, VersionedPage>;
  categories: ContentFiles['categories'];
  routes: Set<string>;
  href: (route: string) => string;
}): {
  sidebars: Record<string, Sidebar>;
  sidebarOf: Map<string, string>;
  generated: GeneratedIndex[];
  errors: DocgenError[];
  firstHref: Map<string, string>;
} {
  const { plan, config, versionOf } = options;
  const plain = options.pages.filter((p) => !versionOf.has(p.page.file));
  const drafts = options.drafts ?? [];
  // Doc ids and autogenerated folders are the docs folder's: a version's pages are looked up at their unmounted paths.
  const localize = (p: SidebarPage): SidebarPage => ({
    ...p,
    page: { ...p.page, relPath: versionOf.get(p.page.file)!.localRelPath },
  });
  const result = {
    sidebars: {} as Record<string, Sidebar>,
    sidebarOf: new Map<string, string>(),
    generated: [] as GeneratedIndex[],
    errors: [] as DocgenError[],
    firstHref: new Map<string, string>(),
  };
  const mounts = plan.versions.map((v) => v.mount);
  for (const version of plan.versions) {
    const own = options.pages.filter((p) => versionOf.get(p.page.file)?.version === version);
    const local = own.map(localize);
    const ownDrafts = drafts.filter((p) => versionOf.get(p.page.file)?.version === version).map(localize);
    const categories = new Map(
      [...options.categories].flatMap(([folder, meta]): [string, typeof meta][] =>
        mountHolding(mounts, folder) === version.mount
          ? [[version.mount ? plan.folder + folder.slice(version.mount.length) : joinFolder(plan.folder, folder), meta]]
          : [],
      ),
    );
    let configured: Record<string, { label: string; entry: string; items: SidebarItemConfig[] }>;
    if (version.name === 'current')
      configured = Object.fromEntries(
        Object.entries(config.sidebars).map(([id, sidebar]) => [
          id,
          { ...sidebar, entry: currentEntry(sidebar.entry, version, plan.base, options.routes) },
        ]),
      );
    else {
      const file = version.sidebarsFile!;
      configured = existsSync(file)
        ? readVersionSidebars(file, plan.folder, result.errors)
        : { docs: { label: 'docs', entry: '', items: [{ type: 'autogenerated', dirName: plan.folder }] } };
      // A Docusaurus sidebar has no label: the current sidebar of the same id lends its own.
      for (const [id, sidebar] of Object.entries(configured))
        sidebar.label = config.sidebars[id]?.label ?? sidebar.label;
    }
    const resolved = resolveSidebars({
      sidebars: Object.fromEntries(
        Object.entries(configured).map(([id, sidebar]) => [versionSidebarId(id, version.name), sidebar]),
      ),
      pages: [...plain, ...local],
      drafts: [...drafts.filter((p) => !versionOf.has(p.page.file)), ...ownDrafts],
      categories: new Map(
        [...options.categories]
          .filter(([folder]) => folder !== plan.folder && !folder.startsWith(`${plan.folder}/`))
          .concat([...categories]),
      ),
      configFile: version.sidebarsFile ?? config.configFile,
      routes: options.routes,
      href: options.href,
      docsBase: version.mount ? `/${version.mount}` : '',
    });
    Object.assign(result.sidebars, resolved.sidebars);
    for (const [route, id] of resolved.sidebarOf) if (!result.sidebarOf.has(route)) result.sidebarOf.set(route, id);
    result.generated.push(...resolved.generated);
    result.errors.push(...resolved.errors);
    // The version's first doc (Docusaurus mainDoc): its first sidebar's first link (the config's entry may be another
    // version's page), else its first page.
    const firstSidebar = Object.values(resolved.sidebars)[0];
    const first = (firstSidebar && firstHref(firstSidebar.items)) ?? (own[0] ? options.href(own[0].route) : undefined);
    if (first) result.firstHref.set(version.name, first);
  }
  return result;
}

/**
 * A config sidebar's entry for the current version: an entry below the versions' base (`/docs/intro`) is the current
 * version's page when that version is not served there (`/docs/next/intro`), or its first link ('') when it has none.
 */
function currentEntry(entry: string, version: VersionSpec, base: string, routes: Set<string>): string {
  const prefix = routeOfMount(base);
  if (version.mount === base || !entry.startsWith(prefix)) return entry;
  const moved = `${routeOfMount(version.mount)}${entry.slice(prefix.length)}`;
  return routes.has(moved) ? moved : '';
}

/**
 * A versioned sidebars file (Docusaurus JSON: `{ [sidebarId]: items }`, doc ids relative to the version's docs
 * folder) as config sidebars whose ids are in the docs folder (`intro` -> `docs/intro`); the entry is the first doc.
 */
function readVersionSidebars(
  file: string,
  folder: string,
  errors: DocgenError[],
): Record<string, { label: string; entry: string; items: SidebarItemConfig[] }> {
  try {
    const raw: unknown = JSON.parse(readFileSync(file, 'utf8'));
    return Object.fromEntries(
      Object.entries(fromDocusaurusSidebars(raw, folder)).map(([id, items]) => [id, { label: id, entry: '', items }]),
    );
  } catch (error) {
    errors.push(
      new DocgenError({
        code: 'ConfigInvalid',
        message: `The versioned sidebars file cannot be read: ${(error as Error).message}. It is JSON as Docusaurus writes it: { "docs": ["intro", …] }.`,
        file,
      }),
    );
    return {};
  }
}

/**
 * The version part of each versioned doc's navigation: its version, and the same doc (by Docusaurus doc id) in the
 * other versions.
 * @param routes every page route with its page
 * @returns DocNavigation['version'] by route path
 */
export function versionAlternates(
  routes: { path: string; page?: SourcePage }[],
  versionOf: Map<string, VersionedPage>,
  href: (route: string) => string,
): Map<string, NonNullable<DocNavigation['version']>> {
  const byVersion = new Map<string, Map<string, string>>();
  const idOf = new Map<string, { version: string; id: string }>();
  for (const route of routes) {
    const versioned = route.page && versionOf.get(route.page.file);
    if (!versioned) continue;
    const id = docIdOf(versioned.localRelPath, route.page!.frontMatter.id);
    let ids = byVersion.get(versioned.version.name);
    if (!ids) byVersion.set(versioned.version.name, (ids = new Map()));
    if (!ids.has(id)) ids.set(id, route.path);
    idOf.set(route.path, { version: versioned.version.name, id });
  }
  const out = new Map<string, NonNullable<DocNavigation['version']>>();
  for (const [routePath, { version, id }] of idOf) {
    const alternates: Record<string, string> = {};
    for (const [name, ids] of byVersion) if (name !== version && ids.has(id)) alternates[name] = href(ids.get(id)!);
    out.set(routePath, { name: version, alternates });
  }
  return out;
}

/** The versions as the theme shows them (SiteData.versions.items). */
export function docsVersionsOf(
  plan: VersionsPlan,
  firstHref: Map<string, string>,
  href: (route: string) => string,
): DocsVersion[] {
  return plan.versions.map((v) => ({
    name: v.name,
    label: v.label,
    href: firstHref.get(v.name) ?? href(routeOfMount(v.mount)),
    banner: v.banner,
    last: v.last,
    path: versionPath(href(routeOfMount(v.mount))),
    ...(v.noIndex ? { noIndex: true } : {}),
  }));
}
