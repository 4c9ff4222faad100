/**
 * A large API reference is split into lazily loaded parts: a generated document of 300
 * operations in 30 tags (tests/helpers/large-openapi.ts) built for real next to the small fixture document, then
 * read in Chromium with and without JavaScript, under the emitted CSP, and through `docgen dev`.
 */
import { appendFileSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'node-html-parser';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PART_END, PART_START, readPartChunks } from '../../src/shared/api-parts.js';
import { axeViolations } from '../helpers/axe.js';
import { collectErrors, waitForHydration } from '../helpers/browser.js';
import { emittedPolicy, enforcePolicy, violations } from '../helpers/csp.js';
import { createLargeOpenApi, largeOperationId, SECRET_SUMMARY } from '../helpers/large-openapi.js';
import { builtSite, copyFixture, removeDir, runDocgen, startDev } from '../helpers/site.js';

const TAGS = 30;
const PER_TAG = 10;
const BIG_TAG = 40; // extra operations with long descriptions: the first tag renders to more than one part
const OPERATIONS = TAGS * PER_TAG + BIG_TAG;
const LATE = largeOperationId(TAGS - 2, 5); // in a late tag, never near the top
const LAST = largeOperationId(TAGS - 1, PER_TAG - 1); // the operation with the secret summary

/** Adds the generated document to a copy of the `api` fixture, at /api/large, and a page linking into it. */
function addLargeApi(dir: string, link = LATE): void {
  writeFileSync(
    path.join(dir, 'openapi/large.json'),
    JSON.stringify(createLargeOpenApi({ tags: TAGS, perTag: PER_TAG, bigTag: BIG_TAG }), null, 2),
  );
  const config = path.join(dir, 'site.config.ts');
  writeFileSync(
    config,
    readFileSync(config, 'utf8').replace('apis: [', "apis: [{ spec: 'openapi/large.json', route: '/api/large' }, "),
  );
  appendFileSync(path.join(dir, 'content/docs/links.md'), `\n- [遅いタグの操作](/api/large#${link})\n`);
}

let site: Awaited<ReturnType<typeof builtSite>>;
let dist: string;

beforeAll(async () => {
  site = await builtSite('api', (dir) => addLargeApi(dir));
  dist = path.join(site.dir, 'dist');
});
afterAll(async () => site?.close());

const partFiles = () =>
  readdirSync(path.join(dist, 'assets/api')).filter((f) => /^api_large\.[a-z0-9_-]+\.[0-9a-f]{10}\.html$/.test(f));
const read = (rel: string) => readFileSync(path.join(dist, rel), 'utf8');

async function open(pathname: string): Promise<Page> {
  const page = await site.browser.newPage({ viewport: { width: 1280, height: 800 } });
  await page.goto(site.url + pathname);
  await waitForHydration(page);
  return page;
}

/** True once the real section of an operation is on the page and in the viewport. */
function operationShown(page: Page, id: string): Promise<unknown> {
  return page.waitForFunction((opId) => {
    const el = document.getElementById(opId);
    if (!el?.classList.contains('dg-op') || el.hidden) return false;
    const r = el.getBoundingClientRect();
    return r.top >= 0 && r.top < innerHeight;
  }, id);
}

describe('build', () => {
  it('keeps the page small: navigation and anchors for every operation, no operation rendered', () => {
    const html = read('api/large.html');
    const root = parse(html);
    expect(root.querySelectorAll('.dg-api-nav__op')).toHaveLength(OPERATIONS);
    expect(root.querySelectorAll('.dg-op')).toHaveLength(0);
    const anchors = root.querySelectorAll('.dg-api-part__anchor').map((a) => a.id);
    expect(anchors).toContain(LATE);
    expect(anchors).toContain('schema/Item');
    expect(anchors.length).toBe(OPERATIONS + 1);
    const partBytes = partFiles().reduce((n, f) => n + statSync(path.join(dist, 'assets/api', f)).size, 0);
    expect(statSync(path.join(dist, 'api/large.html')).size).toBeLessThan(partBytes / 8);
    expect(statSync(path.join(dist, 'api/large.html')).size).toBeLessThan(200_000);
    // The downloads: a JSON document is offered as it is.
    const json = root
      .querySelectorAll('a[download]')
      .map((a) => a.getAttribute('href')!)
      .find((href) => href.endsWith('.json'))!;
    expect(read(json)).toBe(readFileSync(path.join(site.dir, 'openapi/large.json'), 'utf8'));
    // The small document next to it stays one fragment.
    expect(parse(read('api/actions.html')).querySelectorAll('.dg-op').length).toBeGreaterThan(0);
    expect(read('api/actions.html')).not.toContain('dg-api-part');
  });

  it('writes hashed parts, each a complete styled page, that hold every operation exactly once', () => {
    const root = parse(read('api/large.html'));
    const placeholders = root.querySelectorAll('.dg-api-part');
    const files = partFiles();
    expect(files.length).toBe(placeholders.length);
    expect(files.filter((f) => f.startsWith('api_large.tag00-')).length).toBeGreaterThan(1); // the big tag is cut
    expect(files.some((f) => f.startsWith('api_large.schemas.'))).toBe(true);
    const seen: string[] = [];
    for (const placeholder of placeholders) {
      const src = placeholder.getAttribute('data-src')!;
      expect(src).toMatch(/^\/assets\/api\/api_large\.[a-z0-9_-]+\.[0-9a-f]{10}\.html$/);
      const part = read(src);
      expect(part).toMatch(/^<!doctype html>/);
      expect(part).toMatch(/<link rel="stylesheet" href="\/assets\/main\.[A-Z0-9]+\.css">/);
      expect(part.indexOf(PART_START)).toBeLessThan(part.indexOf(PART_END));
      const ids = placeholder.querySelectorAll('.dg-api-part__anchor').map((a) => a.id);
      const chunks = readPartChunks(part);
      expect(chunks).toHaveLength(ids.length);
      chunks.forEach((chunk, i) => expect(parse(chunk).querySelector('section')!.id).toBe(ids[i]));
      expect(placeholder.querySelector('.dg-api-part__note a')!.getAttribute('href')).toBe(src);
      seen.push(...ids);
    }
    expect(new Set(seen).size).toBe(seen.length);
    expect(seen).toHaveLength(OPERATIONS + 1);
  });

  it('checks anchors into parts: a link to an operation of a lazy part builds, a wrong one fails', () => {
    expect(site.build.status).toBe(0); // links.md links to LATE
    const broken = copyFixture('api');
    try {
      addLargeApi(broken, `${LATE}x`);
      const result = runDocgen(['build'], broken);
      expect(result.status).not.toBe(0);
      expect(result.stderr).toContain('DeadAnchor');
      expect(result.stderr).toContain(`${LATE}x`);
    } finally {
      removeDir(broken);
    }
  });
});

describe('in Chromium', () => {
  it('lands a deep link on an operation of a late part, and loads only what is needed', async () => {
    const page = await open(`/api/large#${LATE}`);
    const errors = collectErrors(page);
    await operationShown(page, LATE);
    const state = await page.evaluate(() =>
      [...document.querySelectorAll<HTMLElement>('.dg-api-part')].map((p) => p.dataset.state ?? 'idle'),
    );
    expect(state.filter((s) => s === 'idle').length).toBeGreaterThan(state.length / 2);
    // Once no part is loading any more and two frames have passed, nothing moves the operation again.
    await page.waitForFunction(() => !document.querySelector('.dg-api-part[data-state="loading"]'));
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
    const top = await page.locator(`[id="${LATE}"]`).evaluate((el) => el.getBoundingClientRect().top);
    expect(Math.abs(top - 60)).toBeLessThan(30); // under the sticky navbar, where the browser puts an anchor
    expect(errors).toEqual([]);
    await page.close();
  });

  it('keeps a deep link to the first operation of a part in view while the part above it loads and lays out', async () => {
    // The part above (the first tag's last, whose operations have long descriptions) loads on its own, as it is
    // near the viewport; its sections arrive with an estimated height and take their real, larger one a frame
    // later. GitHub's #repos/list-tags ended 943 px lower, out of sight.
    const first = largeOperationId(1, 0);
    const page = await open(`/api/large#${first}`);
    const errors = collectErrors(page);
    await operationShown(page, first);
    await page.waitForFunction(() => !document.querySelector('.dg-api-part[data-state="loading"]'));
    const tops: number[] = [];
    for (let i = 0; i < 10; i++) {
      tops.push(await page.locator(`[id="${first}"]`).evaluate((el) => el.getBoundingClientRect().top));
      await page.waitForTimeout(100);
    }
    for (const top of tops) expect(Math.abs(top - 60)).toBeLessThan(30);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('follows a link of a Markdown page to an operation of a lazy part (client-side navigation)', async () => {
    const page = await open('/docs/links');
    const errors = collectErrors(page);
    await page.click('.dg-markdown a >> text=遅いタグの操作');
    await page.waitForURL(new RegExp(`/api/large#${LATE}$`));
    await operationShown(page, LATE);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('finds an operation of an unloaded part with the filter, and shows it on click', async () => {
    const page = await open('/api/large');
    const loaded = () => page.evaluate((id) => document.getElementById(id)?.classList.contains('dg-op') ?? false, LAST);
    expect(await loaded()).toBe(false);
    await page.fill('.dg-api-nav__input', SECRET_SUMMARY);
    await page.waitForFunction(() => document.querySelectorAll('.dg-api-nav__op:not([hidden])').length === 1);
    const entry = page.locator(`.dg-api-nav__op[data-op="${LAST}"]`);
    await expect(entry.isVisible()).resolves.toBe(true);
    await entry.locator('a').click();
    await operationShown(page, LAST);
    expect(decodeURIComponent(new URL(page.url()).hash)).toBe(`#${LAST}`);
    // Operations of the same part that do not match stay hidden once loaded.
    const others = await page.evaluate(
      () => [...document.querySelectorAll<HTMLElement>('section.dg-op')].filter((s) => !s.hidden).length,
    );
    expect(others).toBe(1);
    // Clearing the filter shows everything again and closes the groups it opened.
    await page.fill('.dg-api-nav__input', '');
    await page.waitForFunction(
      () => document.querySelector('.dg-api-nav__op[hidden], .dg-api-part__anchor[hidden]') === null,
    );
    expect(await page.evaluate(() => document.querySelectorAll('.dg-api-nav__group[open]').length)).toBe(0);
    await page.close();
  });

  it('goes to an operation of a late tag from its navigation entry', async () => {
    const page = await open('/api/large');
    const id = largeOperationId(TAGS - 1, 2);
    const entry = page.locator(`.dg-api-nav__op[data-op="${id}"]`);
    await page.locator('.dg-api-nav__tag').filter({ has: entry }).locator('summary').click();
    await entry.locator('a').click();
    await operationShown(page, id);
    await page.close();
  });

  it('expands a named schema from the schemas part, with tab groups of their own', async () => {
    const page = await open(`/api/large#${LATE}`);
    await operationShown(page, LATE);
    const ref = page.locator(`[id="${LATE}"] .dg-view-response details[data-ref="schema/Item"]`).first();
    await ref.locator('summary').click();
    await expect.poll(() => ref.locator('.dg-prop__name >> text=field29').count()).toBe(1);
    // Every tab group (request samples of each operation, oneOf of copied schemas) has a radio name of its own.
    const groups = await page.evaluate(() => {
      const names = [...document.querySelectorAll('.dg-tabs')].map(
        (tabs) => tabs.querySelector<HTMLInputElement>('input[type="radio"]')!.name,
      );
      return { count: names.length, distinct: new Set(names).size };
    });
    expect(groups.count).toBeGreaterThan(3);
    expect(groups.distinct).toBe(groups.count);
    await page.close();
  });

  it('follows the link of an operation to a named schema to its section, loading the schemas part', async () => {
    const page = await open(`/api/large#${LATE}`);
    await operationShown(page, LATE);
    const ref = page.locator(`[id="${LATE}"] .dg-view-response details[data-ref="schema/Item"]`).first();
    await ref.evaluate((details) => {
      // The link a reader without JavaScript follows; with it, the same anchor on this page.
      (details as HTMLDetailsElement).querySelector<HTMLAnchorElement>('.dg-ref a')!.click();
    });
    await page.waitForURL(/\/api\/large#schema\/Item$/);
    await page.waitForFunction(() => {
      const el = document.getElementById('schema/Item');
      return el?.classList.contains('dg-api-schema') && Math.abs(el.getBoundingClientRect().top) < innerHeight;
    });
    await page.close();
  });

  it.each(['light', 'dark'] as const)(
    'has no serious or critical axe-core violation, parts loaded or not (%s mode)',
    async (mode) => {
      const context = await site.browser.newContext({ viewport: { width: 1280, height: 800 } });
      await context.addInitScript((theme) => localStorage.setItem('theme', theme), mode);
      const page = await context.newPage();
      await page.goto(`${site.url}/api/large#${LATE}`);
      await waitForHydration(page);
      await operationShown(page, LATE);
      await page
        .locator('.dg-api-nav__group')
        .first()
        .evaluate((group) => group.setAttribute('open', ''));
      expect(await axeViolations(page, { renderAll: true })).toEqual([]);
      const part = await page.locator('.dg-api-part').first().getAttribute('data-src');
      await page.goto(site.url + part);
      expect(await axeViolations(page, { renderAll: true })).toEqual([]);
      await context.close();
    },
  );

  it('loads parts under the emitted strict CSP with no violation', async () => {
    const context = await site.browser.newContext({ viewport: { width: 1280, height: 800 } });
    const release = await enforcePolicy(context, site.url, emittedPolicy(dist));
    const page = await context.newPage();
    await page.goto(`${site.url}/api/large#${LATE}`);
    await waitForHydration(page);
    await operationShown(page, LATE);
    await page.locator(`[id="${LATE}"] details[data-ref="schema/Item"] summary`).first().click();
    await expect.poll(() => page.locator(`[id="${LATE}"] .dg-prop__name >> text=field29`).count()).toBeGreaterThan(0);
    expect(await violations(page)).toEqual([]);
    await release();
    await context.close();
  });

  it('works without JavaScript: the placeholder links to the part as a styled page of its own', async () => {
    const context = await site.browser.newContext({ javaScriptEnabled: false, viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    await page.goto(`${site.url}/api/large#${LATE}`);
    const placeholder = page.locator('.dg-api-part').filter({ has: page.locator(`[id="${LATE}"]`) });
    const link = placeholder.locator('.dg-api-part__note a');
    await expect(link.isVisible()).resolves.toBe(true);
    await link.click();
    await page.waitForURL(/\/assets\/api\/api_large\.tag28\.[0-9a-f]{10}\.html$/);
    const section = page.locator(`section[id="${LATE}"]`);
    await expect(section.locator('.dg-op__path').textContent()).resolves.toBe('/tag28/things/5/{id}');
    const badge = await section.locator('.dg-method').evaluate((el) => getComputedStyle(el).backgroundColor);
    expect(badge).not.toBe('rgba(0, 0, 0, 0)'); // the site's stylesheet applies
    // A named schema is reached through the API page, whose placeholder for it links to the schemas part.
    await section.locator('.dg-view-response details[data-ref="schema/Item"] summary').first().click();
    await section.locator('.dg-view-response .dg-ref a').first().click();
    await page.waitForURL(/\/api\/large#schema\/Item$/);
    await page
      .locator('.dg-api-part')
      .filter({ has: page.locator('[id="schema/Item"]') })
      .locator('.dg-api-part__note a')
      .click();
    await page.waitForURL(/\/assets\/api\/api_large\.schemas\.[0-9a-f]{10}\.html$/);
    await expect(page.locator('section[id="schema/Item"] .dg-prop__name >> text=field29').count()).resolves.toBe(1);
    // The way back leads to the API page.
    await page.click('.dg-api-part-doc__back a');
    await page.waitForURL(/\/api\/large#schemas$/);
    await context.close();
  });
});

describe('docgen dev', () => {
  it('serves the split page and its parts, and a deep link lands on its operation', async () => {
    const dir = copyFixture('api');
    addLargeApi(dir);
    const dev = await startDev(dir);
    try {
      const page = await site.browser.newPage({ viewport: { width: 1280, height: 800 } });
      const errors = collectErrors(page);
      await page.goto(`${dev.url}/api/large#${LATE}`);
      await waitForHydration(page);
      await operationShown(page, LATE);
      const src = await page.locator('.dg-api-part').first().getAttribute('data-src');
      expect(src).toMatch(/^\/__docgen\/api-part\?route=%2Fapi%2Flarge&part=tag00-1&v=/);
      expect((await fetch(`${dev.url}/__docgen/api-part?route=%2Fapi%2Flarge&part=nope`)).status).toBe(404);
      expect(errors).toEqual([]);
      await page.close();
    } finally {
      await dev.close();
      removeDir(dir);
    }
  });
});
