/**
 * The props of every component a site may override (site.config.ts `theme.components`; the list and the files are
 * src/shared/theme.ts THEME_COMPONENTS). An override receives exactly these props and may render the original,
 * imported from `docgen/theme/<Name>`. Types only: nothing here is bundled.
 */
import type { ComponentProps, ReactNode } from 'react';
import type { ThemeComponentName } from '../src/shared/theme.js';
import type { SiteData, TocItem } from '../src/shared/types.js';
import type { ApiOperationModel } from '../src/shared/api-model.js';
import type { TabItem } from './api/Tabs.js';
import type { PageMenu } from './components/PageMenu.js';
import type { SearchDialogProps } from './components/SearchDialog.js';
import type { Navbar } from './layout/Navbar.js';
import type { Sidebar } from './layout/Sidebar.js';
import type { PageProps } from './types.js';

/** Props by component name. */
export interface ThemeComponentProps {
  /** Top bar: title and logo, navbar items, search button, colour-mode toggle, mobile menu. `currentHref` has the base. */
  Navbar: ComponentProps<typeof Navbar>;
  /** Site footer: copyright (`site.footer`) and build date. */
  Footer: { site: SiteData };
  /** One sidebar's tree; `currentHref` (with the base) marks the current page. */
  Sidebar: ComponentProps<typeof Sidebar>;
  /** The page's table of contents (h2/h3 by default, front matter `toc_*_heading_level`). */
  Toc: { items: TocItem[] };
  /** Page frame around the page component: skip link, announcement bar, navbar, sidebar, main, footer. */
  Layout: PageProps & { children: ReactNode };
  /** A Markdown page: title, content, table of contents. Pages are default exports. */
  DocPage: PageProps;
  /** The home page (`layout: home`): hero and features from `page.extra`. */
  HomePage: PageProps;
  /** The not-found page (404.html). */
  NotFoundPage: PageProps;
  /** An API reference page: its pre-rendered body (`page.extra.html`), enhanced in the browser. */
  ApiPage: PageProps;
  /** The page menu (copy or view the page as Markdown, open it in ChatGPT or Claude); `twin` names another twin than the route's (an API operation's). */
  PageMenu: ComponentProps<typeof PageMenu>;
  /** A content code block (`pre`, from hast: its `children` is the `code` element), with a copy button. */
  CodeBlock: ComponentProps<'pre'>;
  /** The API reference's tabs (request/response samples, languages), rendered to static HTML. */
  Tabs: { items: TabItem[]; className?: string };
  /** One API operation of the reference (rendered at build time to static HTML, not hydrated). */
  ApiOperation: { op: ApiOperationModel };
  /** The search dialog, loaded when search is first opened. */
  SearchDialog: SearchDialogProps;
  /** The navbar's search button (opens SearchDialog; `/`, Ctrl+K, Cmd+K). */
  SearchButton: { manifestUrl: string; baseUrl: string };
  /** The light/dark switch (hidden when `themeConfig.colorMode.disableSwitch`). */
  ColorModeToggle: { respectPrefersColorScheme: boolean };
  /** Catches a page that throws while rendering; a new `resetKey` (the next page's data) clears the error. */
  ErrorBoundary: { resetKey: unknown; children: ReactNode };
}

type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
type Assert<T extends true> = T;
/** Fails to type-check when ThemeComponentProps and THEME_COMPONENTS do not list the same names. */
export type ThemeComponentPropsCoverEveryComponent = Assert<Same<keyof ThemeComponentProps, ThemeComponentName>>;
