/**
 * Differential test of the build drivers (tests/helpers/differential.ts) on a migrated real site (VitePress: Vite, tests/fixtures/real-docs/vite): a seeded random edit sequence;
 * after every step the warm build equals a cold build (an empty cache folder and an empty output folder: every page,
 * API reference and search index made anew; only the theme module, keyed by the engine and the site's theme files,
 * is shared; see inProcessBuild) byte for byte, fails with the same diagnostics, and `docgen dev` serves the edited
 * route with the cold build's `<main>`.
 *
 * Steps: DOCGEN_DIFF_STEPS (default: STEPS in tests/helpers/differential-fixtures.ts, sized for CI on 2 cores);
 * seed: DOCGEN_DIFF_SEED. A failure prints the seed and step, so
 * `DOCGEN_DIFF_SEED=<seed> npx vitest run tests/build/differential-vite.test.ts` replays it.
 */
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { tempDir } from '../helpers/differential.js';
import { cleanUp, defaultRoute, differential, folders, STEPS, timeout } from '../helpers/differential-fixtures.js';
import { repoRoot, runDocgen } from '../helpers/site.js';

afterAll(cleanUp);

describe('differential: warm build = cold build = dev after random edits', () => {
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
