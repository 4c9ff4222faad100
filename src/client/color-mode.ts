/**
 * Colour mode in the browser (spec §4): 'light' | 'dark', or 'system' when the site respects the OS preference.
 * The choice is stored in localStorage under the key `theme`; the resolved mode is `<html data-theme>`.
 * Safe to import on the server: nothing touches browser globals at module scope.
 */

export type ColorChoice = 'light' | 'dark' | 'system';

import { THEME_KEY } from '../shared/color-mode.js';

export { THEME_KEY };

/** Reads the stored choice; null when none or when storage is unavailable (spec §8: degrade silently). */
export function readChoice(): ColorChoice | null {
  try {
    const value = window.localStorage.getItem(THEME_KEY);
    return value === 'light' || value === 'dark' || value === 'system' ? value : null;
  } catch {
    console.warn('[docgen] localStorage is unavailable: the colour mode will not be remembered.');
    return null;
  }
}

/** Stores the choice and applies it to the document. */
export function storeChoice(choice: ColorChoice): void {
  try {
    window.localStorage.setItem(THEME_KEY, choice);
  } catch {
    console.warn('[docgen] localStorage is unavailable: the colour mode will not be remembered.');
  }
  applyChoice(choice);
}

/** Sets `data-theme` on <html> to the mode a choice resolves to. */
export function applyChoice(choice: ColorChoice): void {
  const dark = choice === 'dark' || (choice === 'system' && window.matchMedia('(prefers-color-scheme: dark)').matches);
  document.documentElement.dataset.theme = dark ? 'dark' : 'light';
  document.documentElement.dataset.themeChoice = choice;
}

/** The next choice of the toggle: light -> dark -> system (with respectPrefersColorScheme) or light <-> dark. */
export function nextChoice(current: ColorChoice, respectPrefersColorScheme: boolean): ColorChoice {
  if (!respectPrefersColorScheme) return current === 'dark' ? 'light' : 'dark';
  return current === 'light' ? 'dark' : current === 'dark' ? 'system' : 'light';
}
