/**
 * The theme's root: the layout around the current page. Rendered by react-dom/server at build time and
 * hydrated by src/client/entry.tsx with exactly the same props.
 */
import type { ComponentType } from 'react';
import { ErrorBoundary } from './components/ErrorBoundary.js';
import { MessagesContext } from './i18n/use-messages.js';
import { Layout } from './layout/Layout.js';
import type { PageProps } from './types.js';

export interface AppProps extends PageProps {
  Page: ComponentType<PageProps>;
}

/**
 * Renders layout + page; a page that throws shows the crash screen inside the layout (spec §8). Provides the
 * site's UI labels (SiteData.messages) to every component (templates/i18n/use-messages.ts).
 */
export function App({ Page, ...props }: AppProps) {
  return (
    <MessagesContext.Provider value={props.site.messages}>
      <Layout {...props}>
        <ErrorBoundary resetKey={props.page}>
          <Page {...props} />
        </ErrorBoundary>
      </Layout>
    </MessagesContext.Provider>
  );
}
