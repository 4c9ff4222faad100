/**
 * Response Object handler (OpenAPI 3.0 §4.7.17), one per status code of the Responses Object.
 */
import { isObject, joinPointer } from '../resolve.js';
import type { HeaderModel, ResponseModel } from '../../../shared/api-model.js';
import type { ModelContext } from './context.js';
import { modelMediaType } from './media.js';
import { modelSchema } from './schema.js';

/**
 * Models one response.
 * @param options.generate generate a sample when none is given (success responses; error responses show given
 *   examples only, to keep very large documents small)
 */
export function modelResponse(ctx: ModelContext, options: { status: string; raw: unknown; pointer: string; generate: boolean }): ResponseModel {
  const { value: response, pointer: at } = ctx.resolve(options.raw, options.pointer);
  const headers: HeaderModel[] = Object.entries(isObject(response.headers) ? response.headers : {}).map(([name, rawHeader]) => {
    const { value: header, pointer: headerAt } = ctx.resolve(rawHeader, joinPointer(at, 'headers', name));
    return {
      name,
      descriptionHtml: ctx.markdown(header.description),
      schema: header.schema === undefined ? undefined : modelSchema(ctx, header.schema, joinPointer(headerAt, 'schema')),
    };
  });
  return {
    status: options.status,
    pointer: at,
    descriptionHtml: ctx.markdown(response.description),
    headers,
    contents: Object.entries(isObject(response.content) ? response.content : {}).map(([mediaType, media]) =>
      modelMediaType(ctx, { mediaType, raw: media, pointer: joinPointer(at, 'content', mediaType), direction: 'response', generate: options.generate }),
    ),
  };
}
