/**
 * Kinds of OpenAPI documents beyond a single-file 3.0 one, built and read in Chromium:
 * Swagger 2.0 in one file and split into files (converted on load, the page says so), and OpenAPI 3.1 with
 * webhooks (operations of their own: in the navigation, anchored, no try-it) and callbacks (under their operation).
 * Redoc's vendor extensions real documents use: `x-codeSamples` and `x-traitTag`. The documents are real:
 * OAI/learn.openapis.org's petstores, Redocly/redoc's 3.1 demo and a slice of DigitalOcean's (tests/fixtures/openapi/).
 */
import { cpSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { collectErrors, waitForHydration } from '../helpers/browser.js';
import { builtSite, repoRoot } from '../helpers/site.js';

let site: Awaited<ReturnType<typeof builtSite>>;

/**
 * Opens the 3.1 demo's page. Its x-logo is an image on redocly.github.io, which this machine cannot reach: the
 * browser gets a 1x1 PNG for it instead of a failed request (a console error).
 */
async function openDemo(page: import('playwright-core').Page): Promise<void> {
  const png = Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
    'base64',
  );
  await page.route('https://redocly.github.io/**', (route) => route.fulfill({ contentType: 'image/png', body: png }));
  await page.goto(`${site.url}/api/webhooks`);
  await waitForHydration(page);
}

beforeAll(async () => {
  site = await builtSite('api-kinds', (dir) => {
    for (const name of ['swagger2', 'webhooks-callbacks', 'digitalocean'])
      cpSync(path.join(repoRoot, 'tests/fixtures/openapi', name), path.join(dir, 'openapi', name), { recursive: true });
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
    await openDemo(page);
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

  it("renders DigitalOcean's operations, each a $ref to a file of its own, with the document's own request samples first and its text-only tag", async () => {
    const page = await site.browser.newPage();
    const errors = collectErrors(page);
    await page.goto(`${site.url}/api/digitalocean`);
    await waitForHydration(page);
    // resources/sizes/sizes_list.yml: under its tag, with its summary (before, every operation was an empty
    // 「その他」 entry named after its path)
    const sizes = page.locator('#tag\\/Sizes section.dg-op#sizes_list');
    expect(await sizes.locator('.dg-op__title').textContent()).toBe('List All Droplet Sizes');
    expect(await page.locator('#tag\\/Apps section.dg-op#apps_get_deployment .dg-op__title').textContent()).toBe(
      'Retrieve an App Deployment',
    );
    // x-codeSamples (each a $ref to examples/<lang>/sizes_list.yml): cURL, Go, Ruby and Python as written, then
    // the JavaScript sample docgen makes (its own curl and Python are left out)
    const samples = sizes.locator('.dg-samples');
    expect(await samples.locator('.dg-tabs__tab').allTextContents()).toEqual([
      'cURL',
      'Go',
      'Ruby',
      'Python',
      'JavaScript',
    ]);
    expect(await samples.locator('.dg-tabs__panel').first().textContent()).toContain('$DIGITALOCEAN_TOKEN');
    await samples.locator('.dg-tabs__tab', { hasText: 'Python' }).click();
    await expect.poll(() => samples.locator('.dg-tabs__panel').nth(3).isVisible()).toBe(true);
    expect(await samples.locator('.dg-tabs__panel').nth(3).textContent()).toContain('pydo');
    // x-traitTag: the 「Introduction」 tag has no operation; its text (description.yml) is its section
    const intro = page.locator('section#tag\\/Public-APIs-Introduction');
    expect(await intro.locator('h2.dg-api-tag__title').textContent()).toBe('Introduction');
    expect(await intro.textContent()).toContain('The DigitalOcean API allows you to manage Droplets');
    expect(await page.locator('.dg-api-nav a[href="#tag/Public-APIs-Introduction"]').count()).toBe(1);
    // The operation filter hides it while a query is given, and shows it again once the query is cleared.
    const filter = page.locator('.dg-api-nav__input');
    await filter.fill('sizes');
    await expect.poll(() => intro.isVisible()).toBe(false);
    expect(await sizes.isVisible()).toBe(true);
    await filter.fill('');
    await expect.poll(() => intro.isVisible()).toBe(true);
    expect(errors).toEqual([]);
    await page.close();
  });

  it("shows Redoc's demo's x-logo and groups the navigation's tags under its x-tagGroups, hiding a group the filter empties", async () => {
    const page = await site.browser.newPage();
    const errors = collectErrors(page);
    await openDemo(page);
    // Its x-logo above the title, allowed by the site's CSP (img-src gets the image's origin)
    const logo = page.locator('.dg-api-head__logo');
    expect(await logo.getAttribute('alt')).toBe('Petstore logo');
    await expect.poll(() => logo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(1);
    expect(readFileSync(path.join(site.dir, 'dist/_headers'), 'utf8')).toMatch(
      /img-src 'self' data: https:\/\/redocly\.github\.io;/,
    );
    const groups = page.locator('.dg-api-nav__tag-group');
    // 「Models」 names only tags without operations (pet_model, store_model): no group
    expect(await groups.locator('.dg-api-nav__group-title').allTextContents()).toEqual(['General', 'User Management']);
    expect(await groups.first().locator('.dg-api-nav__tag-link').allTextContents()).toEqual([
      'pet',
      'store',
      'Webhook: webhooks',
    ]);
    await page.locator('.dg-api-nav__input').fill('createUser');
    await expect.poll(() => groups.first().isVisible()).toBe(false);
    expect(await groups.nth(1).isVisible()).toBe(true);
    expect(errors).toEqual([]);
    await page.close();
  });

  it("shows Redoc's demo's own C# and PHP samples before the curl, JavaScript and Python ones docgen makes", () => {
    const html = readFileSync(path.join(site.dir, 'dist/api/webhooks.html'), 'utf8');
    const addPet = html.slice(html.indexOf('id="addPet"'), html.indexOf('</section>', html.indexOf('id="addPet"')));
    expect(
      [...addPet.matchAll(/class="dg-tabs__tab" data-label="[^"]*"><input[^>]*\/><span>([^<]*)</g)].map((m) => m[1]),
    ).toEqual(['C#', 'PHP', 'curl', 'JavaScript', 'Python']);
  });

  it("builds under the default validation: 'warn', with the demo's one schema error as a warning at its line", () => {
    expect(site.build.status).toBe(0);
    // Redoc's demo gives `license` both an `identifier` and a `url`, which OpenAPI 3.1 §4.8.4 forbids. Its
    // descriptions also carry Redoc's own tags (<SchemaDefinition>, <SecurityDefinitions>): raw HTML off the
    // allow-list, one warning. DigitalOcean's `https://<host>:<port>` is no HTML: kept as text, no warning.
    expect(site.build.stderr.match(/^\[\w+\] warning:/gm)!.sort()).toEqual([
      '[DroppedHtml] warning:',
      '[OpenApiInvalid] warning:',
    ]);
    expect(site.build.stderr).toMatch(
      /\[DroppedHtml\] warning: Raw HTML dropped from 3 descriptions .*<schemadefinition>.*\n\s*openapi\/webhooks-callbacks\/openapi-3-1\.yaml:9:5/,
    );
    expect(site.build.stderr).toMatch(
      /\[OpenApiInvalid\] warning: The OpenAPI document is invalid at \/info\/license: .*\n\s*openapi\/webhooks-callbacks\/openapi-3-1\.yaml:54:3/,
    );
    // The Markdown links to operations and webhooks of these documents resolve (no DeadAnchor).
    expect(site.build.stderr + site.build.stdout).not.toMatch(/DeadAnchor|DeadLink/);
  });
});
