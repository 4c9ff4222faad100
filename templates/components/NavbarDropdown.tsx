import { useEffect, useRef } from 'react';
import type { NavbarItem } from '../../src/shared/types.js';

/**
 * Closes an open `<details>` menu on a pointer press outside it or on Escape (as Docusaurus' dropdowns close), after
 * hydration; before it, the menu opens, closes and its links work with no script.
 * @param details the menu's element
 */
export function useDismissableMenu(details: { current: HTMLDetailsElement | null }): void {
  useEffect(() => {
    const close = (event: Event) => {
      const menu = details.current;
      if (!menu?.open) return;
      if (event instanceof KeyboardEvent ? event.key === 'Escape' : !menu.contains(event.target as Node)) {
        menu.open = false;
        // Escape returns the focus to the toggle, so a keyboard reader does not lose their place.
        if (event instanceof KeyboardEvent && menu.contains(document.activeElement))
          menu.querySelector('summary')?.focus();
      }
    };
    document.addEventListener('pointerdown', close);
    document.addEventListener('keydown', close);
    return () => {
      document.removeEventListener('pointerdown', close);
      document.removeEventListener('keydown', close);
    };
  }, [details]);
}

/**
 * A navbar dropdown (Docusaurus navbar item `type: 'dropdown'`, a VitePress nav item with `items`): its label, and a
 * menu of its links and sidebar items. A `<details>` menu, so it is reached with Tab and opened with Enter or Space
 * like a button, before hydration too; once hydrated, Escape or a press outside closes it. The toggle is marked active
 * when one of its items leads to the current page's section.
 * @param item the dropdown (type 'dropdown', with items); itemHref the href of an entry (the reader's docs version)
 * @param isActive whether an entry leads to the current page
 */
export function NavbarDropdown({
  item,
  currentHref,
  itemHref,
  isActive,
}: {
  item: NavbarItem;
  currentHref: string;
  itemHref: (entry: NavbarItem) => string;
  isActive: (entry: NavbarItem) => boolean;
}) {
  const details = useRef<HTMLDetailsElement>(null);
  useDismissableMenu(details);
  const entries = item.items ?? [];
  const active = entries.some(isActive);
  return (
    // Keyed by the page: a client-side navigation from one of its links shows the next page with the menu closed.
    <details key={currentHref} ref={details} className="dg-version-dropdown dg-navbar-dropdown">
      <summary className={`dg-navbar__link dg-version-dropdown__toggle${active ? ' dg-navbar__link--active' : ''}`}>
        {item.label}
      </summary>
      <ul className="dg-version-dropdown__menu">
        {entries.map((entry) => {
          const current = isActive(entry);
          return (
            <li key={`${entry.label} ${entry.href}`}>
              <a
                className={
                  current ? 'dg-version-dropdown__link dg-version-dropdown__link--active' : 'dg-version-dropdown__link'
                }
                href={itemHref(entry)}
                aria-current={current ? 'true' : undefined}
                {...(entry.external ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
              >
                {entry.label}
              </a>
            </li>
          );
        })}
      </ul>
    </details>
  );
}
