/**
 * Test helpers: copy a fixture site to a temp folder, run the real CLI on it, serve its output.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import {
  cpSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  readlinkSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import type { Server } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, expect } from 'vitest';

export const repoRoot = fileURLToPath(new URL('../..', import.meta.url));
export const docgenBin = path.join(repoRoot, 'bin/docgen.js');

/**
 * Adds an OpenAPI document to a copy of the `api` fixture site (before its build): writes it to
 * `openapi/<file>` and lists it first in the config's `apis` at `route`.
 * @param text the document's text (JSON or YAML)
 */
export function addApiDocument(dir: string, file: string, text: string, route: string): void {
  writeFileSync(path.join(dir, 'openapi', file), text);
  const config = path.join(dir, 'site.config.ts');
  writeFileSync(
    config,
    readFileSync(config, 'utf8').replace('apis: [', `apis: [{ spec: 'openapi/${file}', route: '${route}' }, `),
  );
}

/**
 * Writes files under a folder, creating their folders.
 * @param tree relative path -> text
 * @returns the folder
 */
export function writeTree(root: string, tree: Record<string, string>): string {
  for (const [file, text] of Object.entries(tree)) {
    mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    writeFileSync(path.join(root, file), text);
  }
  return root;
}

/**
 * Writes a small Docusaurus site: a `docusaurus.config.js` with the classic preset, its docs at the site's root
 * (`routeBasePath: '/'`), and `files` beside it.
 * @param options.title the site's title; options.baseUrl its base URL ('/'); options.config more config keys, as
 *   JavaScript text (`onBrokenAnchors: 'throw'`)
 * @returns the folder
 */
export function writeDocusaurusSite(
  root: string,
  files: Record<string, string>,
  options: { title?: string; baseUrl?: string; config?: string } = {},
): string {
  const config = [
    'module.exports = {',
    `  title: '${options.title ?? 'Site'}', url: 'https://example.com', baseUrl: '${options.baseUrl ?? '/'}',`,
    ...(options.config ? [`  ${options.config},`] : []),
    "  presets: [['classic', { docs: { routeBasePath: '/' } }]],",
    '};',
    '',
  ].join('\n');
  return writeTree(root, { 'docusaurus.config.js': config, ...files });
}

/**
 * Copies `tests/fixtures/sites/<name>` to a fresh temp folder and returns its path.
 * @param options.linkNodeModules link docgen's node_modules into it, for a site whose config imports packages
 *   (Markdown plugins), as a site's own install would provide them
 */
export function copyFixture(name: string, options: { linkNodeModules?: boolean } = {}): string {
  const dir = mkdtempSync(path.join(tmpdir(), `docgen-${name}-`));
  cpSync(path.join(repoRoot, 'tests/fixtures/sites', name), dir, {
    recursive: true,
    filter: (src) => !/[\\/](dist|node_modules)$/.test(src),
  });
  if (options.linkNodeModules) symlinkSync(path.join(repoRoot, 'node_modules'), path.join(dir, 'node_modules'), 'dir');
  return dir;
}

export function removeDir(dir: string): void {
  rmSync(dir, { recursive: true, force: true });
}

/**
 * A copy of a fixture site whose builds use a docgen cache folder of their own (DOCGEN_CACHE_DIR, set for the test
 * file): both made before the file's tests, removed after them, and the variable restored.
 * @returns the site folder and the cache folder (absolute; read them inside tests)
 */
export function fixtureWithOwnCache(name: string): { dir: () => string; cacheDir: () => string } {
  let dir = '';
  let cacheDir = '';
  const saved = process.env.DOCGEN_CACHE_DIR;
  beforeAll(() => {
    cacheDir = mkdtempSync(path.join(tmpdir(), `docgen-${name}-cache-`));
    process.env.DOCGEN_CACHE_DIR = cacheDir;
    dir = copyFixture(name);
  });
  afterAll(() => {
    if (saved === undefined) delete process.env.DOCGEN_CACHE_DIR;
    else process.env.DOCGEN_CACHE_DIR = saved;
    removeDir(dir);
    removeDir(cacheDir);
  });
  return { dir: () => dir, cacheDir: () => cacheDir };
}

/**
 * Runs `docgen <args>` synchronously in `cwd`. A run still going after `timeoutMs` (default 2 min) is killed, so a
 * process that never exits fails its test (status -1, stderr saying so) instead of hanging the suite: spawnSync
 * blocks the test runner's own timeout.
 */
export function runDocgen(
  args: string[],
  cwd: string,
  timeoutMs = 120_000,
): { status: number; stdout: string; stderr: string } {
  const result = spawnSync(process.execPath, [docgenBin, ...args], {
    cwd,
    encoding: 'utf8',
    timeout: timeoutMs,
    env: { ...process.env, NO_COLOR: '1' },
  });
  const killed = result.signal
    ? `\n[test] docgen ${args.join(' ')} killed by ${result.signal} after ${timeoutMs} ms`
    : '';
  return { status: result.status ?? -1, stdout: result.stdout, stderr: result.stderr + killed };
}

/**
 * `docgen migrate <tool> <site> --out <out>` then `docgen build` in `out`, through the real CLI; each must exit 0
 * (the assertion prints its output).
 * @returns the migrated site's MIGRATION.md and what the build printed (stdout and stderr)
 */
export function migrateAndBuild(
  tool: 'docusaurus' | 'vitepress',
  site: string,
  out: string,
): { report: string; output: string } {
  const migrate = runDocgen(['migrate', tool, site, '--out', out], path.dirname(out));
  expect(migrate.status, migrate.stdout + migrate.stderr).toBe(0);
  const build = runDocgen(['build'], out);
  expect(build.status, build.stdout + build.stderr).toBe(0);
  return { report: readFileSync(path.join(out, 'MIGRATION.md'), 'utf8'), output: build.stdout + build.stderr };
}

/** A docgen server started through the real CLI (startServe, startDev). */
export interface CliServer {
  /** Its URL, with the base URL and no trailing slash, e.g. 'http://127.0.0.1:PORT/handbook'. */
  url: string;
  child: ChildProcess;
  /** Everything it printed so far (stdout and stderr). */
  output: () => string;
  /** Stops it (SIGTERM) and resolves once it exited. */
  close: () => Promise<void>;
}

/**
 * Starts `docgen serve <dir> --port 0 [...args]` through the real CLI.
 * @param args more flags, e.g. ['--base', '/']
 * @throws Error (rejects) when the process exits before printing `serving <dir> at <url>`
 */
export function startServe(dir: string, args: string[] = []): Promise<CliServer> {
  return startCliServer(['serve', dir, '--port', '0', ...args], process.cwd(), /at (http:\/\/\S+)/);
}

/**
 * Migrates a vendored site with the real CLI (`docgen migrate <tool> <source> --out <out>`), builds it and serves
 * its `dist/`, as a new user would, with no hand edit.
 * @param source the other tool's site folder, relative to the repository (e.g. 'tests/fixtures/real-docs/vite/docs')
 * @param out the folder to migrate into (its parent is the working folder)
 * @throws Error (rejects) with the CLI's output when migrate or build fails
 */
export async function migratedSite(
  tool: 'docusaurus' | 'vitepress',
  source: string,
  out: string,
  beforeBuild?: (out: string) => void,
): Promise<CliServer> {
  const migrated = runDocgen(['migrate', tool, path.join(repoRoot, source), '--out', out], path.dirname(out));
  if (migrated.status !== 0) throw new Error(migrated.stderr);
  beforeBuild?.(out);
  const built = runDocgen(['build'], out, 300_000);
  if (built.status !== 0) throw new Error(built.stdout + built.stderr);
  return startServe(path.join(out, 'dist'));
}

/**
 * Sets a migrated site's `onBrokenLinks` to 'warn', for a vendored site whose pages link to pages its own prebuild
 * step writes (markuplint's rule pages: tests/fixtures/real-docs/markuplint/SOURCE.md), which no migrate runs.
 * @param out the migrated site's folder
 */
export function softenBrokenLinks(out: string): void {
  const config = path.join(out, 'site.config.ts');
  writeFileSync(config, readFileSync(config, 'utf8').replace('"onBrokenLinks": "throw"', '"onBrokenLinks": "warn"'));
}

/**
 * Starts `docgen dev --port 0 [...args]` in `cwd` through the real CLI.
 * @param args more flags, e.g. ['--allowed-hosts', 'docs.test']
 * @throws Error (rejects) when the process exits before printing its URL
 */
export function startDev(cwd: string, args: string[] = []): Promise<CliServer> {
  return startCliServer(['dev', '--port', '0', ...args], cwd, /Local:\s+(http:\/\/\S+)/);
}

/**
 * Starts a docgen server through a CLI: this repository's bin/docgen.js, or another (an installed package's).
 * @param urlLine the line it prints once listening; its first group is the URL
 * @throws Error (rejects) when the process exits before printing it
 */
export async function startCliServer(
  args: string[],
  cwd: string,
  urlLine: RegExp,
  bin = docgenBin,
): Promise<CliServer> {
  const child = spawn(process.execPath, [bin, ...args], { cwd, env: { ...process.env, NO_COLOR: '1' } });
  let out = '';
  const url = await new Promise<string>((resolve, reject) => {
    child.stdout.on('data', (chunk) => {
      out += chunk;
      const match = urlLine.exec(out);
      if (match) resolve(match[1]!.replace(/\/$/, ''));
    });
    child.stderr.on('data', (chunk) => (out += chunk));
    child.once('exit', (code) => reject(new Error(`docgen ${args[0]} exited with ${code}: ${out}`)));
  });
  return {
    url,
    child,
    output: () => out,
    close: async () => {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    },
  };
}

export type { Server };

/**
 * A fixture copied to a temp folder, built with the real CLI and served by `docgen serve`, plus Chromium.
 * @param prepare optional edit of the copied fixture before the build
 * @returns the folder, the server URL, the browser, and `close()` that stops all three
 */
export async function builtSite(name: string, prepare?: (dir: string) => void) {
  const { launchBrowser } = await import('./browser.js');
  const dir = copyFixture(name);
  prepare?.(dir);
  const result = runDocgen(['build'], dir);
  if (result.status !== 0) throw new Error(`docgen build of fixture ${name} failed:\n${result.stdout}${result.stderr}`);
  const server = await startServe(path.join(dir, 'dist'));
  const browser = await launchBrowser();
  return {
    dir,
    url: server.url,
    browser,
    /** The build's output, for assertions on what it printed. */
    build: result,
    close: async () => {
      await browser.close();
      await server.close();
      removeDir(dir);
    },
  };
}

/** Every route path of a built site, read from its shared navigation data (via the boot JSON of index.html). */
export function builtRoutes(dist: string): string[] {
  const boot = JSON.parse(
    /id="__docgen-boot">(.*?)<\/script>/.exec(readFileSync(path.join(dist, 'index.html'), 'utf8'))![1]!,
  );
  const shell = JSON.parse(readFileSync(path.join(dist, boot.site), 'utf8'));
  return JSON.parse(readFileSync(path.join(dist, shell.navigation), 'utf8')).routes.map(
    (r: { path: string }) => r.path,
  );
}

/**
 * What builds left beside the output folders of a site folder: entries starting with `.docgen-`, but the site
 * folders its outputs link to (output/atomic.ts: `dist` is a link to `.docgen-site-dist-…`).
 */
export function leftoversIn(dir: string): string[] {
  const names = readdirSync(dir);
  const linked = new Set(
    names.flatMap((name) => {
      try {
        return [path.basename(readlinkSync(path.join(dir, name)))];
      } catch {
        return [];
      }
    }),
  );
  return names.filter((name) => name.startsWith('.docgen-') && !linked.has(name));
}

/** A 1x1 PNG, for a site's image file. */
export const ONE_PIXEL_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
