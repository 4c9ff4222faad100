/**
 * Media Type Object handler (OpenAPI 3.0 §4.7.14): schema plus examples. Given examples are kept (`examples`
 * map, `example`, then the schema's own `example`); when there are none, one is generated from the schema with
 * openapi-sampler: read-only properties are left out of request samples, write-only ones out of responses.
 */
import { sample } from 'openapi-sampler';
import { isObject, joinPointer } from '../resolve.js';
import type { ExampleModel, MediaTypeModel } from '../../../shared/api-model.js';
import type { ModelContext } from './context.js';
import { modelSchema } from './schema.js';

/** Which side of the exchange a media type is on: decides readOnly/writeOnly handling of samples. */
export type Direction = 'request' | 'response';

/** Longest response example kept in the page (characters); longer ones are cut (the theme adds a note). Request
 * examples are never cut: the try-it console sends them. */
const MAX_RESPONSE_EXAMPLE = 3000;

function cut(example: ExampleModel, direction: Direction): ExampleModel {
  if (direction !== 'response' || example.value.length <= MAX_RESPONSE_EXAMPLE) return example;
  return { ...example, value: example.value.slice(0, MAX_RESPONSE_EXAMPLE), truncated: true };
}

/**
 * An example value as text: JSON media types get pretty JSON. A string that is itself JSON text of an object or
 * an array (`example: '{"id": 1}'`, common in converted documents) is parsed and formatted, as Redoc shows it, so
 * that the request samples send it as JSON rather than as an escaped string.
 */
function serialize(mediaType: string, value: unknown): string {
  const json = /json/i.test(mediaType);
  if (typeof value === 'string' && !json) return value;
  if (typeof value === 'string' && /^\s*[[{]/.test(value)) {
    try {
      return JSON.stringify(JSON.parse(value), null, 2);
    } catch {
      // not JSON text: shown as the string it is
    }
  }
  return JSON.stringify(value, null, 2) ?? '';
}

/**
 * Generates a sample value from a schema.
 * @returns the value, or undefined when the sampler cannot make one
 */
export function sampleSchema(ctx: ModelContext, schema: unknown, direction: Direction): unknown {
  if (!isObject(schema)) return undefined;
  try {
    return sample(
      schema as never,
      {
        skipReadOnly: direction === 'request',
        skipWriteOnly: direction === 'response',
        quiet: true,
        maxSampleDepth: 6,
      },
      ctx.doc,
    );
  } catch {
    return undefined;
  }
}

/**
 * A sample generated from a media type's schema and serialised as its media type shows it, memoised in the
 * context (ModelContext.samples): a schema that is only a `$ref` is keyed by its target.
 * @returns the text, or null when the sampler makes none
 */
function generatedSample(ctx: ModelContext, schema: unknown, direction: Direction, mediaType: string): string | null {
  const ref = isObject(schema) && typeof schema.$ref === 'string' && Object.keys(schema).length === 1;
  const key = ref ? (schema as { $ref: string }).$ref : schema;
  const way = `${direction} ${/json/i.test(mediaType) ? 'json' : 'text'}`;
  let byWay = ctx.samples.get(key);
  if (!byWay) ctx.samples.set(key, (byWay = new Map()));
  let text = byWay.get(way);
  if (text === undefined) {
    const value = sampleSchema(ctx, schema, direction);
    text = value === undefined ? null : serialize(mediaType, value);
    byWay.set(way, text);
  }
  return text;
}

function givenExamples(
  ctx: ModelContext,
  media: Record<string, unknown>,
  pointer: string,
  mediaType: string,
): ExampleModel[] {
  if (isObject(media.examples)) {
    return Object.entries(media.examples).map(([name, raw]) => {
      const example = ctx.resolve(raw, joinPointer(pointer, 'examples', name)).value;
      const descriptionHtml = ctx.markdown(example.description);
      return {
        name,
        summary: typeof example.summary === 'string' ? example.summary : name,
        value: serialize(mediaType, example.value),
        generated: false,
        ...(descriptionHtml ? { descriptionHtml } : {}),
      };
    });
  }
  if (media.example !== undefined)
    return [{ name: 'example', summary: null, value: serialize(mediaType, media.example), generated: false }];
  const schema = ctx.resolve(media.schema, joinPointer(pointer, 'schema')).value;
  if (schema.example !== undefined)
    return [{ name: 'example', summary: null, value: serialize(mediaType, schema.example), generated: false }];
  return [];
}

/**
 * Models one media type.
 * @param options.generate make a sample from the schema when no example is given (false for error responses,
 *   to keep very large documents small)
 */
export function modelMediaType(
  ctx: ModelContext,
  options: { mediaType: string; raw: unknown; pointer: string; direction: Direction; generate: boolean },
): MediaTypeModel {
  const { mediaType, pointer, direction } = options;
  const media = isObject(options.raw) ? options.raw : {};
  const model: MediaTypeModel = { mediaType, pointer, examples: [] };
  if (media.schema !== undefined) model.schema = modelSchema(ctx, media.schema, joinPointer(pointer, 'schema'));
  model.examples = givenExamples(ctx, media, pointer, mediaType);
  if (model.examples.length === 0 && options.generate && media.schema !== undefined) {
    const value = generatedSample(ctx, media.schema, direction, mediaType);
    if (value !== null) model.examples.push({ name: 'generated', summary: null, value, generated: true });
  }
  model.examples = model.examples.map((e) => cut(e, direction));
  return model;
}
