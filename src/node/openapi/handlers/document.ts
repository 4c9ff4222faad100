/**
 * OpenAPI Object handler (OpenAPI 3.0 §4.7.1): info, servers, security schemes, operations grouped by tag, and
 * the 「スキーマ」 section holding every named schema (`components.schemas`, and any other shown by reference).
 */
import { createMarkdownRenderer } from '../markdown.js';
import type {
  ApiDocumentModel,
  ApiInfoModel,
  ApiTagModel,
  NamedSchemaModel,
  ServerModel,
} from '../../../shared/api-model.js';
import { createResolver, getAt, isObject } from '../resolve.js';
import { schemaAnchor, tagAnchor, type ModelContext } from './context.js';
import { operationsOf } from './methods.js';
import { modelOperation } from './operation.js';
import { modelWebhooks } from './webhook.js';
import { modelNamedSchema } from './schema.js';
import { modelSecuritySchemes } from './security.js';

/** Default size above which a named schema is linked rather than expanded inline (nodes). */
export const DEFAULT_INLINE_BUDGET = 25;

function modelServers(doc: Record<string, unknown>): ServerModel[] {
  const servers = Array.isArray(doc.servers) ? doc.servers.filter(isObject) : [];
  return servers.map((s) => ({
    url: String(s.url ?? ''),
    ...(text(s.name) ? { name: String(s.name) } : {}),
    description: typeof s.description === 'string' ? s.description : '',
    variables: Object.entries(isObject(s.variables) ? s.variables : {}).map(([name, v]) => {
      const variable = isObject(v) ? v : {};
      return {
        name,
        default: String(variable.default ?? ''),
        enum: Array.isArray(variable.enum) ? variable.enum.map(String) : [],
        description: typeof variable.description === 'string' ? variable.description : '',
      };
    }),
  }));
}

/** A URL as a link target: kept only with a scheme a reader can follow safely (no `javascript:`). */
function safeUrl(value: unknown): string | undefined {
  if (typeof value !== 'string' || value === '') return undefined;
  return /^(https?:|mailto:)/i.test(value) ? value : undefined;
}

function text(value: unknown): string | undefined {
  return typeof value === 'string' && value !== '' ? value : undefined;
}

/**
 * `info.termsOfService`, `contact`, `license` and the document's `externalDocs` (OpenAPI 3.0 §4.7.2-4.7.4, §4.7.11),
 * and Redoc's `info.x-logo` (`{ url, altText, href }`).
 */
function modelInfo(ctx: ModelContext, info: Record<string, unknown>): ApiInfoModel {
  const model: ApiInfoModel = {};
  const terms = safeUrl(info.termsOfService);
  if (terms) model.termsOfService = terms;
  if (isObject(info.contact)) {
    const contact = { name: text(info.contact.name), url: safeUrl(info.contact.url), email: text(info.contact.email) };
    if (contact.name || contact.url || contact.email) model.contact = contact;
  }
  if (isObject(info.license) && text(info.license.name))
    model.license = { name: String(info.license.name), url: safeUrl(info.license.url) };
  const docs = ctx.doc.externalDocs;
  if (isObject(docs) && safeUrl(docs.url))
    model.externalDocs = { url: safeUrl(docs.url)!, descriptionHtml: ctx.markdown(docs.description) };
  // Redoc's x-logo: an image at an http(s) URL (a relative one would be relative to the page, not the document).
  const logo = info['x-logo'];
  if (isObject(logo) && typeof logo.url === 'string' && /^https?:\/\//i.test(logo.url)) {
    const href = safeUrl(logo.href);
    model.logo = { url: logo.url, alt: text(logo.altText) ?? '', ...(href ? { href } : {}) };
  }
  return model;
}

/**
 * Turns a valid OpenAPI 3.x document into the page's view model.
 * @param doc the raw document (plain JS, `$ref`s intact); validated beforehand
 * @param options.inlineBudget see DEFAULT_INLINE_BUDGET
 * @param options.markdown the description renderer (default: a new createMarkdownRenderer())
 */
export function modelDocument(
  doc: Record<string, unknown>,
  options: { inlineBudget?: number; markdown?: (markdown: unknown) => string } = {},
): ApiDocumentModel {
  const render = options.markdown ?? createMarkdownRenderer();
  const ctx: ModelContext = {
    doc,
    resolve: createResolver(doc),
    // A description may be a `$ref` to text kept elsewhere (DigitalOcean's tags: `$ref: description.yml#/introduction`):
    // Redoc follows it as any other reference.
    markdown: (text) =>
      render(
        isObject(text) && typeof text.$ref === 'string' && text.$ref.startsWith('#')
          ? getAt(doc, text.$ref.slice(1))
          : text,
      ),
    referencedSchemas: new Set(),
    schemaSizes: new Map(),
    expandedSchemas: new Map(),
    sharedResponses: new Map(),
    samples: new Map(),
    inlineBudget: options.inlineBudget ?? DEFAULT_INLINE_BUDGET,
  };
  const info = isObject(doc.info) ? doc.info : {};
  const servers = modelServers(doc);
  const securitySchemes = modelSecuritySchemes(ctx);
  const declared = (Array.isArray(doc.tags) ? doc.tags.filter(isObject) : []).map((t) => ({
    name: String(t.name),
    displayName: text(t['x-displayName']) ?? text(t.summary) ?? String(t.name),
    descriptionHtml: ctx.markdown(t.description),
    ...(t['x-traitTag'] === true ? { trait: true } : {}),
    ...(text(t.kind) ? { kind: String(t.kind) } : {}),
  }));
  const tags = new Map<string, ApiTagModel>(
    declared.map((t) => [t.name, { ...t, anchor: tagAnchor(t.name), operations: [] }]),
  );
  for (const [path, rawItem] of Object.entries(isObject(doc.paths) ? doc.paths : {})) {
    const item = ctx.resolve(rawItem, '').value;
    for (const { method, at, raw } of operationsOf(item)) {
      const operation = modelOperation(ctx, { method, path, item, raw, at, schemes: securitySchemes });
      let tag = tags.get(operation.tag);
      if (!tag) {
        tag = {
          name: operation.tag,
          displayName: operation.tag === 'default' ? null : operation.tag,
          anchor: tagAnchor(operation.tag),
          descriptionHtml: '',
          operations: [],
        };
        tags.set(operation.tag, tag);
      }
      tag.operations.push(operation);
    }
  }
  const webhookTags = modelWebhooks(ctx, { schemes: securitySchemes });
  const schemas: NamedSchemaModel[] = [];
  const done = new Set<string>();
  // Every named schema is listed (Redoc's and Scalar's models section), not only those shown by reference;
  // rendering one can reference more (a `$ref` into another file's schemas): repeat until none is left.
  const components =
    isObject(doc.components) && isObject(doc.components.schemas) ? Object.keys(doc.components.schemas) : [];
  const wanted = () => [...new Set([...components, ...ctx.referencedSchemas])].filter((n) => !done.has(n));
  for (let pending = wanted(); pending.length > 0; pending = wanted()) {
    for (const name of pending) {
      done.add(name);
      schemas.push({ name, anchor: schemaAnchor(name), schema: modelNamedSchema(ctx, name) });
    }
  }
  schemas.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  const groups = tagGroupsOf(doc, nestTags(doc, [...tags.values(), ...webhookTags]));
  const tagList = groups.tags;
  const anchors = new Set<string>();
  for (const tag of tagList) {
    anchors.add(tag.anchor);
    for (const op of tag.operations) {
      anchors.add(op.id);
      for (const callback of op.callbacks ?? []) for (const c of callback.operations) anchors.add(c.id);
    }
  }
  if (schemas.length > 0) anchors.add('schemas');
  for (const s of schemas) anchors.add(s.anchor);
  for (const s of securitySchemes) anchors.add(s.anchor);
  return {
    title: typeof info.title === 'string' ? info.title : '',
    version: typeof info.version === 'string' ? info.version : '',
    description: typeof info.description === 'string' ? info.description : '',
    descriptionHtml: ctx.markdown(info.description),
    openapi: String(doc.openapi ?? doc.swagger ?? ''),
    info: modelInfo(ctx, info),
    servers,
    securitySchemes,
    tags: tagList,
    schemas,
    anchors: [...anchors],
    ...(groups.tagGroups.length > 0 ? { tagGroups: groups.tagGroups } : {}),
    ...(doc['x-docgen-converted-from'] === 'swagger-2.0' ? { convertedFrom: 'swagger-2.0' as const } : {}),
  };
}

/**
 * The page's tags, nested as OpenAPI 3.2 tags' `parent` says (§4.8.22): each tag followed by the tags nested under
 * it, depth first, in document order. A tag without operations is left out, unless it is a section of text (Redoc's
 * `x-traitTag`) or a tag nested under it is kept. A `parent` naming no tag of the page, or closing a cycle (which
 * the specification forbids), leaves the tag at the top level.
 * @param tags the tags in document order (declared ones first)
 * @returns the tags to show, each child with `parent` set to its parent's anchor
 */
function nestTags(doc: Record<string, unknown>, tags: ApiTagModel[]): ApiTagModel[] {
  const byName = new Map(tags.map((tag) => [tag.name, tag]));
  const parentOf = new Map<ApiTagModel, ApiTagModel>();
  for (const raw of Array.isArray(doc.tags) ? doc.tags.filter(isObject) : []) {
    const child = byName.get(String(raw.name));
    const parent = typeof raw.parent === 'string' ? byName.get(raw.parent) : undefined;
    if (!child || !parent || child.webhooks || parent.webhooks) continue;
    let ancestor: ApiTagModel | undefined = parent;
    while (ancestor && ancestor !== child) ancestor = parentOf.get(ancestor);
    if (!ancestor) parentOf.set(child, parent);
  }
  const children = new Map<ApiTagModel, ApiTagModel[]>();
  for (const [child, parent] of parentOf) children.set(parent, [...(children.get(parent) ?? []), child]);
  const kept = (tag: ApiTagModel): boolean =>
    tag.operations.length > 0 || tag.trait === true || (children.get(tag) ?? []).some(kept);
  const ordered: ApiTagModel[] = [];
  const visit = (tag: ApiTagModel, parent?: ApiTagModel) => {
    if (!kept(tag)) return;
    ordered.push(parent ? { ...tag, parent: parent.anchor } : tag);
    for (const child of children.get(tag) ?? []) visit(child, tag);
  };
  for (const tag of tags) if (!parentOf.has(tag)) visit(tag);
  return ordered;
}

/**
 * Redoc's `x-tagGroups` (`[{ name, tags: [tag names] }]`): the groups that name at least one tag of the page, and
 * the tags in the groups' order, then those of no group in their own order.
 * @param tags the page's tags in document order
 */
function tagGroupsOf(
  doc: Record<string, unknown>,
  tags: ApiTagModel[],
): { tags: ApiTagModel[]; tagGroups: { name: string; tags: string[] }[] } {
  const raw = doc['x-tagGroups'];
  if (!Array.isArray(raw)) return { tags, tagGroups: [] };
  const byName = new Map(tags.map((tag) => [tag.name, tag]));
  const grouped = new Set<ApiTagModel>();
  const tagGroups: { name: string; tags: string[] }[] = [];
  for (const group of raw) {
    if (!isObject(group) || typeof group.name !== 'string' || !Array.isArray(group.tags)) continue;
    const members = group.tags
      .map((name) => byName.get(String(name)))
      .filter((tag): tag is ApiTagModel => tag !== undefined && !grouped.has(tag));
    if (members.length === 0) continue;
    for (const tag of members) grouped.add(tag);
    tagGroups.push({ name: group.name, tags: members.map((tag) => tag.anchor) });
  }
  return { tags: [...grouped, ...tags.filter((tag) => !grouped.has(tag))], tagGroups };
}
