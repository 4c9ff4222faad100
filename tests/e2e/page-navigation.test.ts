/**
 * Moving between doc pages and reading them, in Chromium on a built fixture site kept in
 * a git repository: previous/next in sidebar order with the front matter overrides, breadcrumbs, heading
 * permalinks, the edit link, last-updated dates from git, the "on this page" dropdown on narrow screens, collapsed
 * sidebar categories, and the scroll shadow of a wide table.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { waitForHydration } from '../helpers/browser.js';
import { stripLuminance } from '../helpers/pixels.js';
import { builtSite } from '../helpers/site.js';

let site: Awaited<ReturnType<typeof builtSite>>;

/** The basic fixture with two more categories, front matter overrides, a wide table and a git history. */
function prepare(dir: string): void {
  const config = path.join(dir, 'site.config.ts');
  writeFileSync(
    config,
    readFileSync(config, 'utf8').replace(
      "buildDate: '2025-10-13',",
      "buildDate: '2025-10-13',\n  editUrl: 'https://github.com/example/docs/edit/main/',\n  showLastUpdateTime: true,",
    ),
  );
  const guide = path.join(dir, 'content/docs/guide');
  const edit = (file: string, change: (text: string) => string) =>
    writeFileSync(path.join(guide, file), change(readFileSync(path.join(guide, file), 'utf8')));
  edit('intro.md', (text) =>
    text.replace('sidebar_position: 1', 'sidebar_position: 1\nlast_update:\n  date: 2023-01-02'),
  );
  edit(
    'config.md',
    (text) =>
      text.replace('sidebar_position: 2', 'sidebar_position: 2\npagination_label: 設定の説明') +
      '\n### 細かい設定\n\n本文。\n\n#### さらに細かい設定\n\n本文。\n',
  );
  const wide = `| ${Array.from({ length: 10 }, (_, i) => `列${i}`).join(' | ')} |\n|${' --- |'.repeat(10)}\n| ${Array.from({ length: 10 }, () => '`ABCDEFGHIJKL`').join(' | ')} |\n`;
  edit(
    'advanced/deep.md',
    (text) => `---\npagination_next: null\ncustom_edit_url: null\n---\n\n${text}\n## 広い表\n\n${wide}`,
  );
  for (const [folder, category, page] of [
    ['open', 'label: 開いた分類\nposition: 4\ncollapsed: false\n', '# ページA\n\n本文。\n'],
    [
      'fixed',
      'label: 固定の分類\nposition: 5\ncollapsible: false\n',
      '---\npagination_prev: docs/guide/intro\n---\n\n# ページB\n\n本文。\n',
    ],
  ] as const) {
    mkdirSync(path.join(guide, folder));
    writeFileSync(path.join(guide, folder, '_category_.yml'), category);
    writeFileSync(path.join(guide, folder, folder === 'open' ? 'a.md' : 'b.md'), page);
  }
  // Everything but open/a.md committed on a known date: a.md is untracked and shows no date.
  const git = (...args: string[]) =>
    execFileSync('git', ['-c', 'user.name=Fixture', '-c', 'user.email=fixture@example.com', ...args], {
      cwd: dir,
      env: { ...process.env, GIT_AUTHOR_DATE: '2024-03-05T12:00:00Z', GIT_COMMITTER_DATE: '2024-03-05T12:00:00Z' },
    });
  git('init', '-q');
  git('add', '--', '.', ':!content/docs/guide/open/a.md');
  git('commit', '-q', '-m', 'fixture');
}

beforeAll(async () => {
  site = await builtSite('basic', prepare);
}, 180_000);
afterAll(async () => site?.close());

async function open(route: string, width = 1280): Promise<Page> {
  const page = await site.browser.newPage({ viewport: { width, height: 800 } });
  await page.goto(site.url + route);
  await waitForHydration(page);
  return page;
}

/** [sub label, title, href] of the previous and next links. */
function pagination(page: Page) {
  return page.$$eval('.dg-pagination__link', (links) =>
    links.map((a) => [
      a.classList.contains('dg-pagination__link--prev') ? 'prev' : 'next',
      a.querySelector('.dg-pagination__label')!.textContent,
      a.getAttribute('href'),
    ]),
  );
}

describe('previous / next', () => {
  it('follows the sidebar order, with pagination_label, pagination_next: null and pagination_prev honoured', async () => {
    const page = await open('/docs/guide/intro');
    expect(await pagination(page)).toEqual([['next', '設定の説明', '/docs/guide/config']]);
    expect(await page.locator('.dg-pagination').getAttribute('aria-label')).toBe('ドキュメントのページ送り');
    expect(await page.locator('.dg-pagination__link--next .dg-pagination__sub').textContent()).toBe('次へ');
    await page.goto(site.url + '/docs/guide/config');
    expect(await pagination(page)).toEqual([
      ['prev', 'はじめに', '/docs/guide/intro'],
      ['next', '深いページ', '/docs/guide/advanced/deep'],
    ]);
    await page.goto(site.url + '/docs/guide/advanced/deep');
    expect(await pagination(page)).toEqual([['prev', '設定の説明', '/docs/guide/config']]);
    await page.goto(site.url + '/docs/guide/open/a');
    expect(await pagination(page)).toEqual([
      ['prev', '深いページ', '/docs/guide/advanced/deep'],
      ['next', 'ページB', '/docs/guide/fixed/b'],
    ]);
    // Client-side navigation renders them from the route's data too.
    await waitForHydration(page);
    await page.click('.dg-pagination__link--next');
    await page.waitForURL(site.url + '/docs/guide/fixed/b');
    await expect.poll(() => pagination(page)).toEqual([['prev', 'はじめに', '/docs/guide/intro']]);
    await page.close();
  });
});

describe('breadcrumbs, edit link, last-updated date', () => {
  it('shows the sidebar and category path, the edit URL, and the git or front matter date', async () => {
    const page = await open('/docs/guide/advanced/deep');
    const crumbs = await page.$$eval('.dg-breadcrumbs__item', (items) =>
      items.map((li) => [li.textContent, li.querySelector('a')?.getAttribute('href') ?? null]),
    );
    expect(crumbs).toEqual([
      ['ガイド', '/docs/guide/intro'],
      ['応用', null],
      ['深いページ', null],
    ]);
    expect(await page.locator('.dg-breadcrumbs [aria-current="page"]').textContent()).toBe('深いページ');
    expect(await page.locator('.dg-doc-meta__edit').count()).toBe(0); // custom_edit_url: null
    expect(await page.locator('.dg-doc-meta__updated').textContent()).toBe('最終更新日: 2024年3月5日');

    await page.goto(site.url + '/docs/guide/config');
    await waitForHydration(page);
    expect(await page.locator('.dg-doc-meta__edit').getAttribute('href')).toBe(
      'https://github.com/example/docs/edit/main/content/docs/guide/config.md',
    );
    expect(await page.locator('.dg-doc-meta__edit').textContent()).toBe('このページを編集');
    expect(await page.locator('.dg-doc-meta__updated time').getAttribute('datetime')).toBe('2024-03-05');
    await page.goto(site.url + '/docs/guide/intro');
    expect(await page.locator('.dg-doc-meta__updated').textContent()).toBe('最終更新日: 2023年1月2日'); // front matter last_update
    await page.goto(site.url + '/docs/guide/open/a');
    expect(await page.locator('.dg-doc-meta__updated').count()).toBe(0); // untracked: no date, no error
    expect(site.build.stderr).toBe('');
    await page.close();
  });
});

describe('heading permalinks', () => {
  it('puts a # link on h2-h4, hidden until hovered or focused, reachable with Tab, labelled from the catalogue', async () => {
    const page = await open('/docs/guide/config');
    const anchor = page.locator('h2 .dg-heading-anchor');
    expect(await anchor.getAttribute('href')).toBe('#' + encodeURIComponent('設定ファイルの場所'));
    expect(await anchor.getAttribute('aria-label')).toBe('「設定ファイルの場所」への直接リンク');
    expect(await page.locator('h3 .dg-heading-anchor, h4 .dg-heading-anchor').count()).toBe(2);
    const opacity = () => anchor.evaluate((a) => getComputedStyle(a).opacity);
    await page.mouse.move(0, 0);
    await expect.poll(opacity).toBe('0');
    await page.focus('#dg-main');
    let reached = false;
    for (let i = 0; i < 10 && !reached; i++) {
      await page.keyboard.press('Tab');
      reached = await anchor.evaluate((a) => document.activeElement === a);
    }
    expect(reached).toBe(true);
    await expect.poll(opacity).toBe('1');
    await page.keyboard.press('Enter');
    await page.waitForURL(site.url + '/docs/guide/config#' + encodeURIComponent('設定ファイルの場所'));
    await page.close();
  });
});

describe('"on this page" dropdown', () => {
  it('replaces the TOC column on a phone, opens, and closes when a heading is chosen', async () => {
    const page = await open('/docs/guide/config', 375);
    expect(await page.locator('.dg-toc').isVisible()).toBe(false);
    const dropdown = page.locator('.dg-toc-dropdown');
    expect(await dropdown.isVisible()).toBe(true);
    expect(await page.locator('.dg-toc-dropdown__summary').textContent()).toBe('目次');
    await page.click('.dg-toc-dropdown__summary');
    await page.click('.dg-toc-dropdown a >> text=細かい設定');
    await page.waitForURL(/#%E7%B4%B0%E3%81%8B%E3%81%84%E8%A8%AD%E5%AE%9A$/);
    await expect.poll(() => dropdown.evaluate((d) => (d as HTMLDetailsElement).open)).toBe(false);
    await page.close();
    const wide = await open('/docs/guide/config', 1280);
    expect(await wide.locator('.dg-toc-dropdown').isVisible()).toBe(false);
    expect(await wide.locator('.dg-toc').isVisible()).toBe(true);
    await wide.close();
  });
});

describe('sidebar categories', () => {
  it('start collapsed except on the current path, honour collapsed: false and collapsible: false', async () => {
    const state = (page: Page) =>
      page.$$eval('.dg-sidebar__nav .dg-sidebar__category', (categories) =>
        categories.map((c) => [
          c.querySelector('.dg-sidebar__label, .dg-sidebar__link')!.textContent,
          c instanceof HTMLDetailsElement ? c.open : 'fixed',
        ]),
      );
    const page = await open('/docs/guide/intro');
    expect(await state(page)).toEqual([
      ['応用', false],
      ['開いた分類', true],
      ['固定の分類', 'fixed'],
    ]);
    expect(await page.locator('.dg-sidebar__nav a[href="/docs/guide/fixed/b"]').isVisible()).toBe(true);
    await page.goto(site.url + '/docs/guide/advanced/deep');
    await waitForHydration(page);
    expect(await state(page)).toEqual([
      ['応用', true],
      ['開いた分類', true],
      ['固定の分類', 'fixed'],
    ]);
    await page.close();
  });
});

describe('wide tables', () => {
  it('show a shadow on the side where more of the table is hidden, and none where it ends', async () => {
    const page = await open('/docs/guide/advanced/deep', 375);
    const box = page.locator('.dg-table').last();
    await box.scrollIntoViewIfNeeded();
    const { width, overflow } = await box.evaluate((el) => ({
      width: el.clientWidth,
      overflow: el.scrollWidth - el.clientWidth,
    }));
    expect(overflow).toBeGreaterThan(100);
    const edges = async () =>
      (await stripLuminance(site.browser, await box.screenshot(), [
        [2, 5],
        [width - 7, 5],
      ])) as [number, number];
    const [leftAtStart, rightAtStart] = await edges();
    await box.evaluate((el) => (el.scrollLeft = el.scrollWidth));
    const [leftAtEnd, rightAtEnd] = await edges();
    expect(rightAtStart).toBeLessThan(rightAtEnd - 15); // more to the right: shadow on the right
    expect(leftAtEnd).toBeLessThan(leftAtStart - 15); // more to the left: shadow on the left
    await page.close();
  });
});
