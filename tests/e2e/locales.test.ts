/**
 * Locales in Chromium: tests/fixtures/sites/locales (ja default, en with one page untranslated and its
 * labels translated, ar right to left) built and served by `docgen serve` with its `_headers` CSP.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations } from '../helpers/axe.js';
import { collectErrors, waitForHydration } from '../helpers/browser.js';
import { readdirSync, readFileSync, readlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { builtSite, copyFixture, removeDir, startDev } from '../helpers/site.js';

let site: Awaited<ReturnType<typeof builtSite>>;
let browser: Browser;

beforeAll(async () => {
  site = await builtSite('locales');
  browser = site.browser;
});
afterAll(async () => site?.close());

async function open(path: string): Promise<{ page: Page; errors: string[]; requests: string[] }> {
  const page = await browser.newPage();
  const errors = collectErrors(page);
  const requests: string[] = [];
  page.on('request', (request) => requests.push(new URL(request.url()).pathname));
  await page.goto(site.url + path);
  await waitForHydration(page);
  return { page, errors, requests };
}

describe('a ja/en/ar site in Chromium', () => {
  it('serves each locale with its <html lang>, dir, hreflang alternates and translated labels', async () => {
    const { page, errors } = await open('/en/docs/intro');
    expect(await page.getAttribute('html', 'lang')).toBe('en-US');
    expect(await page.getAttribute('html', 'dir')).toBe('ltr');
    expect(
      await page.$$eval('link[rel="alternate"][hreflang]', (links) =>
        links.map((l) => `${l.getAttribute('hreflang')} ${new URL(l.getAttribute('href')!).pathname}`),
      ),
    ).toEqual(['ja /docs/intro', 'en-US /en/docs/intro', 'ar /ar/docs/intro', 'x-default /docs/intro']);
    expect(await page.textContent('main h1')).toBe('Introduction');
    expect(await page.textContent('.dg-sidebar__label')).toBe('Guide details');
    expect(await page.textContent('.dg-toc__title')).toBe('Contents of this page');
    expect(errors).toEqual([]);
    await page.close();
  });

  it("answers a missing page with its locale's not-found page", async () => {
    for (const [url, lang] of [
      ['/en/docs/missing', 'en-US'],
      ['/en/no/such/page', 'en-US'],
      ['/ar/missing', 'ar'],
      ['/missing', 'ja'],
    ] as const) {
      const response = await fetch(site.url + url);
      expect(response.status, url).toBe(404);
      expect((await response.text()).match(/<html lang="([^"]+)"/)?.[1], url).toBe(lang);
    }
  });

  it('goes to the same page in the other locale from the locale dropdown', async () => {
    const { page, errors } = await open('/docs/guide/setup');
    expect(await page.isVisible('.dg-locale__list')).toBe(false);
    await page.click('.dg-locale__button');
    expect(await page.getAttribute('.dg-locale__button', 'aria-expanded')).toBe('true');
    expect(await page.isVisible('.dg-locale__list')).toBe(true);
    await page.click('.dg-locale__link[hreflang="en-US"]');
    await page.waitForURL(`${site.url}/en/docs/guide/setup`);
    await waitForHydration(page);
    expect(await page.textContent('main h1')).toBe('Setup');
    expect(await page.getAttribute('html', 'lang')).toBe('en-US');
    await page.click('.dg-locale__button');
    await page.click('.dg-locale__link[hreflang="ja"]');
    await page.waitForURL(`${site.url}/docs/guide/setup`);
    expect(await page.textContent('main h1')).toBe('セットアップ');
    expect(errors).toEqual([]);
    await page.close();
  });

  it("shows an untranslated page in the default locale's text at the locale's URL, with the notice, also after a client-side navigation", async () => {
    const { page, errors } = await open('/en/docs/intro');
    await page.click('.dg-sidebar summary'); // opens 'Guide details'
    await page.click('.dg-sidebar a[href="/en/docs/guide/faq"]');
    // A client-side navigation: polled on the URL. waitForURL also waits for the document's 'load' state, and after
    // this click's history.pushState it timed out although the URL had changed (Debian's Chromium 156, playwright-core
    // 1.65; the page was there: its h1 read 'よくある質問').
    await expect.poll(() => page.url()).toBe(`${site.url}/en/docs/guide/faq`);
    await expect.poll(() => page.textContent('main h1')).toBe('よくある質問');
    expect(await page.textContent('.dg-untranslated')).toBe(
      'This page has not been translated yet: you are reading the original text.',
    );
    expect(await page.getAttribute('main h1', 'lang')).toBe('ja');
    await page.click('.dg-sidebar a[href="/en/docs/guide/setup"]');
    await expect.poll(() => page.textContent('main h1')).toBe('Setup');
    expect(await page.$('.dg-untranslated')).toBeNull();
    expect(errors).toEqual([]);
    await page.close();
  });

  it('searches only the locale the reader is in, loading only its index', async () => {
    const { page, errors, requests } = await open('/en/docs/intro');
    await page.keyboard.press('/');
    await page.waitForSelector('.dg-search-dialog__input');
    await page.fill('.dg-search-dialog__input', 'translated');
    await page.waitForSelector('.dg-search-hit');
    expect(await page.locator('.dg-search-hit a').first().getAttribute('href')).toMatch(/^\/en\/docs\/intro/);
    const indexRequests = requests.filter((url) => url.includes('/assets/search/'));
    expect(indexRequests.length).toBeGreaterThan(0);
    expect(indexRequests.every((url) => url.startsWith('/en/assets/search/'))).toBe(true);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('lays a right-to-left locale out from the right: sidebar on the right of the content', async () => {
    const { page, errors } = await open('/ar/docs/intro');
    await page.setViewportSize({ width: 1400, height: 900 });
    expect(await page.getAttribute('html', 'dir')).toBe('rtl');
    const sidebar = (await page.locator('.dg-sidebar').boundingBox())!;
    const main = (await page.locator('main').boundingBox())!;
    expect(sidebar.x).toBeGreaterThan(main.x);
    const brand = (await page.locator('.dg-navbar__brand').boundingBox())!;
    expect(brand.x).toBeGreaterThan(700);
    // The notice's accent border is on the start side, the right in Arabic.
    expect(
      await page.$eval(
        'html',
        () => getComputedStyle(document.querySelector('.dg-untranslated')!).borderInlineStartWidth,
      ),
    ).toBe('5px');
    // The untranslated Japanese text keeps its own direction: it starts at the left of the column, punctuation last.
    expect(await page.$eval('main h1', (h1) => getComputedStyle(h1).direction)).toBe('ltr');
    const paragraph = page.locator('main .dg-doc__article p', { hasText: '最初の段落です' });
    expect(await paragraph.evaluate((p) => getComputedStyle(p).direction)).toBe('ltr');
    expect(errors).toEqual([]);
    await page.close();
  });

  it('has no serious or critical axe violation in either locale, dropdown open or closed', async () => {
    for (const path of ['/docs/intro', '/en/docs/intro', '/en/docs/guide/faq', '/en/']) {
      const { page } = await open(path);
      expect(await axeViolations(page), path).toEqual([]);
      await page.click('.dg-locale__button');
      expect(await axeViolations(page), `${path} (dropdown open)`).toEqual([]);
      await page.close();
    }
  });
});

describe('docgen dev of the ja/en/ar site', () => {
  it('serves every locale from one server, starts another locale on its first request, and follows edits of its translations in that locale only', async () => {
    const dir = copyFixture('locales');
    const server = await startDev(dir);
    try {
      const page = await browser.newPage();
      const errors = collectErrors(page);
      await page.goto(`${server.url}/docs/intro`);
      await waitForHydration(page);
      expect(await page.getAttribute('html', 'lang')).toBe('ja');
      expect(server.output()).not.toContain('starting locale');
      await page.click('.dg-locale__button');
      await page.click('.dg-locale__link[hreflang="en-US"]');
      await page.waitForURL(`${server.url}/en/docs/intro`);
      await waitForHydration(page);
      expect(await page.textContent('main h1')).toBe('Introduction');
      expect(await page.getAttribute('html', 'lang')).toBe('en-US');
      expect(server.output()).toContain('starting locale en');
      expect(server.output()).not.toContain('starting locale ar');
      const file = path.join(dir, 'i18n/en/docusaurus-plugin-content-docs/current/intro.md');
      writeFileSync(file, readFileSync(file, 'utf8').replace('The first paragraph.', 'The edited first paragraph.'));
      await expect.poll(() => page.textContent('main'), { timeout: 15_000 }).toContain('The edited first paragraph.');
      // Both locales from the one server of the one process: no locale server of its own behind a proxy.
      expect(listeningSockets(server.child.pid!)).toBe(1);
      // The edit updated the en locale only: the ja page, open meanwhile, keeps its text and reloads nothing.
      const ja = await browser.newPage();
      await ja.goto(`${server.url}/docs/intro`);
      await waitForHydration(ja);
      const jaText = await ja.textContent('main');
      writeFileSync(file, readFileSync(file, 'utf8').replace('The edited first paragraph.', 'Edited twice.'));
      await expect.poll(() => page.textContent('main'), { timeout: 15_000 }).toContain('Edited twice.');
      expect(await ja.textContent('main')).toBe(jaText);
      expect(jaText).not.toContain('Edited');
      expect(errors).toEqual([]);
      await ja.close();
      await page.close();
    } finally {
      await server.close();
      removeDir(dir);
    }
  });
});

/** How many TCP sockets a process listens on (Linux: its socket fds against /proc/net/tcp{,6} in state LISTEN). */
function listeningSockets(pid: number): number {
  const inodes = new Set<string>();
  for (const fd of readdirSync(`/proc/${pid}/fd`)) {
    try {
      const match = /^socket:\[(\d+)\]$/.exec(readlinkSync(`/proc/${pid}/fd/${fd}`));
      if (match) inodes.add(match[1]!);
    } catch {
      // closed meanwhile
    }
  }
  let count = 0;
  for (const table of ['/proc/net/tcp', '/proc/net/tcp6']) {
    for (const line of readFileSync(table, 'utf8').split('\n').slice(1)) {
      const fields = line.trim().split(/\s+/);
      if (fields[3] === '0A' && inodes.has(fields[9]!)) count++;
    }
  }
  return count;
}
