/**
 * Warm builds: a fingerprint of every build input, and of the output folder as it was left. When both
 * match the last successful build, `docgen build` has nothing to do. Any change (a content file, an OpenAPI
 * document, site.config.ts or a file it imports, the theme, docgen's own code, its version or its dependencies,
 * the CLI options, a file a page's snippet or raw imports read) changes the fingerprint and the whole site is built
 * again, so the cache can never serve a stale page. Stored under `<docgen>/node_modules/.cache/docgen/`, never in the output folder. Files whose size
 * and mtime did not change are not read again (file-hashes.ts), so checking 10,000 pages reads none of them.
 */
import { PAGE_FILE } from '../content/page-files.js';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import fg from 'fast-glob';
import type { ResolvedConfig } from '../config/resolve.js';
import { hasUserTheme } from '../config/theme.js';
import { cacheRoot, docgenRoot, docgenVersion } from '../paths.js';
import { outputEntries, signatureOf } from './output-entries.js';
import { loadFileHashes } from './file-hashes.js';
import { readCacheFile, readCacheFileSync, writeCacheFile } from './atomic-file.js';
import { siteInputs } from '../site/inputs.js';
import type { DiagnosticInit } from '../diagnostics/error.js';

/** What a build reads, fingerprinted (inputFingerprint). */
export interface InputFingerprint {
  /** SHA-256 (hex) over everything below and the engine. */
  fingerprint: string;
  /** Total bytes of the Markdown files under content/ (sizes the worker pool). */
  markdownBytes: number;
  /**
   * Content hash of every input file (content/, OpenAPI documents, site.config.ts and its imports, the site's theme
   * files and their imports), by absolute path.
   */
  files: Map<string, string>;
  /** The site's theme files (bundle/theme-inputs.ts siteThemeFiles; [] without a theme), hashed in `files`. */
  themeFiles: string[];
  /** The engine fingerprint, the output options (output folder, base URL) and the Markdown plugins' key, as hashed. */
  settings: string;
  /** SHA-256 (hex) over the inputs but the imported files: `fingerprint` when the pages import none. */
  base: string;
  /**
   * Content hash of each file the pages' snippet imports name (markdown/snippet-imports.ts) by absolute path, as
   * the last build recorded them: they may lie outside content/, and only a build knows them.
   */
  imports: Map<string, string>;
}

/**
 * SHA-256 over the inputs of a build.
 * @param configDependencies absolute paths of site.config.ts and the files it imports
 * @returns the fingerprint; the site's theme files (bundle/theme-inputs.ts) count only for a site with a theme
 */
export async function inputFingerprint(
  config: ResolvedConfig,
  configDependencies: string[],
): Promise<InputFingerprint> {
  const hash = createHash('sha256');
  const output = {
    outPath: config.outPath,
    baseUrl: config.baseUrl,
    ...(config.markdown.key ? { markdownPlugins: config.markdown.key } : {}),
    ...(config.locale ? { locale: config.locale.key } : {}), // translations, untranslated pages, the other locales
  };
  const settings = `${await engineFingerprint()}\0${JSON.stringify(output)}\0`;
  hash.update(settings);
  const inputs = siteInputs(config);
  const content = [...listFiles(inputs.content), ...inputs.folders.flatMap(listFiles)];
  const theme = hasUserTheme(config.theme)
    ? await (await import('../bundle/theme-inputs.js')).siteThemeFiles(config.theme)
    : [];
  const { files, sizes } = hashFiles(
    hash,
    [...new Set([...content, ...inputs.files, ...configDependencies, ...theme])].sort(),
    inputHashesName(config.outPath),
  );
  const markdownBytes = content.filter((file) => PAGE_FILE.test(file)).reduce((sum, file) => sum + sizes.get(file)!, 0);
  const base = hash.digest('hex');
  return withImports(
    { base, markdownBytes, files, settings, themeFiles: theme },
    recordedImports(config.outPath),
    config.outPath,
  );
}

/**
 * A fingerprint with the hashes of the files the pages import: after a build whose pages import other files than
 * the last one recorded, the fingerprint the next build will compute (only those files are hashed again, so a
 * content file edited during the build still counts as changed).
 * @param imports absolute paths, sorted
 */
export function withImports(
  inputs: Omit<InputFingerprint, 'fingerprint' | 'imports'>,
  imports: readonly string[],
  outPath: string,
): InputFingerprint {
  if (imports.length === 0) return { ...inputs, fingerprint: inputs.base, imports: new Map() };
  const hash = createHash('sha256').update(`${inputs.base}\0imports\0`);
  const { files } = hashFiles(hash, [...imports], importHashesName(outPath));
  return { ...inputs, fingerprint: hash.digest('hex'), imports: files };
}

/** The imported files the last build into `outPath` recorded (recordBuild), or none. */
function recordedImports(outPath: string): string[] {
  try {
    const record = JSON.parse(readCacheFileSync(recordFile(outPath))?.toString('utf8') ?? 'null') as {
      imports?: unknown;
    } | null;
    return Array.isArray(record?.imports)
      ? record.imports.filter((file): file is string => typeof file === 'string')
      : [];
  } catch {
    return [];
  }
}

/**
 * The files under a folder as content/collect.ts sees them (fast-glob `**\/*` with `dot: false`, no symlinks
 * followed), with one synchronous walk: about four times faster than fast-glob at 10,000 files, and this runs
 * before every build, warm and incremental ones included.
 * @returns absolute paths; none when the folder does not exist
 */
export function listFiles(dir: string): string[] {
  if (!existsSync(dir)) return [];
  const files: string[] = [];
  for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const file = path.join(entry.parentPath, entry.name);
    if (
      !path
        .relative(dir, file)
        .split(path.sep)
        .some((part) => part.startsWith('.'))
    )
      files.push(file);
  }
  return files;
}

let engine: Promise<string> | undefined;

/** SHA-256 over docgen itself: its version, sources, theme, compiled CLI, package.json and lockfile (memoized). */
export function engineFingerprint(): Promise<string> {
  engine ??= (async () => {
    const root = docgenRoot();
    const hash = createHash('sha256').update(`docgen ${docgenVersion()}\0`);
    // ELK's code cache (markdown/elk-loader.ts) changes nothing a build writes, and differs between two installs;
    // nor do the type declarations (lib/index.d.ts, written when the package is packed, possibly mid-session)
    const files = await fg(['src/**', 'templates/**', 'lib/**', 'package-lock.json', 'package.json'], {
      cwd: root,
      absolute: true,
      onlyFiles: true,
      ignore: ['lib/**/*.code-cache', 'lib/**/*.d.ts'],
    });
    hashFiles(hash, files.sort(), 'engine');
    return hash.digest('hex');
  })();
  return engine;
}

/**
 * Adds each file's path and content hash; @param set names the remembered hashes (file-hashes.ts)
 * @returns the hash and size of each file
 */
function hashFiles(
  hash: ReturnType<typeof createHash>,
  files: string[],
  set: string,
): { files: Map<string, string>; sizes: Map<string, number> } {
  const hashes = loadFileHashes(set);
  const out = new Map<string, string>();
  const sizes = new Map<string, number>();
  for (const file of files) {
    const digest = hashes.hashOf(file);
    out.set(file, digest);
    sizes.set(file, hashes.sizeOf(file));
    hash.update(`${file}\0${digest}\0`);
  }
  hashes.save();
  return { files: out, sizes };
}

/** Names, sizes and modification times of every file in the output folder (detects hand edits and deletions). */
async function outputSignature(outPath: string): Promise<string> {
  return existsSync(outPath) ? signatureOf(outputEntries(outPath)) : 'missing';
}

/** A short key of an output folder, naming its build record and its input hashes. */
export function outputKey(outPath: string): string {
  return createHash('sha256').update(outPath).digest('hex').slice(0, 16);
}

/** The name of an output folder's input hashes (cache/file-hashes.ts). */
export function inputHashesName(outPath: string): string {
  return `inputs-${outputKey(outPath)}`;
}

/** The name of the hashes of the files an output folder's pages import (withImports). */
export function importHashesName(outPath: string): string {
  return `imports-${outputKey(outPath)}`;
}

function recordFile(outPath: string): string {
  return path.join(cacheRoot(), `build-${outputKey(outPath)}.json`);
}

/** True when the last successful build had these inputs and left the output folder as it is now. */
export async function isUpToDate(outPath: string, inputs: string): Promise<boolean> {
  try {
    const record = JSON.parse((await readCacheFile(recordFile(outPath)))?.toString('utf8') ?? 'null') as {
      inputs: string;
      output: string;
    };
    return record.inputs === inputs && record.output === (await outputSignature(outPath));
  } catch {
    return false;
  }
}

/**
 * Records a successful build.
 * @param entries the output folder's entries when the caller knows them (outputEntries), else it is walked
 * @param imports the files the pages' snippet imports named (InputFingerprint.imports): the next fingerprint hashes them
 * @param warnings the build's warnings as plain data (DocgenError toJSON), sorted as printed: the one record of them.
 *   An up-to-date build prints them again (text and `--json`, same exit status), an incremental build keeps those of
 *   the pages it did not compile again
 * @returns the entries recorded
 */
export async function recordBuild(
  outPath: string,
  inputs: string,
  entries = outputEntries(outPath),
  imports: Iterable<string> = [],
  warnings: DiagnosticInit[] = [],
): Promise<Map<string, string>> {
  const imported = [...imports];
  await writeCacheFile(
    recordFile(outPath),
    JSON.stringify({
      outPath,
      inputs,
      output: signatureOf(entries),
      ...(imported.length > 0 ? { imports: imported } : {}),
      ...(warnings.length > 0 ? { warnings } : {}),
    }),
  );
  return entries;
}

/**
 * The warnings the last build into `outPath` recorded (recordBuild): a build that finds nothing changed prints them
 * again, as a cold build of the same inputs would.
 * @returns plain diagnostics, none when there is no record
 */
export function recordedWarnings(outPath: string): DiagnosticInit[] {
  try {
    const record = JSON.parse(readCacheFileSync(recordFile(outPath))?.toString('utf8') ?? 'null') as {
      warnings?: DiagnosticInit[];
    } | null;
    return Array.isArray(record?.warnings) ? record.warnings : [];
  } catch {
    return [];
  }
}

/**
 * Output folders that had a recorded build and no longer exist (temporary sites of tests and benchmarks, a moved
 * checkout): their records, build states and input hashes are only taking space.
 * @returns their absolute paths (records written before they named their folder are not listed)
 */
export function vanishedOutputs(): string[] {
  const dir = cacheRoot();
  let names: string[];
  try {
    names = readdirSync(dir).filter((name) => /^build-[0-9a-f]{16}\.json$/.test(name));
  } catch {
    return [];
  }
  const gone: string[] = [];
  for (const name of names) {
    try {
      const { outPath } = JSON.parse(readCacheFileSync(path.join(dir, name))?.toString('utf8') ?? '{}') as {
        outPath?: unknown;
      };
      if (typeof outPath === 'string' && !existsSync(outPath)) gone.push(outPath);
    } catch {
      // being written, or damaged: left alone
    }
  }
  return gone;
}

/** Forgets the record of the last build (an incremental build about to change the output folder). */
export async function forgetBuild(outPath: string): Promise<void> {
  // An unwritable cache: a record left there names the old output, which no longer matches (never up to date).
  await rm(recordFile(outPath), { force: true }).catch(() => {});
}
