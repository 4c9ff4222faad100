/**
 * `<TOCInline toc={…} />` as Docusaurus' "Inline table of contents" writes it: `toc` is the page's flat list of
 * headings (`{ value, id, level }`, which its MDX loader exports), and the page's code may filter it
 * (`toc.filter((node) => node.level === 2 || node.level === 4)`, `toc.slice(2)`); the inline TOC lists only what is
 * kept, within min/maxHeadingLevel, on a site whose pages run their code. Before, `toc` was not defined: each such element warned "could not be
 * computed: toc is not defined" (jest: 24 pages) and listed every heading.
 */
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parse } from 'node-html-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateAndBuild, removeDir, writeDocusaurusSite } from '../helpers/site.js';

const temp = mkdtempSync(path.join(tmpdir(), 'docgen-toc-inline-'));
let out: string;
let output: string;

const headings = ['## Install', '### From npm', '#### With pnpm', '## Configure {#config}', '#### Options', '## Run'];

beforeAll(() => {
  const site = writeDocusaurusSite(path.join(temp, 'site'), {
    // A page that imports a Docusaurus module: migrate lets the pages run their code (markdown.pageCode).
    'docs/index.mdx':
      'import Link from \'@docusaurus/Link\';\n\n# Home\n\nSee <Link to="/sliced">the sliced page</Link>.\n',
    'docs/filtered.mdx': [
      "import TOCInline from '@theme/TOCInline';",
      '',
      '# Filtered',
      '',
      '<TOCInline',
      '  toc={toc.filter((node) => node.level === 2 || node.level === 4)}',
      '  minHeadingLevel={2}',
      '  maxHeadingLevel={4}',
      '/>',
      '',
      ...headings.flatMap((heading) => [heading, '', 'Text.', '']),
    ].join('\n'),
    'docs/sliced.mdx': [
      "import TOCInline from '@theme/TOCInline';",
      '',
      '# Sliced',
      '',
      '<TOCInline toc={toc.slice(2)} />',
      '',
      ...headings.flatMap((heading) => [heading, '', 'Text.', '']),
    ].join('\n'),
  });
  out = path.join(temp, 'out');
  output = migrateAndBuild('docusaurus', site, out).output;
});
afterAll(() => removeDir(temp));

const inlineToc = (route: string) =>
  parse(readFileSync(path.join(out, 'dist', `${route}.html`), 'utf8'))
    .querySelectorAll('main nav.dg-toc-inline a')
    .map((a) => [a.text, a.getAttribute('href')]);

describe('<TOCInline> with a toc the page filters', () => {
  it('lists the headings the filter keeps, within its levels', () => {
    expect(inlineToc('filtered')).toEqual([
      ['Install', '#install'],
      ['With pnpm', '#with-pnpm'],
      ['Configure', '#config'],
      ['Options', '#options'],
      ['Run', '#run'],
    ]);
  });

  it('lists what a slice keeps, at the default levels 2 to 3', () => {
    expect(inlineToc('sliced')).toEqual([
      ['Configure', '#config'],
      ['Run', '#run'],
    ]);
  });

  it('computes the toc without a warning', () => {
    expect(output).not.toContain('could not be computed');
  });
});
