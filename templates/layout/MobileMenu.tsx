import { useEffect, useRef, useState, type ReactNode } from 'react';
import type { NavbarItem, Sidebar as SidebarData } from '../../src/shared/types.js';
import { useMessages } from '../i18n/use-messages.js';
import { Sidebar } from './Sidebar.js';

/** Width from which the layout is desktop (spec §9: breakpoint 996 px). */
export const DESKTOP_QUERY = '(min-width: 996px)';

/**
 * The mobile menu (spec §2, §4): the navbar items, and on a page with a sidebar, that sidebar first with a
 * back-to-main-menu button. Closes on Escape, on a link click, on the backdrop, and when the window becomes
 * desktop-sized.
 * @param props.extra shown in the main menu under the items (the docs versions on a versioned site)
 */
export function MobileMenu(props: {
  items: NavbarItem[];
  sidebar: SidebarData | undefined;
  currentHref: string;
  title: string;
  onClose: () => void;
  extra?: ReactNode;
}) {
  const { items, sidebar, currentHref, title, onClose, extra } = props;
  const t = useMessages();
  const [showMain, setShowMain] = useState(!sidebar);
  const panel = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const desktop = window.matchMedia(DESKTOP_QUERY);
    const onChange = () => desktop.matches && onClose();
    const onKey = (event: KeyboardEvent) => event.key === 'Escape' && onClose();
    desktop.addEventListener('change', onChange);
    document.addEventListener('keydown', onKey);
    panel.current?.querySelector<HTMLElement>('button, a')?.focus();
    return () => {
      desktop.removeEventListener('change', onChange);
      document.removeEventListener('keydown', onKey);
    };
  }, [onClose]);
  return (
    <>
      <div className="dg-mobile-menu__backdrop" onClick={onClose} aria-hidden="true" />
      <div
        id="dg-mobile-menu"
        ref={panel}
        className="dg-mobile-menu"
        role="dialog"
        aria-modal="true"
        aria-label={t('nav.menu')}
        onClick={(event) => {
          if ((event.target as Element).closest('a[href]')) onClose();
        }}
      >
        <div className="dg-mobile-menu__header">
          <span className="dg-mobile-menu__title">{title}</span>
          <button type="button" className="dg-mobile-menu__close" aria-label={t('nav.closeMenu')} onClick={onClose}>
            ×
          </button>
        </div>
        {sidebar && !showMain ? (
          <div className="dg-mobile-menu__panel">
            <button type="button" className="dg-mobile-menu__back" onClick={() => setShowMain(true)}>
              {t('nav.backToMainMenu')}
            </button>
            <Sidebar sidebar={sidebar} currentHref={currentHref} className="dg-mobile-menu__sidebar" />
          </div>
        ) : (
          <nav className="dg-mobile-menu__panel" aria-label={t('nav.mainMenu')}>
            <ul className="dg-mobile-menu__items">
              {items.map((item) => (
                <li key={item.href}>
                  <a
                    className="dg-mobile-menu__link"
                    href={item.href}
                    {...(item.external ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
                  >
                    {item.label}
                    {item.external && <span className="dg-external" aria-label={t('nav.externalLink')} />}
                  </a>
                </li>
              ))}
            </ul>
            {extra}
            {sidebar && (
              <button type="button" className="dg-mobile-menu__back" onClick={() => setShowMain(false)}>
                {t.parts('nav.toSidebar', { label: sidebar.label })}
              </button>
            )}
          </nav>
        )}
      </div>
    </>
  );
}
