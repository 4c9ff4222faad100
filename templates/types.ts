/**
 * Props every page component receives. Pages render only this data (no fetching, no browser globals at
 * module scope: templates run on the server too).
 */
import type { ThemePageProps } from '../src/shared/theme.js';

/** site, page, and the route record (null on the not-found page); src/shared/theme.ts ThemePageProps. */
export type PageProps = ThemePageProps;
