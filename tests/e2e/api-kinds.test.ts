/**
 * Kinds of OpenAPI documents beyond a single-file 3.0 one (issue 17, items 2-3), built and read in Chromium:
 * Swagger 2.0 in one file and split into files (converted on load, the page says so), and OpenAPI 3.1 with
 * webhooks (operations of their own: in the navigation, anchored, no try-it) and callbacks (under their operation).
 * The documents are real: OAI/learn.openapis.org's petstores and Redocly/redoc's 3.1 demo (tests/fixtures/openapi/).
 */
import { cpSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { collectErrors, waitForHydration } from '../helpers/browser.js';
import { builtSite, repoRoot } from '../helpers/site.js';

let site: Awaited<ReturnType<typeof builtSite>>;

beforeAll(async () => {
  site = await builtSite('api-kinds', (dir) => {
    for (const name of ['swagger2', 'webhooks-callbacks']) cpSync(path.join(repoRoot, 'tests/fixtures/openapi', name), path.join(dir, 'openapi', name), { recursive: true });
  });
}, 180_000);

afterAll(async () => {
  await site?.close();
});

describe('Swagger 2.0, webhooks and callbacks', () => {
  it('renders both Swagger 2.0 petstores with every operation and a note that they were converted', () => {
    const single = readFileSync(path.join(site.dir, 'dist/api/petstore-v2.html'), 'utf8');
    for (const id of ['listPets', 'createPets', 'showPetById']) expect(single).toContain(`id="${id}"`);
    expect(single).toContain('data-converted-from="swagger-2.0"');
    const split = readFileSync(path.join(site.dir, 'dist/api/petstore-split.html'), 'utf8');
    for (const id of ['findPets', 'addPet', 'find-pet-by-id', 'deletePet']) expect(split).toContain(`id="${id}"`);
    // Pet.yaml and NewPet.yaml are other files: their properties are on the page
    expect(split).toMatch(/class="dg-prop__name">tag</);
    expect(split).toContain('data-converted-from="swagger-2.0"');
  });

  it('shows webhooks in the navigation and on the page, callbacks under their operation, without try-it', async () => {
    const page = await site.browser.newPage();
    const errors = collectErrors(page);
    page.on('response', (r) => r.status() >= 400 && errors.push(`${r.status()} ${r.url()}`));
    await page.goto(`${site.url}/api/webhooks`);
    await waitForHydration(page);
    const nav = page.locator('.dg-api-nav');
    await expect.poll(() => nav.locator('a[href="#newPet"]').count()).toBe(1);
    expect(await nav.locator('.dg-api-nav__tag', { hasText: 'Webhook' }).count()).toBeGreaterThan(0);
    const webhook = page.locator('section#newPet');
    expect(await webhook.locator('.dg-badge--webhook').count()).toBe(1);
    expect(await webhook.locator('.dg-op__path').textContent()).toBe('newPet');
    expect(await webhook.locator('[data-try]').count()).toBe(0);
    // The callback of createOrder (POST /store/order) is on the page under its operation, anchored, without try-it.
    const callbacks = page.locator('section.dg-op .dg-callbacks');
    expect(await callbacks.count()).toBeGreaterThan(0);
    const progress = page.locator('.dg-callback[data-callback="orderInProgress"] section.dg-op').first();
    await expect.poll(() => progress.isVisible()).toBe(true);
    expect(await progress.locator('.dg-op__path').textContent()).toContain('{$request.body#/callbackUrl}');
    expect(await progress.locator('[data-try]').count()).toBe(0);
    await nav.locator('a[href="#newPet"]').click();
    await expect.poll(() => webhook.evaluate((el) => Math.abs(el.getBoundingClientRect().top) < 200)).toBe(true);
    expect(errors).toEqual([]);
    await page.close();
  });

  it("builds under the default validation: 'warn', with the demo's one schema error as a warning at its line", () => {
    expect(site.build.status).toBe(0);
    // Redoc's demo gives `license` both an `identifier` and a `url`, which OpenAPI 3.1 §4.8.4 forbids.
    expect(site.build.stderr.match(/^warning /gm)).toHaveLength(1);
    expect(site.build.stderr).toMatch(/warning \[OpenApiInvalid\] The OpenAPI document is invalid at \/info\/license: .*\n\s*openapi\/webhooks-callbacks\/openapi-3-1\.yaml:54:3/);
    // The Markdown links to operations and webhooks of these documents resolve (no DeadAnchor).
    expect(site.build.stderr + site.build.stdout).not.toMatch(/DeadAnchor|DeadLink/);
  });
});
