import { symlinkSync } from 'node:fs';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { collectErrors, waitForHydration } from '../helpers/browser.js';
import { builtSite, startServe } from '../helpers/site.js';

let site: Awaited<ReturnType<typeof builtSite>>;
let dir: string;
let server: { url: string };
let browser: Browser;

beforeAll(async () => {
  site = await builtSite('basic');
  ({ dir, browser } = site);
  server = { url: site.url };
});
afterAll(async () => site?.close());

describe('a built site in Chromium, served by docgen serve', () => {
  it('hydrates with no console error and follows a sidebar link without a full reload', async () => {
    const page = await browser.newPage();
    const errors = collectErrors(page);
    await page.goto(`${server.url}/docs/guide/intro`);
    await waitForHydration(page);
    await page.evaluate(() => ((window as unknown as { __marker: number }).__marker = 42));
    await page.click('.dg-sidebar a[href="/docs/guide/config"]');
    await page.waitForURL(`${server.url}/docs/guide/config`);
    await expect.poll(() => page.textContent('main h1')).toBe('設定');
    expect(await page.title()).toBe('設定 | Fixture Docs');
    expect(await page.evaluate(() => (window as unknown as { __marker?: number }).__marker)).toBe(42);
    expect(await page.getAttribute('.dg-sidebar [aria-current="page"]', 'href')).toBe('/docs/guide/config');
    await page.goBack();
    await expect.poll(() => page.textContent('main h1')).toBe('はじめに');
    expect(await page.evaluate(() => (window as unknown as { __marker?: number }).__marker)).toBe(42);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('links the API stylesheet only on API pages, and loads it before showing an API page reached client-side', async () => {
    const page = await browser.newPage();
    const errors = collectErrors(page);
    // The stylesheet arrives late: a router that did not wait for it would show the reference unstyled first.
    await page.route('**/assets/api.*.css', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 600));
      await route.continue();
    });
    await page.goto(`${server.url}/docs/guide/intro`);
    await waitForHydration(page);
    const stylesheets = () =>
      page.$$eval('link[rel="stylesheet"]', (links) => links.map((link) => link.getAttribute('href')!));
    expect((await stylesheets()).some((href) => /\/assets\/api\./.test(href))).toBe(false);
    await page.click('.dg-markdown a[href="/api/pets#listPets"]');
    // The first frame that shows the reference: the method badge already has its API style (white on a colour).
    const shown = await page.waitForFunction(() => {
      const badge = document.querySelector('#dg-main .dg-method');
      return badge && getComputedStyle(badge).color;
    });
    expect(await shown.jsonValue()).toBe('rgb(255, 255, 255)');
    expect((await stylesheets()).filter((href) => /\/assets\/api\./.test(href))).toHaveLength(1);
    // A full load of an API page links it in its HTML.
    await page.goto(`${server.url}/api/pets`);
    expect((await stylesheets()).filter((href) => /\/assets\/api\./.test(href))).toHaveLength(1);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('turns the API stylesheet off on a doc page reached client-side, so it looks as on a first load', async () => {
    const page = await browser.newPage();
    const errors = collectErrors(page);
    const copyButton = () =>
      page.$eval('#dg-main .dg-copy', (button) => {
        const style = getComputedStyle(button);
        return [style.backgroundColor, style.color, style.top, style.opacity].join(' ');
      });
    await page.goto(`${server.url}/docs/guide/intro`);
    await waitForHydration(page);
    const firstLoad = await copyButton();
    // From a first load of an API page (the stylesheet in its HTML) and back and forth client-side.
    await page.goto(`${server.url}/api/pets`);
    await waitForHydration(page);
    await page.click('.dg-navbar a[href="/docs/guide/intro"]');
    await expect.poll(() => page.textContent('main h1')).toBe('はじめに');
    expect(await copyButton()).toBe(firstLoad);
    await page.goBack();
    await expect
      .poll(() =>
        page.evaluate(
          () =>
            document.querySelector('#dg-main .dg-method') &&
            getComputedStyle(document.querySelector('#dg-main .dg-method')!).color,
        ),
      )
      .toBe('rgb(255, 255, 255)');
    await page.goForward();
    await expect.poll(() => page.textContent('main h1')).toBe('はじめに');
    expect(await copyButton()).toBe(firstLoad);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('shows an API page even when its stylesheet fails to load, and loads it again on the next visit', async () => {
    const page = await browser.newPage();
    let fail = true;
    let requests = 0;
    await page.route('**/assets/api.*.css', (route) => {
      requests++;
      return fail ? route.abort() : route.continue();
    });
    await page.goto(`${server.url}/docs/guide/intro`);
    await waitForHydration(page);
    await page.click('.dg-markdown a[href="/api/pets#listPets"]');
    await expect.poll(() => page.textContent('main h1')).toBe('ペット API');
    expect(requests).toBe(1);
    fail = false;
    await page.goBack();
    await expect.poll(() => page.textContent('main h1')).toBe('はじめに');
    await page.click('.dg-markdown a[href="/api/pets#listPets"]');
    const shown = await page.waitForFunction(() => {
      const badge = document.querySelector('#dg-main .dg-method');
      return badge && getComputedStyle(badge).color;
    });
    expect(await shown.jsonValue()).toBe('rgb(255, 255, 255)');
    expect(requests).toBe(2);
    await page.close();
  });

  it('loads the navigation data only after hydration; the sidebar keeps working before and after it arrives', async () => {
    const page = await browser.newPage();
    const errors = collectErrors(page);
    const requested: string[] = [];
    page.on('request', (request) => requested.push(new URL(request.url()).pathname));
    // Hold the navigation file back, to look at the page between hydration and its arrival.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/assets/navigation.*.json', async (route) => {
      await held;
      await route.continue();
    });
    await page.goto(`${server.url}/docs/guide/intro`);
    // The request is made by an effect of the hydrated app: once it is out, hydration is done.
    await expect.poll(() => requested.filter((p) => p.includes('/assets/navigation.')).length).toBe(1);
    expect(await page.locator('link[rel="preload"][href*="/assets/navigation."]').count()).toBe(0); // not part of the first load
    expect(await page.getAttribute('html', 'data-hydrated')).toBeNull();
    expect(await page.getAttribute('.dg-sidebar [aria-current="page"]', 'href')).toBe('/docs/guide/intro'); // server markup kept
    // Copy buttons work from hydration on, not from the navigation data's arrival.
    expect(
      await page
        .locator('.dg-code__body .dg-copy')
        .first()
        .evaluate((button) => getComputedStyle(button).display),
    ).not.toBe('none');
    const links = await page.locator('.dg-sidebar a').count();
    await page.evaluate(
      () => ((document.querySelector('.dg-page > .dg-sidebar') as HTMLElement & { __kept?: boolean }).__kept = true),
    );
    release();
    await waitForHydration(page);
    expect(await page.locator('.dg-sidebar a').count()).toBe(links); // the same sidebar, now rendered by React
    // in the same wrapper element, so its scroll position stays
    expect(
      await page.evaluate(
        () => (document.querySelector('.dg-page > .dg-sidebar') as HTMLElement & { __kept?: boolean }).__kept,
      ),
    ).toBe(true);
    await page.evaluate(() => ((window as unknown as { __marker: number }).__marker = 1));
    await page.click('.dg-sidebar a[href="/docs/guide/config"]');
    await expect.poll(() => page.textContent('main h1')).toBe('設定');
    expect(await page.evaluate(() => (window as unknown as { __marker?: number }).__marker)).toBe(1); // client-side
    expect(errors).toEqual([]);
    await page.close();
  });

  it('scrolls to the anchor of a cross-page link', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 400 } });
    await page.goto(`${server.url}/docs/guide/intro`);
    await waitForHydration(page);
    await page.click('.dg-markdown a[href^="/docs/guide/config#"]');
    await page.waitForURL(/\/docs\/guide\/config#/);
    await expect.poll(() => page.textContent('main h1')).toBe('設定');
    expect(decodeURIComponent(new URL(page.url()).hash)).toBe('#設定ファイルの場所');
    await page.close();
  });

  it('serves clean URLs, .html URLs, and 404.html with status 404', async () => {
    const clean = await fetch(`${server.url}/docs/guide/intro`);
    expect(clean.status).toBe(200);
    expect(clean.headers.get('content-encoding')).toMatch(/^(gzip|br)$/); // compressed like on a real host
    expect((await fetch(`${server.url}/docs/guide/intro.html`)).status).toBe(200);
    const missing = await fetch(`${server.url}/no/such/page`);
    expect(missing.status).toBe(404);
    expect(await missing.text()).toContain('ページが見つかりません');
    for (const attack of [
      '/../../etc/passwd',
      '/%2e%2e/%2e%2e/etc/passwd',
      '/%252e%252e/etc/passwd',
      '/..%5c..%5cetc%5cpasswd',
      '/assets%2f..%2f..%2fetc/passwd',
      '/%00',
    ]) {
      const response = await fetch(`${server.url}${attack}`);
      expect([400, 403, 404], attack).toContain(response.status);
      expect(await response.text(), attack).not.toContain('root:');
    }
    const listing = await fetch(`${server.url}/assets/`);
    expect(listing.status).toBe(404);
    expect(await listing.text()).toContain('ページが見つかりません'); // the 404 page, not a listing
  });

  it('never follows a symlink out of the served folder', async () => {
    symlinkSync('/etc', path.join(dir, 'dist/etc-link'));
    symlinkSync('/etc/hostname', path.join(dir, 'dist/host.txt'));
    const other = await startServe(`${dir}/dist`); // a server started with the links present
    try {
      for (const url of ['/etc-link/hostname', '/etc-link/passwd', '/host.txt']) {
        const response = await fetch(`${other.url}${url}`);
        expect(response.status, url).toBe(404);
        expect(await response.text(), url).toContain('ページが見つかりません');
      }
      expect((await fetch(`${other.url}/docs/guide/intro`)).status).toBe(200);
    } finally {
      await other.close();
    }
  });

  it('strips .html from the address after load', async () => {
    const page = await browser.newPage();
    await page.goto(`${server.url}/docs/guide/config.html`);
    await waitForHydration(page);
    expect(new URL(page.url()).pathname).toBe('/docs/guide/config');
    await page.close();
  });

  it('hydrates the not-found page for an unknown path', async () => {
    const page = await browser.newPage();
    const errors = collectErrors(page);
    const response = await page.goto(`${server.url}/missing/page`);
    expect(response!.status()).toBe(404);
    await waitForHydration(page);
    expect(await page.textContent('main h1')).toBe('ページが見つかりません');
    expect(errors.filter((e) => !e.includes('404'))).toEqual([]);
    await page.close();
  });
});
