/**
 * Differential tests of the build drivers (tests/helpers/differential.ts): seeded random edit sequences on this
 * site, on a versioned site in three locales and on a migrated real site; after every step the warm build equals a
 * cold build (an empty cache folder and an empty output folder: every page, API reference and search index made
 * anew; only the theme module, keyed by the engine and the site's theme files, is shared; see inProcessBuild) byte
 * for byte, fails with the same diagnostics, and `docgen dev` serves the edited route with the cold build's `<main>`.
 *
 * Steps per fixture: DOCGEN_DIFF_STEPS (default below, sized for CI on 2 cores); seed: DOCGEN_DIFF_SEED. A failure
 * prints the seed and step, so `DOCGEN_DIFF_SEED=<seed> npx vitest run tests/build/differential.test.ts` replays it.
 */
import { cpSync, existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { differentialSettings, inProcessBuild, runDifferential, SiteEditor, tempDir } from '../helpers/differential.js';
import { seededRandom } from '../helpers/random.js';
import { copyFixture, removeDir, repoRoot, runDocgen, startDev, type CliServer } from '../helpers/site.js';

const folders: string[] = [];
const servers: CliServer[] = [];
afterAll(async () => {
  for (const server of servers) await server.close();
  for (const dir of folders) removeDir(dir);
});

/**
 * A content file's route by docgen's rules: its `slug` front matter (absolute, or relative to its folder) when it
 * has one, else its path (number prefixes dropped; a folder's index page ends with '/').
 */
function defaultRoute(dir: string, contentDir: string, prefix = '') {
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
function versionedRoute(dir: string): (file: string) => string | undefined {
  const rules = [
    defaultRoute(dir, 'versioned_docs/version-1.0', '/docs'),
    defaultRoute(dir, 'content/docs', '/docs/next'),
    defaultRoute(dir, 'i18n/en/docusaurus-plugin-content-docs/current', '/en/docs/next'),
    defaultRoute(dir, 'content'),
  ];
  return (file) => rules.map((rule) => rule(file)).find((route) => route !== undefined);
}

async function differential(
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

/**
 * Steps per fixture in CI: 200 each. A step is a warm and a cold build in this process (lib/, compiling and
 * rendering on the main thread: inProcessBuild) and a request to dev; the cold build (empty cache and output
 * folders) is most of it. Measured per step, 12 steps, a quiet 2-core machine:
 * - this site 6 s (warm 0.5 to 2.5 s, cold 3.2 to 4.8 s; 8 s of CPU). Its cold build is mostly Markdown parsing
 *   (530 KB of it), then diagram layout, API references, rendering, the client bundle and the search index;
 * - the versioned site in three locales 0.8 s (warm 0.26 s, cold 0.47 s);
 * - the migrated Vite site: see the figures printed per step.
 * On a machine at a load of 20 a step of this site takes 25 to 50 s: run fewer there (DOCGEN_DIFF_STEPS=20).
 */
const STEPS = { site: 200, locales: 200, vite: 200 } as const;
/** Every this many steps the cold build is made again by a `docgen build --force` process (worker threads, a fresh
 * process) and must be the same: what the in-process builds leave in memory and the thread choice change nothing. */
const FRESH_PROCESS_EVERY = 25;
/** The fixture's first build and dev's start, then up to a minute per step on a loaded machine. */
const timeout = (steps: number) => 300_000 + differentialSettings({ steps, seed: 0 }).steps * 60_000;

describe('differential: warm build = cold build = dev after random edits', () => {
  it(
    'this site',
    async () => {
      const dir = tempDir('docgen-diff-site-');
      folders.push(dir);
      for (const file of ['content', 'openapi', 'site.config.ts'])
        cpSync(path.join(repoRoot, file), path.join(dir, file), { recursive: true });
      await differential(dir, {
        docsDirs: ['content'],
        apiFiles: ['openapi/inventory.yaml', 'openapi/zone.yaml'],
        routeOf: defaultRoute(dir, 'content'),
        steps: STEPS.site,
        seed: 31,
      });
    },
    timeout(STEPS.site),
  );

  it(
    'a versioned site in three locales',
    async () => {
      const dir = copyFixture('locales');
      folders.push(dir);
      expect(runDocgen(['version', '1.0'], dir).status).toBe(0);
      await differential(dir, {
        docsDirs: ['content', 'versioned_docs', 'i18n/en/docusaurus-plugin-content-docs/current'],
        routeOf: versionedRoute(dir),
        steps: STEPS.locales,
        seed: 32,
      });
    },
    timeout(STEPS.locales),
  );

  it(
    'a partial edited alone shows in dev on the page that imports it',
    async () => {
      // Scripted, so every run asks dev for the importing page right after its partial alone changed.
      const dir = copyFixture('locales');
      folders.push(dir);
      const dev = await startDev(dir);
      servers.push(dev);
      const page = 'content/docs/intro.md';
      const partial = 'content/docs/_diff-partial.md';
      const route = defaultRoute(dir, 'content')(page);
      const write = (file: string, text: string) => writeFileSync(path.join(dir, file), text);
      const script = [
        () => {
          write(partial, '差分の部分 1。\n');
          write(
            page,
            `${readFileSync(path.join(dir, page), 'utf8')}\nimport Part from './_diff-partial.md';\n\n<Part />\n`,
          );
          return { kind: 'partial', file: page, route };
        },
        () => (write(partial, '差分の部分 2。\n'), { kind: 'partial edited', file: partial, route }),
        () => (write(partial, '差分の部分 3 と **強調**。\n'), { kind: 'partial edited', file: partial, route }),
      ];
      const result = await runDifferential({
        dir,
        editor: { step: () => script.shift()!() },
        steps: 3,
        seed: 0,
        devUrl: dev.url,
        build: inProcessBuild,
        log: (line) => console.log(line),
      });
      expect(result.failures).toEqual([]);
      expect(result.devChecks).toBe(3);
    },
    timeout(3),
  );

  it(
    'a migrated real site (VitePress: Vite)',
    async () => {
      const temp = tempDir('docgen-diff-real-');
      folders.push(temp);
      const dir = path.join(temp, 'vite');
      const migrated = runDocgen(
        ['migrate', 'vitepress', path.join(repoRoot, 'tests/fixtures/real-docs/vite/docs'), '--out', dir],
        temp,
      );
      expect(migrated.status, migrated.stderr).toBe(0);
      await differential(dir, {
        docsDirs: ['content'],
        routeOf: defaultRoute(dir, 'content'),
        steps: STEPS.vite,
        seed: 33,
      });
    },
    timeout(STEPS.vite),
  );
});
