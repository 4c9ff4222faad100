/**
 * A VitePress site's own Vue components in Chromium: Vite's Japanese docs (tests/fixtures/real-docs/vite-ja, pinned
 * at 3237ae2), migrated and built with no hand edit. Its `<NonInheritBadge />` (registered in
 * `.vitepress/theme/index.ts`, a template alone) shows as VitePress shows it: an "non-inherit" badge in the heading,
 * linking to the environments section, the heading's id unchanged. Components that need Vue to run are reported once
 * per component with file:line.
 */
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { collectErrors, launchBrowser, waitForHydration } from '../helpers/browser.js';
import { migratedSite, removeDir, type CliServer } from '../helpers/site.js';

const temp = mkdtempSync(path.join(tmpdir(), 'docgen-vue-e2e-'));
const out = path.join(temp, 'vite-ja');
let server: CliServer;
let browser: Browser;

beforeAll(async () => {
  server = await migratedSite('vitepress', 'tests/fixtures/real-docs/vite-ja/docs', out);
  browser = await launchBrowser();
}, 320_000);
afterAll(async () => {
  await browser?.close();
  await server?.close();
  removeDir(temp);
});

describe("a VitePress site's own Vue components", () => {
  it('renders the template-only NonInheritBadge into the headings that use it', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    const errors = collectErrors(page);
    await page.goto(`${server.url}/config/dep-optimization-options`);
    await waitForHydration(page);
    const heading = page.locator('h2#optimizedeps-entries');
    const badge = heading.locator('a[href="/guide/api-environment#environments-configuration"] .dg-badge');
    expect(await badge.isVisible()).toBe(true);
    await expect(badge.textContent()).resolves.toBe('non-inherit');
    // Every use on the page (ten headings), not the first only.
    expect(await page.locator('h2 .dg-badge').count()).toBe(10);
    await badge.click();
    await page.waitForURL(/\/guide\/api-environment#environments-configuration$/);
    expect(errors.filter((e) => !e.includes('status of 404'))).toEqual([]);
    await context.close();
  });

  it('reports each component it cannot render once, with file:line, and not the ones it rendered', () => {
    const report = readFileSync(path.join(out, 'MIGRATION.md'), 'utf8');
    expect(report).not.toContain('<NonInheritBadge>');
    expect(report).toContain('config/index.md:25  Vue component <ScrimbaLink>');
    expect(report.match(/Vue component <ScrimbaLink>/g)?.length).toBe(1);
  });
});
