/**
 * A migrated Docusaurus blog in Chromium: the Prettier website's blog (tests/fixtures/real-blog/prettier) migrated,
 * built and served by `docgen serve`. A post shows its byline, author and "recent posts" sidebar and hydrates without
 * an error; the list shows excerpts whose "read more" link opens the post.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { collectErrors, launchBrowser, waitForHydration } from '../helpers/browser.js';
import { migratedSite, removeDir, type CliServer } from '../helpers/site.js';

const temp = mkdtempSync(path.join(tmpdir(), 'docgen-blog-'));
let server: CliServer;
let browser: Browser;

beforeAll(async () => {
  server = await migratedSite('docusaurus', 'tests/fixtures/real-blog/prettier', path.join(temp, 'prettier'));
  browser = await launchBrowser();
}, 320_000);
afterAll(async () => {
  await browser?.close();
  await server?.close();
  removeDir(temp);
});

describe('a blog in Chromium', () => {
  it('shows a post with its byline, author and recent posts, and hydrates without a script error', async () => {
    const page = await browser.newPage();
    const errors = collectErrors(page);
    await page.goto(`${server.url}/blog/2017/09/15/1.7.0`);
    await waitForHydration(page);
    expect(await page.locator('main h1').first().textContent()).toContain('Prettier 1.7');
    expect(await page.locator('.dg-blog-post__byline time').getAttribute('datetime')).toBe('2017-09-15');
    expect(await page.locator('.dg-blog-post__authors a').textContent()).toBe('Lily Skye');
    const recent = await page.locator('.dg-sidebar a').evaluateAll((links) => links.map((a) => a.textContent));
    expect(recent.length).toBe(8); // blogSidebarCount 10: all eight posts of the fixture
    expect(
      await page
        .locator('main img')
        .first()
        .evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0),
    ).toBe(true);
    // Script errors only: the fixture's posts show external images (no network here) and the site has no favicon.
    expect(errors.filter((error) => !error.includes('Failed to load resource'))).toEqual([]);
    await page.close();
  });

  it("lists excerpts whose 'Read more' opens the post", async () => {
    const page = await browser.newPage();
    const errors = collectErrors(page);
    await page.goto(`${server.url}/blog`);
    await waitForHydration(page);
    expect(await page.locator('main h1').first().textContent()).toBe('Prettier blog');
    const more = page.locator('main a', { hasText: 'Read more' }).first();
    const href = await more.getAttribute('href');
    await more.click();
    await expect.poll(() => new URL(page.url()).pathname).toBe(href);
    await expect.poll(() => page.locator('.dg-blog-post__byline').count()).toBe(1);
    // Script errors only: the fixture's posts show external images (no network here) and the site has no favicon.
    expect(errors.filter((error) => !error.includes('Failed to load resource'))).toEqual([]);
    await page.close();
  });
});
