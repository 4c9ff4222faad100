/**
 * The built site works under its own strict Content-Security-Policy: every route loads, hydrates and
 * navigates with no CSP violation.
 */
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { waitForHydration } from '../helpers/browser.js';
import { emittedPolicy, enforcePolicy, violations } from '../helpers/csp.js';
import { builtRoutes, builtSite } from '../helpers/site.js';

let site: Awaited<ReturnType<typeof builtSite>>;

beforeAll(async () => {
  site = await builtSite('theme');
});
afterAll(async () => site?.close());

describe('strict CSP', () => {
  it('loads every route with no violation', async () => {
    const dist = path.join(site.dir, 'dist');
    const context = await site.browser.newContext();
    const release = await enforcePolicy(context, site.url, emittedPolicy(dist));
    const page = await context.newPage();
    const consoleErrors: string[] = [];
    page.on('console', (m) => m.type() === 'error' && consoleErrors.push(m.text()));
    for (const route of builtRoutes(dist)) {
      await page.goto(site.url + route);
      await waitForHydration(page);
      expect(await violations(page), route).toEqual([]);
    }
    await page.click('.dg-color-toggle');
    await page.click('.dg-navbar__link >> text=ガイド');
    await expect.poll(() => page.textContent('main h1')).toBe('はじめに');
    expect(await violations(page)).toEqual([]);
    expect(consoleErrors.filter((e) => /Content Security Policy/i.test(e))).toEqual([]);
    await release();
    await context.close();
  });
});
