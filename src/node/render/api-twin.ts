/**
 * The Markdown twins of an API reference, from its view model (openapi/model.ts ApiDocumentModel, the JSON the
 * theme renders), never from its HTML: the whole reference, and one twin per operation. An operation lists its
 * method and path, summary and description, security, every parameter (in, type, required, constraints,
 * description), its request body and responses as nested lists with types and constraints down to the leaves
 * (a named schema is written once, under "Schemas", and referenced by name), examples as fenced JSON, its callbacks;
 * webhooks are operations of their own section.
 */
import { fromHtml } from 'hast-util-from-html';
import type {
  ApiDocumentModel,
  ApiOperationModel,
  MediaTypeModel,
  SchemaConstraints,
  SchemaModel,
  SecurityAuthModel,
  SecurityRequirementModel,
} from '../../shared/api-model.js';
import { withCodeSamples } from '../openapi/snippets.js';
import { tagParents } from '../../shared/api-tags.js';
import { operationTwinPath } from '../../shared/twin-url.js';
import { withBase } from '../../shared/urls.js';
import { contentMarkdown, type TwinLinks } from './markdown-twin.js';

/** The twins of one reference: the whole one (`reference`) and each operation's by its anchor id. */
export interface ApiTwins {
  reference: string;
  operations: { id: string; path: string; text: string }[];
}

/**
 * What the twins of one reference are written with, passed down rather than kept in the module: the site's label
 * for a catalogue id (the API reference's own words: 必須, 許可される値…, else the English fallback), the
 * description conversion, and schemaLines' memo by schema model, depth and whether the named schema itself is
 * expanded (its lines hold the labels and descriptions of this reference).
 */
interface TwinWords {
  label(id: string, fallback: string): string;
  md(html: string): string;
  lines: WeakMap<SchemaModel, Map<string, string[]>>;
  /**
   * mediaType's blocks by media type model: the same in an operation's own twin and in the whole reference, and
   * models share a response or request body reached by `$ref` across operations.
   */
  media: WeakMap<MediaTypeModel, string[]>;
}

/**
 * The twins of an API reference.
 * @param route the reference's route path, e.g. '/api/inventory'
 */
export function apiTwins(model: ApiDocumentModel, route: string, links: TwinLinks): ApiTwins {
  const messages = links.messages ?? {};
  // Descriptions repeat (a named schema's properties in every operation using it): each is converted once.
  const converted = new Map<string, string>();
  const md = (html: string): string => {
    if (!html) return '';
    let markdown = converted.get(html);
    if (markdown === undefined) {
      markdown =
        plainParagraph(html) ?? contentMarkdown(fromHtml(html, { fragment: true }), { links, pagePath: route });
      converted.set(html, markdown);
    }
    return markdown;
  };
  const w: TwinWords = {
    label: (id, fallback) => messages[id] ?? fallback,
    md,
    lines: new WeakMap(),
    media: new WeakMap(),
  };
  const tagPath = tagPaths(model);
  const operations = model.tags.flatMap((tag) => tag.operations.map((op) => ({ op, tag: tagPath.get(tag)! })));
  const twinUrlOf = (id: string) => links.siteUrl + withBase(links.baseUrl, operationTwinPath(route, id));
  const sections: string[] = [`# ${model.title}`, `\`v${model.version}\` OpenAPI ${model.openapi}`];
  if (model.info.license)
    sections.push(
      `${w.label('api.license', 'License')}: ${model.info.license.url ? `[${model.info.license.name}](${model.info.license.url})` : model.info.license.name}`,
    );
  if (model.descriptionHtml) sections.push(w.md(model.descriptionHtml));
  if (model.servers.length > 0) {
    const server = (s: ApiDocumentModel['servers'][number]) => [
      `- ${s.name ? `**${s.name}** ` : ''}\`${s.url}\` ${s.description}`.trimEnd(),
      ...s.variables.map((v) =>
        `  - \`{${v.name}}\` ${w.label('api.serverDefault', 'default')} \`${v.default}\`${v.enum.length > 0 ? ` (${v.enum.map((e) => `\`${e}\``).join(', ')})` : ''} ${v.description}`.trimEnd(),
      ),
    ];
    sections.push(`## ${w.label('api.servers', 'Servers')}`, model.servers.flatMap(server).join('\n'));
  }
  if (model.securitySchemes.length > 0) {
    sections.push(
      `## ${w.label('api.security', 'Authentication')}`,
      model.securitySchemes
        .map((s) =>
          [
            `- ${authText(w, s.auth, s.key)} \`${s.key}\` (${s.type}${s.detail ? `, ${s.detail}` : ''})${s.deprecated ? ` ${w.label('api.deprecated', 'deprecated')}` : ''}${s.descriptionHtml ? `: ${oneLine(w.md(s.descriptionHtml))}` : ''}`,
            ...oauthLines(s),
          ].join('\n'),
        )
        .join('\n'),
    );
  }
  sections.push(
    '## Operations',
    operations
      .map(
        ({ op }) =>
          `- [${op.method.toUpperCase()} ${op.path}](${twinUrlOf(op.id)})${op.summary ? `: ${op.summary}` : ''}`,
      )
      .join('\n'),
  );
  // Request samples as the page shows them (openapi/snippets.ts), made once per operation for both twins.
  const sampled = new Map(operations.map(({ op }) => [op, withCodeSamples(op, model)]));
  const opTwins = operations.map(({ op, tag }) => ({
    id: op.id,
    path: operationTwinPath(route, op.id),
    text: operationMarkdown(sampled.get(op)!, { w, tag, level: 1 }) + '\n',
  }));
  for (const tag of model.tags) {
    sections.push(`## ${tagPath.get(tag)}`);
    if (tag.kind) sections.push(`\`kind: ${tag.kind}\``);
    if (tag.descriptionHtml) sections.push(w.md(tag.descriptionHtml));
    for (const op of tag.operations)
      sections.push(operationMarkdown(sampled.get(op) ?? op, { w, tag: null, level: 3 }));
  }
  if (model.schemas.length > 0) {
    sections.push(`## ${w.label('api.schemas', 'Schemas')}`);
    for (const named of model.schemas) {
      sections.push(
        `### ${named.name}`,
        `${named.schema.type}${flags(w, named.schema)}${constraintText(w, named.schema.constraints)}`,
      );
      if (named.schema.descriptionHtml) sections.push(w.md(named.schema.descriptionHtml));
      sections.push(schemaLines(named.schema, w, 0, true).join('\n'));
    }
  }
  return { reference: sections.filter(Boolean).join('\n\n') + '\n', operations: opTwins };
}

/**
 * Each tag's title as the twins print it: its display name, after those of the tags it is nested under (OpenAPI
 * 3.2 `parent`), outermost first (`External / Partner`).
 */
function tagPaths(model: ApiDocumentModel): Map<ApiDocumentModel['tags'][number], string> {
  const name = (tag: ApiDocumentModel['tags'][number]) => tag.displayName ?? tag.name;
  return new Map(model.tags.map((tag) => [tag, [...tagParents(model.tags, tag), tag].map(name).join(' / ')]));
}

/** An oauth2 scheme's metadata URL (OpenAPI 3.2) and flows with their URLs and scopes, as nested list lines. */
function oauthLines(scheme: ApiDocumentModel['securitySchemes'][number]): string[] {
  const lines = scheme.oauth2MetadataUrl ? [`  - oauth2MetadataUrl: ${scheme.oauth2MetadataUrl}`] : [];
  for (const flow of scheme.flows ?? []) {
    lines.push(`  - \`${flow.name}\``);
    for (const key of ['authorizationUrl', 'deviceAuthorizationUrl', 'tokenUrl', 'refreshUrl'] as const)
      if (flow[key]) lines.push(`    - ${key}: ${flow[key]}`);
    for (const scope of flow.scopes) lines.push(`    - \`${scope.name}\` ${scope.description}`.trimEnd());
  }
  return lines;
}

/**
 * One operation as Markdown.
 * @param options.level heading level of the operation's title (1 in its own twin, 3 in the reference)
 */
function operationMarkdown(
  op: ApiOperationModel,
  options: { w: TwinWords; tag: string | null; level: number },
): string {
  const { w, level } = options;
  const h = (n: number) => '#'.repeat(Math.min(6, level + n));
  const out: string[] = [`${h(0)} ${op.summary || `${op.method.toUpperCase()} ${op.path}`}`];
  out.push(
    `\`${op.webhook ? 'WEBHOOK' : op.method.toUpperCase()} ${op.path}\`${op.deprecated ? ' (deprecated)' : ''}${options.tag ? ` · ${options.tag}` : ''}`,
  );
  if (op.descriptionHtml) out.push(w.md(op.descriptionHtml));
  out.push(`${h(1)} ${w.label('api.security', 'Security')}`, securityText(w, op.security));
  if (op.parameters.length > 0) {
    out.push(`${h(1)} ${w.label('api.parameters', 'Parameters')}`);
    out.push(
      op.parameters
        .map((p) => {
          const where = w.label(`api.in.${p.in}`, p.in);
          const head = `- \`${p.name}\` ${where} ${p.schema?.type ?? 'any'}${p.required ? ` ${w.label('api.required', 'required')}` : ''}${p.deprecated ? ` ${w.label('api.deprecated', 'deprecated')}` : ''}${constraintText(w, p.schema?.constraints)}${p.descriptionHtml ? `: ${oneLine(w.md(p.descriptionHtml))}` : ''}`;
          const nested =
            p.schema && (p.schema.kind === 'object' || p.schema.kind === 'array' || p.schema.kind === 'union')
              ? schemaLines(p.schema, w, 1, true)
              : [];
          return [head, ...nested, ...(p.example ? [`  Example: \`${p.example}\``] : [])].join('\n');
        })
        .join('\n'),
    );
  }
  if (op.requestBody) {
    out.push(
      `${h(1)} ${w.label('api.requestBody', 'Request body')}${op.requestBody.required ? ` ${w.label('api.required', 'required')}` : ''}`,
    );
    if (op.requestBody.descriptionHtml) out.push(w.md(op.requestBody.descriptionHtml));
    out.push(...op.requestBody.contents.flatMap((content) => mediaType(content, w)));
  }
  if (op.samples.length > 0) {
    out.push(`${h(1)} ${w.label('api.requestSamples', 'Request samples')}`);
    for (const sample of op.samples)
      out.push(`**${sample.label}**`, fence(sample.code, sample.lang === 'curl' ? 'shell' : sample.lang));
  }
  out.push(`${h(1)} ${w.label('api.responses', 'Responses')}`);
  for (const response of op.responses) {
    out.push(`${h(2)} ${response.status}`);
    if (response.descriptionHtml) out.push(w.md(response.descriptionHtml));
    if (response.headers.length > 0)
      out.push(
        `${w.label('api.headers', 'Headers')}:\n\n` +
          response.headers
            .map(
              (header) =>
                `- \`${header.name}\` (${header.schema?.type ?? 'any'})${header.descriptionHtml ? `: ${oneLine(w.md(header.descriptionHtml))}` : ''}`,
            )
            .join('\n'),
      );
    out.push(...response.contents.flatMap((content) => mediaType(content, w)));
  }
  for (const callback of op.callbacks ?? []) {
    out.push(`${h(1)} ${w.label('api.callbacks', 'Callback')} ${callback.name}`);
    for (const cb of callback.operations)
      out.push(operationMarkdown(cb, { w, tag: null, level: Math.min(6, level + 2) }));
  }
  return out.filter(Boolean).join('\n\n');
}

function mediaType(content: MediaTypeModel, w: TwinWords): string[] {
  let out = w.media.get(content);
  if (!out) w.media.set(content, (out = mediaTypeBlocks(content, w)));
  return out;
}

function mediaTypeBlocks(content: MediaTypeModel, w: TwinWords): string[] {
  const out = [`\`${content.mediaType}\`${content.schema ? `: ${content.schema.refName ?? content.schema.type}` : ''}`];
  if (content.schema) {
    const lines = schemaLines(content.schema, w, 0, true);
    if (lines.length > 0) out.push(lines.join('\n'));
  }
  // OpenAPI 3.2 itemSchema: the schema of each item of a stream.
  if (content.itemSchema) {
    out.push(
      `${w.label('api.itemSchema', 'Each item of the stream')}: ${content.itemSchema.refName ?? content.itemSchema.type}`,
    );
    const lines = schemaLines(content.itemSchema, w, 0, true);
    if (lines.length > 0) out.push(lines.join('\n'));
  }
  // A stream's example (JSON Lines, events) is not one JSON value: fenced without a language.
  const stream = /^(text\/event-stream|application\/(jsonl|x-ndjson|json-seq))\b|\+json-seq\b/i.test(content.mediaType);
  for (const example of content.examples) {
    const title = example.summary ?? (example.generated ? 'Example (generated)' : `Example ${example.name}`);
    out.push(`${title}:`, fence(example.value, !stream && /^\s*[[{]/.test(example.value) ? 'json' : ''));
  }
  return out;
}

function fence(code: string, lang: string): string {
  const ticks = '`'.repeat(Math.max(3, ...[...code.matchAll(/`+/g)].map((m) => m[0].length + 1)));
  return `${ticks}${lang}\n${code.replace(/\n$/, '')}\n${ticks}`;
}

/**
 * A schema's members as nested list lines (two spaces per depth): each property with its type, `required`,
 * constraints and description, down to the leaves. A named schema inside another is referenced by name (written
 * once under "Schemas"); `top` expands the named schema itself.
 */
function schemaLines(schema: SchemaModel, w: TwinWords, depth: number, top = false): string[] {
  if (!top && schema.refName) return [];
  if (schema.kind === 'ref' || schema.kind === 'recursive') return [];
  // Models share the expansion of a named schema (openapi/handlers/schema.ts) across every operation using it:
  // its lines are written once per depth.
  const key = `${depth} ${top}`;
  let byDepth = w.lines.get(schema);
  if (!byDepth) w.lines.set(schema, (byDepth = new Map()));
  let lines = byDepth.get(key);
  if (!lines) byDepth.set(key, (lines = schemaLinesOf(schema, w, depth)));
  return lines;
}

function schemaLinesOf(schema: SchemaModel, w: TwinWords, depth: number): string[] {
  const indent = '  '.repeat(depth);
  const lines: string[] = [];
  for (const property of schema.properties ?? []) {
    const child = property.schema;
    lines.push(
      `${indent}- \`${property.name}\` ${typeText(child)}${property.required ? ` ${w.label('api.required', 'required')}` : ''}${flags(w, child)}${constraintText(w, child.constraints)}${child.descriptionHtml ? `: ${oneLine(w.md(child.descriptionHtml))}` : ''}`,
    );
    lines.push(...schemaLines(child, w, depth + 1));
  }
  if (schema.additionalProperties) {
    lines.push(
      `${indent}- additional properties (${typeText(schema.additionalProperties)})${constraintText(w, schema.additionalProperties.constraints)}`,
    );
    lines.push(...schemaLines(schema.additionalProperties, w, depth + 1));
  }
  if (schema.items) {
    if (schema.items.properties || schema.items.variants || schema.items.items)
      lines.push(...schemaLines(schema.items, w, depth, !schema.items.refName));
    if (depth === 0 && lines.length === 0)
      lines.push(`- items: ${typeText(schema.items)}${constraintText(w, schema.items.constraints)}`);
  }
  for (const [i, variant] of (schema.variants ?? []).entries()) {
    lines.push(
      `${indent}- ${schema.unionKind ?? 'oneOf'} ${variant.label ?? i + 1} (${typeText(variant.schema)})${schema.discriminator ? `, discriminator \`${schema.discriminator}\`` : ''}`,
    );
    lines.push(...schemaLines(variant.schema, w, depth + 1));
  }
  return lines;
}

/** A schema's type with its name: `Realm`, `array of Realm`, `string`. */
function typeText(schema: SchemaModel): string {
  if (schema.refName) return schema.refName;
  if (schema.items?.refName) return `array of ${schema.items.refName}`;
  if (schema.items) return `array of ${typeText(schema.items)}`;
  return schema.type;
}

/** A security scheme's kind in the catalogue's words, e.g. `Bearer 認証（JWT）` (as templates/api/labels.ts securityLabel). */
function authText(w: TwinWords, auth: SecurityAuthModel | null, key: string): string {
  if (!auth) return key;
  if (auth.kind === 'bearer')
    return auth.param === undefined
      ? w.label('api.auth.bearer', 'Bearer')
      : w.label('api.auth.bearerFormat', 'Bearer ({format})').replace('{format}', auth.param);
  if (auth.kind === 'http') return w.label('api.auth.http', 'HTTP ({scheme})').replace('{scheme}', auth.param ?? '');
  if (auth.kind === 'other') return auth.param ?? key;
  return w.label(`api.auth.${auth.kind}`, auth.kind);
}

function flags(w: TwinWords, schema: SchemaModel): string {
  const marks: [boolean | undefined, string, string][] = [
    [schema.nullable, 'api.nullable', 'nullable'],
    [schema.readOnly, 'api.readOnly', 'read-only'],
    [schema.writeOnly, 'api.writeOnly', 'write-only'],
    [schema.deprecated, 'api.deprecated', 'deprecated'],
  ];
  return marks.map(([on, id, fallback]) => (on ? ` ${w.label(id, fallback)}` : '')).join('');
}

/** Constraints as ` · 形式 \`uuid\` · 許可される値 \`"a"\` \`"b"\`` (the catalogue's labels), or ''. */
function constraintText(w: TwinWords, constraints: SchemaConstraints | undefined): string {
  if (!constraints) return '';
  return Object.entries(constraints)
    .filter(([, value]) => value !== undefined)
    .map(
      ([key, value]) =>
        ` · ${w.label(`api.constraint.${key}`, key)} ${Array.isArray(value) ? value.map((v) => `\`${v}\``).join(' ') : `\`${String(value)}\``}`,
    )
    .join('');
}

function securityText(w: TwinWords, security: SecurityRequirementModel[]): string {
  if (security.length === 0) return 'None.';
  return security
    .map(
      (req) =>
        '- ' +
        req.schemes
          .map(
            (s) =>
              `${authText(w, s.auth, s.key)} \`${s.key}\`${s.scopes.length > 0 ? ` (scopes: ${s.scopes.join(', ')})` : ''}`,
          )
          .join(' and '),
    )
    .join('\n');
}

/** A short Markdown text on one line (for a list item's description). */
function oneLine(markdown: string): string {
  return markdown
    .replace(/\n{2,}/g, ' ')
    .replace(/\n/g, ' ')
    .trim();
}

/** Characters that would read as Markdown syntax in a paragraph's text. */
const MARKDOWN_SYNTAX = /[\\`*_[\]<>#|~!]|^\s*(?:[-+]|\d+[.)])\s/m;

/** The character references the description renderer writes (hast-util-to-html), decoded; others stay. */
function decodeReferences(text: string): string {
  return text.replace(/&(amp|lt|gt|quot|#x?[\da-f]+);/gi, (reference, name: string) => {
    const named = ({ amp: '&', lt: '<', gt: '>', quot: '"' } as Record<string, string>)[name.toLowerCase()];
    if (named) return named;
    const code = name[1] === 'x' || name[1] === 'X' ? Number.parseInt(name.slice(2), 16) : Number(name.slice(1));
    return Number.isInteger(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : reference;
  });
}

/**
 * The Markdown of a description that is one paragraph of plain text and inline code (`<p>text <code>x</code></p>`,
 * the usual case), or null when it holds other markup, characters Markdown would read or a character reference it
 * does not decode: those take the full conversion. The renderer writes `&` as `&#x26;`, in code too.
 */
export function plainParagraph(html: string): string | null {
  const match = /^<p>((?:[^<>]|<code>[^<>`]*<\/code>)*)<\/p>\s*$/.exec(html);
  if (!match) return null;
  const parts = match[1]!.split(/<code>([^<>`]*)<\/code>/);
  const markdown = parts.map((part, i) => {
    if (/&(?!(?:amp|lt|gt|quot|#x?[\da-f]+);)/i.test(part)) return null;
    const text = decodeReferences(part);
    return i % 2 === 1 ? '`' + text + '`' : MARKDOWN_SYNTAX.test(text) || text.includes('&') ? null : text;
  });
  return markdown.includes(null) ? null : markdown.join('').trim();
}
