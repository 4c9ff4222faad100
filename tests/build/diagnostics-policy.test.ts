/**
 * What Docusaurus builds, docgen builds (README "Diagnostics"): on a site with Docusaurus' strictness defaults, a
 * repeated heading id (one MDX partial per tab, each with the same `<h4 id>`), a `pathname:///` link to a static
 * file, a `chrome://` link and a typo'd `mail:` link are warnings with file:line:column in text and `--json`, and
 * every page is written. Real builds of the docusaurus fixture through the CLI.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'node-html-parser';
import { afterAll, describe, expect, it } from 'vitest';
import { copyFixture, removeDir, runDocgen } from '../helpers/site.js';

const dir = copyFixture('docusaurus');
afterAll(() => removeDir(dir));

const guides = path.join(dir, 'content/docs/02-guides');
mkdirSync(path.join(guides, '_os'), { recursive: true });
for (const os of ['linux', 'mac'])
  writeFileSync(path.join(guides, `_os/_${os}.mdx`), `Install on ${os}.\n\n<h4 id="verify">Verify</h4>\n\nRun it.\n`);
writeFileSync(
  path.join(guides, '04-install.mdx'),
  [
    '---',
    'title: Install',
    '---',
    '',
    "import Linux from './_os/_linux.mdx';",
    "import Mac from './_os/_mac.mdx';",
    '',
    '<Linux />',
    '',
    '<Mac />',
    '',
    'See the [licences](pathname:///licenses/index.html), [the inspector](chrome://inspect/) and [write us](mail:team@example.com).',
    '',
  ].join('\n'),
);

describe('a migrated site with problems Docusaurus builds', () => {
  it('builds every page, warning with file:line:column, in text and --json', () => {
    const result = runDocgen(['build', '--json'], dir);
    expect(result.status, result.stdout + result.stderr).toBe(0);
    const { warnings } = JSON.parse(result.stdout) as {
      warnings: { code: string; file: string; line?: number; column?: number; severity?: string }[];
    };
    const found = warnings.map((w) => [w.code, path.basename(w.file), w.line, w.column]);
    expect(found).toContainEqual(['DuplicateId', '_mac.mdx', 3, 1]);
    expect(found).toContainEqual(['UnknownUrlScheme', '04-install.mdx', 12, 54]);
    expect(found).toContainEqual(['UnknownUrlScheme', '04-install.mdx', 12, 93]);
    expect(found.filter(([code]) => code === 'UnknownUrlScheme')).toHaveLength(2);
    const text = runDocgen(['build', '--force'], dir);
    expect(text.status).toBe(0);
    expect(text.stderr).toMatch(/_os\/_mac\.mdx:3:1/);
    expect(text.stderr).toMatch(/04-install\.mdx:12:54/);
  });

  it('makes the repeated id unique and keeps the links as Docusaurus writes them', () => {
    const page = parse(readFileSync(path.join(dir, 'dist/docs/guides/install.html'), 'utf8'));
    expect(page.querySelectorAll('main h4').map((h) => h.id)).toEqual(['verify', 'verify-1']);
    const hrefs = page.querySelectorAll('main a').map((a) => a.getAttribute('href'));
    expect(hrefs).toContain('/licenses/index.html');
    expect(hrefs).toContain('chrome://inspect/');
    expect(hrefs).toContain('mail:team@example.com');
  });
});
