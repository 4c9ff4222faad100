/**
 * Page components by route kind, each in its own chunk (loaded before hydration and on navigation).
 */
import type { RouteKind } from '../../src/shared/types.js';
import type { PageLoader } from '../../src/shared/theme.js';

/** Loaders keyed by RouteKind. A module without a default export is a theme bug (spec §8). */
export const pageLoaders: Record<RouteKind, PageLoader> = {
  home: () => import('./HomePage.js'),
  doc: () => import('./DocPage.js'),
  api: () => import('./ApiPage.js'),
  notFound: () => import('./NotFoundPage.js'),
};
