/**
 * Differential test of the build drivers (tests/helpers/differential.ts) on a versioned site in three locales (tests/fixtures/locales): a seeded random edit sequence;
 * after every step the warm build equals a cold build (an empty cache folder and an empty output folder: every page,
 * API reference and search index made anew; only the theme module, keyed by the engine and the site's theme files,
 * is shared; see inProcessBuild) byte for byte, fails with the same diagnostics, and `docgen dev` serves the edited
 * route with the cold build's `<main>`.
 *
 * Steps: DOCGEN_DIFF_STEPS (default: STEPS in tests/helpers/differential-fixtures.ts, sized for CI on 2 cores);
 * seed: DOCGEN_DIFF_SEED. A failure prints the seed and step, so
 * `DOCGEN_DIFF_SEED=<seed> npx vitest run tests/build/differential-locales.test.ts` replays it.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { inProcessBuild, runDifferential } from '../helpers/differential.js';
import {
  cleanUp,
  defaultRoute,
  differential,
  folders,
  STEPS,
  servers,
  timeout,
  versionedRoute,
} from '../helpers/differential-fixtures.js';
import { copyFixture, runDocgen, startDev } from '../helpers/site.js';

afterAll(cleanUp);

describe('differential: warm build = cold build = dev after random edits', () => {
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
});
