/**
 * The warnings of the last build of an output folder, kept with its build record so that CI can trust a build
 * that had nothing to do: an up-to-date build prints them again (text and `--json`) with the same exit status,
 * and an incremental build keeps those of the pages it did not compile again. A multi-locale build names the
 * locales of each warning and prints it once (mergeLocaleWarnings).
 */
import path from 'node:path';
import { readCacheFile, writeCacheFile } from '../cache/atomic-file.js';
import { outputKey } from '../cache/build-fingerprint.js';
import { DocgenError, type DiagnosticInit } from '../diagnostics/error.js';
import { cacheRoot } from '../paths.js';
import type { BuildResult } from './types.js';

function recordFile(outPath: string): string {
  return path.join(cacheRoot(), `warnings-${outputKey(outPath)}.json`);
}

/** The warnings recorded for an output folder ([] when none were, or the record cannot be read). */
async function recordedWarnings(outPath: string): Promise<DocgenError[]> {
  try {
    const list = JSON.parse((await readCacheFile(recordFile(outPath)))?.toString('utf8') ?? '[]') as DiagnosticInit[];
    return Array.isArray(list) ? list.map((init) => DocgenError.fromJSON({ ...init, severity: 'warning' })) : [];
  } catch {
    return [];
  }
}

/**
 * A one-locale build's result with the warnings that describe its output folder, which are recorded for the next
 * build: the recorded ones when the build was up to date, else the build's own (an incremental build's already
 * include those of the pages it did not compile again: incremental/patch-build.ts).
 */
export async function withRecordedWarnings(outPath: string, result: BuildResult): Promise<BuildResult> {
  if (result.upToDate) return { ...result, warnings: await recordedWarnings(outPath) };
  await writeCacheFile(recordFile(outPath), JSON.stringify(result.warnings.map((w) => w.toJSON())));
  return result;
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
