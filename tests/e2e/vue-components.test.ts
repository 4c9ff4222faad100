/**
 * A VitePress site's own Vue components in Chromium: Vite's Japanese docs (tests/fixtures/real-docs/vite-ja, pinned
 * at 3237ae2), migrated and built with no hand edit. Its `<NonInheritBadge />` (registered in
 * `.vitepress/theme/index.ts`, a template alone) shows as VitePress shows it: an "non-inherit" badge in the heading,
 * linking to the environments section, the heading's id unchanged. Components that need Vue to run are reported once
 * per component with file:line. A slice of Vitest's docs (tests/fixtures/real-docs/vitest, pinned at c3ba16b35):
 * components with `<script setup>`, TypeScript props, page imports, a page's own data and VitePress' team
 * components, rendered at migrate time by Vue's server renderer.
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { collectErrors, launchBrowser, waitForHydration } from '../helpers/browser.js';
import { migratedSite, removeDir, repoRoot, runDocgen, startServe, type CliServer } from '../helpers/site.js';

const temp = mkdtempSync(path.join(tmpdir(), 'docgen-vue-e2e-'));
const out = path.join(temp, 'vite-ja');
const vitestOut = path.join(temp, 'vitest');
let server: CliServer;
let vitest: CliServer;
let browser: Browser;

beforeAll(async () => {
  server = await migratedSite('vitepress', 'tests/fixtures/real-docs/vite-ja/docs', out);
  const migrated = runDocgen(
    ['migrate', 'vitepress', path.join(repoRoot, 'tests/fixtures/real-docs/vitest/docs'), '--out', vitestOut],
    temp,
  );
  if (migrated.status !== 0) throw new Error(migrated.stderr);
  // The slice keeps 8 of the site's 220 pages: links to the others are dead.
  const config = path.join(vitestOut, 'site.config.ts');
  writeFileSync(config, readFileSync(config, 'utf8').replace('"onBrokenLinks": "throw"', '"onBrokenLinks": "warn"'));
  const built = runDocgen(['build'], vitestOut, 300_000);
  if (built.status !== 0) throw new Error(built.stdout + built.stderr);
  vitest = await startServe(path.join(vitestOut, 'dist'));
  browser = await launchBrowser();
}, 320_000);
afterAll(async () => {
  await browser?.close();
  await server?.close();
  await vitest?.close();
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
    // ScrimbaLink has a <script setup>: Vue's server renderer renders it.
    for (const name of ['NonInheritBadge', 'ScrimbaLink']) expect(report).not.toContain(`<${name}>`);
    // SupportedVersions reads __VITE_VERSION__, which the config's vite.define gives it: rendered, its input inert.
    expect(report).toContain(
      'releases.md:23  Vue component <SupportedVersions> is rendered statically: its event handling does not run in the built page',
    );
    expect(report.match(/Vue component <SupportedVersions>/g)?.length).toBe(1);
    const releases = readFileSync(path.join(out, 'dist/releases.html'), 'utf8');
    expect(releases).toContain('これより前のすべてのバージョンはサポートされていません');
  });
});

describe('Vue components with scripts (Vitest docs)', () => {
  it("shows the home page's <Home /> (imported in <script setup>): hero, intro and feature grid", async () => {
    const page = await browser.newPage();
    await page.goto(`${vitest.url}/`);
    await waitForHydration(page);
    const main = page.locator('main');
    expect(await main.getByRole('heading', { name: 'Next Generation Testing Framework' }).isVisible()).toBe(true);
    expect(await main.getByText('The Vite Native Test Runner').isVisible()).toBe(true);
    expect(await main.getByText('Jest Compatible').isVisible()).toBe(true);
    expect(await main.locator('a[href="/guide/"]', { hasText: 'Get Started' }).isVisible()).toBe(true);
    await page.close();
  });

  it("shows the team page's VPTeamMembers with the members of the page's own data", async () => {
    const page = await browser.newPage();
    await page.goto(`${vitest.url}/team`);
    await waitForHydration(page);
    const main = page.locator('main');
    expect(await main.getByText('Vladimir', { exact: true }).isVisible()).toBe(true);
    expect(await main.getByRole('heading', { name: 'Team Emeriti' }).isVisible()).toBe(true);
    expect(await main.locator('li strong').count()).toBeGreaterThanOrEqual(7);
    await page.close();
  });

  it('shows a component with a TypeScript <script setup> from the theme (FeaturesList, CourseLink)', async () => {
    const page = await browser.newPage();
    await page.goto(`${vitest.url}/guide/features`);
    await waitForHydration(page);
    const main = page.locator('main');
    expect(await main.getByText('Smart & instant watch mode, like HMR for tests!').isVisible()).toBe(true);
    const course = main.locator('a[href^="https://vueschool.io/lessons/your-first-test"]');
    expect(await course.textContent()).toContain('Learn how to write your first test by Video');
    await page.close();
  });

  it("keeps the components' classes, scoped styles and inline styles (as classes), with no inline style or handler in the page", async () => {
    const page = await browser.newPage();
    await page.goto(`${vitest.url}/guide/features`);
    await waitForHydration(page);
    const course = page.locator('main a.course-link');
    // CourseLink.vue's <style scoped>: `.course-link[data-v-…] { display: flex; background-color: rgb(34 197 94 / 0.1) }`.
    const styled = await course.evaluate((a) => {
      const style = getComputedStyle(a);
      return {
        scoped: a.getAttributeNames().some((name) => name.startsWith('data-v-')),
        display: style.display,
        background: style.backgroundColor,
      };
    });
    expect(styled).toEqual({ scoped: true, display: 'flex', background: 'rgba(34, 197, 94, 0.1)' });
    // ListItem.vue's `:style="color"` (a VitePress colour variable) became a class of the site's stylesheet.
    const item = page.locator('main ul.features-list > li').first();
    expect(await item.evaluate((li) => getComputedStyle(li).getPropertyValue('--vp-c-brand-1').trim())).toBe('#915930');
    const attributes = await page
      .locator('main')
      .evaluate((main) =>
        [...main.querySelectorAll('*')].flatMap((el) =>
          el
            .getAttributeNames()
            .filter((name) => name === 'style' || name.startsWith('on') || name === 'data-dg-component'),
        ),
      );
    expect(attributes).toEqual([]);
    await page.close();
  });

  it('reports none of the components it rendered', () => {
    const report = readFileSync(path.join(vitestOut, 'MIGRATION.md'), 'utf8');
    for (const name of ['Home', 'VPTeamMembers', 'FeaturesList', 'CourseLink', 'Version', 'Experimental'])
      expect(report).not.toContain(`<${name}>`);
    expect(report).not.toMatch(/^(index|team|guide\/features)\.md:\d+ +Vue <script> block/m);
    // Vitest's docs alias `@assets` into a theme package in a config docgen does not read: those images are named.
    expect(report).toContain(
      ".vitepress/theme/Hero.vue:27  the asset '@assets/vitest/hero-terminal.png' names a package (or an alias) that is not here",
    );
  });
});
