/**
 * `docgen version` keeps working links to files outside the docs folder: an image and a link written
 * `../../img/logo.svg` in a doc page (the starter's logo, which is not versioned) resolve from where they were written
 * in every version, the current one mounted at /docs/next/, the last at /docs/ and an older one at /docs/1.0/.
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parse } from 'node-html-parser';
import { afterAll, describe, expect, it } from 'vitest';
import { removeDir, runDocgen } from '../helpers/site.js';

const temp = mkdtempSync(path.join(tmpdir(), 'docgen-version-images-'));
afterAll(() => removeDir(temp));

describe('docgen version and files outside the docs folder', () => {
  it('an image and a link to content/img/ resolve in the current, the last and an older version', () => {
    const site = path.join(temp, 'site');
    expect(runDocgen(['init', site], temp).status).toBe(0);
    const intro = path.join(site, 'content/docs/getting-started/introduction.md');
    writeFileSync(
      intro,
      `${readFileSync(intro, 'utf8')}\n![Logo](../../img/logo.svg)\n\n[the logo](../../img/logo.svg)\n`,
    );
    expect(runDocgen(['version', '1.0'], site).status).toBe(0);
    expect(runDocgen(['version', '2.0'], site).status).toBe(0);
    const built = runDocgen(['build'], site);
    expect(built.status, built.stdout + built.stderr).toBe(0);
    for (const route of ['docs/next', 'docs', 'docs/1.0']) {
      const html = parse(readFileSync(path.join(site, 'dist', route, 'getting-started/introduction.html'), 'utf8'));
      const main = html.querySelector('main')!;
      expect(main.querySelector('img[alt="Logo"]')?.getAttribute('src'), route).toBe('/img/logo.svg');
      expect(
        main
          .querySelectorAll('a')
          .find((a) => a.text === 'the logo')
          ?.getAttribute('href'),
        route,
      ).toBe('/img/logo.svg');
    }
  });
});
