/**
 * `docgen build` of a multi-locale site: an outer loop over the locales. Each locale is
 * built by the one-locale pipeline (build/index.ts buildResolved) from its overlay folder (i18n/overlay.ts) into a
 * folder of its own in docgen's cache, with that pipeline's up-to-date check, incremental build and caches, so an
 * unchanged locale costs a fingerprint check. The locales' sites are then put together in one staging folder (the
 * default locale at the root, the others at `/<path>/`) with what spans them (one sitemap, one `_headers`), and
 * that folder replaces the output folder at once (output/atomic.ts).
 */
import { createHash } from 'node:crypto';
import { accessSync, constants, existsSync, mkdirSync } from 'node:fs';
import os from 'node:os';
import { copyFile, cp, link, mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { BuildResult } from '../build/types.js';
import { isUpToDate, outputKey, outputSignature, recordBuild } from '../cache/build-fingerprint.js';
import { resolveMessages } from '../config/messages.js';
import type { ResolvedConfig } from '../config/resolve.js';
import { AggregateDocgenError, DocgenError } from '../diagnostics/error.js';
import { suggest } from '../diagnostics/suggest.js';
import { assertSafeOutDir, createStagingDir, recoverOutput, swapIntoPlace } from '../output/atomic.js';
import { cacheRoot } from '../paths.js';
import type { Reporter } from '../report.js';
import { localeConfig, resolveLocales, type LocaleSettings } from './locale-config.js';
import { mergeHeaders, mergeSitemaps } from './merge-output.js';
import { syncOverlay, type Overlay } from './overlay.js';
import { loadTranslations } from './translations.js';

type BuildOne = (options: {
  config: ResolvedConfig;
  dependencies: string[];
  report: Reporter;
  started: number;
  force: boolean;
}) => Promise<BuildResult>;

/** Files each locale's build writes at its root that the output has once, merged (merge-output.ts). */
const MERGED = new Set(['_headers', 'nginx.conf.example', 'sitemap.xml']);

/**
 * Where one locale's content overlay and site are kept between builds.
 * @returns absolute folders under docgen's cache, keyed by the output folder
 */
export function localeFolders(outPath: string, locale: string): { content: string; site: string } {
  const home = path.join(localesHome(), outputKey(outPath), encodeURIComponent(locale));
  return { content: path.join(home, 'content'), site: path.join(home, 'site') };
}

let home: string | undefined;

/**
 * The folder of the locales' sites: in docgen's cache, or, when that cannot be written (a read-only install), in
 * the OS temp folder. Unlike the caches, a multi-locale build needs it.
 */
function localesHome(): string {
  if (home) return home;
  const primary = path.join(cacheRoot(), 'locales');
  try {
    mkdirSync(primary, { recursive: true });
    accessSync(primary, constants.W_OK);
    return (home = primary);
  } catch {
    const fallback = path.join(
      os.tmpdir(),
      `docgen-locales-${typeof process.getuid === 'function' ? process.getuid() : 'user'}`,
    );
    mkdirSync(fallback, { recursive: true });
    return (home = fallback);
  }
}

/**
 * Builds every locale (or only `only`) and writes them together into the output folder.
 * @param options.buildOne the one-locale pipeline (passed in: build/index.ts imports this module)
 * @returns the figures of the whole output, with each locale's in `locales`
 * @throws DocgenError UnknownLocale for an `only` that is not in `i18n.locales`; any error of a locale's build
 *   (the output folder is then left as it was)
 */
export async function buildLocales(options: {
  config: ResolvedConfig;
  dependencies: string[];
  report: Reporter;
  started: number;
  force: boolean;
  only?: string;
  buildOne: BuildOne;
}): Promise<BuildResult> {
  const { config, report, force, only } = options;
  assertSafeOutDir(config);
  const locales = resolveLocales(config);
  if (only !== undefined && !locales.some((l) => l.locale === only)) {
    const guess = suggest(
      only,
      locales.map((l) => l.locale),
    );
    throw new DocgenError({
      code: 'UnknownLocale',
      message: `--locale ${only}: the site has no such locale (i18n.locales: ${locales.map((l) => l.locale).join(', ')}).${guess ? ` Did you mean '${guess}'?` : ''}`,
      file: config.configFile,
    });
  }
  await recoverOutput(config.outPath);
  const results: NonNullable<BuildResult['locales']> = [];
  for (const settings of locales) {
    if (only !== undefined && settings.locale !== only) continue;
    const folders = localeFolders(config.outPath, settings.locale);
    const translations = loadTranslations(
      config.root,
      settings.locale,
      resolveMessages({ ...config.i18n, defaultLocale: settings.locale }),
    );
    // The default locale reads the content folder itself (Docusaurus reads no i18n/ folder for it but its labels).
    const overlay = settings.isDefault
      ? defaultOverlay(config)
      : syncOverlay({ config, locale: settings.locale, target: folders.content });
    report.info(
      `\nlocale ${settings.locale} ${settings.isDefault ? '(default, at the base URL)' : `(at ${settings.baseUrl}): ${overlay.translated} translated page(s), ${overlay.untranslated.size} in the default locale's text`}`,
    );
    if (overlay.orphans.length > 0)
      report.info(
        `  left out, as Docusaurus does: ${overlay.orphans.length} translated page(s) the default locale does not have (${overlay.orphans.slice(0, 3).join(', ')}${overlay.orphans.length > 3 ? ', ...' : ''})`,
      );
    const localeBuild = localeConfig({ config, settings, locales, translations, overlay, outPath: folders.site });
    const result = await options
      .buildOne({ config: localeBuild, dependencies: options.dependencies, report, started: performance.now(), force })
      .catch((error: unknown) => {
        throw relocate(error, overlay.sourceOf);
      });
    results.push({
      ...result,
      warnings: result.warnings.map((w) => relocate(w, overlay.sourceOf)),
      locale: settings.locale,
      translated: overlay.translated,
      untranslated: overlay.untranslated.size,
    });
  }
  const built = locales.filter((l) => existsSync(localeFolders(config.outPath, l.locale).site));
  const key = await assembledKey(config, built);
  const warnings = mergeLocaleWarnings(results);
  const routes = results.reduce((sum, r) => sum + r.routes, 0);
  if (!force && (await isUpToDate(config.outPath, key))) {
    return {
      outPath: config.outPath,
      routes,
      durationMs: performance.now() - options.started,
      firstLoad: null,
      upToDate: results.every((r) => r.upToDate),
      warnings,
      locales: results,
    };
  }
  await report.task('writing the locales into one output folder', () => assemble(config, built, key));
  const durationMs = performance.now() - options.started;
  report.info(
    `\nbuilt ${built.length} locale(s) (${built.map((l) => l.locale).join(', ')}) into ${path.relative(process.cwd(), config.outPath) || '.'} in ${(durationMs / 1000).toFixed(2)} s`,
  );
  return {
    outPath: config.outPath,
    routes,
    durationMs,
    firstLoad: results.find((r) => r.firstLoad)?.firstLoad ?? null,
    upToDate: false,
    warnings,
    locales: results,
  };
}

/** The default locale reads the site's content folder as it is. */
function defaultOverlay(config: ResolvedConfig): Overlay {
  return {
    contentPath: config.contentPath,
    untranslated: new Set(),
    translated: 0,
    orphans: [],
    copied: 0,
    sourceOf: (file) => file,
  };
}

/** A diagnostic (or every one of an aggregate) located in the file the author edits rather than the overlay's copy. */
function relocate<T>(error: T, sourceOf: (file: string) => string): T {
  if (error instanceof AggregateDocgenError)
    return new AggregateDocgenError(error.errors.map((e) => relocate(e, sourceOf))) as T;
  if (!(error instanceof DocgenError) || !error.file || sourceOf(error.file) === error.file) return error;
  return new DocgenError({ ...error.toJSON(), file: sourceOf(error.file), cause: error.cause }) as T;
}

/** A key of what the output folder is made of: each locale's site as its build left it. */
async function assembledKey(config: ResolvedConfig, built: LocaleSettings[]): Promise<string> {
  const hash = createHash('sha256');
  for (const l of built)
    hash.update(`${l.locale}\0${l.baseUrl}\0${await outputSignature(localeFolders(config.outPath, l.locale).site)}\0`);
  return hash.digest('hex');
}

/**
 * Copies the locales' sites into a staging folder, the default locale at its root and the others at `<path>/`,
 * merges their sitemaps and `_headers`, and swaps it in as the output folder.
 */
async function assemble(config: ResolvedConfig, built: LocaleSettings[], key: string): Promise<void> {
  const staging = await createStagingDir(config.outPath);
  try {
    const sitemaps: string[] = [];
    const headers: { baseUrl: string; text: string }[] = [];
    for (const l of built) {
      const site = localeFolders(config.outPath, l.locale).site;
      const into = l.isDefault ? staging : path.join(staging, l.path);
      await linkTree(site, into, (rel) => MERGED.has(rel));
      sitemaps.push(await readFile(path.join(site, 'sitemap.xml'), 'utf8'));
      headers.push({ baseUrl: l.baseUrl, text: await readFile(path.join(site, '_headers'), 'utf8') });
      const nginx = path.join(site, 'nginx.conf.example');
      if (l.isDefault && existsSync(nginx)) await cp(nginx, path.join(staging, 'nginx.conf.example'));
    }
    await writeFile(path.join(staging, 'sitemap.xml'), mergeSitemaps(sitemaps));
    await writeFile(path.join(staging, '_headers'), mergeHeaders(headers));
    await swapIntoPlace(staging, config.outPath);
    await recordBuild(config.outPath, key);
  } catch (error) {
    await rm(staging, { recursive: true, force: true });
    throw error;
  }
}

/**
 * Puts a locale's site into the staging folder as hard links (a copy across file systems): no build writes into a
 * file it already wrote (full builds write a new folder, incremental ones rename new files in: incremental/journal.ts),
 * so the output and the locale's folder can share the files, and an unchanged locale costs no copying.
 * @param skip relative paths (POSIX) left out
 */
async function linkTree(from: string, to: string, skip: (rel: string) => boolean, rel = ''): Promise<void> {
  await mkdir(path.join(to, rel), { recursive: true });
  for (const entry of await readdir(path.join(from, rel), { withFileTypes: true })) {
    const child = rel ? `${rel}/${entry.name}` : entry.name;
    if (skip(child)) continue;
    if (entry.isDirectory()) await linkTree(from, to, skip, child);
    else
      await link(path.join(from, child), path.join(to, child)).catch(() =>
        copyFile(path.join(from, child), path.join(to, child)),
      );
  }
}

/**
 * The warnings of every locale's build, each once: a warning about the same place (code, file, line, column) in
 * several locales (a page of the default locale's text built for each) is reported once, naming them all.
 * @param results each locale's result, in build order
 */
export function mergeLocaleWarnings(results: { locale: string; warnings: DocgenError[] }[]): DocgenError[] {
  const byPlace = new Map<string, { warning: DocgenError; locales: string[] }>();
  for (const { locale, warnings } of results) {
    for (const warning of warnings) {
      const place = [
        warning.code,
        warning.file ?? '',
        warning.line ?? '',
        warning.column ?? '',
        warning.file ? '' : warning.message,
      ].join('\0');
      const seen = byPlace.get(place);
      if (seen) seen.locales.push(locale);
      else byPlace.set(place, { warning, locales: [locale] });
    }
  }
  return [...byPlace.values()].map(({ warning, locales }) =>
    DocgenError.fromJSON({
      ...warning.toJSON(),
      message: `[${locales.length === 1 ? 'locale' : 'locales'} ${locales.join(', ')}] ${warning.message}`,
    }),
  );
}
