/**
 * `docgen serve` of a site built with `--base-url /handbook/`: served under its
 * base like `vitepress preview`, with the `_headers` rules (so the strict CSP is exercised locally), in Chromium.
 */
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { collectErrors, launchBrowser, waitForHydration } from '../helpers/browser.js';
import { emittedPolicy, recordViolations, violations } from '../helpers/csp.js';
import { copyFixture, removeDir, runDocgen, startDev, startServe } from '../helpers/site.js';

let dir: string;
let server: Awaited<ReturnType<typeof startServe>>;
let browser: Browser;

beforeAll(async () => {
  dir = copyFixture('theme');
  const built = runDocgen(['build', '--base-url', '/handbook/'], dir);
  expect(built.status, built.stderr).toBe(0);
  server = await startServe(path.join(dir, 'dist'));
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
  removeDir(dir);
});

describe('docgen serve under a base URL', () => {
  it('detects the base from site.json and prints it in the start line', () => {
    expect(server.output()).toMatch(/^serving \S*dist at http:\/\/127\.0\.0\.1:\d+\/handbook\/\n/);
    expect(server.url).toMatch(/\/handbook$/);
  });

  it('redirects / to the base, and answers other paths outside it with the 404 page', async () => {
    const origin = new URL(server.url).origin;
    const root = await fetch(`${origin}/`, { redirect: 'manual' });
    expect(root.status).toBe(302);
    expect(root.headers.get('location')).toBe('/handbook/');
    for (const outside of ['/docs/guide/intro', '/handbook-other/', '/assets/main.js', '/site.json']) {
      const response = await fetch(origin + outside);
      expect(response.status, outside).toBe(404);
      expect(await response.text(), outside).toContain('ページが見つかりません');
    }
    expect((await fetch(`${server.url}/docs/guide/intro`)).status).toBe(200);
    expect((await fetch(`${server.url}/no/such/page`)).status).toBe(404);
  });

  it('loads pages and assets, navigates on the client, under the strict CSP header, with no console error', async () => {
    const context = await browser.newContext();
    await recordViolations(context);
    const page = await context.newPage();
    const errors = collectErrors(page);
    const failed: string[] = [];
    page.on(
      'response',
      (response) => response.status() >= 400 && failed.push(`${response.status()} ${response.url()}`),
    );
    const first = await page.goto(`${server.url}/`);
    expect(first!.status()).toBe(200);
    expect(first!.headers()['content-security-policy']).toBe(emittedPolicy(path.join(dir, 'dist')));
    await waitForHydration(page);
    const assets = await page.evaluate(() =>
      [...document.querySelectorAll('script[src], link[rel=stylesheet]')].map(
        (el) => (el as HTMLScriptElement).src || (el as HTMLLinkElement).href,
      ),
    );
    expect(assets.length).toBeGreaterThan(1);
    for (const asset of assets) expect(new URL(asset).pathname, asset).toMatch(/^\/handbook\/assets\//);
    const asset = await fetch(assets[0]!);
    expect(asset.status).toBe(200);
    expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    await page.evaluate(() => ((window as unknown as { kept: boolean }).kept = true)); // lost on a full page load
    await page.click('.dg-navbar__link >> text=ガイド');
    await page.waitForURL(/\/handbook\/docs\/guide\/intro$/);
    await expect.poll(() => page.textContent('main h1')).toBe('はじめに');
    expect(await page.evaluate(() => (window as unknown as { kept?: boolean }).kept)).toBe(true);
    await page.click('.dg-sidebar__link >> text=二番目');
    await expect.poll(() => page.textContent('main h1')).toBe('二番目');
    expect(new URL(page.url()).pathname).toBe('/handbook/docs/guide/second');
    expect(await page.evaluate(() => (window as unknown as { kept?: boolean }).kept)).toBe(true);
    expect(await violations(page)).toEqual([]);
    expect(errors).toEqual([]);
    expect(failed).toEqual([]);
    await context.close();
  });

  it('serves at the root with --base /, and its 404 page carries the CSP too', async () => {
    const atRoot = await startServe(path.join(dir, 'dist'), ['--base', '/']);
    try {
      expect(atRoot.output()).toMatch(/at http:\/\/127\.0\.0\.1:\d+\/\n/);
      expect((await fetch(`${atRoot.url}/docs/guide/intro`)).status).toBe(200);
      expect((await fetch(`${atRoot.url}/handbook/docs/guide/intro`)).status).toBe(404);
    } finally {
      await atRoot.close();
    }
    const missing = await fetch(`${server.url}/no/such/page`);
    expect(missing.headers.get('content-security-policy')).toBe(emittedPolicy(path.join(dir, 'dist')));
  });
});

describe('--base-url on serve and dev', () => {
  it('serve takes --base-url as build and dev do', async () => {
    const atRoot = await startServe(path.join(dir, 'dist'), ['--base-url', '/']);
    try {
      expect((await fetch(`${atRoot.url}/docs/guide/intro`)).status).toBe(200);
    } finally {
      await atRoot.close();
    }
  });

  it('dev under a base URL redirects / to it, as serve does', async () => {
    const dev = await startDev(dir, ['--base-url', '/handbook/']);
    try {
      const root = await fetch(`${new URL(dev.url).origin}/`, { redirect: 'manual' });
      expect(root.status).toBe(302);
      expect(root.headers.get('location')).toBe('/handbook/');
      expect((await fetch(`${dev.url}/docs/guide/intro`)).status).toBe(200);
    } finally {
      await dev.close();
    }
  });
});
