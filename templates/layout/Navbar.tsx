import { useCallback, useEffect, useState } from 'react';
import { preferredDocsVersion } from '../../src/client/docs-version.js';
import type { DocNavigation, NavbarItem, SiteData, Sidebar as SidebarData } from '../../src/shared/types.js';
import { ColorModeToggle } from '../components/ColorModeToggle.js';
import { SearchButton } from '../components/SearchButton.js';
import { siteExtras } from '../components/site-extras.js';
import { useMessages } from '../i18n/use-messages.js';
import { MobileMenu } from './MobileMenu.js';

/**
 * Top navigation bar (spec §2): site title, left items opening the sidebars, right external link, colour-mode
 * toggle, and under 996 px a hamburger opening the mobile menu.
 */
export function Navbar(props: {
  site: SiteData;
  activeSidebar: string | null;
  sidebar: SidebarData | undefined;
  currentHref: string;
  version?: DocNavigation['version'];
}) {
  const { site, activeSidebar, sidebar, currentHref, version } = props;
  // A docs version's sidebar is `<id>@<version>` (content/versions.ts): the item opening `<id>` is active on it too.
  const isActive = (id: string | null) =>
    id !== null && (id === activeSidebar || activeSidebar?.startsWith(`${id}@`) === true);
  // A multi-version or multi-locale site's parts, loaded before rendering by theme.prepare; null on other sites.
  const extras = siteExtras(site);
  // Search scoped to the reader's version: that version's index, the last version's off versioned docs.
  const searchManifest = extras?.activeVersion(site, version)?.searchManifest ?? site.searchManifest;
  // Items opening a sidebar go to the reader's docs version: the page's own, else the one they last used (after
  // hydration: storage is the browser's), else the last version (Docusaurus' docsVersionPersistence).
  const [preferred, setPreferred] = useState<string | null>(null);
  useEffect(() => setPreferred(site.versions ? preferredDocsVersion(site) : null), [site, currentHref]);
  const itemHref = (item: NavbarItem) => item.versionHrefs?.[version?.name ?? preferred ?? ''] ?? item.href;
  const leadsHere = (item: NavbarItem) =>
    isActive(item.sidebar) ||
    (!item.sidebar && !item.external && isCurrentSection(itemHref(item), currentHref, site.baseUrl));
  // The docs version dropdown and a dropdown of links come with the extras chunk.
  const fromExtras = (item: NavbarItem, i: number) =>
    extras && (
      <li key={`${item.type}-${i}`}>
        {item.type === 'dropdown' ? (
          <extras.NavbarDropdown item={item} currentHref={currentHref} itemHref={itemHref} isActive={leadsHere} />
        ) : (
          <extras.VersionDropdown site={site} version={version} currentHref={currentHref} />
        )}
      </li>
    );
  const inExtras = (item: NavbarItem) => item.type === 'docsVersionDropdown' || item.type === 'dropdown';
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
          {left.map((item, i) => {
            if (inExtras(item)) return fromExtras(item, i);
            const active = leadsHere(item);
            return (
              <li key={item.href}>
                <a
                  className={active ? 'dg-navbar__link dg-navbar__link--active' : 'dg-navbar__link'}
                  href={itemHref(item)}
                  aria-current={active ? 'true' : undefined}
                >
                  {item.label}
                </a>
              </li>
            );
          })}
          {extras && site.i18n?.dropdown === 'left' && (
            <li>
              <extras.LocaleDropdown site={site} currentHref={currentHref} />
            </li>
          )}
        </ul>
        <ul className="dg-navbar__items dg-navbar__items--right">
          {right.map((item, i) =>
            inExtras(item) ? (
              fromExtras(item, i)
            ) : (
              <li key={item.href} className="dg-navbar__external">
                <a
                  className="dg-navbar__link"
                  href={itemHref(item)}
                  {...(item.external ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
                >
                  {item.label}
                  {item.external && <span className="dg-external" aria-label={t('nav.externalLink')} />}
                </a>
              </li>
            ),
          )}
          {extras && site.i18n?.dropdown === 'right' && (
            <li>
              <extras.LocaleDropdown site={site} currentHref={currentHref} />
            </li>
          )}
          {searchManifest && (
            <li>
              <SearchButton
                manifestUrl={searchManifest}
                baseUrl={site.baseUrl}
                {...(site.versions?.searchAll ? { allManifestUrl: site.versions.searchAll } : {})}
              />
            </li>
          )}
          {!site.colorMode.disableSwitch && (
            <li>
              <ColorModeToggle respectPrefersColorScheme={site.colorMode.respectPrefersColorScheme} />
            </li>
          )}
        </ul>
      </nav>
      {menuOpen && (
        <MobileMenu
          items={site.navbar.items
            .filter((item) => item.type !== 'docsVersionDropdown')
            .flatMap((item) => (item.type === 'dropdown' ? (item.items ?? []) : [item]))
            .map((item) => ({ ...item, href: itemHref(item) }))}
          sidebar={sidebar}
          currentHref={currentHref}
          title={site.navbar.title}
          onClose={closeMenu}
          extra={extras && <extras.MobileVersions site={site} version={version} currentHref={currentHref} />}
        />
      )}
    </header>
  );
}

/**
 * Whether a link item of the navbar leads to the current page or a page below it (`/api/example` on
 * `/api/example` and `/api/example/...`), as Docusaurus marks a link item active by its path. The base URL alone
 * (a "Home" item) is active on the home page only.
 * @param href the item's href, with the base; currentHref the page's, with the base
 */
function isCurrentSection(href: string, currentHref: string, baseUrl: string): boolean {
  if (!href.startsWith('/') || href.startsWith('//')) return false;
  const strip = (url: string) => url.replace(/[?#].*$/, '').replace(/\/$/, '') || '/';
  const item = strip(href);
  const current = strip(currentHref);
  return current === item || (item !== strip(baseUrl) && current.startsWith(`${item}/`));
}
