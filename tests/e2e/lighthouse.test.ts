/**
 * Lighthouse's accessibility category scores 100 on every route of the real site (content/, openapi/,
 * site.config.ts), in light and dark mode, as a site owner runs it: `docgen serve` of the build (the site's CSP and
 * headers), Lighthouse's default mobile emulation, no scrolling. Lighthouse has no prefers-color-scheme setting and
 * this site ignores the system preference (`respectPrefersColorScheme: false`), so dark mode is the reader's saved
 * choice: `localStorage.theme`, set once on the origin and kept by `disableStorageReset`. Offline: only the
 * accessibility category runs, which loads nothing but the page.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import lighthouse from 'lighthouse';
import puppeteer, { type Browser } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHROMIUM_ARGS } from '../helpers/browser.js';
import { builtRoutes, removeDir, repoRoot, runDocgen, startServe } from '../helpers/site.js';

let out: string;
let server: Awaited<ReturnType<typeof startServe>>;
let browser: Browser;
let routes: string[];

beforeAll(async () => {
  out = mkdtempSync(path.join(tmpdir(), 'docgen-lighthouse-'));
  const result = runDocgen(['build', '--out-dir', out], repoRoot);
  expect(result.status, result.stderr).toBe(0);
  routes = builtRoutes(out);
  server = await startServe(out);
  browser = await puppeteer.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: CHROMIUM_ARGS,
  });
}, 300_000);
afterAll(async () => {
  await browser?.close();
  await server?.close();
  removeDir(out);
});

describe('Lighthouse accessibility on the real site', () => {
  it.each(['light', 'dark'] as const)(
    'scores 100 on every route (%s mode)',
    async (mode) => {
      const page = await browser.newPage();
      await page.goto(server.url + '/');
      await page.evaluate((theme) => localStorage.setItem('theme', theme), mode);
      const failures: string[] = [];
      for (const route of routes) {
        const result = await lighthouse(
          server.url + route,
          { onlyCategories: ['accessibility'], disableStorageReset: true, logLevel: 'error', output: 'json' },
          undefined,
          page,
        );
        const lhr = result!.lhr;
        expect(lhr.runtimeError, route).toBeUndefined();
        const score = Math.round((lhr.categories.accessibility!.score ?? 0) * 100);
        const failing = Object.values(lhr.audits).filter(
          (audit) => audit.score === 0 && audit.scoreDisplayMode === 'binary',
        );
        if (score < 100)
          failures.push(
            `${route}: ${score} (${failing.map((audit) => `${audit.id}: ${JSON.stringify((audit.details as { items?: { node?: { selector?: string } }[] })?.items?.slice(0, 3).map((item) => item.node?.selector))}`).join('; ')})`,
          );
      }
      // The runs above were in the saved mode: Lighthouse leaves the page on the last route.
      expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe(mode);
      await page.close();
      expect(failures).toEqual([]);
    },
    900_000,
  );
});
