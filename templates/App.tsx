/**
 * The theme's root: the layout around the current page. Rendered by react-dom/server at build time and
 * hydrated by src/client/entry.tsx with exactly the same props.
 */
import type { ComponentType } from 'react';
import { Layout } from './layout/Layout.js';
import type { PageProps } from './types.js';

export interface AppProps extends PageProps {
  Page: ComponentType<PageProps>;
}

/** Renders layout + page. Inputs are plain JSON (SiteData, PageData) plus the page component. */
export function App({ Page, ...props }: AppProps) {
  return (
    <Layout {...props}>
      <Page {...props} />
    </Layout>
  );
}
