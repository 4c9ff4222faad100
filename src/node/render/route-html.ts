/**
 * Renders one route to a whole HTML document: the app through the server renderer, then the document shell.
 * Shared by `docgen build` (every route) and `docgen dev` (on request).
 */
import { randomUUID } from 'node:crypto';
import type { Element, ElementContent, RootContent } from 'hast';
import type { PageData, RouteRecord, SiteData } from '../../shared/types.js';
import { withBase } from '../../shared/urls.js';
import type { AssetsManifest } from '../bundle/client.js';
import type { ResolvedConfig } from '../config/resolve.js';
import { DocgenError } from '../diagnostics/error.js';
import { renderHtmlDocument } from './html.js';
import type { RenderApp } from './ssr.js';

export interface RouteHtmlInput {
  /** Only the site URL and base URL are read (a worker thread gets just these). */
  config: Pick<ResolvedConfig, 'url' | 'baseUrl'>;
  site: SiteData;
  /** The route, or null for the not-found page. */
  record: RouteRecord | null;
  data: PageData;
  /** URLs (with base) of the site shell (SiteShell) and of this route's data. */
  siteUrl: string;
  dataUrl: string;
  manifest: AssetsManifest;
  renderApp: RenderApp;
  /** The colour-mode script (themeInitScript). */
  themeScript: string;
  /** Pre-rendered API reference body, for API routes. */
  fragment?: string;
  /** Source file of the route, named in the error. */
  source?: string;
}

/**
 * Renders the document of one route.
 * @returns UTF-8 HTML text
 * @throws DocgenError TemplateRenderFailed when the theme throws (with a hint for browser globals used on the server)
 */
export async function renderRouteHtml(input: RouteHtmlInput): Promise<string> {
  return withRenderError(input, async () => {
    const page =
      input.fragment === undefined
        ? input.data
        : { ...input.data, extra: { ...input.data.extra, html: input.fragment } };
    return documentOf(input, await input.renderApp({ site: input.site, page, route: input.record }));
  });
}

/**
 * Renders the document of a Markdown route whose content comes a run of top-level children at a time (a huge page:
 * pool/render-pages.ts), writing it as it goes: the page is rendered once around an empty content block, split
 * there, and each run is rendered inside the same layout and contexts with only the content block's HTML kept
 * (server-entry.tsx cutRenderer), so neither the page's hast nor its HTML is ever whole in memory. The text written
 * is what renderRouteHtml gives for the whole content, as long as no run starts with a text node that follows
 * another (no `<!-- -->` between them; the data writer cuts before elements only: pool/stream-data.ts).
 * @param input as renderRouteHtml, with `data.content` holding no children (they come from `pieces`)
 * @param pieces the content's top-level children, a run at a time, in order (ContentRun)
 * @param write receives the document's text, in order
 * @returns false, having written nothing, when the theme does not show the content exactly once (the caller then
 *   renders the page whole)
 * @throws DocgenError TemplateRenderFailed when the theme throws
 */
export async function renderRouteHtmlInPieces(
  input: RouteHtmlInput,
  pieces: Iterable<ContentRun>,
  write: (html: string) => void,
): Promise<boolean> {
  return withRenderError(input, async () => {
    const token = randomUUID();
    const mark = `<dg-cut data-token="${token}"></dg-cut>`;
    const props = { site: input.site, page: input.data, route: input.record };
    const shell = documentOf(input, await input.renderApp({ ...props, cut: { token, children: [] } })).split(mark);
    if (shell.length !== 3 || shell[1] !== '') return false;
    /** The content block's HTML for `children`, cut at the marks: the parts between them. */
    const render = async (children: RootContent[], marks: number) => {
      const parts = (await input.renderApp({ ...props, cut: { token, children } })).split(mark);
      if (parts.length !== marks + 1)
        throw new Error('the content block of a page rendered in pieces changed between its pieces');
      return parts;
    };
    write(shell[0]!);
    for (const run of pieces) {
      if (Array.isArray(run)) {
        write((await render(run, 2))[1]!);
        continue;
      }
      // One big child, its own parts around the rows: the marks inside it cut its opening and its closing.
      const inner: Element = { type: 'element', tagName: 'dg-cut', properties: { dataToken: token }, children: [] };
      const parent = run.path.reduce<Element>((node, i) => node.children[i] as Element, run.skeleton);
      parent.children = [inner, inner];
      const around = await render([run.skeleton], 4);
      write(around[1]!);
      for (const rows of run.rows) {
        parent.children = [inner, ...rows, inner];
        write((await render([run.skeleton], 4))[2]!);
      }
      write(around[3]!);
    }
    write(shell[2]!);
    return true;
  });
}

/**
 * A run of a page's top-level content children, or one child (a big table) rendered around runs of the children of
 * the element at `path` (child indices) in it, which `skeleton` holds none of.
 */
export type ContentRun = RootContent[] | { skeleton: Element; path: number[]; rows: Iterable<ElementContent[]> };

/** The document around the app's HTML. */
function documentOf(input: RouteHtmlInput, appHtml: string): string {
  const { config, record, manifest } = input;
  const kind = record?.kind ?? 'notFound';
  return renderHtmlDocument({
    site: input.site,
    page: input.data,
    appHtml,
    boot: { route: record, site: input.siteUrl, data: input.dataUrl },
    canonical: record ? config.url.replace(/\/$/, '') + withBase(config.baseUrl, encodeURI(record.path)) : null,
    css: [...manifest.css, ...(input.data.styles ?? [])],
    entry: manifest.entry,
    modulePreloads: [manifest.entry, ...manifest.entryImports, ...manifest.pages[kind]],
    themeScript: input.themeScript,
  });
}

/** Runs a render, turning what the theme throws into TemplateRenderFailed. */
async function withRenderError<T>(input: RouteHtmlInput, render: () => Promise<T>): Promise<T> {
  const { record } = input;
  try {
    return await render();
  } catch (error) {
    const message = (error as Error)?.message ?? String(error);
    throw new DocgenError({
      code: 'TemplateRenderFailed',
      message: `Rendering ${record?.path ?? '404.html'} failed: ${message}.`,
      hint: /\b(window|document|localStorage|navigator) is not defined/.test(message)
        ? 'Theme code runs on the server too: use browser globals only inside effects or event handlers, never at module scope or during render.'
        : undefined,
      file: input.source,
      cause: error,
    });
  }
}
