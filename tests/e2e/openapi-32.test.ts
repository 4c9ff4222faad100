/**
 * OpenAPI 3.2 (https://spec.openapis.org/oas/v3.2.0) in a built site, read in Chromium and in the Markdown twins:
 * nested tags (parent, kind, summary) in the navigation and on the page, the QUERY method and additionalOperations,
 * itemSchema of streams (SSE, JSON Lines) with samples in their framing, server names, and the new security fields.
 * The document is made of the specification's own examples (tests/fixtures/openapi/oas-3.2/SOURCE.md).
 */
import { cpSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { collectErrors, waitForHydration } from '../helpers/browser.js';
import { builtSite, repoRoot } from '../helpers/site.js';

let site: Awaited<ReturnType<typeof builtSite>>;

beforeAll(async () => {
  site = await builtSite('api-kinds', (dir) => {
    cpSync(path.join(repoRoot, 'tests/fixtures/openapi/oas-3.2'), path.join(dir, 'openapi', 'oas-3.2'), {
      recursive: true,
    });
    const config = path.join(dir, 'site.config.ts');
    const source = readFileSync(config, 'utf8').replace(
      /apis: \[[\s\S]*?\],\n/,
      "apis: [{ spec: 'openapi/oas-3.2/openapi.yaml', route: '/api/oas32' }],\n",
    );
    writeFileSync(config, source);
    // The link checker knows the anchors of additional operations and nested tags.
    writeFileSync(
      path.join(dir, 'content/docs/intro.md'),
      '# はじめに\n\n[COPY](/api/oas32#copyPetsById)、[Partner](/api/oas32#tag/partner)。\n',
    );
  });
}, 180_000);

afterAll(async () => {
  await site?.close();
});

describe('OpenAPI 3.2', () => {
  it('builds without warnings: every 3.2 field is read', () => {
    expect(`${site.build.stdout}${site.build.stderr}`).not.toMatch(/OpenApiInvalid|not rendered/);
  });

  it('nests tags in the navigation and on the page, named by their summary, with their kind', async () => {
    const page = await site.browser.newPage();
    const errors = collectErrors(page);
    await page.goto(`${site.url}/api/oas32`);
    await waitForHydration(page);
    const nav = page.locator('.dg-api-nav');
    const top = nav.locator(':scope > ul.dg-api-nav__tags > li.dg-api-nav__tag > .dg-api-nav__tag-link');
    expect(await top.allTextContents()).toEqual(['Account Updates', 'External', 'スキーマ']);
    const external = nav.locator('.dg-api-nav__tag[data-tag="tag/external"]');
    const partner = external.locator('.dg-api-nav__tags--nested > .dg-api-nav__tag[data-tag="tag/partner"]');
    expect(await partner.locator('.dg-api-nav__tag-link').textContent()).toBe('Partner');
    expect(await partner.locator('.dg-method').allTextContents()).toEqual(['GET', 'QUERY', 'COPY']);
    // The nested list is indented under its parent.
    const [outer, inner] = await Promise.all([
      external.locator('.dg-api-nav__tag-link').first().boundingBox(),
      partner.locator('.dg-api-nav__tag-link').boundingBox(),
    ]);
    expect(inner!.x).toBeGreaterThan(outer!.x);
    const section = page.locator('section#tag\\/partner');
    expect(await section.locator('.dg-api-tag__parents a').getAttribute('href')).toBe('#tag/external');
    expect(await section.locator('h2 .dg-badge--kind').textContent()).toBe('audience');
    // The filter finds a nested tag's operation and keeps its parent shown.
    await nav.locator('.dg-api-nav__input').fill('copy');
    await expect.poll(() => page.locator('section#getPetsById').isVisible()).toBe(false);
    expect(await page.locator('section#copyPetsById').isVisible()).toBe(true);
    expect(await external.isVisible()).toBe(true);
    expect(await nav.locator('.dg-api-nav__tag[data-tag="tag/account-updates"]').isVisible()).toBe(false);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('shows QUERY and additional operations with their method, streams with their item schema and a sample in their framing', async () => {
    const page = await site.browser.newPage();
    const errors = collectErrors(page);
    await page.goto(`${site.url}/api/oas32#copyPetsById`);
    await waitForHydration(page);
    const query = page.locator('section#queryPetsById');
    expect(await query.locator('.dg-op__line .dg-method').textContent()).toBe('QUERY');
    expect(await query.locator('.dg-op__path').textContent()).toBe('/pets/{id}');
    expect(await page.locator('section#copyPetsById .dg-op__line .dg-method').textContent()).toBe('COPY');
    // The QUERY badge has a colour of its own; COPY the neutral one.
    const colour = (id: string) =>
      page.locator(`section#${id} .dg-op__line .dg-method`).evaluate((el) => getComputedStyle(el).backgroundColor);
    expect(await colour('queryPetsById')).toBe('rgb(29, 57, 196)');
    expect(await colour('copyPetsById')).toBe('rgb(89, 89, 89)');
    // text/event-stream: the item schema (Event with a oneOf beside its $ref) and a generated sample of two events.
    const sse = page.locator('section#addStrings');
    expect(await sse.locator('.dg-media__items-label').textContent()).toBe('ストリームの各項目');
    expect(await sse.locator('.dg-media__items .dg-prop__name').allTextContents()).toEqual(
      expect.arrayContaining(['data', 'event', 'retry']),
    );
    expect(await sse.textContent()).toMatch(/data: string\s*event: addString/);
    // JSON Lines: the specification's example, line by line as written (not a JSON string).
    const log = page.locator('section#streamLog');
    expect(await log.locator('.dg-media__items-label').first().textContent()).toBe('ストリームの各項目');
    expect(await log.textContent()).toContain(
      '{"timestamp": "1985-04-12T23:20:51.37Z", "level": 1, "message": "Bye!"}',
    );
    // An `in: querystring` parameter, labelled as the whole query string.
    expect(await page.locator('section#readLogExcerpt .dg-params').textContent()).toContain('クエリ文字列全体');
    expect(errors).toEqual([]);
    await page.close();
  });

  it('sends an `in: querystring` parameter as the whole query string, in the samples and from the try-it console', async () => {
    const page = await site.browser.newPage();
    const errors = collectErrors(page);
    const sent: string[] = [];
    await page.route('https://development.gigantic-server.com/**', (route) => {
      sent.push(route.request().url());
      return route.fulfill({
        status: 200,
        contentType: 'application/json',
        headers: { 'access-control-allow-origin': '*' },
        body: '{}',
      });
    });
    await page.goto(`${site.url}/api/oas32#readLogExcerpt`);
    await waitForHydration(page);
    const op = page.locator('section#readLogExcerpt');
    // The example's serializedValue (the specification's), in each made sample (httpsnippet writes a space as %20).
    const samples = await op.locator('.dg-samples pre').allTextContents();
    expect(samples).toHaveLength(3);
    for (const sample of samples) expect(sample).toContain('/logs/excerpt?foo=a%20%2B%20b&bar=true');
    await op.locator('[data-try]').click();
    expect(await op.locator('input[name="querystring:filter"]').inputValue()).toBe('foo=a+%2B+b&bar=true');
    await op.locator('.dg-try__send').click();
    await op.locator('.dg-try__status').waitFor();
    expect(sent).toEqual(['https://development.gigantic-server.com/v1/logs/excerpt?foo=a+%2B+b&bar=true']);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('shows server names, a deprecated scheme and the OAuth flows with the device authorization URL', async () => {
    const page = await site.browser.newPage();
    await page.goto(`${site.url}/api/oas32`);
    expect(await page.locator('.dg-servers__name').allTextContents()).toEqual(['dev', 'staging', 'prod']);
    const old = page.locator('section[id="security/OAuth2Old"]');
    expect(await old.locator('.dg-badge--deprecated').count()).toBe(1);
    const current = page.locator('section[id="security/OAuth2"]');
    expect(await current.locator('.dg-badge--deprecated').count()).toBe(0);
    expect(await current.locator('a[href="https://example.com/api/oauth/device"]').count()).toBe(1);
    expect(await current.locator('a[href="https://example.com/api/oauth/metadata"]').count()).toBe(1);
    await page.close();
  });

  it('carries the same into the Markdown twins', async () => {
    const twin = async (route: string) => (await fetch(`${site.url}${route}`)).text();
    const copy = await twin('/api/oas32/copyPetsById.md');
    expect(copy).toContain('`COPY /pets/{id}` · External / Partner');
    const strings = await twin('/api/oas32/addStrings.md');
    expect(strings).toContain('ストリームの各項目: object');
    expect(strings).toMatch(/```\ndata: string\nevent: addString/);
    const reference = await twin('/api/oas32.md');
    expect(reference).toContain('## External / Partner');
    expect(reference).toContain('`kind: audience`');
    expect(reference).toContain('- **dev** `https://development.gigantic-server.com/v1` Development server');
    expect(reference).toContain('    - deviceAuthorizationUrl: https://example.com/api/oauth/device');
    expect(reference).toMatch(/`OAuth2Old` \(oauth2, implicit\) 非推奨/);
  });
});
