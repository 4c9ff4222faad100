/**
 * External images and media the site's own CSP would block are a BlockedMedia warning at their file:line, one per
 * origin and directive, and the page is repaired: an image becomes its alt text, a video with no allowed source a
 * link to it, a blocked poster goes; what the config's `csp` allows is kept and not reported. Chromium, served by
 * `docgen serve` with the site's headers, meets no blocked resource.
 */
import { readFileSync } from 'node:fs';
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
  warnings = (JSON.parse(build.stdout) as { warnings: typeof warnings }).warnings.filter(
    (w) => w.code === 'BlockedMedia',
  );
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
    expect(warnings[0]!.message).toContain('shows its alt text instead');
    expect(warnings[3]!.message).toContain("csp['media-src']");
  });

  it('replaces what the CSP would block and keeps what it allows', () => {
    const html = readFileSync(path.join(dir, 'dist/docs/media.html'), 'utf8').replaceAll('<!-- -->', ''); // React's text-node seams
    for (const origin of ['img.shields.io', 'cdn.blocked.example', 'posters.example'])
      expect(html).not.toMatch(new RegExp(`(src|poster)="https://${origin.replace(/\./g, '\\.')}`));
    expect(html).toContain('A badge: build');
    expect(html).toContain('The badge again: build');
    expect(html).toContain('A screenshot');
    expect(html).toContain(
      '<a href="https://videos.blocked.example/demo.mp4">https://videos.blocked.example/demo.mp4</a>',
    );
    expect(html).toContain('src="https://allowed.example/ok.png"');
    expect(html).toContain('src="https://cdn.wild.example/ok.png"');
    expect(html).toMatch(/<video src="https:\/\/media\.example\/ok\.mp4" controls/);
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

    it('meets no resource the policy blocks', async () => {
      const context = await browser.newContext();
      await recordViolations(context);
      const page = await context.newPage();
      await page.goto(`${server.url}/docs/media`, { waitUntil: 'load' });
      await page.waitForTimeout(300);
      expect(await violations(page)).toEqual([]);
      expect(await page.locator('main img').count()).toBe(2);
      await context.close();
    });
  });
});
