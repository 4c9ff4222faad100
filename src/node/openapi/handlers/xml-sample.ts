/**
 * XML samples and the XML Object (OpenAPI 3.2 §4.8.26; 3.0 §4.7.26): a sample value made from a schema written as
 * the XML a `application/xml` body carries, as Swagger UI writes one: the root element named by the schema's
 * `xml.name`, else its component name; each property an element (`xml.attribute`, or 3.2 `nodeType: attribute`, an
 * attribute; `nodeType: text` the element's text); an array's items repeated under the item's name, inside an element
 * of the array's name when `xml.wrapped`; `xml.prefix` and `xml.namespace` as `prefix:name` and `xmlns[:prefix]`.
 */
import { isObject } from '../resolve.js';
import type { ModelContext } from './context.js';

type Raw = Record<string, unknown>;

/** The XML Object of a schema as one line for the reader, e.g. `name: smp:animal, namespace: https://..., wrapped`. */
export function xmlSummary(schema: Raw): string | undefined {
  const xml = schema.xml;
  if (!isObject(xml)) return undefined;
  const parts: string[] = [];
  if (typeof xml.name === 'string')
    parts.push(`name: ${typeof xml.prefix === 'string' ? `${xml.prefix}:` : ''}${xml.name}`);
  else if (typeof xml.prefix === 'string') parts.push(`prefix: ${xml.prefix}`);
  if (typeof xml.namespace === 'string') parts.push(`namespace: ${xml.namespace}`);
  if (typeof xml.nodeType === 'string') parts.push(`nodeType: ${xml.nodeType}`);
  if (xml.attribute === true) parts.push('attribute');
  if (xml.wrapped === true) parts.push('wrapped');
  return parts.length > 0 ? parts.join(', ') : undefined;
}

/** True for an XML media type (`application/xml`, `text/xml`, `application/atom+xml`...). */
export function isXmlMediaType(mediaType: string): boolean {
  return /^[\w.+-]+\/([\w.-]+\+)?xml$/i.test(mediaType.split(';')[0]!.trim());
}

/**
 * Writes a sample value as XML.
 * @param value the sample (openapi-sampler's, from the same schema)
 * @param schema the media type's schema (raw, `$ref`s resolved here)
 * @returns the document, indented by two spaces, with an XML declaration
 */
export function toXml(ctx: ModelContext, value: unknown, schema: unknown): string {
  const root = resolved(ctx, schema);
  const ref = isObject(schema) && typeof schema.$ref === 'string' ? schema.$ref.split('/').pop() : undefined;
  const name = xmlOf(root).name ?? ref ?? (Array.isArray(value) ? 'items' : 'root');
  return `<?xml version="1.0" encoding="UTF-8"?>\n${element(ctx, { name, value, schema: root, depth: 0, wrapArray: true })}`;
}

interface Xml {
  name?: string;
  prefix?: string;
  namespace?: string;
  attribute: boolean;
  wrapped: boolean;
  nodeType?: string;
}

function xmlOf(schema: Raw): Xml {
  const xml = isObject(schema.xml) ? schema.xml : {};
  return {
    name: typeof xml.name === 'string' ? xml.name : undefined,
    prefix: typeof xml.prefix === 'string' ? xml.prefix : undefined,
    namespace: typeof xml.namespace === 'string' ? xml.namespace : undefined,
    attribute: xml.attribute === true || xml.nodeType === 'attribute',
    wrapped: xml.wrapped === true,
    nodeType: typeof xml.nodeType === 'string' ? xml.nodeType : undefined,
  };
}

/** A schema with its `$ref` followed and its `allOf` members' properties merged (enough for a sample). */
function resolved(ctx: ModelContext, schema: unknown): Raw {
  let raw = isObject(schema) ? ctx.resolve(schema, '').value : {};
  if (Array.isArray(raw.allOf)) {
    const members = raw.allOf.map((member) => resolved(ctx, member));
    const properties = Object.assign({}, ...members.map((m) => (isObject(m.properties) ? m.properties : {})));
    raw = {
      ...Object.assign({}, ...members),
      ...raw,
      properties: { ...properties, ...(isObject(raw.properties) ? raw.properties : {}) },
    };
  }
  return raw;
}

function escapeXml(text: string, attribute = false): string {
  const escaped = text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
  return attribute ? escaped.replace(/"/g, '&quot;') : escaped;
}

function text(value: unknown): string {
  return typeof value === 'string' ? value : (JSON.stringify(value) ?? '');
}

function element(
  ctx: ModelContext,
  o: { name: string; value: unknown; schema: Raw; depth: number; wrapArray: boolean },
): string {
  const xml = xmlOf(o.schema);
  const qualified = `${xml.prefix ? `${xml.prefix}:` : ''}${xml.name ?? o.name}`;
  const indent = '  '.repeat(o.depth);
  if (Array.isArray(o.value)) {
    const itemSchema = resolved(ctx, o.schema.items);
    const itemName = xmlOf(itemSchema).name ?? xml.name ?? o.name;
    const wrapped = xml.wrapped || (o.depth === 0 && o.wrapArray);
    const depth = wrapped ? o.depth + 1 : o.depth;
    const items = o.value.map((item) =>
      element(ctx, { name: itemName, value: item, schema: itemSchema, depth, wrapArray: false }),
    );
    return wrapped ? `${indent}<${qualified}>\n${items.join('\n')}\n${indent}</${qualified}>` : items.join('\n');
  }
  const ns = xml.namespace ? ` xmlns${xml.prefix ? `:${xml.prefix}` : ''}="${escapeXml(xml.namespace, true)}"` : '';
  if (!isObject(o.value)) return `${indent}<${qualified}${ns}>${escapeXml(text(o.value))}</${qualified}>`;
  const properties = isObject(o.schema.properties) ? o.schema.properties : {};
  const attributes: string[] = [];
  const children: string[] = [];
  let body = '';
  for (const [key, child] of Object.entries(o.value)) {
    const childSchema = resolved(ctx, properties[key]);
    const childXml = xmlOf(childSchema);
    const childName = `${childXml.prefix ? `${childXml.prefix}:` : ''}${childXml.name ?? key}`;
    if (childXml.attribute) attributes.push(` ${childName}="${escapeXml(text(child), true)}"`);
    else if (childXml.nodeType === 'text' || childXml.nodeType === 'cdata') body += escapeXml(text(child));
    else
      children.push(
        element(ctx, { name: key, value: child, schema: childSchema, depth: o.depth + 1, wrapArray: false }),
      );
  }
  const open = `${indent}<${qualified}${ns}${attributes.join('')}`;
  if (children.length === 0) return body === '' ? `${open}/>` : `${open}>${body}</${qualified}>`;
  return `${open}>${body}\n${children.join('\n')}\n${indent}</${qualified}>`;
}
