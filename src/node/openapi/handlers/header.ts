/**
 * Header Object handler (OpenAPI 3.2 §4.8.21): a response's headers and a multipart part's (Encoding Object).
 */
import type { HeaderModel } from '../../../shared/api-model.js';
import { isObject, joinPointer } from '../resolve.js';
import type { ModelContext } from './context.js';
import { modelSchema } from './schema.js';

/**
 * Models a map of Header Objects (a response's, an Encoding Object's), each with its schema and example.
 * @param raw the `headers` map (anything else: none); @param at its JSON pointer
 */
export function modelHeaders(ctx: ModelContext, raw: unknown, at: string): HeaderModel[] {
  return Object.entries(isObject(raw) ? raw : {}).map(([name, rawHeader]) => {
    const { value: header, pointer: headerAt } = ctx.resolve(rawHeader, joinPointer(at, name));
    const example =
      header.example ??
      (isObject(header.schema) ? ctx.resolve(header.schema, joinPointer(headerAt, 'schema')).value.example : undefined);
    return {
      name,
      descriptionHtml: ctx.markdown(header.description),
      schema:
        header.schema === undefined ? undefined : modelSchema(ctx, header.schema, joinPointer(headerAt, 'schema')),
      ...(example === undefined ? {} : { example: JSON.stringify(example) }),
    };
  });
}
