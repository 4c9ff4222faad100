/**
 * An API route's page data (issue #4): no Markdown, only the view model's heading fields. Kept apart from
 * compile-route.ts so the build's main thread, which compiles no Markdown itself, does not load the Markdown
 * pipeline (issue #8).
 */
import type { PageData } from '../../shared/types.js';
import type { SiteRoute } from '../content/site.js';
import type { LinkRef } from '../markdown/context.js';
import type { ApiDocumentModel } from '../openapi/model.js';

/** A compiled route: its page data, the ids it defines (for anchors) and the links it makes. */
export interface CompiledRoute {
  route: SiteRoute;
  data: PageData;
  ids: string[];
  links: LinkRef[];
}

/**
 * Compiles an API route: its anchors are the operation anchors of the model; it links nowhere.
 * @param route a route with `api`
 * @returns page data with `extra: null` until apiPageExtra fills it
 */
export function compileApiRoute(route: SiteRoute): CompiledRoute {
  const { model: api } = route.api!;
  const data: PageData = { path: route.path, kind: 'api', title: route.title, description: firstSentence(api.description), content: null, toc: [], extra: null };
  return { route, data, ids: api.anchors, links: [] };
}

/**
 * The `extra` of an API route's page data: heading fields and the URL of its pre-rendered reference body.
 * @param htmlUrl URL (with base) of the HTML fragment
 */
export function apiPageExtra(model: ApiDocumentModel, htmlUrl: string): Record<string, unknown> {
  return { title: model.title, version: model.version, description: model.description, htmlUrl };
}

/** First sentence or line of a Markdown description, for `<meta name="description">`. */
export function firstSentence(text: string): string {
  const line = text.trim().split('\n')[0] ?? '';
  const end = line.search(/[。.](\s|$)/);
  return end >= 0 ? line.slice(0, end + 1) : line;
}
