/**
 * Response Object handler (OpenAPI 3.0 §4.7.17), one per status code of the Responses Object.
 */
import { isObject, joinPointer } from '../resolve.js';
import type { ResponseModel } from '../../../shared/api-model.js';
import type { ModelContext } from './context.js';
import { modelMediaType } from './media.js';
import { modelHeaders } from './header.js';

/**
 * Models one response. A response reached by `$ref` is modelled once and shared by every operation that refers
 * to it (PagerDuty's and GitHub's error responses: hundreds each), so its schema trees are also rendered once
 * (src/node/render/schema-html.tsx); each operation gets a shallow copy with its own status.
 * @param options.generate generate a sample when none is given (success responses; error responses show given
 *   examples only, to keep very large documents small)
 */
export function modelResponse(
  ctx: ModelContext,
  options: { status: string; raw: unknown; pointer: string; generate: boolean },
): ResponseModel {
  const { value: response, pointer: at } = ctx.resolve(options.raw, options.pointer);
  if (at === options.pointer) return modelResolvedResponse(ctx, { ...options, response, at });
  const key = `${options.generate ? 'g' : '-'}${at}`;
  let shared = ctx.sharedResponses.get(key);
  if (!shared) {
    shared = modelResolvedResponse(ctx, { ...options, response, at });
    ctx.sharedResponses.set(key, shared);
  }
  return { ...shared, status: options.status };
}

function modelResolvedResponse(
  ctx: ModelContext,
  options: { status: string; response: Record<string, unknown>; at: string; generate: boolean },
): ResponseModel {
  const { response, at } = options;
  const headers = modelHeaders(ctx, response.headers, joinPointer(at, 'headers'));
  return {
    status: options.status,
    pointer: at,
    descriptionHtml: ctx.markdown(response.description),
    headers,
    contents: Object.entries(isObject(response.content) ? response.content : {}).map(([mediaType, media]) =>
      modelMediaType(ctx, {
        mediaType,
        raw: media,
        pointer: joinPointer(at, 'content', mediaType),
        direction: 'response',
        generate: options.generate,
      }),
    ),
  };
}
