import type { SiteData } from '../../src/shared/types.js';
import { ColorModeToggle } from '../components/ColorModeToggle.js';

/**
 * Top navigation bar (spec §2): site title, left items opening the sidebars, right external link,
 * colour-mode toggle.
 */
export function Navbar({ site, activeSidebar }: { site: SiteData; activeSidebar: string | null }) {
  const left = site.navbar.items.filter((item) => item.position === 'left');
  const right = site.navbar.items.filter((item) => item.position === 'right');
  return (
    <header className="dg-navbar">
      <nav className="dg-navbar__inner" aria-label="メイン">
        <a className="dg-navbar__brand" href={site.baseUrl}>
          {site.navbar.logo && <img className="dg-navbar__logo" src={site.navbar.logo} alt="" width={28} height={28} />}
          <span>{site.navbar.title}</span>
        </a>
        <ul className="dg-navbar__items">
          {left.map((item) => (
            <li key={item.href}>
              <a
                className={item.sidebar && item.sidebar === activeSidebar ? 'dg-navbar__link dg-navbar__link--active' : 'dg-navbar__link'}
                href={item.href}
                aria-current={item.sidebar && item.sidebar === activeSidebar ? 'true' : undefined}
              >
                {item.label}
              </a>
            </li>
          ))}
        </ul>
        <ul className="dg-navbar__items dg-navbar__items--right">
          {right.map((item) => (
            <li key={item.href}>
              <a className="dg-navbar__link" href={item.href} {...(item.external ? { target: '_blank', rel: 'noopener noreferrer' } : {})}>
                {item.label}
                {item.external && <span className="dg-external" aria-label="（外部サイト）" />}
              </a>
            </li>
          ))}
          {!site.colorMode.disableSwitch && (
            <li>
              <ColorModeToggle respectPrefersColorScheme={site.colorMode.respectPrefersColorScheme} />
            </li>
          )}
        </ul>
      </nav>
    </header>
  );
}
