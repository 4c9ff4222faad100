/**
 * Schema Object handler (OpenAPI 3.0 §4.7.24, 3.1 §4.8.24) -> SchemaModel. Like Redoc's `Schema.tsx` dispatch,
 * the model says which view to use: object, array, union (oneOf/anyOf, tabs), primitive, ref, recursive.
 *
 * Size control (GitHub's description has ~900 named schemas): each named schema's fields are rendered in full once,
 * in its entry of the 「スキーマ」 section, where the other named schemas it uses are links to their own entries.
 * Inside an operation a named schema is expanded inline only above OPERATION_LINK_DEPTH and while its full
 * expansion stays under `ctx.inlineBudget` nodes; otherwise it becomes a `ref` node: a link to its entry, which the
 * client fills in place when opened. A reader without JavaScript reaches every field by following links. A schema
 * that contains itself stops with a `recursive` node.
 */
import { isObject, joinPointer, splitPointer, unescapePointerSegment } from '../resolve.js';
import type {
  SchemaConstraints,
  SchemaKeywordModel,
  SchemaModel,
  SchemaPropertyModel,
  SchemaVariantModel,
} from '../../../shared/api-model.js';
import { schemaAnchor, type ModelContext } from './context.js';
import { xmlSummary } from './xml-sample.js';

type Raw = Record<string, unknown>;

/**
 * Where a schema sits while modelling: named schemas on the path (for recursion), nesting depth, and the depth from
 * which a named schema is shown by reference (a `ref` node: a link to its entry in the 「スキーマ」 section, which
 * the client may expand in place).
 */
export interface SchemaState {
  stack: string[];
  depth: number;
  linkDepth: number;
}

/**
 * Inside an operation, a named schema met at this depth or deeper is a link to its 「スキーマ」 entry (expandable
 * in place by the client) instead of a copy of its tree. Depth 0 is the body, response or parameter schema itself,
 * 1 its properties (or items, or variants), 2 theirs: three levels read inline, as far as most of Redoc's readers
 * unfold, and every field deeper is one link away without JavaScript.
 */
export const OPERATION_LINK_DEPTH = 3;

/**
 * In the 「スキーマ」 section an entry shows its own tree and links every other named schema in it (as Scalar's and
 * Stoplight's model lists do): each named schema's fields are rendered once, in its own entry.
 */
const ENTRY_LINK_DEPTH = 1;

const OPERATION_STATE: SchemaState = { stack: [], depth: 0, linkDepth: OPERATION_LINK_DEPTH };

const json = (value: unknown) => JSON.stringify(value);

function componentName(
  ctx: ModelContext,
  raw: unknown,
  pointer: string,
): { name?: string; value: Raw; pointer: string } {
  const target = ctx.resolve(raw, pointer);
  return {
    name: target.component?.kind === 'schemas' ? target.component.name : undefined,
    value: target.value,
    pointer: target.pointer,
  };
}

/**
 * Expansion size of a named schema in nodes (memoised in `ctx.schemaSizes`; a cycle counts 1).
 */
export function schemaSize(ctx: ModelContext, name: string, visiting = new Set<string>()): number {
  const known = ctx.schemaSizes.get(name);
  if (known !== undefined) return known;
  if (visiting.has(name)) return 1;
  visiting.add(name);
  const size = measure(ctx, ctx.resolve({ $ref: `#/components/schemas/${name}` }, '').value, visiting);
  visiting.delete(name);
  ctx.schemaSizes.set(name, size);
  return size;
}

function measure(ctx: ModelContext, raw: unknown, visiting: Set<string>): number {
  if (!isObject(raw)) return 1;
  if (typeof raw.$ref === 'string') {
    const target = componentName(ctx, raw, '');
    if (target.name) return schemaSize(ctx, target.name, visiting);
    if (visiting.has(target.pointer)) return 1; // a cycle through another file's schemas (modelSchema)
    visiting.add(target.pointer);
    const size = measure(ctx, target.value, visiting);
    visiting.delete(target.pointer);
    return size;
  }
  let n = 1;
  if (isObject(raw.properties)) for (const p of Object.values(raw.properties)) n += measure(ctx, p, visiting);
  for (const key of ['allOf', 'oneOf', 'anyOf'] as const)
    if (Array.isArray(raw[key])) for (const s of raw[key]) n += measure(ctx, s, visiting);
  if (isObject(raw.items)) n += measure(ctx, raw.items, visiting);
  if (isObject(raw.additionalProperties)) n += measure(ctx, raw.additionalProperties, visiting);
  return n;
}

/**
 * Models a schema (possibly a `$ref`).
 * @param raw the raw Schema Object
 * @param pointer its JSON pointer
 * @returns the view model; never throws (unknown keywords are ignored)
 */
export function modelSchema(
  ctx: ModelContext,
  raw: unknown,
  pointer: string,
  state: SchemaState = OPERATION_STATE,
): SchemaModel {
  if (isObject(raw) && typeof raw.$ref === 'string' && constrainsBesideRef(ctx, raw)) {
    // JSON Schema 2020-12 (OpenAPI 3.1 §4.8.24, 3.2): keywords beside `$ref` apply together with its target, as an
    // `allOf` of both would (3.2's own SSE example: `$ref: Event` with `required` and `oneOf` beside it).
    const { $ref, ...siblings } = raw;
    const merged = mergeAllOf(ctx, { ...siblings, allOf: [{ $ref }] }, pointer, new Set(state.stack));
    return modelResolved(ctx, merged.schema, pointer, state, merged.propertyPointers);
  }
  if (isObject(raw) && typeof raw.$ref === 'string') {
    const target = componentName(ctx, raw, pointer);
    if (target.name) {
      const name = target.name;
      if (state.stack.includes(name)) {
        ctx.referencedSchemas.add(name);
        return {
          kind: 'recursive',
          pointer: target.pointer,
          type: typeOf(target.value),
          refName: name,
          refAnchor: schemaAnchor(name),
          constraints: {},
        };
      }
      if (state.depth >= state.linkDepth || schemaSize(ctx, name) > ctx.inlineBudget) {
        ctx.referencedSchemas.add(name);
        return {
          kind: 'ref',
          pointer: target.pointer,
          type: typeOf(target.value),
          refName: name,
          refAnchor: schemaAnchor(name),
          descriptionHtml: ctx.markdown(raw.description ?? target.value.description) || undefined,
          readOnly: target.value.readOnly === true || undefined,
          writeOnly: target.value.writeOnly === true || undefined,
          nullable: target.value.nullable === true || undefined,
          constraints: {},
        };
      }
      const node = { ...expandNamed(ctx, name, target, state) };
      node.refName = name;
      if (typeof raw.description === 'string') node.descriptionHtml = ctx.markdown(raw.description) || undefined;
      return node;
    }
    // A schema of another file (sources.ts bundles it under `#/x-docgen-files/`) has no component name: its pointer
    // stands for it on the stack, so that a cycle through files ends (DigitalOcean's nested deployment steps). The
    // 「スキーマ」 section lists components only: the note names it without a link.
    if (state.stack.includes(target.pointer)) {
      const last = splitPointer(target.pointer).at(-1) ?? '';
      return {
        kind: 'recursive',
        pointer: target.pointer,
        type: typeOf(target.value),
        ...(/^\d*$/.test(last) ? {} : { refName: last }),
        constraints: {},
      };
    }
    return modelResolved(ctx, target.value, target.pointer, { ...state, stack: [...state.stack, target.pointer] });
  }
  return modelResolved(ctx, isObject(raw) ? raw : {}, pointer, state);
}

/**
 * A `$ref` with keywords beside it that constrain the value (not only `description`, `summary`, `$comment` or
 * extensions), in a document where they apply: OpenAPI 3.0 says they are ignored (§4.7.23), 3.1 and 3.2 apply them.
 */
function constrainsBesideRef(ctx: ModelContext, raw: Raw): boolean {
  if (typeof ctx.doc.openapi !== 'string' || /^3\.0\./.test(ctx.doc.openapi)) return false;
  return Object.keys(raw).some(
    (key) => !['$ref', 'description', 'summary', '$comment'].includes(key) && !key.startsWith('x-'),
  );
}

/**
 * A named schema expanded inline, computed once per name, depth and enclosing named schemas: everything the result
 * depends on (a schema used by a thousand operations is modelled once, GitHub's description). Callers change only
 * their own shallow copy of it.
 */
function expandNamed(
  ctx: ModelContext,
  name: string,
  target: { value: Raw; pointer: string },
  state: SchemaState,
): SchemaModel {
  const key = `${name}\u0000${state.depth}\u0000${state.linkDepth}\u0000${state.stack.join('\u0000')}`;
  let node = ctx.expandedSchemas.get(key);
  if (!node) {
    node = modelResolved(ctx, target.value, target.pointer, { ...state, stack: [...state.stack, name] });
    ctx.expandedSchemas.set(key, node);
  }
  return node;
}

/**
 * The named-schema entry point of the 「スキーマ」 section: the top level is always expanded, every other named
 * schema in it is a link to its own entry (ENTRY_LINK_DEPTH).
 */
export function modelNamedSchema(ctx: ModelContext, name: string): SchemaModel {
  const target = componentName(ctx, { $ref: `#/components/schemas/${name}` }, '');
  const node = { ...expandNamed(ctx, name, target, { stack: [], depth: 0, linkDepth: ENTRY_LINK_DEPTH }) };
  node.refName = name;
  return node;
}

function modelResolved(
  ctx: ModelContext,
  schema: Raw,
  pointer: string,
  state: SchemaState,
  propertyPointers?: Map<string, string>,
): SchemaModel {
  if (Array.isArray(schema.allOf) && schema.allOf.length > 0) {
    if (schema.allOf.length === 1 && !isObject(schema.properties)) {
      const inner = modelSchema(ctx, schema.allOf[0], joinPointer(pointer, 'allOf', 0), state);
      return withOverrides(ctx, inner, schema);
    }
    const merged = mergeAllOf(ctx, schema, pointer, new Set(state.stack));
    return modelResolved(ctx, merged.schema, pointer, state, merged.propertyPointers);
  }
  return modelPlain(ctx, schema, pointer, state, propertyPointers);
}

/** Sibling keywords of a single-element `allOf` (description, readOnly, nullable...) win over the target's. */
function withOverrides(ctx: ModelContext, node: SchemaModel, schema: Raw): SchemaModel {
  if (typeof schema.description === 'string') node.descriptionHtml = ctx.markdown(schema.description) || undefined;
  if (schema.readOnly === true) node.readOnly = true;
  if (schema.writeOnly === true) node.writeOnly = true;
  if (schema.nullable === true) node.nullable = true;
  if (schema.deprecated === true) node.deprecated = true;
  if (schema.default !== undefined) node.constraints = { ...node.constraints, default: json(schema.default) };
  return node;
}

/**
 * Flattens `allOf` into one object schema: properties and `required` are unioned, other keywords taken from the
 * first part that has them. Property pointers are kept so that each property points into its own part.
 */
function mergeAllOf(
  ctx: ModelContext,
  schema: Raw,
  pointer: string,
  seen: Set<string>,
): { schema: Raw; propertyPointers: Map<string, string> } {
  const out: Raw = { ...schema };
  delete out.allOf;
  const properties: Raw = {};
  const propertyPointers = new Map<string, string>();
  const required = new Set<string>(Array.isArray(schema.required) ? (schema.required as string[]) : []);
  const addFrom = (part: Raw, at: string) => {
    if (isObject(part.properties)) {
      for (const [name, value] of Object.entries(part.properties)) {
        properties[name] = value;
        propertyPointers.set(name, joinPointer(at, 'properties', name));
      }
    }
    if (Array.isArray(part.required)) for (const r of part.required) required.add(String(r));
    for (const [key, value] of Object.entries(part))
      if (!['properties', 'required', 'allOf'].includes(key) && out[key] === undefined) out[key] = value;
  };
  (schema.allOf as unknown[]).forEach((part, i) => {
    const target = componentName(ctx, part, joinPointer(pointer, 'allOf', i));
    const key = target.name ?? target.pointer; // as on modelSchema's stack
    if (seen.has(key)) return;
    const nested = Array.isArray(target.value.allOf)
      ? mergeAllOf(ctx, target.value, target.pointer, new Set([...seen, key]))
      : null;
    if (nested) {
      addFrom(nested.schema, target.pointer);
      for (const [name, p] of nested.propertyPointers) propertyPointers.set(name, p);
    } else addFrom(target.value, target.pointer);
  });
  addFrom(schema, pointer);
  if (Object.keys(properties).length > 0) out.properties = properties;
  if (required.size > 0) out.required = [...required];
  if (out.type === undefined && out.properties) out.type = 'object';
  return { schema: out, propertyPointers };
}

function typeOf(schema: Raw): string {
  const type = schema.type;
  if (Array.isArray(type)) return type.join(' | ');
  if (typeof type === 'string') return type;
  if (
    isObject(schema.properties) ||
    schema.additionalProperties !== undefined ||
    isObject(schema.patternProperties) ||
    isObject(schema.propertyNames)
  )
    return 'object';
  if (schema.items !== undefined || Array.isArray(schema.prefixItems)) return 'array';
  if (Array.isArray(schema.oneOf) || Array.isArray(schema.anyOf)) return '';
  if (Array.isArray(schema.enum) && schema.enum.length > 0) return typeof schema.enum[0];
  if (schema.const !== undefined) return typeof schema.const;
  return 'any';
}

function constraintsOf(schema: Raw): SchemaConstraints {
  const c: SchemaConstraints = {};
  if (schema.default !== undefined) c.default = json(schema.default);
  if (Array.isArray(schema.enum)) c.enum = schema.enum.map(json);
  if (schema.const !== undefined) c.const = json(schema.const);
  if (typeof schema.pattern === 'string') c.pattern = schema.pattern;
  if (typeof schema.format === 'string') c.format = schema.format;
  // OpenAPI 3.0 has boolean exclusiveMinimum/Maximum next to minimum/maximum; 3.1 (JSON Schema 2020-12) has numbers.
  if (typeof schema.minimum === 'number')
    schema.exclusiveMinimum === true ? (c.exclusiveMinimum = json(schema.minimum)) : (c.minimum = json(schema.minimum));
  if (typeof schema.maximum === 'number')
    schema.exclusiveMaximum === true ? (c.exclusiveMaximum = json(schema.maximum)) : (c.maximum = json(schema.maximum));
  if (typeof schema.exclusiveMinimum === 'number') c.exclusiveMinimum = json(schema.exclusiveMinimum);
  if (typeof schema.exclusiveMaximum === 'number') c.exclusiveMaximum = json(schema.exclusiveMaximum);
  if (typeof schema.multipleOf === 'number') c.multipleOf = json(schema.multipleOf);
  for (const key of [
    'minLength',
    'maxLength',
    'minItems',
    'maxItems',
    'minProperties',
    'maxProperties',
    'minContains',
    'maxContains',
  ] as const) {
    if (typeof schema[key] === 'number') c[key] = schema[key] as number;
  }
  if (typeof schema.contentMediaType === 'string') c.contentMediaType = schema.contentMediaType;
  if (typeof schema.contentEncoding === 'string') c.contentEncoding = schema.contentEncoding;
  if (schema.uniqueItems === true) c.uniqueItems = true;
  const xml = xmlSummary(schema);
  if (xml) c.xml = xml;
  return c;
}

function isNullSchema(raw: unknown): boolean {
  return (
    isObject(raw) &&
    (raw.type === 'null' || (Array.isArray(raw.type) && raw.type.length === 1 && raw.type[0] === 'null')) &&
    Object.keys(raw).length <= 2
  );
}

function modelPlain(
  ctx: ModelContext,
  schema: Raw,
  pointer: string,
  state: SchemaState,
  propertyPointers?: Map<string, string>,
): SchemaModel {
  const child = { ...state, depth: state.depth + 1 };
  const node: SchemaModel = {
    kind: 'primitive',
    pointer,
    type: typeOf(schema),
    title: typeof schema.title === 'string' ? schema.title : undefined,
    descriptionHtml: ctx.markdown(schema.description) || undefined,
    // `x-nullable`: Swagger 2.0's nullable, which Redoc reads.
    nullable:
      schema.nullable === true ||
      schema['x-nullable'] === true ||
      (Array.isArray(schema.type) && schema.type.includes('null')) ||
      undefined,
    readOnly: schema.readOnly === true || undefined,
    writeOnly: schema.writeOnly === true || undefined,
    deprecated: schema.deprecated === true || undefined,
    constraints: constraintsOf(schema),
  };
  const unionKey = Array.isArray(schema.oneOf) ? 'oneOf' : Array.isArray(schema.anyOf) ? 'anyOf' : undefined;
  if (unionKey) {
    const list = schema[unionKey] as unknown[];
    const kept = list.map((raw, i) => ({ raw, i })).filter(({ raw }) => !isNullSchema(raw));
    if (kept.length < list.length) node.nullable = true;
    if (kept.length === 1 && !isObject(schema.properties)) {
      const only = modelSchema(ctx, kept[0]!.raw, joinPointer(pointer, unionKey, kept[0]!.i), state);
      return { ...only, nullable: true, descriptionHtml: node.descriptionHtml ?? only.descriptionHtml };
    }
    node.kind = 'union';
    node.unionKind = unionKey;
    node.variants = modelVariants(ctx, schema, kept, joinPointer(pointer, unionKey), child);
    const discriminator = isObject(schema.discriminator) ? schema.discriminator.propertyName : undefined;
    if (typeof discriminator === 'string') node.discriminator = discriminator;
  }
  if (isObject(schema.properties) || node.type === 'object' || (node.type.includes('object') && !unionKey)) {
    if (node.kind !== 'union') node.kind = 'object';
    const required = new Set(Array.isArray(schema.required) ? schema.required.map(String) : []);
    node.properties = Object.entries(isObject(schema.properties) ? schema.properties : {}).map(
      ([name, raw]): SchemaPropertyModel => ({
        name,
        required: required.has(name),
        schema: modelSchema(ctx, raw, propertyPointers?.get(name) ?? joinPointer(pointer, 'properties', name), child),
      }),
    );
    if (schema.additionalProperties === false) node.additionalProperties = false;
    else if (isObject(schema.additionalProperties) && Object.keys(schema.additionalProperties).length > 0) {
      node.additionalProperties = modelSchema(
        ctx,
        schema.additionalProperties,
        joinPointer(pointer, 'additionalProperties'),
        child,
      );
    }
  } else if (schema.items !== undefined || node.type === 'array') {
    node.kind = 'array';
    if (isObject(schema.items)) {
      node.items = modelSchema(ctx, schema.items, joinPointer(pointer, 'items'), child);
      node.type = `${node.items.refName ?? (node.items.type || 'any')}[]`;
    }
  }
  if (node.kind === 'object' && schema.unevaluatedProperties === false && node.additionalProperties === undefined)
    node.additionalProperties = false;
  const keywords = keywordsOf(ctx, schema, pointer, child);
  if (keywords.length > 0) node.keywords = keywords;
  if (isObject(schema.dependentRequired)) {
    const dependent = Object.entries(schema.dependentRequired)
      .filter((entry): entry is [string, unknown[]] => Array.isArray(entry[1]))
      .map(([name, required]) => ({ name, required: required.map(String) }));
    if (dependent.length > 0) node.dependentRequired = dependent;
  }
  const enumDescriptions = enumDescriptionsOf(ctx, schema);
  if (enumDescriptions) node.enumDescriptions = enumDescriptions;
  if (isObject(schema.discriminator) && typeof schema.discriminator.defaultMapping === 'string') {
    const target = schema.discriminator.defaultMapping;
    node.discriminatorDefault = /^#\/components\/schemas\/[^/]+$/.test(target)
      ? unescapePointerSegment(target.slice('#/components/schemas/'.length))
      : target;
  }
  return node;
}

/** Keywords whose value is one subschema, in display order (SchemaKeywordModel). */
const SINGLE_KEYWORDS = [
  'propertyNames',
  'unevaluatedProperties',
  'unevaluatedItems',
  'if',
  'then',
  'else',
  'contains',
] as const;

/**
 * The rows of the applicator keywords other than `properties`, `items` and the unions (SchemaKeywordModel): maps
 * (`patternProperties`, `dependentSchemas`) give a row per entry, `prefixItems` one per position, the others one.
 * `unevaluatedProperties: false` is the closed-object badge instead (modelPlain); boolean subschemas have no row.
 */
function keywordsOf(ctx: ModelContext, schema: Raw, pointer: string, state: SchemaState): SchemaKeywordModel[] {
  const rows: SchemaKeywordModel[] = [];
  const row = (keyword: SchemaKeywordModel['keyword'], raw: unknown, at: string, key?: string) => {
    if (isObject(raw))
      rows.push({ keyword, ...(key === undefined ? {} : { key }), schema: modelSchema(ctx, raw, at, state) });
  };
  for (const keyword of ['patternProperties', 'dependentSchemas'] as const)
    if (isObject(schema[keyword]))
      for (const [key, raw] of Object.entries(schema[keyword]))
        row(keyword, raw, joinPointer(pointer, keyword, key), key);
  if (Array.isArray(schema.prefixItems))
    schema.prefixItems.forEach((raw, i) => row('prefixItems', raw, joinPointer(pointer, 'prefixItems', i), String(i)));
  // Most schemas have none of these: a pointer is joined only for a keyword present (every schema of the document
  // passes here, GitHub's hundreds of thousands).
  for (const keyword of SINGLE_KEYWORDS)
    if (isObject(schema[keyword])) row(keyword, schema[keyword], joinPointer(pointer, keyword));
  return rows;
}

/**
 * Redoc's `x-enumDescriptions`: an object from enum value to Markdown description (Redoc's docs,
 * redoc-vendor-extensions.md: a table of value and description), in the enum's order, then any other key; a list
 * gives the descriptions of the enum's values in order.
 */
function enumDescriptionsOf(ctx: ModelContext, schema: Raw): SchemaModel['enumDescriptions'] {
  const order = Array.isArray(schema.enum) ? schema.enum.map(String) : [];
  let raw = schema['x-enumDescriptions'];
  // A list (Google's discovery-made documents) describes the enum's values by position.
  if (Array.isArray(raw)) {
    const list: unknown[] = raw;
    raw = Object.fromEntries(order.map((value, i) => [value, list[i]]));
  }
  if (!isObject(raw)) return undefined;
  const keys = Object.keys(raw).sort((a, b) => rank(order, a) - rank(order, b));
  const list = keys
    .filter((key) => typeof raw[key] === 'string')
    .map((value) => ({ value, descriptionHtml: ctx.markdown(raw[value]) }));
  return list.length > 0 ? list : undefined;
}

function rank(order: string[], key: string): number {
  const i = order.indexOf(key);
  return i === -1 ? order.length : i;
}

function modelVariants(
  ctx: ModelContext,
  schema: Raw,
  list: { raw: unknown; i: number }[],
  pointer: string,
  state: SchemaState,
): SchemaVariantModel[] {
  const mapping =
    isObject(schema.discriminator) && isObject(schema.discriminator.mapping)
      ? (schema.discriminator.mapping as Record<string, string>)
      : {};
  const byRef = new Map(Object.entries(mapping).map(([value, ref]) => [ref, value]));
  const used = new Set<string>();
  return list.map(({ raw, i }) => {
    const target = componentName(ctx, raw, joinPointer(pointer, i));
    const ref = isObject(raw) && typeof raw.$ref === 'string' ? raw.$ref : undefined;
    let label: string | null =
      (ref && byRef.get(ref)) ??
      target.name ??
      (typeof target.value.title === 'string' ? target.value.title : '') ??
      '';
    if (!label) label = typeOf(target.value) || null; // null: the theme names it by its position
    if (label !== null && used.has(label)) label = `${label} (${i + 1})`;
    if (label !== null) used.add(label);
    return { label, schema: modelSchema(ctx, raw, joinPointer(pointer, i), state) };
  });
}
