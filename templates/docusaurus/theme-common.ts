/**
 * `@docusaurus/theme-common` for a migrated site's own components: the colour mode (Docusaurus'
 * `theme-common/src/contexts/colorMode.tsx`), the window size and the docs' sidebar category. What the server
 * renders is what the browser hydrates (light, desktop); an island then follows `<html data-theme>` (docgen's
 * colour mode, src/client/color-mode.ts) and the viewport, as Docusaurus' client does once mounted.
 */
import { useEffect, useState } from 'react';
import { THEME_KEY } from '../../src/shared/color-mode.js';

export { useCurrentSidebarCategory } from './docs-client.js';

type ColorMode = 'light' | 'dark';

const modeOfPage = (): ColorMode => (document.documentElement.dataset.theme === 'dark' ? 'dark' : 'light');

/**
 * `useColorMode()`: `{ colorMode, setColorMode }` (and Docusaurus 2's `isDarkTheme`). 'light' on the server and at
 * hydration, then the page's mode, kept up to date while the reader switches it.
 */
export function useColorMode() {
  const [colorMode, setMode] = useState<ColorMode>('light');
  useEffect(() => {
    setMode(modeOfPage());
    const observer = new MutationObserver(() => setMode(modeOfPage()));
    observer.observe(document.documentElement, { attributes: true, attributeFilter: ['data-theme'] });
    return () => observer.disconnect();
  }, []);
  const setColorMode = (mode: ColorMode | null) => {
    const next = mode ?? 'light';
    try {
      window.localStorage.setItem(THEME_KEY, next);
    } catch {
      // storage unavailable: the mode applies to this page only
    }
    document.documentElement.dataset.theme = next;
  };
  return { colorMode, setColorMode, isDarkTheme: colorMode === 'dark' };
}

/** `useThemeConfig()`: docusaurus.config's `themeConfig`, which docgen does not carry to components. */
export function useThemeConfig(): Record<string, unknown> {
  return {};
}

/**
 * `useWindowSize()`: 'desktop' or 'mobile' by Docusaurus' breakpoint (996 px), 'ssr' on the server; like
 * Docusaurus, 'ssr' at hydration too, then the viewport's.
 */
export function useWindowSize(): 'desktop' | 'mobile' | 'ssr' {
  const [size, setSize] = useState<'desktop' | 'mobile' | 'ssr'>('ssr');
  useEffect(() => {
    const query = window.matchMedia('(max-width: 996px)');
    const update = () => setSize(query.matches ? 'mobile' : 'desktop');
    update();
    query.addEventListener('change', update);
    return () => query.removeEventListener('change', update);
  }, []);
  return size;
}

const kebab = (name: string) => name.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`);

/**
 * `ThemeClassNames` (theme-common `utils/ThemeClassNames.ts`): two levels of class names (`ThemeClassNames.docs
 * .docMarkdown`), which a swizzled or custom component puts on its elements. Any name reads as a class in
 * Docusaurus' `theme-…` style (`theme-doc-markdown`); docgen carries none of the old theme's CSS that targets them.
 */
export const ThemeClassNames: Record<string, Record<string, string>> = new Proxy(
  {},
  {
    get: (_, group) =>
      typeof group === 'string'
        ? new Proxy({}, { get: (__, name) => (typeof name === 'string' ? `theme-${kebab(name)}` : undefined) })
        : undefined,
  },
);
