/**
 * Images an MDX page imports, as Docusaurus' guide writes them (docs/guides/markdown-features/assets): `import shot
 * from './shot.png'` then `<img src={shot} />`, `<img src={require('./shot.png').default} />`, and an SVG used as a
 * component (`<Logo />`, SVGR in Docusaurus): each shows the site's file at its URL with the base URL, from a nested
 * page too. A file that is not there is a warning at the element, never a failed build. vrm-c/vrm.dev's
 * custom_pbr page lost 7 images this way.
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ONE_PIXEL_PNG as PNG, removeDir, runDocgen, writeDocusaurusSite } from '../helpers/site.js';

const temp = mkdtempSync(path.join(tmpdir(), 'docgen-asset-imports-'));
let out: string;
let output: string;
let status: number | null;

beforeAll(() => {
  const site = writeDocusaurusSite(
    path.join(temp, 'site'),
    {
      'docs/intro.mdx': [
        "import shot from './shot.png';",
        "import Logo from './logo.svg';",
        "import gone from './gone.png';",
        '',
        '# Intro',
        '',
        '<img src={shot} alt="imported" />',
        '',
        '<img src={require(\'./shot.png\').default} alt="required" />',
        '',
        '<Logo width={40} title="logo" />',
        '',
        '<img src={gone} alt="missing" />',
        '',
      ].join('\n'),
      'docs/guide/deep.mdx': 'import shot from \'../shot.png\';\n\n# Deep\n\n<img src={shot} alt="from below" />\n',
      'docs/logo.svg':
        '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10"/></svg>\n',
    },
    { title: 'Assets', baseUrl: '/handbook/' },
  );
  writeFileSync(path.join(site, 'docs/shot.png'), PNG);
  out = path.join(temp, 'out');
  const migrate = runDocgen(['migrate', 'docusaurus', site, '--out', out], temp);
  expect(migrate.status, migrate.stdout + migrate.stderr).toBe(0);
  const build = runDocgen(['build'], out);
  status = build.status;
  output = build.stdout + build.stderr;
});
afterAll(() => removeDir(temp));

const html = (route: string) => readFileSync(path.join(out, 'dist', `${route}.html`), 'utf8');

describe('images an MDX page imports', () => {
  it('show the imported file at its URL, with the base URL, from any page', () => {
    expect(status, output).toBe(0);
    const intro = html('intro');
    expect(intro).toContain('<img src="/handbook/shot.png" alt="imported"/>');
    expect(intro).toContain('<img src="/handbook/shot.png" alt="required"/>');
    expect(intro).toMatch(/<img (?=[^>]*src="\/handbook\/logo.svg")(?=[^>]*width="40")(?=[^>]*title="logo")[^>]*>/);
    expect(html('guide/deep')).toContain('<img src="/handbook/shot.png" alt="from below"/>');
    expect(readFileSync(path.join(out, 'dist/shot.png'))).toEqual(PNG);
  });

  it('warn at the element for a file that is not there, and the report names none of the site files', () => {
    expect(output).toMatch(/\[DeadLink\][^\n]*gone\.png[\s\S]*?intro\.mdx:13:1/);
    expect(html('intro')).toContain('<img alt="missing"/>');
    expect(readFileSync(path.join(out, 'MIGRATION.md'), 'utf8')).not.toMatch(/shot\.png|logo\.svg/);
  });
});
