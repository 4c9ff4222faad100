/**
 * A huge honest page (2.5 MB here, 1.1 M UTF-16 code units; the bench, bench/big-inputs.mjs, builds 20 MB) is compiled
 * piece by piece (markdown/piecewise.ts) and comes out complete: every section's heading, with the id a small page
 * would give it (repeated heading texts numbered across pieces), and its last paragraph are in the HTML; a table cut
 * between its rows is one table with every row; the route data file loads as the browser runtime loads it (the URL
 * in the boot JSON, a PageData); and the link checker (onBrokenAnchors: 'throw') resolves anchors to headings of
 * other pieces.
 */
import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HUGE_PAGE } from '../../src/node/pool/compile-pages.js';
import { loadServerRenderer } from '../../src/node/render/ssr.js';
import type { PageData, SiteData, SiteNavigation } from '../../src/shared/types.js';
import { docgenBin, repoRoot } from '../helpers/site.js';

const SECTIONS = 1300;
const ROWS = 9000;
let dir: string;
let result: { status: number | null; stdout: string; stderr: string };

/** Section i's heading text repeats every 50 sections: its id is `節-(i % 50)`, then `-1`, `-2`... in page order. */
const idOf = (i: number) => `節-${i % 50}${i >= 50 ? `-${Math.floor(i / 50)}` : ''}`;

function hugePage(): string {
  const prose = '大きなページの本文で、設定の意味と既定値を説明します。**強調**と`コード`を含みます。'.repeat(12);
  const sections = Array.from({ length: SECTIONS }, (_, i) =>
    [
      `## 節 ${i % 50}`,
      '',
      prose,
      '',
      `[遠い節](#${idOf((i * 7 + 600) % SECTIONS)})と[別のページ](./a.md)への参照。`,
      '',
      `- 項目 ${i}`,
      '',
      ...(i % 10 === 0 ? ['```ts', `export const x${i} = ${i};`, '```', ''] : []),
      `節 ${i} の最後の段落です。`,
      '',
    ].join('\n'),
  );
  const rows = Array.from({ length: ROWS }, (_, i) => `| ${i} | 行 ${i} の説明 | \`v_${i}\` |`);
  return [
    '---',
    'title: 大きなページ',
    '---',
    '',
    ...sections,
    '## 表',
    '',
    '| ID | 説明 | 値 |',
    '| ---: | --- | :-: |',
    ...rows,
    '',
    '表の後の段落です。',
    '',
  ].join('\n');
}

beforeAll(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'docgen-huge-'));
  cpSync(path.join(repoRoot, 'tests/fixtures/bad/_base'), dir, { recursive: true });
  const page = hugePage();
  expect(page.length, 'a page compiled and rendered as a huge one').toBeGreaterThanOrEqual(HUGE_PAGE);
  writeFileSync(path.join(dir, 'content/docs/huge.md'), page);
  const r = spawnSync(process.execPath, [docgenBin, 'build', '--force'], {
    cwd: dir,
    encoding: 'utf8',
    timeout: 120_000,
    env: { ...process.env, NO_COLOR: '1' },
  });
  result = { status: r.status, stdout: r.stdout, stderr: r.stderr };
}, 130_000);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('a huge page', () => {
  it('builds, with every anchor to another piece resolved by the link checker', () => {
    expect(result.status, result.stderr).toBe(0);
  });

  it("has every section's heading, with a small page's id, and its last paragraph in the HTML, in order", () => {
    const html = readFileSync(path.join(dir, 'dist/docs/huge.html'), 'utf8');
    let at = 0;
    for (let i = 0; i < SECTIONS; i++) {
      const heading = html.indexOf(`id="${idOf(i)}"`, at);
      expect(heading, `section ${i}'s heading`).toBeGreaterThan(at);
      at = html.indexOf(`節 ${i} の最後の段落です。`, heading);
      expect(at, `section ${i}'s last paragraph`).toBeGreaterThan(heading);
    }
    expect(html.match(/<table/g), 'the cut table is one table again').toHaveLength(1);
    expect(html.match(/<tr/g)).toHaveLength(ROWS + 1);
    const lastRow = new RegExp(`<code[^>]*>v_<wbr/?>${ROWS - 1}</code>`).exec(html);
    expect(lastRow, 'the last row, its code marked by rehype-tables').not.toBeNull();
    expect(html.indexOf('表の後の段落です。')).toBeGreaterThan(lastRow!.index);
  });

  it('writes route data the browser runtime loads: the URL in the boot JSON, a PageData with the whole content', () => {
    const html = readFileSync(path.join(dir, 'dist/docs/huge.html'), 'utf8');
    const boot = JSON.parse(/<script type="application\/json" id="__docgen-boot">(.*?)<\/script>/s.exec(html)![1]!) as {
      data: string;
    };
    const data = JSON.parse(readFileSync(path.join(dir, 'dist', boot.data), 'utf8')) as PageData;
    expect(data).toMatchObject({ path: '/docs/huge', title: '大きなページ', kind: 'doc' });
    expect(data.toc.map((item) => item.id)).toEqual([...Array.from({ length: SECTIONS }, (_, i) => idOf(i)), '表']);
    const json = JSON.stringify(data.content);
    expect(json).not.toContain('"position"');
    for (const i of [0, SECTIONS / 2, SECTIONS - 1]) expect(json).toContain(`節 ${i} の最後の段落です。`);
  });

  it('renders, a piece of its content at a time, the same HTML as the whole page rendered at once', async () => {
    const dist = (file: string) => path.join(dir, 'dist', file);
    const html = readFileSync(dist('docs/huge.html'), 'utf8');
    const shell = JSON.parse(readFileSync(dist('site.json'), 'utf8')) as SiteData & { navigation: string };
    const site: SiteData = {
      ...shell,
      ...(JSON.parse(readFileSync(dist(shell.navigation), 'utf8')) as SiteNavigation),
    };
    const route = site.routes.find((r) => r.path === '/docs/huge')!;
    const page = JSON.parse(readFileSync(dist(route.data), 'utf8')) as PageData;
    const whole = await (await loadServerRenderer()).renderApp({ site, page, route });
    const app = html.slice(
      html.indexOf('<div id="__docgen">') + '<div id="__docgen">'.length,
      html.lastIndexOf('</div>\n<script type="application/json" id="__docgen-boot">'),
    );
    expect(app.length).toBe(whole.length);
    expect(app === whole, 'the page HTML is the whole render').toBe(true);
    expect(html).not.toContain('dg-cut');
  }, 60_000);
});
