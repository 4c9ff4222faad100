/**
 * Warm builds (issue #8): a fingerprint of every build input, and of the output folder as it was left. When both
 * match the last successful build, `docgen build` has nothing to do. Any change (a content file, an OpenAPI
 * document, site.config.ts or a file it imports, the theme, docgen's own code, its version or its dependencies,
 * the CLI options) changes the fingerprint and the whole site is built again, so the cache can never serve a
 * stale page. Stored under `<docgen>/node_modules/.cache/docgen/`, never in the output folder. Files whose size
 * and mtime did not change are not read again (file-hashes.ts), so checking 10,000 pages reads none of them.
 */
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import fg from 'fast-glob';
import type { ResolvedConfig } from '../config/resolve.js';
import { docgenRoot, docgenVersion } from '../paths.js';
import { loadFileHashes } from './file-hashes.js';

/**
 * SHA-256 over the inputs of a build, and the size of its Markdown (which sizes the worker pool).
 * @param configDependencies absolute paths of site.config.ts and the files it imports
 * @returns the fingerprint (hex) and the total bytes of the Markdown files under content/
 */
export async function inputFingerprint(config: ResolvedConfig, configDependencies: string[]): Promise<{ fingerprint: string; markdownBytes: number }> {
  const hash = createHash('sha256');
  hash.update(`${await engineFingerprint()}\0${JSON.stringify({ outPath: config.outPath, baseUrl: config.baseUrl })}\0`);
  const content = await fg('**/*', { cwd: config.contentPath, absolute: true, onlyFiles: true, dot: false, followSymbolicLinks: false });
  const apis = config.apis.map((api) => path.resolve(config.root, api.spec));
  hashFiles(hash, [...new Set([...content, ...apis, ...configDependencies])].sort(), `inputs-${outputKey(config.outPath)}`);
  const markdownBytes = content.filter((file) => file.endsWith('.md')).reduce((sum, file) => sum + statSync(file).size, 0);
  return { fingerprint: hash.digest('hex'), markdownBytes };
}

let engine: Promise<string> | undefined;

/** SHA-256 over docgen itself: its version, sources, theme, compiled CLI, package.json and lockfile (memoized). */
export function engineFingerprint(): Promise<string> {
  engine ??= (async () => {
    const root = docgenRoot();
    const hash = createHash('sha256').update(`docgen ${docgenVersion()}\0`);
    const files = await fg(['src/**', 'templates/**', 'lib/**', 'package-lock.json', 'package.json'], { cwd: root, absolute: true, onlyFiles: true });
    hashFiles(hash, files.sort(), 'engine');
    return hash.digest('hex');
  })();
  return engine;
}

/** Adds each file's path and content hash; @param set names the remembered hashes (file-hashes.ts) */
function hashFiles(hash: ReturnType<typeof createHash>, files: string[], set: string): void {
  const hashes = loadFileHashes(set);
  for (const file of files) hash.update(`${file}\0${hashes.hashOf(file)}\0`);
  hashes.save();
}

/**
 * Names, sizes and modification times of every file in the output folder (detects hand edits and deletions).
 * Synchronous walk: tens of thousands of stat calls are several times faster without a promise each.
 */
export async function outputSignature(outPath: string): Promise<string> {
  if (!existsSync(outPath)) return 'missing';
  const entries: string[] = [];
  for (const entry of readdirSync(outPath, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const file = path.join(entry.parentPath, entry.name);
    const info = statSync(file);
    entries.push(`${path.relative(outPath, file)}\0${info.size}\0${info.mtimeMs}\0`);
  }
  return createHash('sha256').update(entries.sort().join('')).digest('hex');
}

/** A short key of an output folder, naming its build record and its input hashes. */
function outputKey(outPath: string): string {
  return createHash('sha256').update(outPath).digest('hex').slice(0, 16);
}

function recordFile(outPath: string): string {
  return path.join(docgenRoot(), 'node_modules', '.cache', 'docgen', `build-${outputKey(outPath)}.json`);
}

/** True when the last successful build had these inputs and left the output folder as it is now. */
export async function isUpToDate(outPath: string, inputs: string): Promise<boolean> {
  try {
    const record = JSON.parse(await readFile(recordFile(outPath), 'utf8')) as { inputs: string; output: string };
    return record.inputs === inputs && record.output === (await outputSignature(outPath));
  } catch {
    return false;
  }
}

/** Records a successful build. */
export async function recordBuild(outPath: string, inputs: string): Promise<void> {
  const file = recordFile(outPath);
  await mkdir(path.dirname(file), { recursive: true });
  await writeFile(file, JSON.stringify({ inputs, output: await outputSignature(outPath) }));
}
