/**
 * Request Body Object handler (OpenAPI 3.0 §4.7.13).
 */
import { isObject, joinPointer } from '../resolve.js';
import type { RequestBodyModel } from '../../../shared/api-model.js';
import type { ModelContext } from './context.js';
import { modelMediaType } from './media.js';

/** Models a request body (a `$ref` is resolved first); every media type gets an example or a generated sample. */
export function modelRequestBody(ctx: ModelContext, raw: unknown, pointer: string): RequestBodyModel {
  const { value: body, pointer: at } = ctx.resolve(raw, pointer);
  const content = isObject(body.content) ? body.content : {};
  return {
    pointer: at,
    required: body.required === true,
    descriptionHtml: ctx.markdown(body.description),
    contents: Object.entries(content).map(([mediaType, media]) =>
      modelMediaType(ctx, {
        mediaType,
        raw: media,
        pointer: joinPointer(at, 'content', mediaType),
        direction: 'request',
        generate: true,
      }),
    ),
  };
}
