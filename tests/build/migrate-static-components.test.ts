/**
 * A Docusaurus page that imports a named component from a script in the static folder (`import { ButtonDemo } from
 * '@site/static/js/samples/button.jsx'`, as kintone-labs/kintone-ui-component's component pages do): migrate
 * carries the script and registers the component, the page renders it, and MIGRATION.md does not also list the
 * import as a component docgen does not have.
 */
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { migrateAndBuild, removeDir, writeTree } from '../helpers/site.js';

const temp = mkdtempSync(path.join(tmpdir(), 'docgen-migrate-static-components-'));
afterAll(() => removeDir(temp));

describe('migrate docusaurus: components imported from the static folder', () => {
  it('are carried and rendered, and not reported as missing', () => {
    const site = writeTree(path.join(temp, 'site'), {
      'docusaurus.config.js': [
        'module.exports = {',
        "  title: 'Static components', url: 'https://example.com', baseUrl: '/',",
        "  presets: [['classic', { docs: { routeBasePath: '/' } }]],",
        '};',
        '',
      ].join('\n'),
      'static/js/samples/button.jsx': [
        "import React from 'react';",
        '',
        'export const ButtonDemo = () => <div className="sample-container">A sample button row</div>;',
        '',
      ].join('\n'),
      'docs/index.md': '---\nslug: /\n---\n# Home\n\nWelcome.\n',
      'docs/button.md': [
        '# Button',
        '',
        'import { ButtonDemo } from "@site/static/js/samples/button.jsx"',
        '',
        '<ButtonDemo />',
        '',
      ].join('\n'),
    });
    const out = path.join(temp, 'out');
    const { report } = migrateAndBuild('docusaurus', site, out);
    expect(readFileSync(path.join(out, 'dist/button.html'), 'utf8')).toContain('A sample button row');
    expect(report).not.toContain("MDX import of '@site/static/js/samples/button.jsx'");
  });
});
