import { describe, expect, it } from 'vitest';
import type { SiteRoute } from '../../../../src/node/content/site.js';
import { navigationKey, routeInputsKey } from '../../../../src/node/pipeline/keys.js';

const cards = [{ label: 'Tabs guide', route: '/docs/guides/tabs' }];

describe('routeInputsKey (what a page is compiled from besides its source)', () => {
  it("changes with the cards of a <DocCardList /> page: a card's label, its route, the cards' order", () => {
    const key = routeInputsKey({ path: '/docs/guides/overview', cards });
    expect(routeInputsKey({ path: '/docs/guides/overview', cards: [{ ...cards[0]!, label: 'Renamed' }] })).not.toBe(
      key,
    );
    expect(
      routeInputsKey({ path: '/docs/guides/overview', cards: [{ ...cards[0]!, route: '/docs/guides/tab' }] }),
    ).not.toBe(key);
    const two = [...cards, { label: 'Other', route: '/docs/guides/other' }];
    expect(routeInputsKey({ path: '/docs/guides/overview', cards: two })).not.toBe(
      routeInputsKey({ path: '/docs/guides/overview', cards: [...two].reverse() }),
    );
  });

  it('is the path for a page without cards', () => {
    expect(routeInputsKey({ path: '/docs/a' })).toBe('/docs/a');
    expect(routeInputsKey({ path: '/docs/a', cards: [] })).not.toBe(routeInputsKey({ path: '/docs/b', cards: [] }));
  });
});

describe('navigationKey', () => {
  const nav = {
    previous: { title: 'A', route: '/a' },
    version: { name: '1.0', label: 'v1.0', links: ['/docs/2.0/a'] },
  } as unknown as SiteRoute['nav'];
  it('keeps only the version name when asked (the build sets version links on cached data)', () => {
    expect(navigationKey({ nav })).toContain('v1.0');
    expect(navigationKey({ nav }, { versionByName: true })).not.toContain('v1.0');
    expect(navigationKey({ nav }, { versionByName: true })).toContain('"name":"1.0"');
    expect(navigationKey({})).toBe('');
  });
});
