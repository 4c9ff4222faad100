/**
 * `docgen dev` end to end: the real CLI on a free port, real file edits in a temp copy of the basic fixture, and
 * Chromium for the live updates and the error overlay.
 */
import { spawnSync, type ChildProcess } from 'node:child_process';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { Agent, request } from 'node:http';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { collectErrors, launchBrowser, waitForHydration } from '../helpers/browser.js';
import { copyFixture, docgenBin, removeDir, runDocgen, startDev } from '../helpers/site.js';

let dir: string;
let url: string;
let dev: Awaited<ReturnType<typeof startDev>>;
let child: ChildProcess;
let browser: Browser;

/** GET with the path sent exactly as written (fetch would normalise `..`). */
function rawGet(pathname: string): Promise<{ status: number; body: string }> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    const req = request({ hostname, port, path: pathname, method: 'GET' }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

const file = (rel: string) => path.join(dir, rel);
const edit = (rel: string, change: (text: string) => string) =>
  writeFileSync(file(rel), change(readFileSync(file(rel), 'utf8')));
const status = async (pathname: string) =>
  (await (await fetch(`${url}/__docgen/status?path=${encodeURIComponent(pathname)}`)).json()) as {
    route: string | null;
    errors: { code: string; location: string; frame?: string }[];
  };
const codes = async (pathname: string) => (await status(pathname)).errors.map((e) => e.code);

beforeAll(async () => {
  dir = copyFixture('basic');
  dev = await startDev(dir);
  ({ url, child } = dev);
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await dev?.close();
  removeDir(dir);
});

async function openPage(pathname: string, viewport = { width: 1280, height: 500 }): Promise<Page> {
  const page = await browser.newPage({ viewport });
  await page.goto(url + pathname);
  await waitForHydration(page);
  return page;
}

describe('docgen dev', () => {
  it('binds 127.0.0.1, prints the URL and serves pages rendered on request, with the dev client', async () => {
    expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    const response = await fetch(`${url}/docs/guide/intro`);
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain('最初の段落です。');
    expect(html).toContain('/__docgen/client.js');
    expect((await fetch(`${url}/docs/guide/intro.html`)).status).toBe(200);
    expect((await fetch(`${url}/favicon.svg`)).status).toBe(200);
    expect((await fetch(`${url}/api/pets`)).status).toBe(200);
    const missing = await fetch(`${url}/no/such/page`);
    expect(missing.status).toBe(404);
    expect(await missing.text()).toContain('ページが見つかりません');
  });

  it('prefetches hovered links only, not every visible one (each prefetch compiles a page here)', async () => {
    const page = await browser.newPage();
    const errors = collectErrors(page);
    const data: string[] = [];
    page.on('request', (r) => {
      const route = new URL(r.url()).searchParams.get('route');
      if (new URL(r.url()).pathname.endsWith('/__docgen/data.json') && route) data.push(route);
    });
    await page.goto(`${url}/docs/guide/intro`);
    await waitForHydration(page);
    await page.waitForTimeout(1500); // visible links would have been prefetched by now (idle callbacks)
    expect(data.filter((route) => route !== '/docs/guide/intro')).toEqual([]);
    await page.hover('.dg-sidebar a[href="/docs/guide/config"]');
    await expect.poll(() => data).toContain('/docs/guide/config');
    expect(errors).toEqual([]);
    await page.close();
  });

  it('serves the new HTML after a Markdown edit', async () => {
    edit('content/docs/guide/config.md', (t) => t.replace('です。戻る', 'です(編集済み)。戻る'));
    await expect
      .poll(async () => (await fetch(`${url}/docs/guide/config`)).text(), { timeout: 5000 })
      .toContain('です(編集済み)。戻る');
  });

  it('updates the open page in place on a Markdown edit, keeping the scroll position', async () => {
    edit(
      'content/docs/guide/intro.md',
      (t) => t + '\n' + Array.from({ length: 60 }, (_, i) => `段落 ${i}。`).join('\n\n') + '\n',
    );
    await expect
      .poll(async () => (await fetch(`${url}/docs/guide/intro`)).text(), { timeout: 5000 })
      .toContain('段落 59。');
    const page = await openPage('/docs/guide/intro');
    const errors = collectErrors(page);
    await page.evaluate(() => {
      (window as unknown as { __marker: number }).__marker = 7;
      window.scrollTo(0, 600);
    });
    const scrolled = await page.evaluate(() => window.scrollY);
    expect(scrolled).toBeGreaterThan(300);
    edit('content/docs/guide/intro.md', (t) => t.replace('段落 30。', '段落 30 (ライブ更新)。'));
    await page.waitForFunction(
      () => document.querySelector('main')?.textContent?.includes('段落 30 (ライブ更新)。'),
      null,
      { timeout: 5000 },
    );
    expect(await page.evaluate(() => (window as unknown as { __marker?: number }).__marker)).toBe(7); // no reload
    expect(Math.abs((await page.evaluate(() => window.scrollY)) - scrolled)).toBeLessThan(5);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('updates a page whose live-update stream connected only after an edit was handled (a page still loading)', async () => {
    const page = await browser.newPage();
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    let held = 0;
    await page.route('**/__docgen/events*', async (route) => {
      held += 1;
      await released; // the stream opens only once the server has handled the edit below
      await route.continue();
    });
    await page.goto(url + '/docs/guide/config');
    await expect.poll(() => held, { timeout: 5000 }).toBe(1);
    edit('content/docs/guide/config.md', (t) => t.replace('です(編集済み)。戻る', 'です(遅れて接続)。戻る'));
    await expect
      .poll(async () => (await fetch(`${url}/docs/guide/config`)).text(), { timeout: 5000 })
      .toContain('です(遅れて接続)。戻る');
    expect(await page.textContent('main')).not.toContain('遅れて接続');
    release();
    await page.waitForFunction(() => document.querySelector('main')?.textContent?.includes('遅れて接続'), null, {
      timeout: 5000,
    });
    await page.close();
  });

  it('shows a broken link in the overlay with file:line:column and clears it when fixed', async () => {
    const page = await openPage('/docs/guide/config');
    edit('content/docs/guide/config.md', (t) => t + '\n[壊れたリンク](./nowhere.md)\n');
    await page.waitForSelector('#docgen-error-overlay', { state: 'attached', timeout: 5000 });
    const text = await page.evaluate(() => document.getElementById('docgen-error-overlay')!.shadowRoot!.textContent);
    expect(text).toContain('[DeadLink]');
    expect(text).toMatch(/content\/docs\/guide\/config\.md:\d+:\d+/);
    expect(text).toContain('nowhere.md');
    edit('content/docs/guide/config.md', (t) => t.replace('\n[壊れたリンク](./nowhere.md)\n', ''));
    await page.waitForSelector('#docgen-error-overlay', { state: 'detached', timeout: 5000 });
    await page.close();
  });

  it('reports a dead anchor into a page not compiled yet after serving the page, in the overlay and the terminal', async () => {
    // A new page changes the route table, so no page is compiled when it is first requested: its anchor into
    // deep.md is checked after the response (the first page must not wait for the pages it links to).
    writeFileSync(
      file('content/docs/guide/extra.md'),
      '# 追加ページ\n\n[深いページ](./advanced/deep.md#no-such-section)\n',
    );
    await expect.poll(async () => (await fetch(`${url}/docs/guide/extra`)).status, { timeout: 5000 }).toBe(200);
    const page = await openPage('/docs/guide/extra');
    await page.waitForSelector('#docgen-error-overlay', { state: 'attached', timeout: 5000 });
    const text = await page.evaluate(() => document.getElementById('docgen-error-overlay')!.shadowRoot!.textContent);
    expect(text).toContain('[DeadAnchor]');
    expect(text).toMatch(/content\/docs\/guide\/extra\.md:3:\d+/);
    await expect.poll(() => dev.output(), { timeout: 5000 }).toContain('no-such-section');
    edit('content/docs/guide/extra.md', (t) => t.replace('#no-such-section', ''));
    await page.waitForSelector('#docgen-error-overlay', { state: 'detached', timeout: 5000 });
    await page.close();
  });

  it('survives bad front matter, a Markdown syntax error, an invalid OpenAPI document and a config error, and recovers', async () => {
    const cases: { rel: string; code: string; pathname: string; breakIt: (t: string) => string }[] = [
      {
        rel: 'content/docs/guide/config.md',
        code: 'InvalidFrontMatter',
        pathname: '/docs/guide/config',
        breakIt: (t) => t.replace('sidebar_position: 2', 'sidebar_position: [2'),
      },
      {
        rel: 'content/docs/guide/config.md',
        code: 'MarkdownSyntax',
        pathname: '/docs/guide/config',
        breakIt: (t) => t + '\n:::nosuchbox\n本文\n:::\n',
      },
      {
        rel: 'openapi/pets.yaml',
        code: 'OpenApiInvalid',
        pathname: '/api/pets',
        breakIt: (t) => t.replace('paths:', 'paths: ['),
      },
      {
        rel: 'site.config.ts',
        code: 'ConfigLoadFailed',
        pathname: '/docs/guide/intro',
        breakIt: (t) => t.replace("tagline: 'fixture site',", "tagline: 'fixture site',,"),
      },
    ];
    for (const { rel, code, pathname, breakIt } of cases) {
      const original = readFileSync(file(rel), 'utf8');
      writeFileSync(file(rel), breakIt(original));
      await expect.poll(() => codes(pathname), { timeout: 8000, message: code }).toContain(code);
      const error = (await status(pathname)).errors.find((e) => e.code === code)!;
      expect(error.location, code).toContain(rel);
      expect((await fetch(`${url}/docs/guide/intro`)).status, code).toBeLessThan(500); // the server is alive
      writeFileSync(file(rel), original);
      await expect.poll(() => codes(pathname), { timeout: 8000, message: `${code} clears` }).toEqual([]);
      expect((await fetch(url + pathname)).status).toBe(200);
    }
    expect(child.exitCode).toBeNull();
  });

  it('shows a config error in the open page and reloads it once fixed', async () => {
    const page = await openPage('/docs/guide/intro');
    const original = readFileSync(file('site.config.ts'), 'utf8');
    writeFileSync(file('site.config.ts'), original.replace("title: '{product} Docs',", "title: '{product} Docs',,"));
    await page.waitForSelector('#docgen-error-overlay', { state: 'attached', timeout: 8000 });
    expect(
      await page.evaluate(() => document.getElementById('docgen-error-overlay')!.shadowRoot!.textContent),
    ).toContain('[ConfigLoadFailed]');
    writeFileSync(file('site.config.ts'), original.replace("title: '{product} Docs',", "title: '{product} Handbook',"));
    await page.waitForFunction(() => document.title.includes('Fixture Handbook'), null, { timeout: 8000 });
    await waitForHydration(page);
    expect(await page.$('#docgen-error-overlay')).toBeNull();
    await page.close();
  });

  it('refuses paths outside the site and serves nothing outside its folders', async () => {
    for (const attempt of [
      '/../site.config.ts',
      '/%2e%2e/site.config.ts',
      '/docs/%2e%2e/%2e%2e/site.config.ts',
      '/%252e%252e/site.config.ts',
      '/docs/..%2f..%2fsite.config.ts',
      '/..%5csite.config.ts',
      '/favicon.svg%00.md',
      '/./favicon.svg',
    ]) {
      const { status: code, body } = await rawGet(attempt);
      expect([400, 403, 404], attempt).toContain(code);
      expect(body, attempt).not.toContain('defineConfig');
    }
    for (const outside of [
      '/site.config.ts',
      '/openapi/pets.yaml',
      '/content/favicon.svg',
      '/docs/guide/',
      '/package.json',
    ]) {
      const { status: code, body } = await rawGet(outside);
      expect(code, outside).toBe(404);
      expect(body, outside).not.toContain('defineConfig');
    }
    // A page's .md URL is its Markdown twin, rendered from the page, never the source file with its front matter.
    const twin = await rawGet('/docs/guide/intro.md');
    expect(twin.status).toBe(200);
    expect(twin.body).toMatch(/^# /);
    expect(twin.body).not.toMatch(/^---/);
  });

  it('dev and serve refuse a port in use, and serve a folder without a site, with a diagnostic and exit 1', () => {
    const port = new URL(url).port;
    expect(runDocgen(['build'], dir).status).toBe(0);
    for (const args of [
      ['dev', '--port', port],
      ['serve', 'dist', '--port', port],
    ]) {
      const result = spawnSync(process.execPath, [docgenBin, ...args], {
        cwd: dir,
        encoding: 'utf8',
        timeout: 30_000,
        env: { ...process.env, NO_COLOR: '1' },
      });
      expect(result.signal, args[0]).toBeNull(); // exited by itself, not killed by the timeout
      expect(result.status, args[0]).toBe(1);
      expect(result.stderr + result.stdout).toContain(`[ServerListenFailed] Port ${port} is already in use`);
    }
    const unbuilt = runDocgen(['serve', 'content', '--port', '0'], dir);
    expect(unbuilt.status).toBe(1);
    expect(unbuilt.stderr).toContain('[NoBuiltSite]');
  });

  it('exits on Ctrl+C with code 0 while a browser holds a live-update stream and a keep-alive connection', async () => {
    const second = await startDev(dir);
    const agent = new Agent({ keepAlive: true });
    await new Promise<void>((resolve, reject) => {
      request(`${second.url}/docs/guide/intro`, { agent }, (res) => res.resume().once('end', resolve))
        .once('error', reject)
        .end();
    });
    await new Promise<void>((resolve, reject) => {
      // The live-update stream stays open until the server ends it.
      request(
        `${second.url}/__docgen/events`,
        (res) => (res.once('data', () => resolve()), res.once('error', () => {})),
      )
        .once('error', reject)
        .end();
    });
    const exited = new Promise<number | null>((resolve) => second.child.once('exit', (code) => resolve(code)));
    second.child.kill('SIGINT');
    const code = await Promise.race([
      exited,
      new Promise((resolve) => setTimeout(() => resolve('still running after 10 s'), 10_000)),
    ]);
    agent.destroy();
    if (code !== 0) await second.close();
    expect(code).toBe(0);
  });

  it('never puts the dev client into `docgen build` output', () => {
    expect(runDocgen(['build'], dir).status).toBe(0);
    const html = readFileSync(file('dist/docs/guide/intro.html'), 'utf8');
    expect(html).not.toContain('__docgen/');
    const assets = path.join(dir, 'dist/assets');
    const chunks = readdirSync(assets, { recursive: true }) as string[];
    for (const chunk of chunks.filter((f) => f.endsWith('.js')))
      expect(readFileSync(path.join(assets, chunk), 'utf8'), chunk).not.toContain('docgen-error-overlay');
  });
});
