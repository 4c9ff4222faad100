import { useEffect, useState } from 'react';
import { applyChoice, nextChoice, readChoice, storeChoice, THEME_KEY, type ColorChoice } from '../../src/client/color-mode.js';

const LABELS: Record<ColorChoice, string> = { light: 'ライトモード', dark: 'ダークモード', system: 'システム設定に従う' };

/**
 * Colour-mode toggle (spec §4). Server and first client render show the light state; the real state is read in an
 * effect, so hydration never mismatches. Follows changes made in other tabs (storage event).
 */
export function ColorModeToggle({ respectPrefersColorScheme }: { respectPrefersColorScheme: boolean }) {
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
      title={`${LABELS[choice]}（クリックで${LABELS[next]}に切り替え）`}
      aria-label={`表示モードを切り替える（現在: ${LABELS[choice]}）`}
      onClick={() => {
        storeChoice(next);
        setChoice(next);
      }}
    >
      <span className="dg-color-toggle__icon" aria-hidden="true" />
    </button>
  );
}
