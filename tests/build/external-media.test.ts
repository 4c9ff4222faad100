/**
 * External images and media the site's own CSP would block are a BlockedMedia warning at their file:line, one per
 * origin and directive, and the page keeps them; what the config's `csp` allows is not reported. Chromium, served
 * by `docgen serve` with the site's headers, blocks exactly the reported ones.
 */
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from '../helpers/browser.js';
import { recordViolations, violations } from '../helpers/csp.js';
import { copyFixture, removeDir, runDocgen, startServe, type CliServer } from '../helpers/site.js';

let dir: string;
let build: ReturnType<typeof runDocgen>;
let warnings: { code: string; file: string; line: number; message: string }[];

beforeAll(() => {
  dir = copyFixture('external-media');
  build = runDocgen(['build', '--json'], dir);
  warnings = (JSON.parse(build.stdout) as { warnings: typeof warnings }).warnings.filter((w) => w.code === 'BlockedMedia');
});
afterAll(() => removeDir(dir));

describe('external media and the CSP', () => {
  it('warns once per blocked origin, at the first use, naming the csp key to set', () => {
    expect(build.status, build.stdout + build.stderr).toBe(0);
    expect(warnings.map((w) => [w.file, w.line, /is on (\S+),/.exec(w.message)![1]])).toEqual([
      ['content/docs/media.md', 3, 'https://img.shields.io'],
      ['content/docs/media.md', 7, 'https://cdn.blocked.example'],
      ['content/docs/media.md', 9, 'https://posters.example'],
      ['content/docs/media.md', 11, 'https://videos.blocked.example'],
    ]);
    expect(warnings[0]!.message).toContain("Add 'https://img.shields.io' to csp['img-src']");
    expect(warnings[3]!.message).toContain("csp['media-src']");
  });

  describe('in Chromium under the emitted policy', () => {
    let browser: Browser;
    let server: CliServer;
    beforeAll(async () => {
      browser = await launchBrowser();
      server = await startServe(path.join(dir, 'dist'));
    });
    afterAll(async () => {
      await browser?.close();
      await server?.close();
    });

    it('blocks exactly the reported origins', async () => {
      const context = await browser.newContext();
      await recordViolations(context);
      const page = await context.newPage();
      await page.goto(`${server.url}/docs/media`, { waitUntil: 'load' });
      await page.waitForTimeout(300);
      const blocked = new Set((await violations(page)).map((v) => new URL(v.split(' ')[1]!).origin));
      expect([...blocked].sort()).toEqual(['https://cdn.blocked.example', 'https://img.shields.io', 'https://posters.example', 'https://videos.blocked.example']);
      await context.close();
    });
  });
});
