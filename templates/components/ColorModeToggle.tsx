import { useEffect, useState } from 'react';
import {
  applyChoice,
  nextChoice,
  readChoice,
  storeChoice,
  THEME_KEY,
  type ColorChoice,
} from '../../src/client/color-mode.js';
import { useMessages } from '../i18n/use-messages.js';

const LABELS = {
  light: 'colorMode.light',
  dark: 'colorMode.dark',
  system: 'colorMode.system',
} as const satisfies Record<ColorChoice, string>;

/**
 * Colour-mode toggle (spec §4). Server and first client render show the light state; the real state is read in an
 * effect, so hydration never mismatches. Follows changes made in other tabs (storage event).
 */
export function ColorModeToggle({ respectPrefersColorScheme }: { respectPrefersColorScheme: boolean }) {
  const t = useMessages();
  const [choice, setChoice] = useState<ColorChoice>('light');
  useEffect(() => {
    const fromDom = document.documentElement.dataset.themeChoice as ColorChoice | undefined;
    setChoice(readChoice() ?? fromDom ?? 'light');
    const onStorage = (event: StorageEvent) => {
      if (event.key !== THEME_KEY) return;
      const value = event.newValue;
      const next: ColorChoice = value === 'dark' || value === 'system' ? value : 'light';
      applyChoice(next);
      setChoice(next);
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, []);
  const next = nextChoice(choice, respectPrefersColorScheme);
  return (
    <button
      type="button"
      className={`dg-color-toggle dg-color-toggle--${choice}`}
      title={t('colorMode.toggleTitle', { mode: t(LABELS[choice]), next: t(LABELS[next]) })}
      aria-label={t('colorMode.toggle', { mode: t(LABELS[choice]) })}
      onClick={() => {
        storeChoice(next);
        setChoice(next);
      }}
    >
      <span className="dg-color-toggle__icon" aria-hidden="true" />
    </button>
  );
}
