/**
 * A Docusaurus page that imports a partial from the static folder through the site root
 * (`@site/static/usage/demo/index.md`, as Ionic's docs do in every current and versioned page): migrate copies
 * `static/` into `content/`, and the import still names the same file, so the partial's text is on the page. The
 * CommonJS config (`require('path')`, a package, a local JSON file, as Ionic's) is read, so the site's own
 * `onBrokenLinks: 'warn'` is carried over and a link to a page a build step writes is a warning; the docs option
 * `exclude` leaves out a README.md that would claim the docs index's route, as Docusaurus does, and a static
 * README.md no page imports is not made a page. The imported partials are copied to `content/_static/`, so they are
 * not pages themselves (Ionic's 10,000 demo partials would each be built as a page). A Markdown image named through
 * the site root (`![x](@site/static/img/a.png)`, as fast-check's blog posts) or by a relative path into the static
 * folder (`![](../../static/img/a.png)`) shows the static file.
 */
import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
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
        "const path = require('path');",
        "const fetch = require('node-fetch');",
        "const VERSIONS = require('./versions.json');",
        'module.exports = {',
        "  title: 'Usage ' + path.basename(__dirname) + VERSIONS.length, url: 'https://example.com', baseUrl: '/',",
        "  onBrokenLinks: 'warn',",
        "  presets: [['classic', { docs: { routeBasePath: 'docs', exclude: ['README.md'] } }]],",
        '};',
        '',
      ].join('\n'),
    );
    writeFileSync(path.join(site, 'versions.json'), '[]\n');
    writeFileSync(path.join(site, 'docs/README.md'), '---\nslug: /\n---\n# For contributors\n');
    writeFileSync(path.join(site, 'docs/index.md'), '---\nslug: /\n---\n# Home of the docs\n');
    writeFileSync(
      path.join(site, 'static/usage/demo/index.md'),
      "import Part from './part.md';\n\nThe demo partial text.\n\n<Part />\n",
    );
    writeFileSync(path.join(site, 'static/usage/demo/part.md'), 'The nested part.\n');
    writeFileSync(path.join(site, 'static/README.md'), '# About this folder\n');
    mkdirSync(path.join(site, 'static/img'), { recursive: true });
    writeFileSync(
      path.join(site, 'static/img/shot.svg'),
      '<svg xmlns="http://www.w3.org/2000/svg" width="4" height="3"/>',
    );
    writeFileSync(
      path.join(site, 'docs/intro.md'),
      [
        "import Demo from '@site/static/usage/demo/index.md';",
        '',
        '# Intro',
        '',
        '<Demo />',
        '',
        'A [page a build step writes](./native/camera.md).',
        '',
        '![A screenshot](@site/static/img/shot.svg)',
        '',
      ].join('\n'),
    );
    // A relative path into the static folder from a nested page (32ba/VRC-package-docs' guides), which webpack
    // resolves from the page's own folder.
    mkdirSync(path.join(site, 'docs/guides/tool'), { recursive: true });
    writeFileSync(path.join(site, 'docs/guides/tool/brush.md'), '# Brush\n\n![](../../../static/img/shot.svg)\n');
    const out = path.join(temp, 'out');
    const migrate = runDocgen(['migrate', 'docusaurus', site, '--out', out], temp);
    expect(migrate.status, migrate.stdout + migrate.stderr).toBe(0);
    const config = readFileSync(path.join(out, 'site.config.ts'), 'utf8');
    expect(config).toContain('"title": "Usage site0"');
    expect(config).toContain('"onBrokenLinks": "warn"');
    const build = runDocgen(['build'], out);
    expect(build.status, build.stdout + build.stderr).toBe(0);
    expect(build.stderr).toMatch(/\[DeadLink\] warning/);
    expect(readFileSync(path.join(out, 'dist/docs/intro.html'), 'utf8')).toContain('The demo partial text.');
    expect(readFileSync(path.join(out, 'dist/docs/index.html'), 'utf8')).toContain('Home of the docs');
    expect(existsSync(path.join(out, 'content/docs/README.md'))).toBe(false);
    expect(readFileSync(path.join(out, 'dist/docs/intro.html'), 'utf8')).toContain('The nested part.');
    // A Markdown image through the site root (Docusaurus resolves `@site/` in image and link destinations): the
    // static file's site path.
    expect(readFileSync(path.join(out, 'dist/docs/intro.html'), 'utf8')).toMatch(
      /<img src="\/img\/shot\.svg" alt="A screenshot" width="4" height="3"\/>/,
    );
    expect(readFileSync(path.join(out, 'dist/docs/guides/tool/brush.html'), 'utf8')).toMatch(
      /<img src="\/img\/shot\.svg" alt="" width="4" height="3"\/>/,
    );
    // The partials are copied to content/_static/, a `_` folder: not pages, so neither routes nor output of their own.
    expect(existsSync(path.join(out, 'content/_static/usage/demo/part.md'))).toBe(true);
    expect(existsSync(path.join(out, 'dist/usage/demo/index.html'))).toBe(false);
    expect(existsSync(path.join(out, 'dist/usage/demo/part.html'))).toBe(false);
    expect(existsSync(path.join(out, 'content/README.md'))).toBe(false);
    expect(readFileSync(path.join(out, 'MIGRATION.md'), 'utf8')).toMatch(
      /^static {2}1 Markdown file\(s\) .*README\.md/m,
    );
  });
});
