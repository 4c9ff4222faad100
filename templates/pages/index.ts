/**
 * Page components by route kind, each in its own chunk (loaded before hydration and on navigation).
 */
import type { ComponentType } from 'react';
import type { RouteKind } from '../../src/shared/types.js';
import type { PageProps } from '../types.js';

type Loader = () => Promise<{ default: ComponentType<PageProps> }>;

/** Loaders keyed by RouteKind. A module without a default export is a theme bug (spec §8). */
export const pageLoaders: Record<RouteKind, Loader> = {
  home: () => import('./HomePage.js'),
  doc: () => import('./DocPage.js'),
  api: () => import('./ApiPage.js'),
  notFound: () => import('./NotFoundPage.js'),
};
