/**
 * What a reader meets in site search, in Chromium against a built fixture: a typo still finds
 * the page (Latin: one edit; Japanese: one wrong kana in a long word), results grouped by page with the matching
 * sections under each, every result reachable with "more results", front matter `keywords` found, no keyboard
 * hints on touch devices, a drawn search icon. SCREENSHOT_DIR=... keeps screenshots of the dialog to look at.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { BrowserContext, BrowserContextOptions, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { collectErrors, waitForHydration } from '../helpers/browser.js';
import { builtSite } from '../helpers/site.js';

const ROUTING = `---
title: ルーティング
---

ゲートウェイは要求をルーティングチェーンで評価します。

## ルーティングチェーンの評価 {#evaluation}

ルーティングチェーンは上から順に評価されます。

## 認証（authentication） {#authentication}

ルーティングの前に authentication を行います。

## ルーティングの例 {#examples}

ルーティングチェーンの例を示します。

## トークン {#token}

token の有効期限を確かめます。
`;

const BFF = `---
title: BFF パターン
keywords: [バックエンドフォーフロントエンド, Backend for Frontend]
---

フロントエンドごとに専用の API を置く構成です。
`;

/** Thirty pages of two sections each that all match one query: sixty results. */
const COMMON = Array.from(
  { length: 30 },
  (_, p) => `---
title: 共通ページ ${p}
---

## 前半 ${p} {#first}

共通語彙の説明 ${p} です。

## 後半 ${p} {#second}

共通語彙の補足 ${p} です。
`,
);

let site: Awaited<ReturnType<typeof builtSite>>;

beforeAll(async () => {
  site = await builtSite('basic', (dir) => {
    const guide = path.join(dir, 'content/docs/guide');
    writeFileSync(path.join(guide, 'routing.md'), ROUTING);
    writeFileSync(path.join(guide, 'bff.md'), BFF);
    mkdirSync(path.join(guide, 'common'));
    COMMON.forEach((text, p) => writeFileSync(path.join(guide, `common/page-${p}.md`), text));
  });
});
afterAll(async () => site?.close());

async function openSearch(
  options: BrowserContextOptions = {},
): Promise<{ page: Page; context: BrowserContext; errors: string[] }> {
  const context = await site.browser.newContext({ viewport: { width: 1280, height: 800 }, ...options });
  const page = await context.newPage();
  const errors = collectErrors(page);
  await page.goto(`${site.url}/docs/guide/intro`);
  await waitForHydration(page);
  await page.click('.dg-search-button');
  await page.waitForSelector('.dg-search-dialog__input');
  return { page, context, errors };
}

async function search(page: Page, query: string): Promise<void> {
  await page.fill('.dg-search-dialog__input', query);
  await page.waitForSelector('.dg-search-hit');
}

const hrefs = (page: Page) =>
  page
    .locator('.dg-search-hit a')
    .evaluateAll((links) => links.map((a) => decodeURIComponent(a.getAttribute('href')!)));

async function shoot(page: Page, name: string): Promise<void> {
  if (process.env.SCREENSHOT_DIR) await page.screenshot({ path: path.join(process.env.SCREENSHOT_DIR, `${name}.png`) });
}

describe('search for readers', () => {
  it('finds the page despite a typo: one wrong kana in a long Japanese word, one wrong letter in a Latin word', async () => {
    const { page, context, errors } = await openSearch();
    await search(page, 'ルーテイング');
    expect((await hrefs(page))[0]).toMatch(/^\/docs\/guide\/routing/);
    await search(page, 'authentcation');
    expect((await hrefs(page))[0]).toBe('/docs/guide/routing#authentication');
    await search(page, 'tokn'); // four letters: the shortest a typo is forgiven in
    expect((await hrefs(page))[0]).toBe('/docs/guide/routing#token');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('groups the results by page, the matching sections under the page title', async () => {
    const { page, context } = await openSearch();
    await search(page, 'ルーティングチェーン');
    const group = page.locator('.dg-search-group').first();
    expect(await group.locator('.dg-search-group__title').textContent()).toBe('ルーティング');
    const links = await group.locator('.dg-search-hit a').evaluateAll((as) => as.map((a) => a.getAttribute('href')));
    expect(links.length).toBeGreaterThanOrEqual(3);
    expect(links.every((href) => href!.startsWith('/docs/guide/routing'))).toBe(true);
    // one group per page
    const titles = await page.locator('.dg-search-group__title').allTextContents();
    expect(new Set(titles).size).toBe(titles.length);
    // the arrow keys walk the sections in the order shown
    await page.keyboard.press('ArrowDown');
    expect(await page.getAttribute('.dg-search-dialog__input', 'aria-activedescendant')).toBe(
      await group.locator('[role="option"]').nth(1).getAttribute('id'),
    );
    await shoot(page, 'search-light-1280');
    await context.close();
  });

  it('reaches every result with "more results"', async () => {
    const { page, context } = await openSearch();
    await search(page, '共通語彙');
    expect(await page.locator('.dg-search-hit').count()).toBe(20);
    for (const shown of [40, 60]) {
      await page.click('.dg-search-dialog__more');
      await expect.poll(() => page.locator('.dg-search-hit').count()).toBe(shown);
    }
    await page.click('.dg-search-dialog__more'); // asks for 80, gets the 60 there are
    await expect.poll(() => page.locator('.dg-search-dialog__more').count()).toBe(0);
    expect(new Set(await hrefs(page)).size).toBe(60);
    expect(await page.locator('.dg-search-group').count()).toBe(30);
    await context.close();
  });

  it('finds a page by a front matter keyword its text does not contain', async () => {
    const { page, context } = await openSearch();
    await search(page, 'バックエンドフォーフロントエンド');
    expect((await hrefs(page))[0]).toBe('/docs/guide/bff');
    await search(page, 'backend frontend');
    expect((await hrefs(page))[0]).toBe('/docs/guide/bff');
    await context.close();
  });

  it('shows keyboard hints with a mouse and none on a touch device', async () => {
    const desktop = await openSearch({ viewport: { width: 1024, height: 800 } });
    expect(await desktop.page.locator('.dg-search-dialog__help').isVisible()).toBe(true);
    await desktop.page.keyboard.press('Escape');
    expect(await desktop.page.locator('.dg-search-button__key').isVisible()).toBe(true);
    await desktop.context.close();
    const touch = await openSearch({ viewport: { width: 1024, height: 800 }, hasTouch: true, isMobile: true });
    expect(
      await touch.page.evaluate(() => matchMedia('(hover: none)').matches || matchMedia('(pointer: coarse)').matches),
    ).toBe(true);
    expect(await touch.page.locator('.dg-search-dialog__help').isVisible()).toBe(false);
    await touch.page.click('.dg-search-dialog__close');
    expect(await touch.page.locator('.dg-search-button__key').isVisible()).toBe(false);
    await touch.context.close();
  });

  it('draws the search icon as SVG, not a text glyph', async () => {
    const { page, context } = await openSearch();
    for (const icon of ['.dg-search-dialog__icon', '.dg-search-button__icon']) {
      const box = await page.locator(`svg${icon}`).boundingBox();
      expect(box!.width).toBeGreaterThan(10);
    }
    expect(await page.locator('.dg-search-button').textContent()).not.toContain('⌕');
    await context.close();
  });

  it('reads well in light and dark, at 1280 and 375 px (screenshots)', async () => {
    for (const [width, dark] of [
      [1280, true],
      [375, false],
      [375, true],
    ] as const) {
      const { page, context } = await openSearch({
        viewport: { width, height: 800 },
        colorScheme: dark ? 'dark' : 'light',
      });
      if (dark) {
        await page.keyboard.press('Escape');
        await page.click('.dg-color-toggle');
        await page.click('.dg-search-button');
      }
      await search(page, 'ルーティング');
      const dialog = await page.locator('.dg-search-dialog').boundingBox();
      expect(dialog!.x).toBeGreaterThanOrEqual(0);
      expect(dialog!.x + dialog!.width).toBeLessThanOrEqual(width);
      await shoot(page, `search-${dark ? 'dark' : 'light'}-${width}`);
      await context.close();
    }
  });
});
