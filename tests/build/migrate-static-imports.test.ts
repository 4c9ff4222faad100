/**
 * A Docusaurus page that imports a partial from the static folder through the site root
 * (`@site/static/usage/demo/index.md`, as Ionic's docs do in every current and versioned page): migrate copies
 * `static/` into `content/`, and the import still names the same file, so the partial's text is on the page.
 */
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { removeDir, runDocgen } from '../helpers/site.js';

const temp = mkdtempSync(path.join(tmpdir(), 'docgen-migrate-static-imports-'));
afterAll(() => removeDir(temp));

describe('migrate docusaurus: imports from the static folder', () => {
  it('still name the same files, and the page shows them', () => {
    const site = path.join(temp, 'site');
    mkdirSync(path.join(site, 'docs'), { recursive: true });
    mkdirSync(path.join(site, 'static/usage/demo'), { recursive: true });
    writeFileSync(
      path.join(site, 'docusaurus.config.js'),
      [
        'module.exports = {',
        "  title: 'Usage', url: 'https://example.com', baseUrl: '/', onBrokenLinks: 'throw',",
        "  presets: [['classic', { docs: { routeBasePath: 'docs' } }]],",
        '};',
        '',
      ].join('\n'),
    );
    writeFileSync(path.join(site, 'static/usage/demo/index.md'), 'The demo partial text.\n');
    writeFileSync(
      path.join(site, 'docs/intro.md'),
      ["import Demo from '@site/static/usage/demo/index.md';", '', '# Intro', '', '<Demo />', ''].join('\n'),
    );
    const out = path.join(temp, 'out');
    const migrate = runDocgen(['migrate', 'docusaurus', site, '--out', out], temp);
    expect(migrate.status, migrate.stdout + migrate.stderr).toBe(0);
    const build = runDocgen(['build'], out);
    expect(build.status, build.stdout + build.stderr).toBe(0);
    expect(readFileSync(path.join(out, 'dist/docs/intro.html'), 'utf8')).toContain('The demo partial text.');
  });
});
