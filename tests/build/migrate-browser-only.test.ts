/**
 * A Docusaurus 3 page that wraps content in `<BrowserOnly>` as Docusaurus' "Static site generation" guide writes it
 * (docs/advanced/ssg.mdx): `<BrowserOnly fallback={<div>Loading...</div>}>{() => <Clock label="Now" />}</BrowserOnly>`,
 * the function on one line or over several, and one whose function reads `window`. Docusaurus' server render shows
 * the fallback and the browser calls the function; docgen runs no page code in the browser, so after migrate the
 * built page shows what the function gives (the site's component), and the fallback (with a warning) only where the
 * function needs the browser. Before, each function was dropped ('docgen does not run JavaScript from content').
 */
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { migrateAndBuild, removeDir, writeDocusaurusSite } from '../helpers/site.js';

const temp = mkdtempSync(path.join(tmpdir(), 'docgen-migrate-browser-only-'));
afterAll(() => removeDir(temp));

describe('migrate docusaurus: <BrowserOnly> with a function child in a page', () => {
  it("shows what the function renders, and the fallback where it needs the browser's window", () => {
    const site = writeDocusaurusSite(path.join(temp, 'site'), {
      'src/components/Clock.jsx': [
        "import React from 'react';",
        '',
        'export default function Clock({ label }) {',
        '  return <p className="clock">{label}: {new Date(0).toISOString()}</p>;',
        '}',
        '',
      ].join('\n'),
      'docs/index.mdx': [
        '---',
        'slug: /',
        '---',
        '# Home',
        '',
        "import BrowserOnly from '@docusaurus/BrowserOnly';",
        "import Clock from '@site/src/components/Clock';",
        '',
        '<BrowserOnly fallback={<div>Loading...</div>}>',
        '  {() => <Clock label="Now" />}',
        '</BrowserOnly>',
        '',
        '<BrowserOnly>',
        '  {() => (',
        '    <Clock',
        '      label="Later"',
        '    />',
        '  )}',
        '</BrowserOnly>',
        '',
        '<BrowserOnly fallback={<p>Needs a browser.</p>}>',
        '  {() => <p>{window.location.href}</p>}',
        '</BrowserOnly>',
        '',
      ].join('\n'),
    });
    const out = path.join(temp, 'out');
    const { output } = migrateAndBuild('docusaurus', site, out);
    expect(output).not.toContain('is dropped');
    expect(output).toContain('(window is not defined: it may need the browser); its fallback is shown');
    const html = readFileSync(path.join(out, 'dist/index.html'), 'utf8');
    expect(html).toContain('Now: 1970-01-01T00:00:00.000Z');
    expect(html).toContain('Later: 1970-01-01T00:00:00.000Z');
    expect(html).not.toContain('Loading...');
    expect(html).toContain('<p>Needs a browser.</p>');
  });
});
