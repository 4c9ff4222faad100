/**
 * A locale's content folder: the site's content folder with the locale's translated files laid
 * over it, as Docusaurus reads them: `i18n/<locale>/docusaurus-plugin-content-docs[-<id>]/current/` over the docs
 * plugin's folder (translationFolders), `docusaurus-plugin-content-blog/` over the blog's,
 * `docusaurus-plugin-content-pages/` over the content root (Markdown pages only). A page with no translation keeps the default locale's file and is listed as untranslated.
 *
 * The folder is kept in docgen's cache and synchronised file by file, keeping each file's size and modification
 * time, so the one-locale pipeline runs on it unchanged and its caches (file hashes, pages, search tokens) see an
 * unchanged file as unchanged: a locale whose files did not change is up to date.
 */
import { existsSync, mkdirSync, readdirSync, rmSync, statSync, utimesSync, copyFileSync, rmdirSync } from 'node:fs';
import path from 'node:path';
import type { ResolvedConfig } from '../config/resolve.js';
import { listFiles } from '../cache/build-fingerprint.js';
import { isPartialPath, PAGE_FILE } from '../content/page-files.js';
import { readVersionNames, versionDocsFolder } from '../content/versions.js';

/** A folder of translations and the content folder it lies over (POSIX, relative; '' is the content root). */
interface TranslationFolder {
  /** Relative to `i18n/<locale>/`. */
  from: string;
  to: string;
  /** Only Markdown pages are taken (the pages plugin also holds React pages, which docgen does not render). */
  pagesOnly?: boolean;
}

/**
 * The blog's translations (`i18n/<locale>/docusaurus-plugin-content-blog/`, plugin-content-blog's localized content
 * path): a post there replaces the post of the same path in the blog's folder; a post only there is not built.
 */
export const BLOG_TRANSLATIONS = 'docusaurus-plugin-content-blog';

/**
 * The translation folders docgen reads for a locale: each docs plugin's (`i18n.docsFolders`, see schema.ts), the
 * blog's and the pages plugin's. Versioned docs' translations (`docusaurus-plugin-content-docs/version-<name>/`) are
 * laid over the version's folder by syncOverlay (versionFolders).
 */
function translationFolders(config: Pick<ResolvedConfig, 'docsRoots' | 'i18n' | 'blog'>): TranslationFolder[] {
  const folders = config.i18n.docsFolders ?? {
    default: config.docsRoots[0] ?? 'docs',
    ...Object.fromEntries(config.docsRoots.slice(1).map((root) => [root.replace(/\//g, '-'), root])),
  };
  return [
    ...Object.entries(folders).map(([id, to]) => ({
      from: `docusaurus-plugin-content-docs${id === 'default' ? '' : `-${id}`}/current`,
      to,
    })),
    ...(config.blog ? [{ from: BLOG_TRANSLATIONS, to: config.blog.path }] : []),
    { from: 'docusaurus-plugin-content-pages', to: '', pagesOnly: true },
  ];
}

/** What syncOverlay made. */
export interface Overlay {
  contentPath: string;
  /**
   * Paths of the pages shown in the default locale's text: content-relative, and `versioned_docs/version-<name>/…`
   * for a versioned doc.
   */
  untranslated: Set<string>;
  /** On a versioned site, the folder holding the locale's `versioned_docs/` (LocaleBuild.versionsRoot). */
  versionsRoot?: string;
  /** Pages taken from the translations. */
  translated: number;
  /** Files copied or replaced by this call (0 when nothing changed). */
  copied: number;
  /** Translated pages left out because the default locale has no such page (site-relative paths). */
  orphans: string[];
  /** The file an author edits for a file of the overlay (a diagnostic's location); other paths unchanged. */
  sourceOf(file: string): string;
}

/**
 * Brings a locale's content folder up to date.
 * @param options.root the site root; @param options.target the overlay folder (created; files not in the result
 *   are removed)
 * @returns the folder and its untranslated pages
 */
export function syncOverlay(options: { config: ResolvedConfig; locale: string; target: string }): Overlay {
  const { config, locale, target } = options;
  const files = new Map<string, string>();
  for (const file of listFiles(config.contentPath)) files.set(toPosix(path.relative(config.contentPath, file)), file);
  const layers = translationFolders(config).map((folder) => ({
    ...folder,
    from: path.join(config.root, 'i18n', locale, folder.from),
  }));
  const content = layOver({ files, layers, target, sourceRoot: config.contentPath });
  const result: Overlay = {
    contentPath: target,
    untranslated: content.untranslated,
    translated: content.translated,
    orphans: content.orphans.map((file) => path.relative(config.root, file)),
    copied: content.copied,
    sourceOf: content.sourceOf,
  };
  const versions = readVersionNames(config.root);
  if (versions === null) return result;
  // Versioned docs: i18n/<locale>/docusaurus-plugin-content-docs/version-<name>/ over
  // versioned_docs/version-<name>/, in a folder of their own beside the content overlay.
  const versionsTarget = `${target}-versions`;
  const versionFiles = new Map<string, string>();
  const versionLayers: LayerFolder[] = [];
  for (const name of versions) {
    const into = versionDocsFolder(name);
    const docs = path.join(config.root, into);
    for (const file of listFiles(docs)) versionFiles.set(`${into}/${toPosix(path.relative(docs, file))}`, file);
    versionLayers.push({
      from: path.join(config.root, 'i18n', locale, 'docusaurus-plugin-content-docs', `version-${name}`),
      to: into,
    });
  }
  const versioned = layOver({
    files: versionFiles,
    layers: versionLayers,
    target: versionsTarget,
    sourceRoot: config.root,
  });
  for (const rel of versioned.untranslated) result.untranslated.add(rel);
  return {
    ...result,
    versionsRoot: versionsTarget,
    translated: result.translated + versioned.translated,
    orphans: [...result.orphans, ...versioned.orphans.map((file) => path.relative(config.root, file))],
    copied: result.copied + versioned.copied,
    sourceOf: (file) =>
      file.startsWith(versionsTarget + path.sep) ? versioned.sourceOf(file) : content.sourceOf(file),
  };
}

/** A folder of translations (absolute) and the folder of the overlay it lies over (relative, POSIX). */
type LayerFolder = Omit<TranslationFolder, 'from'> & { from: string };

/**
 * Lays translation folders over source files and mirrors the result into `target`.
 * @param options.files the source files by path relative to the overlay (changed in place); @param options.sourceRoot
 *   the folder those relative paths are relative to in the site, for diagnostics
 * @returns the overlay's untranslated pages, counts, the translations left out (absolute paths), and the file an author edits for a file of the overlay
 */
function layOver(options: { files: Map<string, string>; layers: LayerFolder[]; target: string; sourceRoot: string }) {
  const { files, target } = options;
  const untranslated = new Set([...files.keys()].filter((rel) => PAGE_FILE.test(rel) && !isPartialPath(rel)));
  let translated = 0;
  const orphans: string[] = [];
  const sources = new Map<string, string>();
  for (const folder of options.layers) {
    for (const file of listFiles(folder.from)) {
      const rel = toPosix(path.relative(folder.from, file));
      if (folder.pagesOnly && !PAGE_FILE.test(rel)) continue;
      const into = folder.to ? `${folder.to}/${rel}` : rel;
      const page = PAGE_FILE.test(into) && !isPartialPath(into);
      if (page && !files.has(into)) {
        // Docusaurus reads the pages of the source folder, each from its translation when there is one: a
        // translation without a source page is not built (and would have no page to link to in other locales).
        // A partial is no page: one only a translation imports is kept for it.
        orphans.push(file);
        continue;
      }
      if (page) {
        translated++;
        untranslated.delete(into);
      }
      if (files.get(into) !== file) sources.set(path.join(target, into), file);
      files.set(into, file);
    }
  }
  const copied = mirror(files, target);
  // Diagnostics name the file the author edits: the translation, or the site's own file.
  const sourceOf = (file: string) =>
    sources.get(file) ??
    (file.startsWith(target + path.sep) ? path.join(options.sourceRoot, path.relative(target, file)) : file);
  return { untranslated, translated, orphans, copied, sourceOf };
}

/**
 * Makes `target` hold exactly `files` (relative path -> source), copying a file only when its size or mtime
 * differ, and giving the copy the source's times.
 * @returns the number of files copied
 */
function mirror(files: Map<string, string>, target: string): number {
  mkdirSync(target, { recursive: true });
  let copied = 0;
  for (const [rel, source] of files) {
    const into = path.join(target, rel);
    const from = statSync(source);
    const to = existsSync(into) ? statSync(into) : null;
    if (to && to.size === from.size && to.mtimeMs === from.mtimeMs) continue;
    mkdirSync(path.dirname(into), { recursive: true });
    copyFileSync(source, into);
    utimesSync(into, from.atime, from.mtime);
    copied++;
  }
  for (const file of listFiles(target)) {
    if (!files.has(toPosix(path.relative(target, file)))) rmSync(file, { force: true });
  }
  removeEmptyFolders(target);
  return copied;
}

function removeEmptyFolders(dir: string): boolean {
  let empty = true;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.isDirectory() && removeEmptyFolders(path.join(dir, entry.name))) rmdirSync(path.join(dir, entry.name));
    else empty = false;
  }
  return empty;
}

function toPosix(rel: string): string {
  return rel.split(path.sep).join('/');
}
