/**
 * A site's own components in Chromium, as the original site shows them:
 * - Redux's docs (tests/fixtures/real-docs/redux, pinned at 3084fc3), migrated and built with no hand edit: the
 *   pages' `<DetailedExplanation title="…">` is a collapsed box with that title that opens on a click, around the
 *   Markdown it wraps;
 * - tests/fixtures/sites/site-components: ThemedImage shows the light image in light mode and the dark one in
 *   dark mode, table rows come from a map over imported data, and tabs are labelled from `values` of an import;
 *   interactive components (state, click handlers, BrowserOnly) hydrate as islands, on first load and after
 *   client-side navigation, while a page without one loads no island chunk.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { collectErrors, launchBrowser, waitForHydration } from '../helpers/browser.js';
import { builtSite, removeDir, repoRoot, runDocgen, startServe, type CliServer } from '../helpers/site.js';

const temp = mkdtempSync(path.join(tmpdir(), 'docgen-components-e2e-'));
let redux: CliServer;
let browser: Browser;
let fixture: Awaited<ReturnType<typeof builtSite>>;

beforeAll(async () => {
  const out = path.join(temp, 'redux');
  const migrated = runDocgen(
    ['migrate', 'docusaurus', path.join(repoRoot, 'tests/fixtures/real-docs/redux/website'), '--out', out],
    temp,
  );
  if (migrated.status !== 0) throw new Error(migrated.stderr);
  const built = runDocgen(['build'], out, 300_000);
  if (built.status !== 0) throw new Error(built.stdout + built.stderr);
  redux = await startServe(path.join(out, 'dist'));
  browser = await launchBrowser();
  fixture = await builtSite('site-components');
}, 320_000);
afterAll(async () => {
  await browser?.close();
  await redux?.close();
  await fixture?.close();
  removeDir(temp);
});

async function open(url: string, colorScheme: 'light' | 'dark' = 'light') {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, colorScheme });
  const page = await context.newPage();
  const errors = collectErrors(page);
  await page.goto(url);
  await waitForHydration(page);
  return { page, errors, close: () => context.close() };
}

const visibleText = (page: Page, selector: string) =>
  page.$$eval(selector, (nodes) =>
    nodes.filter((n) => (n as HTMLElement).offsetParent !== null).map((n) => n.textContent?.trim()),
  );

describe("a migrated site's own components", () => {
  it("shows Redux's DetailedExplanation as a titled box, collapsed until clicked", async () => {
    const { page, errors, close } = await open(`${redux.url}/faq/code-structure`);
    const box = page.locator('details.detailed-explanation').first();
    await expect(box.locator('summary h4').textContent()).resolves.toMatch(
      /^Detailed Explanation: Example Folder Structure/,
    );
    const inside = box.getByText('An example folder structure might look something like:');
    expect(await inside.isVisible()).toBe(false);
    await box.locator('summary').click();
    expect(await inside.isVisible()).toBe(true);
    // The trim leaves out the favicon and the pages some links go to: their 404s are not the component's.
    expect(errors.filter((e) => !e.includes('status of 404'))).toEqual([]);
    await close();
    const part2 = await open(`${redux.url}/tutorials/fundamentals/part-2-concepts-data-flow`);
    expect(await part2.page.locator('details.detailed-explanation summary h4').count()).toBeGreaterThan(0);
    await part2.close();
  });

  it('shows the light or the dark image of ThemedImage by colour mode, rows and tab labels', async () => {
    for (const mode of ['light', 'dark'] as const) {
      const { page, close } = await open(`${fixture.url}/docs/intro`, mode);
      // The colour mode the toggle sets (src/client/color-mode.ts).
      await page.evaluate((m) => {
        document.documentElement.dataset.theme = m;
      }, mode);
      const shown = await page.$$eval('img.dg-themed', (imgs) =>
        imgs.filter((img) => getComputedStyle(img).display !== 'none').map((img) => img.getAttribute('src')),
      );
      expect(shown).toEqual([`/base/img/${mode}.svg`]);
      if (mode === 'light') {
        expect(await visibleText(page, 'tbody td:first-child')).toEqual(['TypeScript', 'Rust', 'Go']);
        expect(await visibleText(page, '.dg-tabs__label')).toEqual(['macOS', 'Windows']);
        expect(await page.locator('.detailed-explanation__title').textContent()).toBe('Why a store?');
      }
      await close();
    }
  });
});

describe('interactive components hydrate as islands', () => {
  /** The island chunks a page requested: the islands runtime's and each component's. */
  const islandRequests = (page: Page) => {
    const urls: string[] = [];
    page.on('request', (request) => {
      if (/\/assets\/chunks\/(islands|Counter|ClientClock)\.[A-Z0-9]+\.js$/.test(request.url()))
        urls.push(new URL(request.url()).pathname.replace(/\.[A-Z0-9]+\.js$/, ''));
    });
    return urls;
  };

  it('counts clicks, keeps the Markdown children, and shows what BrowserOnly renders in the browser', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    const errors = collectErrors(page);
    const requested = islandRequests(page);
    await page.goto(`${fixture.url}/docs/interactive`);
    await waitForHydration(page);
    const counter = page.locator('.counter').first();
    // The start value came from the page's import (two systems), rendered at build time.
    await expect(counter.locator('.counter__value').textContent()).resolves.toBe('2');
    await page.waitForFunction(() => document.querySelector('.client-clock')?.textContent === 'In the browser (24h)');
    await page.waitForSelector('dg-island[data-component="Counter"][data-island-hydrated]', { state: 'attached' });
    await counter.locator('button').click();
    await counter.locator('button').click();
    await expect(counter.locator('.counter__value').textContent()).resolves.toBe('4');
    await expect(counter.locator('.counter__note strong').textContent()).resolves.toBe('Markdown');
    // A use whose props hold a function is rendered static (a build warning): its clicks change nothing.
    const callback = page.locator('.counter').nth(1);
    await callback.locator('button').click();
    await expect(callback.locator('.counter__value').textContent()).resolves.toBe('1');
    expect(requested.sort()).toEqual([
      '/base/assets/chunks/ClientClock',
      '/base/assets/chunks/Counter',
      '/base/assets/chunks/islands',
    ]);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('loads no island chunk on a page without islands, and hydrates them after client-side navigation', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    const errors = collectErrors(page);
    const requested = islandRequests(page);
    await page.goto(`${fixture.url}/docs/other`);
    await waitForHydration(page);
    await page.waitForLoadState('networkidle');
    expect(requested).toEqual([]);
    await page.locator('a[href="/base/docs/interactive"]').first().click();
    await page.waitForURL(/\/docs\/interactive$/);
    const value = page.locator('.counter .counter__value').first();
    await page.waitForSelector('dg-island[data-component="Counter"][data-island-hydrated]', { state: 'attached' });
    await page.locator('.counter button').first().click();
    await page.waitForFunction(() => document.querySelector('.counter .counter__value')?.textContent === '3');
    await expect(value.textContent()).resolves.toBe('3');
    expect(requested).toContain('/base/assets/chunks/Counter');
    expect(errors).toEqual([]);
    await context.close();
  });
});
