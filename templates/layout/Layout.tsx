import type { ReactNode } from 'react';
import { ServerMarkup } from '../components/ServerMarkup.js';
import { siteExtras } from '../components/site-extras.js';
import { useMessages } from '../i18n/use-messages.js';
import type { PageProps } from '../types.js';
import { Footer } from './Footer.js';
import { Navbar } from './Navbar.js';
import { Sidebar } from './Sidebar.js';

/**
 * Page frame: skip link (first focusable element), navbar, optional sidebar, main content, footer (spec §2).
 */
export function Layout({ site, page, route, children }: PageProps & { children: ReactNode }) {
  const t = useMessages();
  // The announcement bar comes with the site's extra parts, loaded only on sites that have one (site-extras.ts).
  const extras = siteExtras(site);
  const sidebarId = route?.sidebar ?? null;
  const sidebar = sidebarId ? site.sidebars[sidebarId] : undefined;
  const currentHref = route ? (site.baseUrl === '/' ? route.path : site.baseUrl.slice(0, -1) + route.path) : '';
  return (
    <div className="dg-root">
      <a className="dg-skip-link" href="#dg-main">
        {t('nav.skipToContent')}
      </a>
      {extras && <extras.AnnouncementBar announcement={site.announcementBar} />}
      <Navbar
        site={site}
        activeSidebar={route?.sidebar ?? null}
        sidebar={sidebar}
        currentHref={currentHref}
        version={page.nav?.version}
      />
      <div className={sidebarId ? 'dg-page dg-page--with-sidebar' : 'dg-page'}>
        {sidebarId && (
          // One wrapper either way, so it (and its scroll position) stays when the sidebar data arrives.
          <div className="dg-sidebar">
            {sidebar ? (
              <Sidebar sidebar={sidebar} currentHref={currentHref} className="dg-sidebar__nav" />
            ) : (
              // First visit in the browser: the sidebars load after hydration, the server's markup stays meanwhile.
              <ServerMarkup
                tag="nav"
                className="dg-sidebar__nav"
                selector=".dg-page > .dg-sidebar > .dg-sidebar__nav"
              />
            )}
          </div>
        )}
        <main id="dg-main" className={`dg-main dg-main--${page.kind}`} tabIndex={-1}>
          {children}
        </main>
      </div>
      <Footer site={site} />
    </div>
  );
}
