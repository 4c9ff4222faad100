/**
 * Warm builds (issue #8): a fingerprint of every build input, and of the output folder as it was left. When both
 * match the last successful build, `docgen build` has nothing to do. Any change (a content file, an OpenAPI
 * document, site.config.ts or a file it imports, the theme, docgen's own code, its version or its dependencies,
 * the CLI options) changes the fingerprint and the whole site is built again, so the cache can never serve a
 * stale page. Stored under `<docgen>/node_modules/.cache/docgen/`, never in the output folder.
 */
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import fg from 'fast-glob';
import type { ResolvedConfig } from '../config/resolve.js';
import { docgenRoot, docgenVersion } from '../paths.js';

/**
 * SHA-256 over the inputs of a build.
 * @param configDependencies absolute paths of site.config.ts and the files it imports
 */
export async function inputFingerprint(config: ResolvedConfig, configDependencies: string[]): Promise<string> {
  const hash = createHash('sha256');
  hash.update(`${await engineFingerprint()}\0${JSON.stringify({ outPath: config.outPath, baseUrl: config.baseUrl })}\0`);
  const content = await fg('**/*', { cwd: config.contentPath, absolute: true, onlyFiles: true, dot: false, followSymbolicLinks: false });
  const apis = config.apis.map((api) => path.resolve(config.root, api.spec));
  await hashFiles(hash, [...new Set([...content, ...apis, ...configDependencies])].sort());
  return hash.digest('hex');
}

let engine: Promise<string> | undefined;

/** SHA-256 over docgen itself: its version, sources, theme, compiled CLI, package.json and lockfile (memoized). */
export function engineFingerprint(): Promise<string> {
  engine ??= (async () => {
    const root = docgenRoot();
    const hash = createHash('sha256').update(`docgen ${docgenVersion()}\0`);
    const files = await fg(['src/**', 'templates/**', 'lib/**', 'package-lock.json', 'package.json'], { cwd: root, absolute: true, onlyFiles: true });
    await hashFiles(hash, files.sort());
    return hash.digest('hex');
  })();
  return engine;
}

async function hashFiles(hash: ReturnType<typeof createHash>, files: string[]): Promise<void> {
  for (const file of files) {
    hash.update(file + '\0');
    hash.update(existsSync(file) ? await readFile(file) : 'missing');
    hash.update('\0');
  }
}

/** Names, sizes and modification times of every file in the output folder (detects hand edits and deletions). */
export async function outputSignature(outPath: string): Promise<string> {
  if (!existsSync(outPath)) return 'missing';
  const files = (await fg('**/*', { cwd: outPath, onlyFiles: true, dot: true })).sort();
  const hash = createHash('sha256');
  for (const file of files) {
    const info = await stat(path.join(outPath, file));
    hash.update(`${file}\0${info.size}\0${info.mtimeMs}\0`);
  }
  return hash.digest('hex');
}

function recordFile(outPath: string): string {
  const key = createHash('sha256').update(outPath).digest('hex').slice(0, 16);
  return path.join(docgenRoot(), 'node_modules', '.cache', 'docgen', `build-${key}.json`);
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
