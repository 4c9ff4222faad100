/**
 * Differential test of the build drivers (tests/helpers/differential.ts) on this site (content/ and openapi/): a seeded random edit sequence;
 * after every step the warm build equals a cold build (an empty cache folder and an empty output folder: every page,
 * API reference and search index made anew; only the theme module, keyed by the engine and the site's theme files,
 * is shared; see inProcessBuild) byte for byte, fails with the same diagnostics, and `docgen dev` serves the edited
 * route with the cold build's `<main>`.
 *
 * Steps: DOCGEN_DIFF_STEPS (default: STEPS in tests/helpers/differential-fixtures.ts, sized for CI on 2 cores);
 * seed: DOCGEN_DIFF_SEED. A failure prints the seed and step, so
 * `DOCGEN_DIFF_SEED=<seed> npx vitest run tests/build/differential-site.test.ts` replays it.
 */
import { cpSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, it } from 'vitest';
import { tempDir } from '../helpers/differential.js';
import { cleanUp, defaultRoute, differential, folders, STEPS, timeout } from '../helpers/differential-fixtures.js';
import { repoRoot } from '../helpers/site.js';

afterAll(cleanUp);

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
});
