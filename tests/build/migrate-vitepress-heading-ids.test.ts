/**
 * A VitePress site's own heading ids (`markdown.anchor.slugify`, e.g. one that keeps case, as vuejs/test-utils' docs
 * write it): `docgen migrate vitepress` writes the ids that differ from VitePress' default as `{#id}`, so links to
 * `#attachTo` reach `## attachTo` in the built site. Before, docgen made lowercase ids and every such link was a
 * DeadAnchor warning.
 */
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { migrateAndBuild, removeDir, writeTree } from '../helpers/site.js';

const temp = mkdtempSync(path.join(tmpdir(), 'docgen-migrate-heading-ids-'));
afterAll(() => removeDir(temp));

const CONFIG = `import { defineConfig } from 'vitepress'

const rControl = /[\\u0000-\\u001f]/g
const rSpecial = /[\\s~\`!@#$%^&*()\\-_+=[\\]{}|\\\\;:"'“”‘’<>,.?/]+/g
const rCombining = /[\\u0300-\\u036F]/g

/** Keeps case: the default slugify without toLowerCase. */
export const slugify = (str: string): string =>
  str.normalize('NFKD').replace(rCombining, '').replace(rControl, '').replace(rSpecial, '-').replace(/^(\\d)/, '_$1')

export default defineConfig({ title: 'Utils', markdown: { anchor: { slugify } } })
`;

describe('migrate vitepress: markdown.anchor.slugify', () => {
  it("gives the headings the site's ids, so links to them resolve", () => {
    const site = writeTree(path.join(temp, 'site'), {
      '.vitepress/config.mts': CONFIG,
      'index.md': '# Home\n\nSee [attachTo](./api/#attachTo) and [the methods](./api/#Wrapper-methods).\n',
      'api/index.md': [
        '# API',
        '',
        '## attachTo',
        '',
        'Mounts the component. See [props](#props) and [methods](#Wrapper-methods).',
        '',
        '## props',
        '',
        '## Wrapper methods',
        '',
        '### `attachTo` again',
        '',
        '## setValue <Badge type="tip" text="3.1" />',
        '',
        '## Custom {#own-id}',
        '',
        '```md',
        '## attachTo in code',
        '```',
        '',
      ].join('\n'),
    });
    const out = path.join(temp, 'out');
    const { report, output } = migrateAndBuild('vitepress', site, out);
    expect(output).not.toContain('DeadAnchor');
    expect(report).not.toContain("'anchor'");
    const html = readFileSync(path.join(out, 'dist/api/index.html'), 'utf8');
    // The Badge is no text of the heading's to VitePress (inline HTML), the space before it is.
    for (const id of ['attachTo', 'props', 'Wrapper-methods', 'attachTo-again', 'setValue-', 'own-id'])
      expect(html).toContain(`id="${id}"`);
    const page = readFileSync(path.join(out, 'content/api/index.md'), 'utf8');
    // Only the ids that differ from VitePress' default are written; code stays as written.
    expect(page).toContain('## attachTo {#attachTo}\n');
    expect(page).toContain('## props\n');
    expect(page).toContain('## attachTo in code\n');
  });
});
