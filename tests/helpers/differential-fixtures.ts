/**
 * What the differential test files share (tests/build/differential-*.test.ts): the routes of their sites' content
 * files, one differential run on a site folder with its dev server, and the step budget. The fixtures are in files
 * of their own so vitest's two workers can run them side by side (one file of three was the suite's whole wall time).
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect } from 'vitest';
import { differentialSettings, inProcessBuild, runDifferential, SiteEditor } from './differential.js';
import { seededRandom } from './random.js';
import { type CliServer, removeDir, startDev } from './site.js';

/**
 * Steps per fixture in CI: 200 each. A step is a warm and a cold build in this process (lib/, compiling and rendering
 * on the main thread: inProcessBuild) and a request to dev; the cold build (empty cache and output folders) is most
 * of it. Measured per step in CI (2 cores, the rest of the suite beside it): this site 11 s, the migrated Vite site
 * 10.5 s, the versioned site in three locales 2 s; on a development machine shared with other work, 200 steps of this
 * site and of the Vite site side by side took 1,783 s. Each fixture is a file of its own, so vitest's two workers run
 * the two long ones side by side (200 steps of all three in one file was 4,730 s, most of CI's 90 minutes). Its cold
 * build is mostly Markdown parsing (530 KB of it), then diagram layout, API references, rendering, the client bundle
 * and the search index.
 * On a machine at a load of 20 a step of this site takes 25 to 50 s: run fewer there (DOCGEN_DIFF_STEPS=20).
 */
export const STEPS = { site: 200, locales: 200, vite: 200 } as const;

/** Every this many steps the cold build is made again by a `docgen build --force` process (worker threads, a fresh
 * process) and must be the same: what the in-process builds leave in memory and the thread choice change nothing. */
const FRESH_PROCESS_EVERY = 25;

/** The fixture's first build and dev's start, then up to a minute per step on a loaded machine (ms). */
export const timeout = (steps: number): number => 300_000 + differentialSettings({ steps, seed: 0 }).steps * 60_000;

/** Folders and dev servers a test file made; `cleanUp` (its afterAll) closes and removes them. */
export const folders: string[] = [];
export const servers: CliServer[] = [];
export async function cleanUp(): Promise<void> {
  for (const server of servers.splice(0)) await server.close();
  for (const dir of folders.splice(0)) removeDir(dir);
}

/**
 * A content file's route by docgen's rules: its `slug` front matter (absolute, or relative to its folder) when it
 * has one, else its path (number prefixes dropped; a folder's index page ends with '/').
 */
export function defaultRoute(dir: string, contentDir: string, prefix = '') {
  return (file: string): string | undefined => {
    if (!file.startsWith(`${contentDir}/`)) return undefined;
    const relative = file.slice(contentDir.length + 1);
    const source = path.join(dir, file);
    const frontMatter = existsSync(source)
      ? /^---\n([\s\S]*?)\n---/.exec(readFileSync(source, 'utf8'))?.[1]
      : undefined;
    const slug = frontMatter ? /^slug:\s*['"]?([^'"\n]+?)['"]?\s*$/m.exec(frontMatter) : null;
    if (slug?.[1]) {
      const folder = path.posix.dirname(`/${relative}`).replace(/\/\d+-/g, '/');
      return prefix + (slug[1].startsWith('/') ? slug[1] : path.posix.join(folder, slug[1]));
    }
    const route = `${prefix}/${relative}`.replace(/\.mdx?$/, '').replace(/\/\d+-/g, '/');
    return route.endsWith('/index') ? route.slice(0, -'index'.length) : route;
  };
}

/**
 * A page's route on the locales fixture once `docgen version 1.0` has run: version 1.0 (versioned_docs/version-1.0) is
 * the latest, at /docs/; the current docs (content/docs) are at /docs/next/; the English translation of the current
 * docs at /en/docs/next/; other content files (the home page) by their path.
 */
export function versionedRoute(dir: string): (file: string) => string | undefined {
  const rules = [
    defaultRoute(dir, 'versioned_docs/version-1.0', '/docs'),
    defaultRoute(dir, 'content/docs', '/docs/next'),
    defaultRoute(dir, 'i18n/en/docusaurus-plugin-content-docs/current', '/en/docs/next'),
    defaultRoute(dir, 'content'),
  ];
  return (file) => rules.map((rule) => rule(file)).find((route) => route !== undefined);
}

/**
 * Runs a seeded differential on a site folder with a dev server of its own (closed by cleanUp) and expects no
 * failure, at least one warm build that succeeded and one fresh-process cold build.
 * Steps and seed: DOCGEN_DIFF_STEPS / DOCGEN_DIFF_SEED override the given ones (differentialSettings).
 */
export async function differential(
  dir: string,
  options: {
    docsDirs: string[];
    apiFiles?: string[];
    routeOf: (file: string) => string | undefined;
    steps: number;
    seed: number;
  },
) {
  const { steps, seed } = differentialSettings(options);
  const dev = await startDev(dir);
  servers.push(dev);
  const editor = new SiteEditor(dir, seededRandom(seed), options);
  const result = await runDifferential({
    dir,
    editor,
    steps,
    seed,
    devUrl: dev.url,
    build: inProcessBuild,
    freshProcessEvery: FRESH_PROCESS_EVERY,
    log: (line) => console.log(line),
  });
  expect(result.failures, `seed ${seed}`).toEqual([]);
  expect(result.builds.ok).toBeGreaterThan(0);
  expect(result.builds.freshProcess).toBeGreaterThan(0);
  return result;
}
