/**
 * Site search in Chromium against a built fixture served by `docgen serve`: the button in the server HTML,
 * nothing loaded before the first open, `/` and Ctrl+K, results with <mark>, keyboard navigation, IME
 * composition, client-side navigation to the exact heading or operation, query latency.
 */
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SearchManifest } from '../../src/shared/search-format.js';
import { collectErrors, launchBrowser, waitForHydration } from '../helpers/browser.js';
import { copyFixture, removeDir, runDocgen, startServe } from '../helpers/site.js';

let dir: string;
let server: Awaited<ReturnType<typeof startServe>>;
let browser: Browser;

const EXTRA_PAGE = `---
title: 検索の対象
sidebar_position: 9
---

導入です。

${Array.from({ length: 40 }, (_, i) => `段落 ${i} です。`).join('\n\n')}

## Cookie の共有（shareCookie） {#share-cookie}

サブドメインの \`shareCookie\` を有効にすると、デバイス ID の有効期限まで Cookie を共有します。
`;

/** Pages with many distinct identifiers, so that the term dictionary is cut into many partitions. */
const BULK_PAGES = Array.from(
  { length: 40 },
  (_, p) => `---
title: 一括ページ ${p}
---

${Array.from({ length: 120 }, (_, i) => `- \`bulkField${p}x${i}Value\` は項目${p}の${i}番目です。`).join('\n')}
`,
);

beforeAll(async () => {
  dir = copyFixture('basic');
  writeFileSync(path.join(dir, 'content/docs/guide/search-target.md'), EXTRA_PAGE);
  mkdirSync(path.join(dir, 'content/docs/guide/bulk'));
  BULK_PAGES.forEach((text, p) => writeFileSync(path.join(dir, `content/docs/guide/bulk/page-${p}.md`), text));
  const result = runDocgen(['build'], dir);
  expect(result.status, result.stdout + result.stderr).toBe(0);
  expect(result.stdout).toMatch(
    /search index: \d+ documents in \d+ partitions \(\d+ terms\), \d+ files, [\d.]+ KiB raw │ gzip: [\d.]+ KiB .*opening search loads [\d.]+ KiB gzip, a typical query then [\d.]+ KiB/,
  );
  server = await startServe(`${dir}/dist`);
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
  removeDir(dir);
});

async function openPage(url: string): Promise<{ page: Page; errors: string[]; requests: string[] }> {
  const page = await browser.newPage({ viewport: { width: 1280, height: 600 } });
  const errors = collectErrors(page);
  const requests: string[] = [];
  page.on('request', (r) => requests.push(r.url()));
  await page.goto(`${server.url}${url}`);
  await waitForHydration(page);
  return { page, errors, requests };
}

async function search(page: Page, query: string): Promise<void> {
  await page.fill('.dg-search-dialog__input', query);
  await page.waitForSelector('.dg-search-hit');
}

describe('site search', () => {
  it('renders the button in the server HTML, disabled until hydration', async () => {
    const html = await (await fetch(`${server.url}/docs/guide/intro`)).text();
    expect(html).toMatch(/<button[^>]*class="dg-search-button"[^>]*disabled=""/);
  });

  it('loads nothing before the first open, then finds an identifier and navigates client-side to its heading', async () => {
    const { page, errors, requests } = await openPage('/docs/guide/intro');
    expect(requests.filter((u) => /\/assets\/search\/|SearchDialog/.test(u))).toEqual([]);
    await page.evaluate(() => ((window as unknown as { __marker: number }).__marker = 1));
    await page.keyboard.press('/');
    await page.waitForSelector('[role="dialog"][aria-modal="true"]');
    expect(await page.evaluate(() => document.activeElement?.className)).toBe('dg-search-dialog__input');
    expect(requests.some((u) => /\/assets\/search\/manifest\.[0-9a-f]{10}\.json$/.test(u))).toBe(true);
    await search(page, 'shareCookie');
    const first = page.locator('.dg-search-hit').first();
    expect(await first.locator('a').getAttribute('href')).toBe('/docs/guide/search-target#share-cookie');
    await expect.poll(() => first.locator('.dg-search-hit__snippet mark').first().textContent()).toBe('shareCookie');
    expect(await page.getAttribute('.dg-search-dialog__input', 'aria-activedescendant')).toBe(
      await first.getAttribute('id'),
    );
    await page.keyboard.press('Enter');
    await page.waitForURL(`${server.url}/docs/guide/search-target#share-cookie`);
    expect(await page.$('.dg-search-dialog')).toBeNull();
    expect(await page.evaluate(() => (window as unknown as { __marker?: number }).__marker)).toBe(1); // no reload
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(0); // scrolled to the heading
    const top = await page.evaluate(() => document.getElementById('share-cookie')!.getBoundingClientRect().top);
    expect(top).toBeGreaterThanOrEqual(0);
    expect(top).toBeLessThan(600);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('keeps what is typed right after `/` while the dialog is still loading, as its first query', async () => {
    const { page, errors } = await openPage('/docs/guide/intro');
    // The dialog's code arrives late, as on a slow network: the keys are typed before its input exists.
    await page.route('**/assets/chunks/SearchDialog.*.js', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 500));
      await route.continue();
    });
    await page.keyboard.press('/');
    await page.keyboard.type('shareCookiee');
    await page.keyboard.press('Backspace');
    await page.waitForSelector('.dg-search-dialog__input');
    expect(await page.inputValue('.dg-search-dialog__input')).toBe('shareCookie');
    await page.waitForSelector('.dg-search-hit');
    expect(await page.locator('.dg-search-hit a').first().getAttribute('href')).toBe(
      '/docs/guide/search-target#share-cookie',
    );
    // Closed and opened again (the code is loaded now), the dialog starts empty, and keys typed at once still
    // all arrive (between the dialog's render and its input's focus, too).
    await page.keyboard.press('Escape');
    await page.keyboard.press('/');
    await page.waitForSelector('.dg-search-dialog__input');
    expect(await page.inputValue('.dg-search-dialog__input')).toBe('');
    for (let i = 0; i < 5; i++) {
      await page.keyboard.press('Escape');
      await page.keyboard.press('/');
      await page.keyboard.type('shareCookie');
      await expect.poll(() => page.inputValue('.dg-search-dialog__input')).toBe('shareCookie');
    }
    expect(errors).toEqual([]);
    await page.close();
  });

  it('keeps every key typed at once after `/` on a fresh page, with no delay', async () => {
    for (let i = 0; i < 5; i++) {
      const { page, errors } = await openPage('/docs/guide/intro');
      await page.keyboard.press('/');
      await page.keyboard.type('shareCookie');
      await page.waitForSelector('.dg-search-hit');
      expect(await page.inputValue('.dg-search-dialog__input')).toBe('shareCookie');
      expect(errors).toEqual([]);
      await page.close();
    }
  });

  it('fetches the manifest on open and, for one query, only the index files holding its terms and results', async () => {
    const searchDir = path.join(dir, 'dist/assets/search');
    const manifest = JSON.parse(
      readFileSync(path.join(searchDir, readdirSync(searchDir).find((f) => f.startsWith('manifest.'))!), 'utf8'),
    ) as SearchManifest;
    const total = {
      terms: manifest.partitions.starts.length,
      docs: readdirSync(searchDir).filter((f) => f.startsWith('docs-')).length,
    };
    expect(total.terms).toBeGreaterThanOrEqual(8); // a multi-partition index
    const { page, errors, requests } = await openPage('/docs/guide/intro');
    await page.keyboard.press('/');
    await page.waitForSelector('[role="dialog"]');
    // On open: the manifest, and (a small index) its one block of field lengths; no terms, no documents.
    await expect.poll(() => requests.filter((u) => u.includes('/assets/search/')).length).toBe(2);
    expect(
      requests
        .filter((u) => u.includes('/assets/search/'))
        .map((u) => u.replace(/.*\/assets\/search\//, '').replace(/\.[0-9a-f]+\.json$/, '')),
    ).toEqual(['manifest', 'lengths-0']);
    await search(page, 'shareCookie');
    expect(await page.locator('.dg-search-hit a').first().getAttribute('href')).toBe(
      '/docs/guide/search-target#share-cookie',
    );
    const fetched = (kind: string) => requests.filter((u) => u.includes(`/assets/search/${kind}-`)).length;
    expect(fetched('terms')).toBeGreaterThan(0);
    expect(fetched('terms')).toBeLessThanOrEqual(3); // sharecookie, share, cookie (and one typo range)
    expect(fetched('lengths')).toBe(1);
    expect(fetched('docs')).toBeGreaterThan(0);
    expect(fetched('docs')).toBeLessThan(total.docs);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('finds a Japanese substring of a compound and an API operation; arrow keys move the selection', async () => {
    const { page, errors } = await openPage('/docs/guide/intro');
    await page.keyboard.press('Control+k');
    await search(page, '効期限');
    expect(await page.locator('.dg-search-hit a').first().getAttribute('href')).toBe(
      '/docs/guide/search-target#share-cookie',
    );
    await search(page, 'listPets');
    expect(await page.locator('.dg-search-hit a').first().getAttribute('href')).toBe('/api/pets#listPets');
    expect(await page.locator('.dg-search-hit__method').first().textContent()).toBe('GET');
    await search(page, 'デバイス');
    const count = await page.locator('.dg-search-hit').count();
    expect(count).toBeGreaterThan(1);
    await page.keyboard.press('ArrowDown');
    expect(await page.locator('.dg-search-hit').nth(1).getAttribute('aria-selected')).toBe('true');
    await page.keyboard.press('ArrowUp');
    expect(await page.locator('.dg-search-hit').nth(0).getAttribute('aria-selected')).toBe('true');
    await page.keyboard.press('Escape');
    expect(await page.$('.dg-search-dialog')).toBeNull();
    expect(await page.evaluate(() => document.activeElement?.className)).toBe('dg-search-button');
    expect(errors).toEqual([]);
    await page.close();
  });

  it('does not search or navigate while an IME is composing, and searches when it commits', async () => {
    const { page } = await openPage('/docs/guide/intro');
    await page.evaluate(() =>
      document.dispatchEvent(new KeyboardEvent('keydown', { key: '/', isComposing: true, bubbles: true })),
    );
    expect(await page.$('.dg-search-dialog')).toBeNull();
    await page.click('.dg-search-button');
    await page.waitForSelector('.dg-search-dialog__input');
    await page.evaluate(() => {
      const input = document.querySelector<HTMLInputElement>('.dg-search-dialog__input')!;
      input.dispatchEvent(new CompositionEvent('compositionstart', { bubbles: true }));
      Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!.call(input, 'でばいす');
      input.dispatchEvent(new InputEvent('input', { bubbles: true, isComposing: true, data: 'でばいす' }));
      input.dispatchEvent(
        new KeyboardEvent('keydown', { key: 'Enter', keyCode: 229, isComposing: true, bubbles: true }),
      );
    });
    await page.waitForTimeout(300);
    expect(await page.locator('.dg-search-hit').count()).toBe(0);
    expect(new URL(page.url()).pathname).toBe('/docs/guide/intro');
    await page.evaluate(() => {
      const input = document.querySelector<HTMLInputElement>('.dg-search-dialog__input')!;
      Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!.call(input, 'デバイス');
      input.dispatchEvent(new InputEvent('input', { bubbles: true, isComposing: true, data: 'デバイス' }));
      input.dispatchEvent(new CompositionEvent('compositionend', { bubbles: true, data: 'デバイス' }));
    });
    await page.waitForSelector('.dg-search-hit');
    await page.close();
  });

  it('shows the results of a query within 200 ms of the keystroke (median, including React rendering)', async () => {
    const { page } = await openPage('/docs/guide/intro');
    await page.keyboard.press('/');
    await search(page, 'デバイス');
    const ms = await page.evaluate(async () => {
      const input = document.querySelector<HTMLInputElement>('.dg-search-dialog__input')!;
      const status = document.querySelector('.dg-search-dialog__status')!;
      const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!;
      const type = (value: string) => {
        setter.call(input, value);
        input.dispatchEvent(new Event('input', { bubbles: true }));
      };
      const until = (done: () => boolean) =>
        new Promise<void>((resolve) => {
          if (done()) return resolve();
          new MutationObserver((_, o) => done() && (o.disconnect(), resolve())).observe(status, {
            childList: true,
            subtree: true,
            characterData: true,
          });
        });
      const times: number[] = [];
      for (const q of ['shareCookie', '有効期限', 'listPets', 'デバイス ID', 'ペット一覧']) {
        type('');
        await until(() => status.textContent === 'キーワードを入力してください。');
        const t = performance.now();
        type(q);
        await until(() => /^\d+ 件$/.test(status.textContent ?? '')); // this query's results are on screen
        times.push(performance.now() - t);
      }
      return times.sort((a, b) => a - b)[Math.floor(times.length / 2)]!;
    });
    expect(ms).toBeLessThan(200);
    await page.close();
  });
});
