/**
 * Props every page component receives. Pages render only this data (no fetching, no browser globals at
 * module scope: templates run on the server too).
 */
import type { PageData, RouteRecord, SiteData } from '../src/shared/types.js';

export interface PageProps {
  site: SiteData;
  page: PageData;
  /** The route record, or null on the not-found page. */
  route: RouteRecord | null;
}
