/**
 * Server renderer, bundled by ssr.ts together with the theme so that templates/ is compiled once per build
 * (and recompiled on theme edits in dev). Route data in, HTML out.
 */
import { renderToString } from 'react-dom/server';
import type { Element, Root } from 'hast';
import type { Components } from 'hast-util-to-jsx-runtime';
import type { PageData, RouteRecord, SiteData } from '../../shared/types.js';
import type { ContentCut } from './ssr.js';
import { hastToReact } from '../../shared/hast-to-react.js';
import { MessagesContext } from '../../../templates/i18n/use-messages.js';
import { theme } from '../../../templates/index.js';
import { ApiReference } from '../../../templates/api/ApiReference.js';
import type { ApiReferenceProps } from '../../../templates/api/types.js';
import { withAllCodeSamples } from '../openapi/snippets.js';

/**
 * Renders the app for one route with react-dom/server.
 * @param props.cut a piece of a huge page's content to render in place of its own, between marks (cutRenderer)
 * @returns the HTML of the root element's children (no document shell)
 * @throws whatever the theme throws; the caller wraps it as TemplateRenderFailed
 */
export async function renderApp({
  cut,
  ...props
}: {
  site: SiteData;
  page: PageData;
  route: RouteRecord | null;
  cut?: ContentCut;
}): Promise<string> {
  const { App, ContentRendererContext, pageLoaders } = theme;
  await theme.prepare?.(props.site);
  const mod = await pageLoaders[props.route?.kind ?? 'notFound']();
  if (typeof mod.default !== 'function')
    throw new Error(`The page component for '${props.page.kind}' has no default export.`);
  return renderToString(
    <ContentRendererContext.Provider value={cut ? cutRenderer(cut) : hastToReact}>
      <App {...props} Page={mod.default} />
    </ContentRendererContext.Provider>,
  );
}

/**
 * The content renderer of a page rendered a piece at a time (render/route-html.ts): the content is `cut.children`
 * (whatever the page data holds), between two `<dg-cut>` marks carrying `cut.token`, inside the theme's own
 * content block and its contexts, so that the HTML between the marks is what the whole render gives for them.
 */
function cutRenderer(cut: ContentCut) {
  const mark: Element = { type: 'element', tagName: 'dg-cut', properties: { dataToken: cut.token }, children: [] };
  return (_tree: Root, components?: Partial<Components>) =>
    hastToReact({ type: 'root', children: [mark, ...cut.children, mark] }, components);
}

/**
 * Renders an API reference body to a static HTML fragment (server only), with each operation's request
 * samples made as it renders (openapi/snippets.ts withAllCodeSamples).
 * @returns HTML text, deterministic for the same model
 */
export function renderApiReference(props: ApiReferenceProps): string {
  return renderToString(
    <MessagesContext.Provider value={props.messages}>
      <ApiReference {...props} model={withAllCodeSamples(props.model)} />
    </MessagesContext.Provider>,
  );
}

/** Renders a large document's reference as a page body plus part documents (api-split.tsx). */
export { renderSplitApiReference } from './api-split.js';
