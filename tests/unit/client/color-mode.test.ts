import { describe, expect, it } from 'vitest';
import { nextChoice } from '../../../src/client/color-mode.js';
import { themeInitScript } from '../../../src/shared/color-mode.js';

describe('colour mode (spec §4)', () => {
  it('toggles light/dark when the system preference is not respected', () => {
    expect(nextChoice('light', false)).toBe('dark');
    expect(nextChoice('dark', false)).toBe('light');
  });

  it('cycles light -> dark -> system when respectPrefersColorScheme is on', () => {
    expect(nextChoice('light', true)).toBe('dark');
    expect(nextChoice('dark', true)).toBe('system');
    expect(nextChoice('system', true)).toBe('light');
  });

  it('applies the stored choice, the default, or the system preference before first paint', () => {
    const run = (
      options: Parameters<typeof themeInitScript>[0],
      stored: string | null,
      prefersDark: boolean,
      pathname = '/',
    ) => {
      const dataset: Record<string, string> = {};
      const env = {
        document: { documentElement: { dataset }, addEventListener: () => {} },
        localStorage: { getItem: () => stored },
        matchMedia: () => ({ matches: prefersDark }),
        location: { pathname },
      };
      new Function('document', 'localStorage', 'matchMedia', 'location', themeInitScript(options))(
        env.document,
        env.localStorage,
        env.matchMedia,
        env.location,
      );
      return dataset;
    };
    const site = { defaultMode: 'light' as const, respectPrefersColorScheme: false, baseUrl: '/' };
    expect(run(site, null, true).theme).toBe('light');
    expect(run(site, 'dark', false).theme).toBe('dark');
    expect(run({ ...site, respectPrefersColorScheme: true }, null, true)).toMatchObject({
      theme: 'dark',
      themeChoice: 'system',
    });
    expect(run({ ...site, respectPrefersColorScheme: true }, 'system', false).theme).toBe('light');
    expect(run(site, null, false).js).toBe('');
  });
});
