/**
 * The real site (content/, openapi/, site.config.ts), built once into a temp folder and served by docgen serve:
 * every route of spec §2 exists; zero serious or critical axe-core violations on every route in light and dark
 * mode (issue #5); every page readable without JavaScript.
 */
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations } from '../helpers/axe.js';
import { launchBrowser, waitForHydration } from '../helpers/browser.js';
import { emittedPolicy, enforcePolicy, violations } from '../helpers/csp.js';
import { builtRoutes, removeDir, repoRoot, runDocgen, startServe } from '../helpers/site.js';

const SPEC_ROUTES = [
  '/',
  '/api/inventory',
  '/api/waitfor-services',
  '/api/zone',
  '/docs/devDesign/index',
  '/docs/devDesign/apigateway/',
  '/docs/devDesign/apigateway/bff',
  '/docs/devDesign/apigateway/cspheader',
  '/docs/devDesign/apigateway/m2m',
  '/docs/devDesign/apigateway/service-supply-chain',
  '/docs/devDesign/models/overview',
  '/docs/devDesign/models/cluster',
  '/docs/devDesign/models/vps-cluster',
  '/docs/devDesign/spn',
  '/docs/devSpecification/APIGateway/overview',
  '/docs/devSpecification/APIGateway/routing',
  '/docs/devSpecification/APIGateway/routing-action',
  '/docs/devSpecification/APIGateway/command',
  '/docs/devSpecification/inventory-openapi',
  '/docs/devSpecification/zone-openapi',
  '/docs/devSpecification/SPN/overview',
  '/docs/devSpecification/SPN/hub',
  '/docs/devSpecification/SPN/agent',
  '/docs/devSpecification/SPN/crate',
];

let out: string;
let server: Awaited<ReturnType<typeof startServe>>;
let browser: Browser;
let routes: string[];

beforeAll(async () => {
  out = mkdtempSync(path.join(tmpdir(), 'docgen-real-'));
  const result = runDocgen(['build', '--out-dir', out], repoRoot);
  expect(result.stderr).toBe('');
  expect(result.status).toBe(0);
  routes = builtRoutes(out);
  server = await startServe(out);
  browser = await launchBrowser();
}, 300_000);
afterAll(async () => {
  await browser?.close();
  await server?.close();
  removeDir(out);
});

describe('the real site', () => {
  it('lands on an API operation reached client-side as a first load of its URL does', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    const targetTop = () => page.evaluate(() => Math.round(document.getElementById('deleteHub')!.getBoundingClientRect().top));
    await page.goto(`${server.url}/docs/devSpecification/SPN/overview`);
    await waitForHydration(page);
    // A link far down the longest reference: the sections above it lay out late (content-visibility).
    await page.evaluate(() => {
      const link = Object.assign(document.createElement('a'), { href: '/api/inventory#deleteHub', id: 'to-operation', textContent: 'deleteHub' });
      document.querySelector('#dg-main')!.prepend(link);
    });
    await page.click('#to-operation');
    await page.waitForURL(`${server.url}/api/inventory#deleteHub`);
    await expect.poll(targetTop).toBeLessThan(200);
    const clientSide = await targetTop();
    await page.goto(`${server.url}/api/inventory#deleteHub`);
    // The first load settles its scroll as the sections above lay out: wait for it rather than a fixed time (a fixed
    // 500 ms failed under load).
    await expect.poll(async () => Math.abs(clientSide - (await targetTop())), { timeout: 10_000 }).toBeLessThan(30);
    expect(clientSide).toBeGreaterThanOrEqual(0);
    await page.close();
  });

  it('has every route of spec §2, plus 404.html', () => {
    for (const route of SPEC_ROUTES) expect(routes, route).toContain(route);
    expect(readFileSync(path.join(out, '404.html'), 'utf8')).toContain('ページが見つかりません');
  });

  it('shows the site tagline under the title in the home page hero, and the Japanese sentence too (spec §1, §3.1)', () => {
    const home = readFileSync(path.join(out, 'index.html'), 'utf8');
    const hero = home.slice(home.indexOf('class="dg-hero"'), home.indexOf('class="dg-hero__actions"'));
    expect(hero).toMatch(/<h1 class="dg-hero__name">Tsunagi V2<\/h1><p class="dg-hero__subtitle">microservice platform<\/p>/);
    expect(hero).toContain('<p class="dg-hero__text">マイクロサービス基盤のドキュメント</p>');
  });

  it.each(['light', 'dark'] as const)('has no serious or critical axe-core violation on any route (%s mode)', async (mode) => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    await context.addInitScript((theme) => localStorage.setItem('theme', theme), mode);
    const page = await context.newPage();
    const failures: string[] = [];
    for (const route of routes) {
      await page.goto(server.url + route);
      await waitForHydration(page);
      expect(await page.getAttribute('html', 'data-theme')).toBe(mode);
      for (const violation of await axeViolations(page)) failures.push(`${route}: ${violation}`);
    }
    await context.close();
    expect(failures).toEqual([]);
  }, 600_000);

  it('works under the emitted strict Content-Security-Policy on every route, with no violation (issue #7)', async () => {
    const context = await browser.newContext();
    const release = await enforcePolicy(context, server.url, emittedPolicy(out));
    const page = await context.newPage();
    for (const route of routes) {
      await page.goto(server.url + route);
      await waitForHydration(page);
      expect(await violations(page), route).toEqual([]);
    }
    await release();
    await context.close();
  }, 300_000);

  it('shows every page without JavaScript', async () => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    for (const route of routes) {
      await page.goto(server.url + route);
      expect((await page.locator('main h1').first().textContent())?.trim().length, route).toBeGreaterThan(0);
      expect(await page.locator('.dg-navbar__link').count(), route).toBeGreaterThanOrEqual(3);
    }
    await context.unrouteAll({ behavior: 'ignoreErrors' });
    await context.close();
  }, 300_000);
});
