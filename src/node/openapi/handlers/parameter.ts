/**
 * Parameter Object handler (OpenAPI 3.0 §4.7.12). Path-level and operation-level parameters are merged by the
 * operation handler; this models one.
 */
import { isObject, joinPointer } from '../resolve.js';
import type { ParameterModel } from '../../../shared/api-model.js';
import type { ModelContext } from './context.js';
import { sampleSchema } from './media.js';
import { modelSchema } from './schema.js';

// `querystring` (OpenAPI 3.2 §4.8.12): the whole query string as one value, described by its `content`.
const LOCATIONS = new Set(['path', 'query', 'querystring', 'header', 'cookie']);

/** An example as the user would type it in a form field: arrays comma separated, objects as JSON. */
function exampleText(value: unknown): string {
  if (value === undefined || value === null) return '';
  if (Array.isArray(value)) return value.map((v) => (typeof v === 'object' ? JSON.stringify(v) : String(v))).join(',');
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

function exampleOf(ctx: ModelContext, param: Record<string, unknown>, pointer: string): string {
  if (param.example !== undefined) return exampleText(param.example);
  if (isObject(param.examples)) {
    const [name, first] = Object.entries(param.examples)[0] ?? [];
    if (name) return exampleText(ctx.resolve(first, joinPointer(pointer, 'examples', name)).value.value);
  }
  const schema = ctx.resolve(param.schema, joinPointer(pointer, 'schema')).value;
  if (schema.example !== undefined) return exampleText(schema.example);
  if (schema.default !== undefined) return exampleText(schema.default);
  if (Array.isArray(schema.enum) && schema.enum.length > 0) return exampleText(schema.enum[0]);
  return param.required === true ? exampleText(sampleSchema(ctx, param.schema, 'request')) : '';
}

/**
 * Models a parameter (a `$ref` is resolved first).
 * @returns undefined for an object that is not a parameter (no name or unknown `in`)
 */
export function modelParameter(ctx: ModelContext, raw: unknown, pointer: string): ParameterModel | undefined {
  const { value: param, pointer: at } = ctx.resolve(raw, pointer);
  if (typeof param.name !== 'string' || !LOCATIONS.has(String(param.in))) return undefined;
  const mediaSchema = isObject(param.content) ? Object.entries(param.content)[0] : undefined;
  const schemaRaw = param.schema ?? (isObject(mediaSchema?.[1]) ? mediaSchema[1].schema : undefined);
  return {
    name: param.name,
    in: param.in as ParameterModel['in'],
    pointer: at,
    required: param.required === true || param.in === 'path',
    deprecated: param.deprecated === true,
    descriptionHtml: ctx.markdown(param.description),
    schema:
      schemaRaw === undefined
        ? undefined
        : modelSchema(ctx, schemaRaw, joinPointer(at, param.schema ? 'schema' : 'content')),
    example: exampleOf(ctx, param, at),
  };
}

/** Key that identifies a parameter (OpenAPI 3.0 §4.7.10: name + location). */
export function parameterKey(ctx: ModelContext, raw: unknown): string {
  const p = ctx.resolve(raw, '').value;
  return `${String(p.in)}:${String(p.name)}`;
}
