/**
 * An SVG or HTML file copied from content/ runs no script on the site's origin when opened
 * directly, under `docgen serve` (which applies dist/_headers) and under `docgen dev`; other static files are served
 * as before, with byte ranges in dev too.
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from '../helpers/browser.js';
import { copyFixture, removeDir, runDocgen, startDev, startServe } from '../helpers/site.js';

const SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>top.document.title = "pwned"</script><rect width="10" height="10"/></svg>';
let dir: string;
let browser: Browser;

beforeAll(async () => {
  dir = copyFixture('basic');
  writeFileSync(path.join(dir, 'content/evil.svg'), SVG);
  writeFileSync(
    path.join(dir, 'content/evil.html'),
    '<!doctype html><title>x</title><script>document.title = "pwned"</script>',
  );
  writeFileSync(path.join(dir, 'content/notes.txt'), '0123456789');
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  removeDir(dir);
});

/** Opens a URL and returns the document title after any script had its chance to run. */
async function titleAfterOpening(url: string): Promise<string> {
  const page = await browser.newPage();
  try {
    await page.goto(url);
    await page.waitForTimeout(200);
    return await page.title();
  } finally {
    await page.close();
  }
}

describe.each(['serve', 'dev'] as const)('static HTML and SVG from content/ under docgen %s', (server) => {
  let url: string;
  let close: () => Promise<void>;
  beforeAll(async () => {
    if (server === 'serve') {
      expect(runDocgen(['build'], dir).status).toBe(0);
      ({ url, close } = await startServe(path.join(dir, 'dist')));
    } else {
      ({ url, close } = await startDev(dir));
    }
  });
  afterAll(async () => close?.());

  it('are sandboxed: their script does not run', async () => {
    for (const file of ['evil.svg', 'evil.html']) {
      const response = await fetch(`${url}/${file}`);
      expect(response.status, file).toBe(200);
      expect(response.headers.get('content-security-policy'), file).toContain('sandbox');
      expect(await titleAfterOpening(`${url}/${file}`), file).not.toBe('pwned');
    }
  });

  it('serves other static files whole and by byte range', async () => {
    const whole = await fetch(`${url}/notes.txt`);
    expect(whole.headers.get('content-security-policy') ?? '').not.toMatch(/^sandbox$/);
    expect(await whole.text()).toBe('0123456789');
    const part = await fetch(`${url}/notes.txt`, { headers: { Range: 'bytes=2-4' } });
    expect(part.status).toBe(206);
    expect(await part.text()).toBe('234');
  });
});
