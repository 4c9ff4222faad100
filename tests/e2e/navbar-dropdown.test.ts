/**
 * Navbar dropdowns in Chromium: Vite's docs (tests/fixtures/real-docs/vite, a VitePress site whose nav has menus
 * with `items`) migrated and built with no hand edit, served by `docgen serve`. The "Resources" menu is a theme
 * dropdown with every link VitePress shows in it, reached and used with the keyboard alone.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { collectErrors, launchBrowser, waitForHydration } from '../helpers/browser.js';
import { migratedSite, removeDir, type CliServer } from '../helpers/site.js';

const temp = mkdtempSync(path.join(tmpdir(), 'docgen-navbar-dropdown-'));
let server: CliServer;
let browser: Browser;

beforeAll(async () => {
  server = await migratedSite('vitepress', 'tests/fixtures/real-docs/vite/docs', path.join(temp, 'vite'));
  browser = await launchBrowser();
}, 320_000);
afterAll(async () => {
  await browser?.close();
  await server?.close();
  removeDir(temp);
});

describe('navbar dropdown', () => {
  it('shows a VitePress nav menu as a dropdown of its links, opened, walked and closed with the keyboard', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    const errors = collectErrors(page);
    await page.goto(`${server.url}/guide/`);
    await waitForHydration(page);
    const dropdown = page.locator('.dg-navbar-dropdown', { has: page.locator('summary', { hasText: 'Resources' }) });
    const toggle = dropdown.locator('summary');
    const menu = dropdown.locator('ul');
    expect(await menu.isVisible()).toBe(false);
    // Served by the server: the menu's links are in the HTML before any script runs.
    const labels = await menu.locator('a').evaluateAll((links) => links.map((a) => a.textContent));
    // Its own links, then those of its titled groups (Vite's "Social" group: Bluesky, Mastodon, ...).
    expect(labels.slice(0, 6)).toEqual([
      'Team',
      'Blog',
      'Releases',
      'Acknowledgements',
      'Code of Conduct',
      'Plugin Registry',
    ]);
    expect(labels).toContain('Mastodon');
    // Keyboard only: Tab reaches the toggle, Enter opens the menu, Tab walks its links, Escape closes it and gives
    // the focus back to the toggle.
    await toggle.focus();
    await page.keyboard.press('Enter');
    expect(await menu.isVisible()).toBe(true);
    expect(await menu.evaluate((ul) => getComputedStyle(ul).position)).toBe('absolute'); // laid over the page
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Team');
    await page.keyboard.press('Escape');
    expect(await menu.isVisible()).toBe(false);
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Resources');
    // A press outside closes it too; a link goes to its page.
    await page.keyboard.press('Space');
    expect(await menu.isVisible()).toBe(true);
    await page.mouse.click(640, 600);
    expect(await menu.isVisible()).toBe(false);
    // No hydration mismatch or script error; Vite's pages hold inline styles docgen's CSP blocks, which are its own.
    expect(errors.filter((error) => !error.includes('Content Security Policy'))).toEqual([]);
    await toggle.focus();
    await page.keyboard.press('Enter');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    await page.waitForURL('**/team');
    await context.close();
  });

  it('lists the menu links in the mobile menu', async () => {
    const context = await browser.newContext({ viewport: { width: 400, height: 800 } });
    const page = await context.newPage();
    await page.goto(`${server.url}/guide/`);
    await waitForHydration(page);
    await page.click('.dg-navbar__toggle');
    await page.click('.dg-mobile-menu__back'); // from the page's sidebar to the main menu
    const labels = await page
      .locator('.dg-mobile-menu__items a')
      .evaluateAll((links) => links.map((a) => a.textContent));
    expect(labels).toEqual(expect.arrayContaining(['Guide', 'Team', 'Plugin Registry']));
    await context.close();
  });
});
