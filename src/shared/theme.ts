/**
 * The theme contract: the one boundary between docgen's engine and its theme, and the public list of
 * components a site may override with `theme.components` in site.config.ts (Docusaurus swizzling, Starlight's
 * `components` map). Pure data and types: the build (src/node), the browser runtime (src/client) and the theme
 * (templates/) all import it. Each component's props are documented in templates/components.ts.
 */
import type { ComponentType, Context, ReactNode } from 'react';
import type { Root } from 'hast';
import type { Components } from 'hast-util-to-jsx-runtime';
import type { PageData, RouteKind, RouteRecord, SiteData } from './types.js';

/** Props every page component receives (templates/types.ts PageProps is the same type). */
export interface ThemePageProps {
  site: SiteData;
  page: PageData;
  /** The route record, or null on the not-found page. */
  route: RouteRecord | null;
}

/** Loads one route kind's page component (a chunk of its own in the browser). */
export type PageLoader = () => Promise<{ default: ComponentType<ThemePageProps> }>;

/** The hast -> React conversion (src/shared/hast-to-react.ts hastToReact), `components` keyed by tag name. */
export type HastRenderer = (tree: Root, components?: Partial<Components>) => ReactNode;

/**
 * What the engine needs of a theme (templates/index.ts `theme`): the server entry renders `App` with the page
 * component of the route, the browser runtime (src/client/start.tsx startClient) hydrates the same and loads page
 * chunks through `pageLoaders`; neither imports anything else from templates/.
 */
export interface ThemeModule {
  /** Layout around the page; a page that throws shows the crash screen inside it. */
  App: ComponentType<ThemePageProps & { Page: ComponentType<ThemePageProps> }>;
  /** Page components by route kind. A module without a default export is a theme bug (spec §8). */
  pageLoaders: Record<RouteKind, PageLoader>;
  /** Provides the hast -> React converter to content (null in the browser until first needed). */
  ContentRendererContext: Context<HastRenderer | null>;
  /**
   * Loads what the site's pages render on every route, once, before the first render: the server awaits it before
   * rendering a page, the browser before hydrating (docgen's theme: the version and locale dropdowns of a
   * multi-version or multi-locale site, a chunk other sites never load). Optional; rejects when a chunk fails.
   */
  prepare?: (site: Omit<SiteData, 'routes' | 'sidebars' | 'head'>) => Promise<void>;
}

/** Where an overridable component is defined: the file (relative to docgen's root) and its export. */
export interface ThemeComponentSource {
  file: string;
  /** The export name; `default` for page components. */
  export: string;
}

/**
 * Every component a site may override (theme.components), and its original. There is no Admonition component:
 * admonitions are rendered by the Markdown pipeline (src/node/markdown/remark-directives.ts) as plain elements,
 * styled by templates/styles/markdown-features.css; restyle them with `theme.css`. `Tabs` is the API reference's
 * (Markdown tabs are plain elements too) and `CodeBlock` the content's (`pre`) one.
 */
export const THEME_COMPONENTS = {
  Navbar: { file: 'templates/layout/Navbar.tsx', export: 'Navbar' },
  Footer: { file: 'templates/layout/Footer.tsx', export: 'Footer' },
  Sidebar: { file: 'templates/layout/Sidebar.tsx', export: 'Sidebar' },
  Toc: { file: 'templates/layout/Toc.tsx', export: 'Toc' },
  Layout: { file: 'templates/layout/Layout.tsx', export: 'Layout' },
  DocPage: { file: 'templates/pages/DocPage.tsx', export: 'default' },
  HomePage: { file: 'templates/pages/HomePage.tsx', export: 'default' },
  NotFoundPage: { file: 'templates/pages/NotFoundPage.tsx', export: 'default' },
  ApiPage: { file: 'templates/pages/ApiPage.tsx', export: 'default' },
  CodeBlock: { file: 'templates/components/CodeBlock.tsx', export: 'CodeBlock' },
  PageMenu: { file: 'templates/components/PageMenu.tsx', export: 'PageMenu' },
  Tabs: { file: 'templates/api/Tabs.tsx', export: 'Tabs' },
  ApiOperation: { file: 'templates/api/Operation.tsx', export: 'Operation' },
  SearchDialog: { file: 'templates/components/SearchDialog.tsx', export: 'SearchDialog' },
  SearchButton: { file: 'templates/components/SearchButton.tsx', export: 'SearchButton' },
  ColorModeToggle: { file: 'templates/components/ColorModeToggle.tsx', export: 'ColorModeToggle' },
  ErrorBoundary: { file: 'templates/components/ErrorBoundary.tsx', export: 'ErrorBoundary' },
} as const satisfies Record<string, ThemeComponentSource>;

/** The name of an overridable component (a key of theme.components). */
export type ThemeComponentName = keyof typeof THEME_COMPONENTS;

/** The names of THEME_COMPONENTS, in their documented order. */
export const THEME_COMPONENT_NAMES = Object.keys(THEME_COMPONENTS) as ThemeComponentName[];

/** A `theme.head` tag (defined with the site data that carries it). */
export type { HeadTag } from './types.js';
