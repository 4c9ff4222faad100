import { useCallback, useState } from 'react';
import type { SiteData, Sidebar as SidebarData } from '../../src/shared/types.js';
import { ColorModeToggle } from '../components/ColorModeToggle.js';
import { LocaleDropdown } from '../components/LocaleDropdown.js';
import { SearchButton } from '../components/SearchButton.js';
import { useMessages } from '../i18n/use-messages.js';
import { MobileMenu } from './MobileMenu.js';

/**
 * Top navigation bar (spec §2): site title, left items opening the sidebars, right external link, colour-mode
 * toggle, and under 996 px a hamburger opening the mobile menu.
 */
export function Navbar(props: { site: SiteData; activeSidebar: string | null; sidebar: SidebarData | undefined; currentHref: string }) {
  const { site, activeSidebar, sidebar, currentHref } = props;
  const t = useMessages();
  const [menuOpen, setMenuOpen] = useState(false);
  const closeMenu = useCallback(() => setMenuOpen(false), []);
  const left = site.navbar.items.filter((item) => item.position === 'left');
  const right = site.navbar.items.filter((item) => item.position === 'right');
  return (
    <header className="dg-navbar">
      <nav className="dg-navbar__inner" aria-label={t('nav.main')}>
        <button
          type="button"
          className="dg-navbar__toggle"
          aria-label={t('nav.openMenu')}
          aria-expanded={menuOpen}
          aria-controls="dg-mobile-menu"
          onClick={() => setMenuOpen(true)}
        >
          <span className="dg-navbar__toggle-icon" aria-hidden="true" />
        </button>
        <a className="dg-navbar__brand" href={site.baseUrl}>
          {site.navbar.logo && <img className="dg-navbar__logo" src={site.navbar.logo} alt="" width={28} height={28} />}
          <span>{site.navbar.title}</span>
        </a>
        <ul className="dg-navbar__items dg-navbar__items--left">
          {left.map((item) => {
            const active = item.sidebar !== null && item.sidebar === activeSidebar;
            return (
              <li key={item.href}>
                <a className={active ? 'dg-navbar__link dg-navbar__link--active' : 'dg-navbar__link'} href={item.href} aria-current={active ? 'true' : undefined}>
                  {item.label}
                </a>
              </li>
            );
          })}
          {site.i18n?.dropdown === 'left' && (
            <li>
              <LocaleDropdown site={site} currentHref={currentHref} />
            </li>
          )}
        </ul>
        <ul className="dg-navbar__items dg-navbar__items--right">
          {right.map((item) => (
            <li key={item.href} className="dg-navbar__external">
              <a className="dg-navbar__link" href={item.href} {...(item.external ? { target: '_blank', rel: 'noopener noreferrer' } : {})}>
                {item.label}
                {item.external && <span className="dg-external" aria-label={t('nav.externalLink')} />}
              </a>
            </li>
          ))}
          {site.i18n?.dropdown === 'right' && (
            <li>
              <LocaleDropdown site={site} currentHref={currentHref} />
            </li>
          )}
          {site.searchManifest && (
            <li>
              <SearchButton manifestUrl={site.searchManifest} baseUrl={site.baseUrl} />
            </li>
          )}
          {!site.colorMode.disableSwitch && (
            <li>
              <ColorModeToggle respectPrefersColorScheme={site.colorMode.respectPrefersColorScheme} />
            </li>
          )}
        </ul>
      </nav>
      {menuOpen && <MobileMenu items={site.navbar.items} sidebar={sidebar} currentHref={currentHref} title={site.navbar.title} onClose={closeMenu} />}
    </header>
  );
}
