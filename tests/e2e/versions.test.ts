/**
 * Versioned docs in Chromium: Jest's website with three versions (tests/fixtures/real-docs/
 * jest, pinned at 52db46e) migrated and built with no hand edits, served by `docgen serve`. The dropdown goes to the
 * same doc in the chosen version or that version's first doc, the banner of an older version links to the same doc
 * in the latest one, the reader's version is remembered under Docusaurus' key, and search is scoped to the version
 * the reader is in unless they ask for every version.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations } from '../helpers/axe.js';
import { collectErrors, launchBrowser, waitForHydration } from '../helpers/browser.js';
import { removeDir, repoRoot, runDocgen, startServe, type CliServer } from '../helpers/site.js';

const temp = mkdtempSync(path.join(tmpdir(), 'docgen-versions-e2e-'));
let server: CliServer;
let browser: Browser;

beforeAll(async () => {
  const out = path.join(temp, 'jest');
  const migrated = runDocgen(
    ['migrate', 'docusaurus', path.join(repoRoot, 'tests/fixtures/real-docs/jest/website'), '--out', out],
    temp,
  );
  if (migrated.status !== 0) throw new Error(migrated.stderr);
  const built = runDocgen(['build'], out, 300_000);
  if (built.status !== 0) throw new Error(built.stdout + built.stderr);
  server = await startServe(path.join(out, 'dist'));
  browser = await launchBrowser();
}, 320_000);
afterAll(async () => {
  await browser?.close();
  await server?.close();
  removeDir(temp);
});

async function open(route: string): Promise<{ page: Page; errors: string[]; close: () => Promise<void> }> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  const errors = collectErrors(page);
  await page.goto(server.url + route);
  await waitForHydration(page);
  return { page, errors, close: () => context.close() };
}

const pathname = (page: Page) => new URL(page.url()).pathname;

async function chooseVersion(page: Page, label: string): Promise<void> {
  await page.click('.dg-version-dropdown__toggle');
  await page.getByRole('link', { name: label, exact: true }).click();
}

describe('versioned docs for readers', () => {
  it('loads the chunk of version and locale parts before hydrating, with the markup the server rendered', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    const errors = collectErrors(page); // a hydration mismatch is a console error
    const scripts: string[] = [];
    page.on(
      'request',
      (request) => void (request.resourceType() === 'script' && scripts.push(new URL(request.url()).pathname)),
    );
    await page.goto(server.url + '/docs/30.0/upgrading-to-jest30');
    await waitForHydration(page);
    expect(scripts.filter((url) => /\/site-extras-parts\.[\w-]+\.js$/.test(url))).toHaveLength(1);
    await page.click('.dg-version-dropdown__toggle'); // hydrated: the dropdown answers
    expect(await page.isVisible('.dg-version-dropdown__menu')).toBe(true);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('goes to the same doc in the chosen version, or to its first doc, and remembers the version', async () => {
    const { page, errors, close } = await open('/docs/30.0/upgrading-to-jest30');
    expect(await page.textContent('.dg-version-dropdown__toggle')).toBe('30.0');
    // A click outside, or Escape, closes the menu.
    await page.click('.dg-version-dropdown__toggle');
    expect(await page.isVisible('.dg-version-dropdown__menu')).toBe(true);
    // versions.css, which only a versioned site loads (config/load.ts), lays the menu over the page.
    expect(await page.$eval('.dg-version-dropdown__menu', (menu) => getComputedStyle(menu).position)).toBe('absolute');
    await page.mouse.click(640, 600);
    expect(await page.isVisible('.dg-version-dropdown__menu')).toBe(false);
    await page.click('.dg-version-dropdown__toggle');
    await page.keyboard.press('Escape');
    expect(await page.isVisible('.dg-version-dropdown__menu')).toBe(false);
    await chooseVersion(page, 'Next');
    await page.waitForURL('**/docs/next/upgrading-to-jest30');
    expect(await page.textContent('.dg-version-dropdown__toggle')).toBe('Next');
    expect(await page.textContent('.dg-version-banner')).toContain(
      'This is unreleased documentation for Jest Next version.',
    );
    expect(await page.evaluate(() => localStorage.getItem('docs-preferred-version-default'))).toBe('current');
    // 29.7 has no "Upgrading to Jest 30": its first doc.
    await chooseVersion(page, '29.7');
    await page.waitForURL('**/docs/29.7/getting-started');
    expect(await page.textContent('h1')).toBe('Getting Started');
    expect(await page.isVisible('.dg-version-dropdown__menu')).toBe(false); // closed on the new page
    expect(await page.evaluate(() => localStorage.getItem('docs-preferred-version-default'))).toBe('29.7');
    // The sidebar is 29.7's: its links stay in 29.7 (it lists "Testing React Apps", which later versions dropped).
    const sidebarLinks = await page
      .locator('.dg-sidebar a')
      .evaluateAll((links) => links.map((a) => a.getAttribute('href')!));
    expect(sidebarLinks.length).toBeGreaterThan(20);
    expect(sidebarLinks.every((href) => href.startsWith('/docs/29.7/') || !href.startsWith('/docs/'))).toBe(true);
    expect(sidebarLinks).toContain('/docs/29.7/tutorial-react');
    expect(errors).toEqual([]);
    await close();
  });

  it("sends the navbar's doc links to the reader's version: the page's own, else the one last read", async () => {
    const { page, errors, close } = await open('/docs/29.7/cli');
    expect(await page.locator('.dg-navbar a', { hasText: 'Docs' }).first().getAttribute('href')).toBe(
      '/docs/29.7/getting-started',
    );
    // Off the docs (the home page), the version read last: stored by the visit above.
    await page.goto(server.url + '/');
    await waitForHydration(page);
    await page.waitForFunction(
      () => document.querySelector('.dg-navbar a[href="/docs/29.7/getting-started"]') !== null,
    );
    await page.evaluate(() => localStorage.setItem('docs-preferred-version-default', 'current'));
    await page.goto(server.url + '/');
    await waitForHydration(page);
    await page.waitForFunction(
      () => document.querySelector('.dg-navbar a[href="/docs/next/getting-started"]') !== null,
    );
    // Without a stored version, the last version (30.4, at /docs/).
    await page.evaluate(() => localStorage.clear());
    await page.goto(server.url + '/');
    await waitForHydration(page);
    expect(await page.locator('.dg-navbar a', { hasText: 'Docs' }).first().getAttribute('href')).toBe(
      '/docs/getting-started',
    );
    expect(errors).toEqual([]);
    await close();
  });

  it('lists the versions in the mobile menu, each to the same doc', async () => {
    const context = await browser.newContext({ viewport: { width: 375, height: 800 } });
    const page = await context.newPage();
    const errors = collectErrors(page);
    await page.goto(server.url + '/docs/29.7/cli');
    await waitForHydration(page);
    expect(await page.isVisible('.dg-version-dropdown__toggle')).toBe(false); // the navbar's left items are in the menu
    await page.click('.dg-navbar__toggle');
    await page.click('.dg-mobile-menu__back'); // from the sidebar to the main menu
    const versions = page.locator('.dg-mobile-menu__versions');
    expect(await versions.locator('a[aria-current="true"]').textContent()).toBe('29.7');
    await versions.getByRole('link', { name: '30.0', exact: true }).click();
    await page.waitForURL('**/docs/30.0/cli');
    expect(await page.textContent('.dg-version-badge')).toBe('Version: 30.0');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('shows the banner on an unmaintained version, linking to the same doc in the latest version', async () => {
    const { page, errors, close } = await open('/docs/29.7/cli');
    const banner = page.locator('.dg-version-banner');
    expect(await banner.textContent()).toContain(
      'This is documentation for Jest 29.7, which is no longer actively maintained.',
    );
    expect(await page.textContent('.dg-version-badge')).toBe('Version: 29.7');
    await banner.getByRole('link', { name: 'latest version' }).click();
    await page.waitForURL('**/docs/cli');
    expect(pathname(page)).toBe('/docs/cli');
    expect(await page.locator('.dg-version-banner').count()).toBe(0);
    expect(await page.textContent('.dg-version-dropdown__toggle')).toBe('30.4');
    expect(errors).toEqual([]);
    await close();
  });

  it("searches the reader's version, and every version on request", async () => {
    const { page, errors, close } = await open('/docs/29.7/snapshot-testing');
    await page.click('.dg-search-button');
    await page.fill('.dg-search-dialog__input', 'toMatchSnapshot');
    await page.waitForSelector('.dg-search-hit');
    const hrefs = () =>
      page
        .locator('.dg-search-hit a')
        .evaluateAll((links) => links.map((a) => new URL((a as HTMLAnchorElement).href).pathname));
    const scoped = await hrefs();
    expect(scoped.length).toBeGreaterThan(3);
    expect(scoped.filter((href) => href.startsWith('/docs/') && !href.startsWith('/docs/29.7/'))).toEqual([]);
    await page.getByLabel('Search all versions').check();
    await expect.poll(async () => (await hrefs()).some((href) => !href.startsWith('/docs/29.7/'))).toBe(true);
    const all = await hrefs();
    expect(
      new Set(all.map((href) => /^\/docs\/(next|30\.0|29\.7)\//.exec(href)?.[1] ?? 'latest')).size,
    ).toBeGreaterThan(1);
    expect(errors).toEqual([]);
    await close();
  });

  it('passes axe with the banner, the badge and the open dropdown, in light and dark mode', async () => {
    const { page, close } = await open('/docs/29.7/cli');
    await page.click('.dg-version-dropdown__toggle');
    expect(await axeViolations(page)).toEqual([]);
    await page.evaluate(() => document.documentElement.setAttribute('data-theme', 'dark'));
    expect(await axeViolations(page)).toEqual([]);
    await close();
  });
});
