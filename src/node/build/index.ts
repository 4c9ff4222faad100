import { existsSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { versionsFileOf } from '../site/inputs.js';
import path from 'node:path';
import { outputName } from './output-name.js';
import { inputFingerprint, recordBuild } from '../cache/build-fingerprint.js';
import { loadConfig } from '../config/load.js';
import type { ResolvedConfig } from '../config/resolve.js';
import { assertSafeOutDir, createStagingDir, recoverOutput, swapIntoPlace } from '../output/atomic.js';
import { removeStaleServerModules } from '../render/ssr.js';
import { createReporter, reportAssets, type Reporter } from '../report.js';
import { writeExtras } from './output.js';
import { buildPass } from './pass.js';
import { buildStateOf, passInputs, pruneCaches, upToDateBuild } from './record.js';
import type { BuildOptions, BuildResult } from './types.js';

export type { BuildOptions, BuildResult } from './types.js';

/**
 * Builds the site.
 * @returns where it was written and a few figures
 * @throws DocgenError for a failure that stops everything (config, unsafe output folder)
 * @throws AggregateDocgenError listing every content failure; the previous output is left untouched
 */
export async function build(options: BuildOptions = {}): Promise<BuildResult> {
  const started = performance.now();
  const root = path.resolve(options.root ?? process.cwd());
  const report = createReporter(options.silent);
  const force = options.force ?? false;
  const { config, dependencies } = await report.task('loading config', () =>
    loadConfig(root, { outDir: options.outDir, baseUrl: options.baseUrl }),
  );
  if (
    config.i18n.locales.length > 1 ||
    (options.locale !== undefined && options.locale !== config.i18n.defaultLocale)
  ) {
    // One run of the stages below over every locale, into one output folder.
    const { buildLocales } = await import('../i18n/build-locales.js');
    return buildLocales({
      config,
      dependencies,
      report,
      started,
      force,
      only: options.locale,
    });
  }
  return buildResolved({ config, dependencies, report, started, force });
}

/**
 * The build of one resolved configuration: a one-locale site, or one locale of a multi-locale site.
 * @param options.started performance.now() when the build began (durations include config loading)
 * @returns as build()
 */
async function buildResolved(options: {
  config: ResolvedConfig;
  dependencies: string[];
  report: Reporter;
  started: number;
  force: boolean;
}): Promise<BuildResult> {
  const { config, dependencies, report, started, force } = options;
  assertSafeOutDir(config);
  await recoverOutput(config.outPath); // a killed build's site is put back and its leftovers go, even when nothing else has to
  await removeStaleServerModules();
  const fingerprint = await report.task('checking for changes', () => inputFingerprint(config, dependencies));
  const upToDate = force ? null : await upToDateBuild(config, fingerprint.fingerprint, started, report);
  if (upToDate) return upToDate;
  // A versioned site is built in full: its pages come from the page cache, and each version has an index.
  if (!force && !existsSync(versionsFileOf(config.root))) {
    const { tryIncrementalBuild } = await import('../incremental/patch-build.js');
    const result = await tryIncrementalBuild({
      config,
      inputs: fingerprint,
      configFiles: dependencies,
      report,
      started,
    });
    if (result) return result;
  }
  const restoreHeapGrowth = (await import('./heap-growth.js')).boundHeapGrowthForLargeApis(config);
  const { budgetOf, createBuildPool, poolSize } = await import('../pool/pool.js');
  const pool = createBuildPool({ threads: poolSize(fingerprint.markdownBytes), budget: budgetOf(config) }); // its threads load the Markdown pipeline meanwhile
  const staging = await createStagingDir(config.outPath);
  try {
    const pass = await buildPass({ config, inputs: fingerprint, pool, staging, report, force, releasePool: true });
    const { model, compiled, records, manifest, search, indexedSite, navigationUrl, themeScript, warnings } = pass;
    await report.task('writing sitemap and static files', () =>
      writeExtras({ staging, config, model, records, headers: pass.headers }),
    );
    const { forgetBuildState, saveBuildState } = await import('../incremental/state.js');
    await forgetBuildState(config.outPath); // it describes the output about to be replaced
    await swapIntoPlace(staging, config.outPath);
    const inputs = passInputs(fingerprint, compiled, config.outPath);
    const output = await recordBuild(
      config.outPath,
      inputs.fingerprint,
      undefined,
      inputs.imports.keys(),
      warnings.map((warning) => warning.toJSON()),
    );
    const firstLoad = await reportAssets({
      report,
      outPath: config.outPath,
      manifest,
      baseUrl: config.baseUrl,
      routes: records.length,
    });
    await saveBuildState(config.outPath, {
      ...buildStateOf({ config, fingerprint: inputs, model, compiled, site: indexedSite, navigationUrl, search }),
      assets: manifest,
      themeScript,
      output,
      routes: records.length,
      firstLoad,
    });
    await pruneCaches(config, compiled, pass.apiCacheKeys);
    const durationMs = performance.now() - started;
    const threads =
      pool.threads === 0 ? 'on the main thread' : `with ${pool.threads} worker thread${pool.threads === 1 ? '' : 's'}`;
    report.info(
      `\nbuilt ${records.length} routes + 404.html into ${outputName(config)} in ${(durationMs / 1000).toFixed(2)} s (${threads})`,
    );
    return { outPath: config.outPath, routes: records.length, durationMs, firstLoad, upToDate: false, warnings };
  } catch (error) {
    await rm(staging, { recursive: true, force: true });
    throw error;
  } finally {
    await pool.destroy();
    restoreHeapGrowth();
  }
}
