/**
 * The built site works under its own strict Content-Security-Policy (issue #7): every route loads, hydrates and
 * navigates with no CSP violation.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, waitForHydration } from '../helpers/browser.js';
import { copyFixture, removeDir, runDocgen, startServe } from '../helpers/site.js';

let dir: string;
let server: Awaited<ReturnType<typeof startServe>>;
let browser: Browser;
let csp: string;

beforeAll(async () => {
  dir = copyFixture('theme');
  expect(runDocgen(['build'], dir).status).toBe(0);
  csp = /Content-Security-Policy: (.+)/.exec(readFileSync(path.join(dir, 'dist/_headers'), 'utf8'))![1]!;
  server = await startServe(`${dir}/dist`);
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
  removeDir(dir);
});

describe('strict CSP', () => {
  it('loads every route with no violation', async () => {
    const context = await browser.newContext();
    // Serve every response with the emitted policy, as a host using _headers would.
    // Only this site's responses carry the policy (as its host would send them); others (the diagram service,
    // unreachable in the sandbox) pass through untouched.
    await context.route(`${server.url}/**`, async (route) => {
      try {
        const response = await route.fetch();
        await route.fulfill({ response, headers: { ...response.headers(), 'content-security-policy': csp } });
      } catch {
        await route.abort().catch(() => {}); // a prefetch cut off by the next navigation
      }
    });
    await context.addInitScript(() => {
      const violations: string[] = ((window as unknown as { violations: string[] }).violations = []);
      document.addEventListener('securitypolicyviolation', (event) => violations.push(`${event.violatedDirective} ${event.blockedURI}`));
    });
    const site = JSON.parse(readFileSync(path.join(dir, 'dist', JSON.parse(/<script type="application\/json" id="__docgen-boot">(.*?)<\/script>/.exec(readFileSync(path.join(dir, 'dist/index.html'), 'utf8'))![1]!).site), 'utf8'));
    const page = await context.newPage();
    const consoleErrors: string[] = [];
    page.on('console', (m) => m.type() === 'error' && consoleErrors.push(m.text()));
    for (const route of site.routes as { path: string }[]) {
      await page.goto(server.url + route.path);
      await waitForHydration(page);
      expect(await page.evaluate(() => (window as unknown as { violations: string[] }).violations), route.path).toEqual([]);
    }
    await page.click('.dg-color-toggle');
    await page.click('.dg-navbar__link >> text=ガイド');
    await expect.poll(() => page.textContent('main h1')).toBe('はじめに');
    expect(await page.evaluate(() => (window as unknown as { violations: string[] }).violations)).toEqual([]);
    expect(consoleErrors.filter((e) => /Content Security Policy/i.test(e))).toEqual([]);
    await context.unrouteAll({ behavior: 'ignoreErrors' });
    await context.close();
  });
});
