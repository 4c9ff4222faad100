/**
 * Rendering of a split API reference (issue #4 "Scale"): the page body with the navigation and placeholders,
 * one part document per tag (cut into several when the tag renders to more than PART_TARGET_BYTES) and one for
 * the named schemas shared by many operations. Compiled into the server renderer with the theme (ssr.ts).
 *
 * Each operation and schema is rendered on its own with its own `identifierPrefix`, so radio groups of tabs stay
 * unique on the page whatever parts are loaded. Links from operations to a named schema point into the schemas
 * part and links to a security scheme to the API page, so they work in a part opened on its own as well.
 */
import { renderToString } from 'react-dom/server';
import type { ApiPartRef } from '../../../templates/api/ApiParts.js';
import { ApiReference, NamedSchema } from '../../../templates/api/ApiReference.js';
import { AnchorHrefContext, type AnchorHref } from '../../../templates/api/anchor-href.js';
import { partLabel } from '../../../templates/api/labels.js';
import { Operation } from '../../../templates/api/Operation.js';
import type { ApiReferenceProps } from '../../../templates/api/types.js';
import type { ApiTagModel } from '../openapi/model.js';
import { PART_TARGET_BYTES } from '../openapi/split.js';
import { renderApiPartDocument, type PartDocumentShell } from './api-part-document.js';

export interface SplitApiReferenceInput extends Omit<ApiReferenceProps, 'layout'> {
  /** URL (with base) of the API page, e.g. `/api/github`. */
  pageUrl: string;
  /**
   * Gives a part its URL: a hashed asset in `docgen build`, a `/__docgen/` endpoint in `docgen dev`.
   * @param key the part's name, unique in the document: `schemas`, a tag slug, or `<slug>-<n>` for a cut tag
   * @param html the part document
   */
  partUrl: (key: string, html: string) => string;
  shell: PartDocumentShell;
  /** Override of PART_TARGET_BYTES (tests). */
  partBytes?: number;
}

/** A rendered part document. */
export interface ApiPartFile {
  key: string;
  url: string;
  html: string;
}

/** A URL-safe, ASCII name of a tag for part file names; unique among `used` (which it extends). */
function partKey(name: string, used: Set<string>): string {
  const slug = name.toLowerCase().replace(/[^a-z0-9_]+/g, '-').replace(/^-+|-+$/g, '') || 'tag';
  let key = slug;
  for (let n = 2; used.has(key); n++) key = `${slug}-x${n}`;
  used.add(key);
  return key;
}

/** Cuts rendered items into consecutive groups of about `target` characters of HTML (the last one not much smaller). */
export function groupBySize<T extends { html: string }>(items: T[], target: number): T[][] {
  const total = items.reduce((n, item) => n + item.html.length, 0);
  const count = Math.max(1, Math.ceil(total / target));
  const size = total / count;
  const groups: T[][] = [[]];
  let filled = 0;
  for (const item of items) {
    const current = groups[groups.length - 1]!;
    if (current.length > 0 && filled + item.html.length / 2 > size * groups.length && groups.length < count) groups.push([item]);
    else current.push(item);
    filled += item.html.length;
  }
  return groups;
}

/** Renders one tag's operations into one or more parts; `first` numbers the operations across the document. */
function renderTagParts(options: {
  tag: ApiTagModel;
  first: number;
  href: AnchorHref;
  target: number;
  key: (name: string) => string;
  addPart: (key: string, html: string) => string;
  document: (input: { label: string; backAnchor: string; kind: 'operations'; chunks: string[] }) => string;
}): ApiPartRef[] {
  const { tag } = options;
  const rendered = tag.operations.map((op, i) => ({
    id: op.id,
    html: renderToString(
      <AnchorHrefContext.Provider value={options.href}>
        <Operation op={op} />
      </AnchorHrefContext.Provider>,
      { identifierPrefix: `o${options.first + i}-` },
    ),
  }));
  const groups = groupBySize(rendered, options.target);
  const slug = options.key(tag.name);
  let from = 1;
  return groups.map((group, i) => {
    const key = groups.length === 1 ? slug : options.key(`${slug}-${i + 1}`);
    const label = partLabel({ tag: tag.displayName, from, to: from + group.length - 1, total: rendered.length });
    from += group.length;
    const html = options.document({ label, backAnchor: tag.anchor, kind: 'operations', chunks: group.map((r) => r.html) });
    return { url: options.addPart(key, html), anchors: group.map((r) => r.id), label };
  });
}

/**
 * Renders a split reference.
 * @returns the page body (an HTML fragment, like renderApiReference's) and every part document with its URL
 * @throws Error (a docgen bug) when rendered content would break the part format (renderApiPartDocument)
 */
export function renderSplitApiReference(input: SplitApiReferenceInput): { html: string; parts: ApiPartFile[] } {
  const { model, pageUrl, shell } = input;
  const target = input.partBytes ?? PART_TARGET_BYTES;
  const parts: ApiPartFile[] = [];
  const used = new Set(['schemas']);
  const key = (name: string) => partKey(name, used);
  const addPart = (partKey: string, html: string): string => {
    const url = input.partUrl(partKey, html);
    parts.push({ key: partKey, url, html });
    return url;
  };
  const document = (part: { label: string; backAnchor: string; kind: 'operations' | 'schemas'; chunks: string[] }) =>
    renderApiPartDocument({
      shell,
      title: `${part.label} | ${model.title}`,
      heading: part.label,
      back: { href: `${pageUrl}#${part.backAnchor}`, label: `← ${model.title || 'API リファレンス'}` },
      kind: part.kind,
      chunks: part.chunks,
    });

  let schemas: ApiPartRef | null = null;
  if (model.schemas.length > 0) {
    const chunks = model.schemas.map((schema, i) => renderToString(<NamedSchema schema={schema} />, { identifierPrefix: `s${i}-` }));
    const label = partLabel({ tag: null, from: 1, to: chunks.length, total: chunks.length });
    const url = addPart('schemas', document({ label, backAnchor: 'schemas', kind: 'schemas', chunks }));
    schemas = { url, anchors: model.schemas.map((s) => s.anchor), label };
  }
  const schemasUrl = schemas?.url;
  const href: AnchorHref = (anchor) => {
    if (schemasUrl && anchor.startsWith('schema/')) return `${schemasUrl}#${anchor}`;
    if (anchor.startsWith('security/')) return `${pageUrl}#${anchor}`;
    return `#${anchor}`;
  };

  const tags = new Map<string, ApiPartRef[]>();
  let first = 0;
  for (const tag of model.tags) {
    tags.set(tag.anchor, renderTagParts({ tag, first, href, target, key, addPart, document }));
    first += tag.operations.length;
  }
  const html = renderToString(<ApiReference model={model} downloads={input.downloads} primaryColor={input.primaryColor} layout={{ tags, schemas }} />);
  return { html, parts };
}
