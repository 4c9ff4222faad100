/**
 * `docgen build` of a multi-locale site: one build run over every locale. Each locale's site is loaded from its
 * overlay folder (i18n/overlay.ts) with its own configuration (locale-config.ts) and goes through the build's stages
 * (build/pass.ts buildPass) into its folder of one staging output (the default locale at the root, the others at
 * `/<path>/`), with one worker pool and one client bundle for them all. The sitemap, `_headers` and
 * `nginx.conf.example` are written once, and the staging folder replaces the output folder at once
 * (output/atomic.ts). An unchanged locale's pages come from the page cache, whose entries are kept per content
 * folder (each locale's overlay), so an edit in one locale compiles only that locale's pages again.
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync } from 'node:fs';
import { cp, mkdir, readFile, realpath, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { buildPass, sharedBundles } from '../build/pass.js';
import { passInputs, pruneCaches, upToDateBuild } from '../build/record.js';
import type { BuildResult } from '../build/types.js';
import { inputFingerprint, outputKey, recordBuild, type InputFingerprint } from '../cache/build-fingerprint.js';
import type { ResolvedConfig } from '../config/resolve.js';
import { AggregateDocgenError, DocgenError } from '../diagnostics/error.js';
import { suggest } from '../diagnostics/suggest.js';
import { assertSafeOutDir, createStagingDir, recoverOutput, swapIntoPlace } from '../output/atomic.js';
import { componentSourcesOf, withComponentSources } from '../output/headers.js';
import { pagesNeedPolicySources } from '../render/compile-config.js';
import type { Reporter } from '../report.js';
import type { LocaleSettings } from './locale-build.js';
import { localeFolders, localesHome, localeSite, resolveLocales } from './locale-config.js';
import type { Overlay } from './overlay.js';

/** One locale of the run: its settings, overlay, configuration and input fingerprint. */
interface LocaleInput {
  settings: LocaleSettings;
  overlay: Overlay;
  config: ResolvedConfig;
  inputs: InputFingerprint;
}

/**
 * What the output holds of each locale, kept beside the overlays: its inputs, sitemap entries and host header
 * rules, so that `--locale` can build one locale and write the sitemap and `_headers` of them all.
 */
interface LocalesRecord {
  [locale: string]: { inputs: string; sitemap: string[]; headers: string; nginx: string };
}

/**
 * Builds every locale (or only `only`) in one run and writes them together into the output folder.
 * @returns the figures of the whole output, with each locale's in `locales`
 * @throws DocgenError UnknownLocale for an `only` that is not in `i18n.locales`; any error of a locale's pass
 *   (the output folder is then left as it was)
 */
export async function buildLocales(options: {
  config: ResolvedConfig;
  dependencies: string[];
  report: Reporter;
  started: number;
  force: boolean;
  only?: string;
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
  await (await import('../render/ssr.js')).removeStaleServerModules();
  const recordPath = path.join(localesHome(), outputKey(config.outPath), 'output.json');
  const record = only !== undefined && existsSync(config.outPath) ? await readRecord(recordPath) : {};
  const inputs = await report.task('checking for changes', () =>
    Promise.all(
      locales
        .filter((settings) => only === undefined || settings.locale === only || record[settings.locale])
        .map((settings) => localeInput(config, settings, locales, options.dependencies)),
    ),
  );
  const building = inputs.filter((l) => only === undefined || l.settings.locale === only);
  const key = outputInputsKey(
    inputs.map((l) => [
      l.settings.locale,
      building.includes(l) ? l.inputs.fingerprint : record[l.settings.locale]!.inputs,
    ]),
  );
  const upToDate = force ? null : await upToDateBuild(config, key, options.started, report);
  if (upToDate) return upToDate;
  const { budgetOf, createBuildPool, poolSize } = await import('../pool/pool.js');
  const { writeStaticFiles, sitemapUrls, sitemapXml } = await import('../build/output.js');
  const markdownBytes = building.reduce((sum, l) => sum + l.inputs.markdownBytes, 0);
  const pool = createBuildPool({ threads: poolSize(markdownBytes), budget: budgetOf(config) });
  const staging = await createStagingDir(config.outPath);
  try {
    // With --locale, the other locales are kept as the output has them (copies: the staging folder is written into).
    if (only !== undefined && existsSync(config.outPath))
      await keepOtherLocales(config.outPath, staging, locales, building[0]!.settings);
    const shared = sharedBundles({
      config: inputs[0]!.config,
      inputs: inputs[0]!.inputs,
      staging,
      report,
      force,
    });
    const results: NonNullable<BuildResult['locales']> = [];
    let manifest;
    for (const [index, l] of building.entries()) {
      const { settings, overlay } = l;
      report.info(
        `\nlocale ${settings.locale} ${settings.isDefault ? '(default, at the base URL)' : `(at ${settings.baseUrl}): ${overlay.translated} translated page(s), ${overlay.untranslated.size} in the default locale's text`}`,
      );
      if (overlay.orphans.length > 0)
        report.info(
          `  left out, as Docusaurus does: ${overlay.orphans.length} translated page(s) the default locale does not have (${overlay.orphans.slice(0, 3).join(', ')}${overlay.orphans.length > 3 ? ', ...' : ''})`,
        );
      const into = settings.isDefault ? staging : path.join(staging, settings.path);
      await mkdir(into, { recursive: true });
      const started = performance.now();
      const pass = await buildPass({
        config: l.config,
        inputs: l.inputs,
        pool,
        staging: into,
        report,
        force,
        shared,
        releasePool: index === building.length - 1,
      }).catch((error: unknown) => {
        throw relocate(error, overlay.sourceOf);
      });
      manifest = pass.manifest;
      await writeStaticFiles({ staging: into, config: l.config, model: pass.model });
      const localeInputs = passInputs(l.inputs, pass.compiled, l.config.outPath);
      // Names the locale's record (build-fingerprint.ts vanishedOutputs); a site an older docgen built there goes.
      await rm(l.config.outPath, { recursive: true, force: true });
      mkdirSync(l.config.outPath, { recursive: true });
      await recordBuild(l.config.outPath, localeInputs.fingerprint, new Map(), localeInputs.imports.keys());
      await pruneCaches(l.config, pass.compiled, pass.apiCacheKeys);
      record[settings.locale] = {
        inputs: localeInputs.fingerprint,
        sitemap: sitemapUrls(l.config, pass.records, pass.model),
        headers: pass.headers.headersFile,
        nginx: pass.headers.nginxFile,
      };
      results.push({
        outPath: config.outPath,
        routes: pass.records.length,
        durationMs: performance.now() - started,
        firstLoad: null,
        upToDate: false,
        warnings: pass.warnings.map((w) => relocate(w, overlay.sourceOf)),
        locale: settings.locale,
        translated: overlay.translated,
        untranslated: overlay.untranslated.size,
      });
    }
    const kept = inputs.map((l) => ({ settings: l.settings, output: record[l.settings.locale]! }));
    await report.task('writing sitemap and host headers', async () => {
      await writeFile(path.join(staging, 'sitemap.xml'), sitemapXml(kept.flatMap((l) => l.output.sitemap)));
      // One policy serves every locale: it allows what the components of all their pages render.
      const sources = pagesNeedPolicySources(config)
        ? await componentSourcesOf(staging)
        : { styles: [], frameOrigins: [] };
      const headers = kept.map((l) => l.output.headers.replace(/\n*$/, '\n')).join('');
      await writeFile(path.join(staging, '_headers'), withComponentSources(headers, sources));
      const root = kept.find((l) => l.settings.isDefault);
      if (root)
        await writeFile(path.join(staging, 'nginx.conf.example'), withComponentSources(root.output.nginx, sources));
    });
    const warnings = mergeLocaleWarnings(results);
    await swapIntoPlace(staging, config.outPath);
    const finalKey = outputInputsKey(kept.map((l) => [l.settings.locale, l.output.inputs]));
    await recordBuild(
      config.outPath,
      finalKey,
      undefined,
      [],
      warnings.map((warning) => warning.toJSON()),
    );
    await writeFile(recordPath, JSON.stringify(record));
    const routes = results.reduce((sum, r) => sum + r.routes, 0);
    const firstLoad = manifest
      ? await (await import('../report.js')).reportAssets({
          report,
          outPath: config.outPath,
          manifest,
          baseUrl: config.baseUrl,
          routes,
        })
      : null;
    const durationMs = performance.now() - options.started;
    report.info(
      `\nbuilt ${building.length} locale(s) (${building.map((l) => l.settings.locale).join(', ')}), ${routes} routes, into ${path.relative(process.cwd(), config.outPath) || '.'} in ${(durationMs / 1000).toFixed(2)} s`,
    );
    return { outPath: config.outPath, routes, durationMs, firstLoad, upToDate: false, warnings, locales: results };
  } catch (error) {
    await rm(staging, { recursive: true, force: true });
    throw error;
  } finally {
    await pool.destroy();
  }
}

/** A locale's overlay synced, its configuration and its input fingerprint. */
async function localeInput(
  config: ResolvedConfig,
  settings: LocaleSettings,
  locales: LocaleSettings[],
  dependencies: string[],
): Promise<LocaleInput> {
  const { overlay, config: localeBuild } = localeSite({
    config,
    settings,
    locales,
    outPath: localeFolders(config.outPath, settings.locale).site,
  });
  return { settings, overlay, config: localeBuild, inputs: await inputFingerprint(localeBuild, dependencies) };
}

/** The key of an output's inputs: each locale's input fingerprint, in locale order. */
function outputInputsKey(locales: [string, string][]): string {
  const hash = createHash('sha256');
  for (const [locale, inputs] of locales) hash.update(`${locale}\0${inputs}\0`);
  return hash.digest('hex');
}

async function readRecord(file: string): Promise<LocalesRecord> {
  try {
    return JSON.parse(await readFile(file, 'utf8')) as LocalesRecord;
  } catch {
    return {};
  }
}

/**
 * Copies what the output holds of the locales other than `building` into the staging folder: the other locales'
 * folders, and for a locale at `/<path>/` the default locale's files too. The sitemap and host headers are written
 * again afterwards.
 */
async function keepOtherLocales(
  outPath: string,
  staging: string,
  locales: LocaleSettings[],
  building: LocaleSettings,
): Promise<void> {
  const folders = new Set(locales.filter((l) => !l.isDefault).map((l) => l.path));
  const from = await realpath(outPath); // after a build, the output folder is a link (output/atomic.ts)
  await cp(from, staging, {
    recursive: true,
    filter: (source) => {
      const rel = path.relative(from, source).split(path.sep);
      if (rel[0] === '') return true;
      return building.isDefault ? folders.has(rel[0]!) : rel[0] !== building.path;
    },
  });
}

/** A diagnostic (or every one of an aggregate) located in the file the author edits rather than the overlay's copy. */
function relocate<T>(error: T, sourceOf: (file: string) => string): T {
  if (error instanceof AggregateDocgenError)
    return new AggregateDocgenError(error.errors.map((e) => relocate(e, sourceOf))) as T;
  if (!(error instanceof DocgenError) || !error.file || sourceOf(error.file) === error.file) return error;
  return new DocgenError({ ...error.toJSON(), file: sourceOf(error.file), cause: error.cause }) as T;
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
