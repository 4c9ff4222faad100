/**
 * No injection: the xss fixture carries classic script-injection payloads in every input channel
 * (site config, front matter, Markdown text, code, admonition and tab titles, tables, diagrams, OpenAPI titles,
 * descriptions, servers, tags, parameters, enums, defaults, patterns and examples). None may execute, on first
 * load or after client-side navigation, and the HTML may carry no live payload markup.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import fg from 'fast-glob';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { waitForHydration } from '../helpers/browser.js';
import { builtSite } from '../helpers/site.js';

let site: Awaited<ReturnType<typeof builtSite>>;
let dir: string;
let server: { url: string };
let browser: Browser;

beforeAll(async () => {
  site = await builtSite('xss');
  ({ dir, browser } = site);
  server = { url: site.url };
  // The only diagnostics: the payloads the allow-list dropped from the OpenAPI descriptions, one warning (never
  // silent), and the payload image `x` of a description, which names no file beside the document (a warning at its
  // pointer; the image is left as written and its handlers dropped).
  expect(site.build.stderr.match(/^\[\w+\]( warning:)?/gm)).toEqual([
    '[DroppedHtml] warning:',
    '[OpenApiInvalid] warning:',
  ]);
  expect(site.build.stderr).toMatch(/The image "x" in the description at .* does not exist/);
});
afterAll(async () => site?.close());

describe('script injection', () => {
  it('writes no live payload markup into any HTML file or fragment', () => {
    const files = fg.sync('**/*.html', { cwd: path.join(dir, 'dist') });
    expect(files.length).toBeGreaterThanOrEqual(4);
    for (const file of files) {
      const html = readFileSync(path.join(dir, 'dist', file), 'utf8');
      expect(html, file).not.toMatch(/<script>window\.__xss/);
      expect(html, file).not.toMatch(/<(img|svg|b)\b[^>]*\bon(error|load|mouseover)=/i);
      expect(html, file).not.toMatch(/href="(javascript|data):/i);
    }
  });

  it('executes no payload in Chromium, on first load or after client-side navigation', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    const dialogs: string[] = [];
    page.on('dialog', (dialog) => {
      dialogs.push(dialog.message());
      void dialog.dismiss();
    });
    const injected = () => page.evaluate(() => (window as unknown as { __xss?: number }).__xss);
    for (const route of ['/', '/docs/page', '/api/evil', '/no/such/page']) {
      await page.goto(server.url + route);
      await waitForHydration(page);
      for (const element of await page
        .locator('main *')
        .all()
        .then((all) => all.slice(0, 60)))
        await element.hover({ force: true, timeout: 500 }).catch(() => {});
      expect(await injected(), route).toBeUndefined();
    }
    await page.goto(server.url + '/');
    await waitForHydration(page);
    await page.click('.dg-navbar__items--left a');
    await expect.poll(() => page.url()).toContain('/docs/page');
    await page.waitForSelector('main h1');
    expect(await page.textContent('main h1')).toContain('</title><script>window.__xss=1</script>');
    expect(await injected()).toBeUndefined();
    expect(dialogs).toEqual([]);
    await context.close();
  });
});
