/**
 * The API reference in Chromium: expand a schema, switch a oneOf tab, copy a curl sample, filter in
 * Japanese, send a try-it request to a local server that checks the bearer token, and read the page without JS.
 */
import { appendFileSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { collectErrors, launchBrowser, waitForHydration } from '../helpers/browser.js';
import { copyFixture, removeDir, runDocgen, startServe } from '../helpers/site.js';

const TOKEN = 'secret-token-123';
let dir: string;
let site: { url: string; close: () => Promise<void> };
let api: Server;
let apiHost: string;
let browser: Browser;
const received: { auth?: string; body: string }[] = [];

beforeAll(async () => {
  api = createServer((req, res) => {
    res.setHeader('Access-Control-Allow-Origin', '*');
    res.setHeader('Access-Control-Allow-Headers', 'authorization, content-type');
    res.setHeader('Access-Control-Allow-Methods', 'GET, POST, PUT, DELETE');
    res.setHeader('Access-Control-Expose-Headers', 'x-test');
    if (req.method === 'OPTIONS') return void res.writeHead(204).end();
    let body = '';
    req.on('data', (chunk) => (body += chunk));
    req.on('end', () => {
      received.push({ auth: req.headers.authorization, body });
      const ok = req.headers.authorization === `Bearer ${TOKEN}`;
      res.writeHead(ok ? 200 : 401, { 'content-type': 'application/json', 'x-test': 'yes' });
      res.end(
        JSON.stringify(
          ok
            ? { ok: true, path: req.url, echo: JSON.parse(body || 'null') }
            : { code: 'unauthorized', message: 'bad token' },
        ),
      );
    });
  });
  await new Promise<void>((resolve) => api.listen(0, '127.0.0.1', resolve));
  apiHost = `127.0.0.1:${(api.address() as AddressInfo).port}`;
  dir = copyFixture('api');
  // The console sends only to hosts the document enumerates: this test's server, and a closed port.
  const spec = path.join(dir, 'openapi/actions.yaml');
  writeFileSync(
    spec,
    readFileSync(spec, 'utf8').replace(
      '        default: 127.0.0.1:9\n',
      `        default: 127.0.0.1:9\n        enum: ['127.0.0.1:9', '${apiHost}', '127.0.0.1:1']\n`,
    ),
  );
  const result = runDocgen(['build'], dir);
  expect(result.status, result.stderr).toBe(0);
  site = await startServe(path.join(dir, 'dist'));
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await site?.close();
  await new Promise((resolve) => api?.close(resolve));
  if (dir) removeDir(dir);
});

describe('API reference in Chromium', () => {
  it('expands a schema, switches a oneOf tab and copies a curl sample', async () => {
    const context = await browser.newContext({ permissions: ['clipboard-read', 'clipboard-write'] });
    const page = await context.newPage();
    const errors = collectErrors(page);
    await page.goto(`${site.url}/api/actions#createRule`);
    await waitForHydration(page);
    const op = page.locator('section#createRule');
    const action = op.locator('.dg-view-request .dg-prop__details').filter({ hasText: 'action' }).first();
    await expect(action.locator('.dg-union').isVisible()).resolves.toBe(false);
    await action.locator('summary').click();
    await expect(action.locator('.dg-union').isVisible()).resolves.toBe(true);
    const panels = action.locator('.dg-union .dg-tabs__panel');
    await expect(panels.nth(0).isVisible()).resolves.toBe(true);
    await expect(panels.nth(1).isVisible()).resolves.toBe(false);
    await action.locator('.dg-tabs__tab[data-label="redirect"]').click();
    await expect(panels.nth(1).isVisible()).resolves.toBe(true);
    await expect(panels.nth(1).innerText()).resolves.toContain('location');
    await expect(panels.nth(0).isVisible()).resolves.toBe(false);
    // readOnly `urn` is hidden in the request view, shown in the response view.
    await expect(op.locator('.dg-view-request .dg-prop--ro').first().isVisible()).resolves.toBe(false);
    await expect(op.locator('.dg-view-response .dg-prop--ro').first().isVisible()).resolves.toBe(true);
    await op.locator('.dg-samples .dg-tabs__panel[data-label="curl"] .dg-copy').click();
    await page.waitForFunction(() => document.querySelector('.dg-copy[data-state="done"]') !== null);
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    expect(copied).toContain('curl --request POST');
    expect(copied).toContain('Authorization: Bearer <token>');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('filters operations with Japanese text', async () => {
    const page = await browser.newPage();
    await page.goto(`${site.url}/api/actions`);
    await waitForHydration(page);
    await page.fill('.dg-api-nav__input', 'るーるを取得');
    await page.waitForFunction(() => (document.querySelector('[data-op="createRule"]') as HTMLElement).hidden);
    await expect(page.locator('[data-op="getRule"]').isVisible()).resolves.toBe(true);
    await expect(page.locator('section#createRule').isVisible()).resolves.toBe(false);
    await page.fill('.dg-api-nav__input', 'ＰＯＳＴ');
    await page.waitForFunction(() => !(document.querySelector('[data-op="createRule"]') as HTMLElement).hidden);
    await expect(page.locator('[data-op="getRule"]').isVisible()).resolves.toBe(false);
    await page.close();
  });

  it('sends a try-it request with the bearer token and shows status, headers, body and time', async () => {
    // Under the site's CSP, which docgen serve sends: connect-src lists the origins the document enumerates for its
    // `host` variable, this test's mock API among them.
    const page = await browser.newPage();
    await page.goto(`${site.url}/api/actions`);
    await waitForHydration(page);
    const op = page.locator('section#createRule');
    await op.locator('[data-try]').click();
    await op.locator('input[name="var:host"]').fill(apiHost);
    await op.locator('input[name="token"]').fill(TOKEN);
    await op.locator('.dg-try__send').click();
    await op.locator('.dg-try__status').waitFor();
    await expect(op.locator('.dg-try__status').innerText()).resolves.toMatch(/^200 .*ms/);
    await expect(op.locator('.dg-try__headers').innerText()).resolves.toContain('x-test: yes');
    await expect(op.locator('.dg-try__body').innerText()).resolves.toContain('"rule-1"');
    expect(received.at(-1)!.auth).toBe(`Bearer ${TOKEN}`);
    // The token is in memory only: never in localStorage, sessionStorage (unless asked) or the URL.
    const stored = await page.evaluate(
      () => JSON.stringify({ ...localStorage }) + JSON.stringify({ ...sessionStorage }) + location.href,
    );
    expect(stored).not.toContain(TOKEN);
    // A network / CORS failure gives a clear message.
    await op.locator('input[name="var:host"]').fill('127.0.0.1:1');
    await op.locator('.dg-try__send').click();
    await op.locator('.dg-try__error').waitFor();
    await expect(op.locator('.dg-try__error').innerText()).resolves.toContain('CORS');
    // A host the document does not enumerate: nothing is sent, the token stays on the page, the console says why.
    const sent = received.length;
    await op.locator('input[name="var:host"]').fill('evil.example');
    await op.locator('.dg-try__send').click();
    await expect(op.locator('.dg-try__error').innerText()).resolves.toContain('http://evil.example');
    expect(received.length).toBe(sent);
    await page.close();
  });

  it('is complete without JavaScript', async () => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(`${site.url}/api/actions`);
    // textContent: sections out of view are not laid out (content-visibility: auto), innerText would be empty.
    await expect(page.locator('section#getRule .dg-op__path').textContent()).resolves.toBe('/rules/{name}');
    await expect(page.locator('.dg-copy').first().isVisible()).resolves.toBe(false);
    await expect(page.locator('section#createRule .dg-samples pre').first().isVisible()).resolves.toBe(true);
    await context.close();
  });
});

describe('deep links to the reference', () => {
  it('fails the build on a wrong operation anchor', () => {
    const broken = copyFixture('api');
    try {
      appendFileSync(path.join(broken, 'content/docs/links.md'), '\n- [間違い](/api/actions#createRul)\n');
      const result = runDocgen(['build'], broken);
      expect(result.status).not.toBe(0);
      expect(result.stderr).toMatch(/createRul/);
    } finally {
      removeDir(broken);
    }
  });
});
