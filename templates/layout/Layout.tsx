import type { ReactNode } from 'react';
import type { PageProps } from '../types.js';
import { Footer } from './Footer.js';
import { Navbar } from './Navbar.js';
import { Sidebar } from './Sidebar.js';

/**
 * Page frame: skip link (first focusable element), navbar, optional sidebar, main content, footer (spec §2).
 */
export function Layout({ site, page, route, children }: PageProps & { children: ReactNode }) {
  const sidebar = route?.sidebar ? site.sidebars[route.sidebar] : undefined;
  return (
    <div className="dg-root">
      <a className="dg-skip-link" href="#dg-main">
        メインコンテンツまでスキップ
      </a>
      <Navbar site={site} activeSidebar={route?.sidebar ?? null} />
      <div className={sidebar ? 'dg-page dg-page--with-sidebar' : 'dg-page'}>
        {sidebar && <Sidebar sidebar={sidebar} currentHref={page.path === null ? '' : hrefOf(site, page.path)} />}
        <main id="dg-main" className="dg-main" tabIndex={-1}>
          {children}
        </main>
      </div>
      <Footer site={site} />
    </div>
  );
}

function hrefOf(site: PageProps['site'], path: string): string {
  return site.baseUrl === '/' ? path : site.baseUrl.slice(0, -1) + path;
}
