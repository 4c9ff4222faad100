/**
 * Encoding Object handler (OpenAPI 3.2 §4.8.15; 3.0 §4.7.15): how each property of a `multipart` or
 * `application/x-www-form-urlencoded` body is sent (its part's `contentType` and `headers`; a form field's `style`,
 * `explode` and `allowReserved`), by name (`encoding`) or, in 3.2, by position (`prefixEncoding`, `itemEncoding`).
 * Also the form serialisation of an example: Redoc shows an x-www-form-urlencoded example as the body it stands for,
 * and the request samples send it.
 */
import type { EncodingModel } from '../../../shared/api-model.js';
import { isObject, joinPointer } from '../resolve.js';
import type { ModelContext } from './context.js';
import { modelHeaders } from './header.js';

/**
 * Models one Encoding Object.
 * @param name the property it applies to ('' for one applied by position)
 */
function modelEncoding(ctx: ModelContext, raw: unknown, pointer: string, name: string): EncodingModel {
  const { value: encoding, pointer: at } = ctx.resolve(raw, pointer);
  const model: EncodingModel = { name, pointer: at };
  if (typeof encoding.contentType === 'string') model.contentType = encoding.contentType;
  if (typeof encoding.style === 'string') model.style = encoding.style;
  if (typeof encoding.explode === 'boolean') model.explode = encoding.explode;
  if (encoding.allowReserved === true) model.allowReserved = true;
  const headers = modelHeaders(ctx, encoding.headers, joinPointer(at, 'headers'));
  if (headers.length > 0) model.headers = headers;
  return model;
}

/**
 * The encodings of a Media Type Object: `encoding` by property name, then 3.2's `prefixEncoding` (named by position,
 * `0`, `1`...) and `itemEncoding` (named `*`, every further item).
 * @param media the resolved Media Type Object; @param at its JSON pointer
 * @returns the encodings in that order ([] when there are none)
 */
export function modelEncodings(ctx: ModelContext, media: Record<string, unknown>, at: string): EncodingModel[] {
  const found: EncodingModel[] = [];
  if (isObject(media.encoding))
    for (const [name, raw] of Object.entries(media.encoding))
      found.push(modelEncoding(ctx, raw, joinPointer(at, 'encoding', name), name));
  if (Array.isArray(media.prefixEncoding))
    media.prefixEncoding.forEach((raw, i) =>
      found.push(modelEncoding(ctx, raw, joinPointer(at, 'prefixEncoding', i), String(i))),
    );
  if (isObject(media.itemEncoding))
    found.push(modelEncoding(ctx, media.itemEncoding, joinPointer(at, 'itemEncoding'), '*'));
  return found;
}

/** True for `application/x-www-form-urlencoded` (parameters after `;` aside). */
export function isFormUrlEncoded(mediaType: string): boolean {
  return mediaType.split(';')[0]!.trim().toLowerCase() === 'application/x-www-form-urlencoded';
}

/**
 * An example object as an `application/x-www-form-urlencoded` body (OpenAPI 3.2 §4.8.15.3-4 and its "URL Encoded
 * Form with JSON Values" example). A field whose Encoding Object sets none of `style`, `explode` and
 * `allowReserved` is serialised by its content type: a primitive as its text, an object as its JSON text, an array
 * one field per item (as multipart does). One that sets them follows the Parameter Object styles (§4.8.12.4; Redoc
 * `utils/openapi.ts` urlFormEncodePayload): `form` (exploded by default) repeats an array's name and spreads an
 * object's keys, else joins with commas; `spaceDelimited` / `pipeDelimited` join an array with a space or `|`;
 * `deepObject` writes `name[key]=value`. Names and values are then percent-encoded as WHATWG URL's
 * application/x-www-form-urlencoded serializer does (space as `+`).
 * @param value the example (a plain object; anything else is not a form)
 * @returns the body text, or undefined when `value` is not an object
 */
export function formUrlEncode(value: unknown, encodings: readonly EncodingModel[]): string | undefined {
  if (!isObject(value)) return undefined;
  const byName = new Map(encodings.map((e) => [e.name, e]));
  const pairs: [string, string][] = [];
  const text = (v: unknown) => (typeof v === 'string' ? v : JSON.stringify(v));
  for (const [name, field] of Object.entries(value)) {
    if (field === undefined) continue;
    const encoding = byName.get(name);
    const items = Array.isArray(field) ? field : [field];
    if (!encoding || (encoding.style === undefined && encoding.explode === undefined && !encoding.allowReserved)) {
      for (const item of items) pairs.push([name, text(item)]);
      continue;
    }
    const { style = 'form', explode = style === 'form' } = encoding;
    if (Array.isArray(field)) {
      const joiner = style === 'spaceDelimited' ? ' ' : style === 'pipeDelimited' ? '|' : ',';
      if (explode) for (const item of field) pairs.push([name, text(item)]);
      else pairs.push([name, field.map(text).join(joiner)]);
    } else if (isObject(field) && style === 'deepObject') {
      for (const [key, v] of Object.entries(field)) pairs.push([`${name}[${key}]`, text(v)]);
    } else if (isObject(field) && style === 'form') {
      if (explode) for (const [key, v] of Object.entries(field)) pairs.push([key, text(v)]);
      else
        pairs.push([
          name,
          Object.entries(field)
            .flatMap(([key, v]) => [key, text(v)])
            .join(','),
        ]);
    } else pairs.push([name, text(field)]);
  }
  return new URLSearchParams(pairs).toString();
}
