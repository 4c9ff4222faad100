/**
 * Parameter Object handler (OpenAPI 3.0 §4.7.12). Path-level and operation-level parameters are merged by the
 * operation handler; this models one.
 */
import { isObject, joinPointer } from '../resolve.js';
import type { ParameterModel } from '../../../shared/api-model.js';
import type { ModelContext } from './context.js';
import { formUrlEncode, isFormUrlEncoded } from './encoding.js';
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

/**
 * The example of an `in: querystring` parameter as the query string it is sent as, without `?` (OpenAPI 3.2
 * §4.8.12.2: its `content` describes the whole query string): an Example Object's `serializedValue` as written,
 * else its data (`dataValue`, `value`, the media type's `example`, the schema's, a sample when required) serialised
 * by the media type: `application/x-www-form-urlencoded` as a form (encoding.ts formUrlEncode), anything else
 * (JSON) as its text, percent-encoded.
 */
function querystringExample(ctx: ModelContext, param: Record<string, unknown>, pointer: string): string {
  const [mediaType, rawMedia] = isObject(param.content) ? (Object.entries(param.content)[0] ?? []) : [];
  if (mediaType === undefined) return '';
  const at = joinPointer(pointer, 'content', mediaType);
  const media = ctx.resolve(rawMedia, at).value;
  let data: unknown;
  if (isObject(media.examples)) {
    const [name, first] = Object.entries(media.examples)[0] ?? [];
    const example = name ? ctx.resolve(first, joinPointer(at, 'examples', name)).value : {};
    if (typeof example.serializedValue === 'string') return example.serializedValue.replace(/^\?/, '');
    data = example.dataValue ?? example.value;
  }
  const schema = ctx.resolve(media.schema, joinPointer(at, 'schema')).value;
  data ??= media.example ?? schema.example;
  if (data === undefined && param.required === true) data = sampleSchema(ctx, media.schema, 'request');
  if (data === undefined || data === null) return '';
  if (isFormUrlEncoded(mediaType)) return typeof data === 'string' ? data : (formUrlEncode(data, []) ?? '');
  return encodeURIComponent(typeof data === 'string' ? data : JSON.stringify(data));
}

function exampleOf(ctx: ModelContext, param: Record<string, unknown>, pointer: string): string {
  if (param.in === 'querystring') return querystringExample(ctx, param, pointer);
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
