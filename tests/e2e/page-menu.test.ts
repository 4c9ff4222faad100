/**
 * The page menu (templates/components/PageMenu.tsx) on this site, built and served by docgen serve, in Chromium:
 * "copy page as Markdown" puts exactly the page's twin on the clipboard; "view as Markdown" is a plain link that
 * works with JavaScript off; the menu opens from the keyboard, moves nothing when it opens, and axe finds no serious
 * or critical violation with it open.
 */
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations } from '../helpers/axe.js';
import { launchBrowser, waitForHydration } from '../helpers/browser.js';
import { removeDir, repoRoot, runDocgen, startServe } from '../helpers/site.js';

let out: string;
let server: Awaited<ReturnType<typeof startServe>>;
let browser: Browser;

beforeAll(async () => {
  out = mkdtempSync(path.join(tmpdir(), 'docgen-menu-'));
  const result = runDocgen(['build', '--out-dir', out, '--force'], repoRoot, 240_000);
  expect(result.status, result.stderr).toBe(0);
  server = await startServe(out);
  browser = await launchBrowser();
}, 300_000);
afterAll(async () => {
  await browser?.close();
  await server?.close();
  removeDir(out);
});

describe('page menu', () => {
  it('copies exactly the twin, opens from the keyboard without moving the page, and is axe clean', async () => {
    const context = await browser.newContext({ permissions: ['clipboard-read', 'clipboard-write'] });
    const page = await context.newPage();
    await page.goto(`${server.url}/docs/devDesign/apigateway/bff`);
    await waitForHydration(page);
    const before = await page.locator('.dg-markdown').first().boundingBox();
    await page.locator('.dg-page-menu > summary').focus();
    await page.keyboard.press('Enter');
    expect(await page.locator('.dg-page-menu').getAttribute('open')).toBe('');
    expect(await page.locator('.dg-markdown').first().boundingBox()).toEqual(before);
    expect(await axeViolations(page)).toEqual([]);
    await page.locator('.dg-page-menu__copy').click();
    await expect.poll(() => page.locator('.dg-page-menu__copy').textContent()).toBe('コピーしました');
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    expect(copied).toBe(readFileSync(path.join(out, 'docs/devDesign/apigateway/bff.md'), 'utf8'));
    await context.close();
  }, 60_000);

  it("copies exactly an API operation's twin from its own menu, without moving the reference", async () => {
    const context = await browser.newContext({ permissions: ['clipboard-read', 'clipboard-write'] });
    const page = await context.newPage();
    await page.goto(`${server.url}/api/inventory`);
    await waitForHydration(page);
    const op = page.locator('section.dg-op#createRealm');
    await op.locator('.dg-op__menu > summary').focus(); // scrolls it into view
    const before = await op.locator('.dg-op__desc').boundingBox();
    await page.keyboard.press('Enter');
    expect(await op.locator('.dg-op__menu').getAttribute('open')).toBe('');
    expect(await op.locator('.dg-op__desc').boundingBox()).toEqual(before);
    await op.locator('.dg-page-menu__copy').click();
    await expect.poll(() => op.locator('.dg-page-menu__copy').textContent()).toBe('コピーしました');
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    expect(copied).toBe(readFileSync(path.join(out, 'api/inventory/createRealm.md'), 'utf8'));
    expect(copied.startsWith('# ')).toBe(true);
    await expect
      .poll(() => op.locator('.dg-page-menu__copy').textContent(), { timeout: 5000 })
      .toBe('この操作を Markdown としてコピー');
    await context.close();
  }, 60_000);

  it('views the page as Markdown with JavaScript off', async () => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(`${server.url}/docs/devDesign/spn`);
    await page.locator('.dg-page-menu > summary').click();
    const [response] = await Promise.all([
      page.waitForNavigation(),
      page.getByRole('link', { name: 'Markdown で表示' }).click(),
    ]);
    expect(response?.headers()['content-type']).toBe('text/markdown; charset=utf-8');
    expect(await response?.text()).toBe(readFileSync(path.join(out, 'docs/devDesign/spn.md'), 'utf8'));
    // An API operation's menu links its twin the same way.
    await page.goto(`${server.url}/api/inventory`);
    const op = page.locator('section.dg-op#createRealm');
    await op.locator('.dg-op__menu > summary').click();
    const [opResponse] = await Promise.all([
      page.waitForNavigation(),
      op.getByRole('link', { name: 'Markdown で表示' }).click(),
    ]);
    expect(await opResponse?.text()).toBe(readFileSync(path.join(out, 'api/inventory/createRealm.md'), 'utf8'));
    await context.close();
  }, 60_000);
});
