/**
 * Versioned docs of a Docusaurus site, carried over by `docgen migrate docusaurus`: versions.json,
 * versioned_docs/ and versioned_sidebars/ are copied beside site.config.ts unchanged (docgen reads them where
 * Docusaurus does: content/versions.ts), and the docs plugin's version options become config `docs`. What docgen
 * does not do (a version's `badge` or `className`, versions of a second docs plugin, translated versions) is
 * reported.
 */
import { copyFileSync, existsSync, mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fg from 'fast-glob';
import type { UserConfig } from '../config/schema.js';
import { readVersionNames, versionPaths } from '../content/versions.js';
import { versionsFileOf } from '../site/inputs.js';
import { DocgenError } from '../diagnostics/error.js';
import { indexDocs } from './docs-index.js';
import type { MigrationReport } from './report.js';
import { contentOnly, copyTree } from './write-site.js';

type DocsConfig = NonNullable<UserConfig['docs']>;

/** The docs plugin's version options (Docusaurus docs "plugin-content-docs" > Configuration). */
const VERSION_OPTION_KEYS = [
  'lastVersion',
  'includeCurrentVersion',
  'onlyIncludeVersions',
  'versions',
  'disableVersioning',
];

/**
 * Copies the versioned docs of the site's docs plugin into the new site and converts its version options.
 * @param site the Docusaurus site folder; @param out the new site's folder
 * @param options the docs plugin's options; @param routeBase its route base path ('docs'; '' when served at the root)
 * @returns config `docs` for the new site (undefined when the site has no versions), and the files copied
 */
export function migrateVersions(options: {
  site: string;
  out: string;
  docs: Record<string, unknown>;
  routeBase: string;
  /** The content folder the current docs were copied to (versionedDocsFolder). */
  folder: string;
  report: MigrationReport;
  file: string;
  /** Called with the Markdown of each versioned page (migrate collects the origins of its images and iframes). */
  eachPage?: (text: string) => void;
}): { docs?: DocsConfig; files: number; pages: number } {
  const { site, out, docs, report, file } = options;
  const instance = typeof docs.id === 'string' && docs.id !== 'default' ? docs.id : null;
  let names: string[] | null;
  try {
    names = readVersionNames(site);
  } catch (error) {
    if (!(error instanceof DocgenError)) throw error;
    report.add('versions.json', `${error.message} Versions are not carried over.`);
    return { files: 0, pages: 0 };
  }
  if (names === null) {
    for (const key of VERSION_OPTION_KEYS.filter((k) => docs[k] !== undefined))
      report.add(file, `docs option '${key}' is not carried over: the site has no versions.json`, key);
    return { files: 0, pages: 0 };
  }
  if (instance) {
    report.add(
      file,
      `the versions in versions.json belong to the default docs plugin; docs plugin '${instance}' keeps its current docs only (its ${instance}_versions.json is not carried over)`,
      instance,
    );
    return { files: 0, pages: 0 };
  }
  if (docs.disableVersioning === true) {
    report.add(
      file,
      'versions are not carried over: disableVersioning is set; only the current docs are migrated',
      'disableVersioning',
    );
    return { files: 0, pages: 0 };
  }
  copyFileSync(path.join(site, 'versions.json'), path.join(out, 'versions.json'));
  let files = 1;
  let pages = 0;
  for (const name of names) {
    const own = versionPaths(site, name);
    const target = versionPaths(out, name);
    if (existsSync(own.docs)) {
      const excluded = excludedDocs(own.docs, docs.exclude);
      const notContent = contentOnly(own.docs);
      files += copyTree(
        own.docs,
        target.docs,
        (relative) => excluded.has(relative.split(path.sep).join('/')) || notContent(relative),
      );
      const versionDocs = indexDocs(own.docs, docs.numberPrefixParser !== false);
      pages += versionDocs.size;
      for (const doc of versionDocs.values()) options.eachPage?.(readFileSync(path.join(own.docs, doc.source), 'utf8'));
    } else
      report.add(
        'versions.json',
        `version '${name}' has no folder versioned_docs/version-${name}; the build will stop until it exists or the version is removed`,
        name,
      );
    if (existsSync(own.sidebars)) {
      mkdirSync(path.dirname(target.sidebars), { recursive: true });
      copyFileSync(own.sidebars, target.sidebars);
      files += 1;
    }
  }
  const converted = convertVersionOptions(docs, { folder: options.folder, names, report, file });
  if (options.folder !== options.routeBase) converted.routeBasePath = options.routeBase;
  return { docs: converted, files, pages };
}

/**
 * The files of a docs folder that the docs option `exclude` (globs below the folder) leaves out: neither docs nor
 * copied, in the current docs and in every version, as in Docusaurus.
 * @returns their POSIX paths relative to the folder
 */
export function excludedDocs(docsDir: string, exclude: unknown): Set<string> {
  if (!Array.isArray(exclude)) return new Set();
  const globs = exclude.filter((glob): glob is string => typeof glob === 'string');
  return new Set(fg.sync(globs, { cwd: docsDir, onlyFiles: true }));
}

/**
 * The content folder a docs plugin's current docs are copied to: its route base path, which is also its route, unless
 * the site versions them and they are served at the site root or below a nested path (`routeBasePath: '/'`,
 * `'a/b'`): docgen's versioned docs folder is one folder directly below content/, so they go to `docs/` and config
 * `docs.routeBasePath` serves them where Docusaurus does.
 * @param options the docs plugin's options; @param routeBase its route base path without slashes
 */
export function versionedDocsFolder(site: string, options: Record<string, unknown>, routeBase: string): string {
  const versioned =
    (options.id === undefined || options.id === 'default') &&
    options.disableVersioning !== true &&
    existsSync(versionsFileOf(site));
  return versioned && (routeBase === '' || routeBase.includes('/')) ? 'docs' : routeBase;
}

/** The docs plugin's version options as config `docs`: `badge` and `className` of a version are reported. */
function convertVersionOptions(
  docs: Record<string, unknown>,
  ctx: { folder: string; names: string[]; report: MigrationReport; file: string },
): DocsConfig {
  const known = new Set(['current', ...ctx.names]);
  const out: DocsConfig = { folder: ctx.folder };
  if (typeof docs.lastVersion === 'string') out.lastVersion = docs.lastVersion;
  if (typeof docs.includeCurrentVersion === 'boolean') out.includeCurrentVersion = docs.includeCurrentVersion;
  if (Array.isArray(docs.onlyIncludeVersions))
    out.onlyIncludeVersions = docs.onlyIncludeVersions.filter(
      (name): name is string => typeof name === 'string' && known.has(name),
    );
  const versions: NonNullable<DocsConfig['versions']> = {};
  for (const [name, raw] of Object.entries((docs.versions ?? {}) as Record<string, Record<string, unknown>>)) {
    if (!known.has(name)) {
      ctx.report.add(ctx.file, `docs option versions['${name}'] names no version of versions.json; left out`, name);
      continue;
    }
    const options: NonNullable<DocsConfig['versions']>[string] = {};
    if (typeof raw.label === 'string') options.label = raw.label;
    if (typeof raw.path === 'string') options.path = raw.path.replace(/^\/+|\/+$/g, '');
    if (raw.banner === 'none' || raw.banner === 'unreleased' || raw.banner === 'unmaintained')
      options.banner = raw.banner;
    if (typeof raw.noIndex === 'boolean') options.noIndex = raw.noIndex;
    for (const key of Object.keys(raw).filter((k) => !['label', 'path', 'banner', 'noIndex'].includes(k))) {
      ctx.report.add(
        ctx.file,
        `docs option versions['${name}'].${key} is not carried over (docgen shows a version's label, path, banner and noIndex)`,
        key,
      );
    }
    versions[name] = options;
  }
  if (Object.keys(versions).length > 0) out.versions = versions;
  return out;
}
