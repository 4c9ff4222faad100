/**
 * Search in `docgen dev`, as the README's Search section promises for the site: the navbar's button, the index made
 * from every page on the first open (over real HTTP: manifest, partitions, documents), a result that leads to its
 * heading in Chromium, and an edit that is found after it is saved.
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { searchFileName, type SearchManifest } from '../../src/shared/search-format.js';
import { collectErrors, launchBrowser, waitForHydration } from '../helpers/browser.js';
import { copyFixture, removeDir, startDev, type CliServer } from '../helpers/site.js';

let dir: string;
let server: CliServer;
let browser: Browser;

const PAGE = (word: string) => `---
title: 検索の対象
---

導入です。

## Cookie の共有 {#share-cookie}

サブドメインの \`${word}\` を有効にすると Cookie を共有します。
`;

beforeAll(async () => {
  dir = copyFixture('basic');
  writeFileSync(path.join(dir, 'content/docs/guide/search-target.md'), PAGE('shareCookie'));
  server = await startDev(dir, ['--port', '0']);
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
  removeDir(dir);
});

describe('search in docgen dev', () => {
  it('serves the index over HTTP: the manifest the site data names, then its files', async () => {
    const site = (await (await fetch(`${server.url}/__docgen/site.json`)).json()) as { searchManifest?: string };
    expect(site.searchManifest).toBe('/__docgen/search-manifest.json');
    const response = await fetch(`${server.url}${site.searchManifest}`);
    expect(response.status).toBe(200);
    const manifest = (await response.json()) as SearchManifest;
    expect(manifest.base).toBe('/assets/search/');
    expect(manifest.documentCount).toBeGreaterThan(3);
    const terms = await fetch(`${server.url}${manifest.base}${searchFileName('terms', 0, manifest.partitions.hashes)}`);
    expect(terms.status).toBe(200);
    expect(terms.headers.get('content-type')).toMatch(/^application\/json/);
    const text = await terms.text();
    expect(() => JSON.parse(text)).not.toThrow();
    expect(text).toContain('sharecookie'); // the page's identifier, normalised by the tokenizer
    expect((await fetch(`${server.url}${manifest.base}terms-0.0000000000.json`)).status).toBe(404);
  });

  it('finds a word in Chromium and leads to its heading; an edited page is found by its new word', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 700 } });
    const errors = collectErrors(page);
    await page.goto(`${server.url}/docs/guide/intro`);
    await waitForHydration(page);
    await page.click('.dg-search-button');
    await page.fill('.dg-search-dialog__input', 'shareCookie');
    const first = page.locator('.dg-search-hit').first();
    await first.waitFor();
    expect(await first.locator('a').getAttribute('href')).toBe('/docs/guide/search-target#share-cookie');
    await page.keyboard.press('Escape');

    writeFileSync(path.join(dir, 'content/docs/guide/search-target.md'), PAGE('crossSiteToken'));
    await expect
      .poll(
        async () => {
          const manifest = await (await fetch(`${server.url}/__docgen/search-manifest.json`)).text();
          const page = await browser.newPage();
          await page.goto(`${server.url}/docs/guide/intro`);
          await waitForHydration(page);
          await page.click('.dg-search-button');
          await page.fill('.dg-search-dialog__input', 'crossSiteToken');
          const hit = await page
            .locator('.dg-search-hit a')
            .first()
            .getAttribute('href', { timeout: 5000 })
            .catch(() => null);
          await page.close();
          return manifest.length > 0 ? hit : null;
        },
        { timeout: 60_000, interval: 1000 },
      )
      .toBe('/docs/guide/search-target#share-cookie');
    expect(errors).toEqual([]);
    await page.close();
  });
});
