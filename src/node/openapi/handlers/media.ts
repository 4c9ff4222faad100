/**
 * Media Type Object handler (OpenAPI 3.0 §4.7.14): schema plus examples, and its Encoding Objects (encoding.ts). Given examples are kept (`examples`
 * map, `example`, then the schema's own `example`); when there are none, one is generated from the schema with
 * openapi-sampler: read-only properties are left out of request samples, write-only ones out of responses.
 */
import { sample } from 'openapi-sampler';
import { isObject, joinPointer } from '../resolve.js';
import type { EncodingModel, ExampleModel, MediaTypeModel } from '../../../shared/api-model.js';
import type { ModelContext } from './context.js';
import { formUrlEncode, isFormUrlEncoded, modelEncodings } from './encoding.js';
import { modelSchema } from './schema.js';
import { isXmlMediaType, toXml } from './xml-sample.js';

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
  // A stream's example is its text as sent (JSON Lines are not one JSON value): shown as written.
  if (typeof value === 'string' && (!json || sequential(mediaType))) return value;
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
 * Sequential media types (OpenAPI 3.2 §4.8.14.1): their content is a stream of items, each described by `itemSchema`.
 * A generated sample shows two items in the stream's own framing: JSON Lines / NDJSON one compact JSON value a line
 * (jsonlines.org), JSON Text Sequences each value after a Record Separator (RFC 7464, shown as `\x1e` is not
 * printable: `<RS>`), Server-Sent Events as `field: value` lines, one blank line after each event (HTML §9.2.6).
 */
function streamOf(mediaType: string, item: unknown): string | undefined {
  const type = sequential(mediaType);
  if (type === 'text/event-stream') {
    if (!isObject(item)) return undefined;
    const lines = Object.entries(item).flatMap(([field, value]) =>
      (typeof value === 'string' ? value : JSON.stringify(value)).split('\n').map((line) => `${field}: ${line}`),
    );
    return lines.length > 0 ? `${lines.join('\n')}\n\n` : undefined;
  }
  if (type === 'application/jsonl' || type === 'application/x-ndjson') return `${JSON.stringify(item)}\n`;
  if (type) return `<RS>${JSON.stringify(item, null, 2)}\n`;
  return undefined;
}

/** The media type without parameters, lower case, when it is a sequential one streamOf frames; else undefined. */
function sequential(mediaType: string): string | undefined {
  const type = mediaType.split(';')[0]!.trim().toLowerCase();
  return /^(text\/event-stream|application\/(jsonl|x-ndjson|json-seq)|[\w.+-]+\/[\w.-]+\+json-seq)$/.test(type)
    ? type
    : undefined;
}

/**
 * An Example Object's value (OpenAPI 3.2 §4.8.19: `dataValue` is the data, `serializedValue` the wire form, `value`
 * either): the data when given, else the serialized form as it is sent.
 */
function exampleValue(mediaType: string, example: Record<string, unknown>): string {
  if (example.dataValue !== undefined) return serialize(mediaType, example.dataValue);
  if (example.value === undefined && typeof example.serializedValue === 'string') return example.serializedValue;
  return serialize(mediaType, example.value);
}

/**
 * A sample generated from a media type's schema and serialised as its media type shows it, memoised in the
 * context (ModelContext.samples): a schema that is only a `$ref` is keyed by its target.
 * @returns the text, or null when the sampler makes none
 */
function generatedSample(ctx: ModelContext, schema: unknown, direction: Direction, mediaType: string): string | null {
  const ref = isObject(schema) && typeof schema.$ref === 'string' && Object.keys(schema).length === 1;
  const key = ref ? (schema as { $ref: string }).$ref : schema;
  // serialize() reads only whether the type is JSON and whether it is a stream; an XML type is written by toXml.
  const xml = isXmlMediaType(mediaType);
  const way = `${direction} ${xml ? 'xml' : /json/i.test(mediaType) ? 'json' : 'text'}${sequential(mediaType) ? ' stream' : ''}`;
  let byWay = ctx.samples.get(key);
  if (!byWay) ctx.samples.set(key, (byWay = new Map()));
  let text = byWay.get(way);
  if (text === undefined) {
    const value = sampleSchema(ctx, schema, direction);
    text = value === undefined ? null : xml ? toXml(ctx, value, schema) : serialize(mediaType, value);
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
        value: exampleValue(mediaType, example),
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

/** A sample made from the schema, or from two items of the `itemSchema` of a sequential media type. */
function generatedExample(
  ctx: ModelContext,
  options: { mediaType: string; media: Record<string, unknown>; direction: Direction },
): string | undefined {
  const { mediaType, media, direction } = options;
  if (media.schema === undefined && media.itemSchema !== undefined) {
    const item = sampleSchema(ctx, media.itemSchema, direction);
    const framed = item === undefined ? undefined : streamOf(mediaType, item);
    return framed === undefined ? undefined : framed + framed;
  }
  if (media.schema === undefined) return undefined;
  return generatedSample(ctx, media.schema, direction, mediaType) ?? undefined;
}

/** An x-www-form-urlencoded example that is an object, as the form body it stands for (Redoc shows it so). */
function asForm(example: ExampleModel, encoding: EncodingModel[]): ExampleModel {
  let value: unknown;
  try {
    value = JSON.parse(example.value);
  } catch {
    return example; // already the body text
  }
  const form = formUrlEncode(value, encoding);
  return form === undefined ? example : { ...example, value: form };
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
  // A Media Type Object may be a reference (OpenAPI 3.2 §4.8.7 `components.mediaTypes`): read where it is written.
  const { value: media, pointer: at } = isObject(options.raw)
    ? ctx.resolve(options.raw, pointer)
    : { value: {}, pointer };
  const model: MediaTypeModel = { mediaType, pointer, examples: [] };
  if (media.schema !== undefined) model.schema = modelSchema(ctx, media.schema, joinPointer(at, 'schema'));
  if (media.itemSchema !== undefined)
    model.itemSchema = modelSchema(ctx, media.itemSchema, joinPointer(at, 'itemSchema'));
  model.examples = givenExamples(ctx, media, at, mediaType);
  if (model.examples.length === 0 && options.generate) {
    const value = generatedExample(ctx, { mediaType, media, direction });
    if (value !== undefined) model.examples.push({ name: 'generated', summary: null, value, generated: true });
  }
  const encoding = modelEncodings(ctx, media, at);
  if (encoding.length > 0) model.encoding = encoding;
  if (isFormUrlEncoded(mediaType)) model.examples = model.examples.map((e) => asForm(e, encoding));
  model.examples = model.examples.map((e) => cut(e, direction));
  return model;
}
