/**
 * Rendering of a split API reference: the page body with the navigation and placeholders,
 * one part document per tag and parts for the named schemas shared by many operations (each cut into several when
 * it renders to more than PART_TARGET_BYTES). Compiled into the server renderer with the theme (ssr.ts).
 *
 * Each operation and schema is rendered on its own with its own `identifierPrefix`, so radio groups of tabs stay
 * unique on the page whatever parts are loaded. Links to a named schema or a security scheme point to the API
 * page, so they also work from a part opened on its own.
 */
import type { ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import type { ApiPartRef } from '../../../templates/api/ApiParts.js';
import { ApiReference, NamedSchema } from '../../../templates/api/ApiReference.js';
import { AnchorHrefContext, type AnchorHref } from '../../../templates/api/anchor-href.js';
import { partLabel, tagLabel } from '../../../templates/api/labels.js';
import { createTranslator, MessagesContext } from '../../../templates/i18n/use-messages.js';
import { Operation } from '../../../templates/api/Operation.js';
import { OperationTwinContext } from '../../../templates/api/operation-twin.js';
import type { ApiReferenceProps } from '../../../templates/api/types.js';
import { PART_TARGET_BYTES } from '../openapi/split.js';
import { withCodeSamples } from '../openapi/snippets.js';
import { renderApiPartDocument, type PartDocumentShell } from './api-part-document.js';
import { createSchemaHtml } from './schema-html.js';

export interface SplitApiReferenceInput extends Omit<ApiReferenceProps, 'layout'> {
  /** URL (with base) of the API page, e.g. `/api/github`. */
  pageUrl: string;
  /**
   * Gives a part its URL: a hashed asset in `docgen build`, a `/__docgen/` endpoint in `docgen dev`.
   * @param key the part's name, unique in the document: a tag slug or `schemas`, with `-<n>` when cut
   * @param html the part document
   */
  partUrl: (key: string, html: string) => string;
  shell: PartDocumentShell;
  /** Override of PART_TARGET_BYTES (tests). */
  partBytes?: number;
}

/** A URL-safe, ASCII name of a tag for part file names; unique among `used` (which it extends). */
function partKey(name: string, used: Set<string>): string {
  const slug =
    name
      .toLowerCase()
      .replace(/[^a-z0-9_]+/g, '-')
      .replace(/^-+|-+$/g, '') || 'tag';
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
    if (current.length > 0 && filled + item.html.length / 2 > size * groups.length && groups.length < count)
      groups.push([item]);
    else current.push(item);
    filled += item.html.length;
  }
  return groups;
}

/** Cuts rendered items (operations of a tag, or named schemas) into parts, renders and addresses each. */
function renderParts(options: {
  items: { id: string; html: string }[];
  /** Name of the part, before `-<n>` when cut. */
  name: string;
  label: (range: { from: number; to: number; total: number }) => string;
  backAnchor: string;
  kind: 'operations' | 'schemas';
  target: number;
  key: (name: string) => string;
  addPart: (key: string, html: string) => string;
  document: (input: { label: string; backAnchor: string; kind: 'operations' | 'schemas'; chunks: string[] }) => string;
}): ApiPartRef[] {
  const { items } = options;
  const groups = groupBySize(items, options.target);
  const slug = options.key(options.name);
  let from = 1;
  return groups.map((group, i) => {
    const key = groups.length === 1 ? slug : options.key(`${slug}-${i + 1}`);
    const label = options.label({ from, to: from + group.length - 1, total: items.length });
    from += group.length;
    const html = options.document({
      label,
      backAnchor: options.backAnchor,
      kind: options.kind,
      chunks: group.map((r) => r.html),
    });
    return { url: options.addPart(key, html), anchors: group.map((r) => r.id), label };
  });
}

/**
 * The same string, flattened. renderToString gives a rope of every chunk React wrote (thousands of small strings for
 * one operation), and the items of a tag are held until its parts are cut: a held rope outlives V8's young
 * generation, which copies each of its nodes twice. Searching a string makes V8 flatten it (String::Flatten), so
 * its chunks die young. GitHub's reference: main-thread GC 660 -> 350 ms, build 3.7 -> 3.4 s.
 */
function flat(html: string): string {
  html.indexOf('<!--');
  return html;
}

/**
 * Renders a split reference.
 * @returns the page body (an HTML fragment, like renderApiReference's); each part document goes to `partUrl`, which
 *   stores it and returns its URL
 * @throws Error (a docgen bug) when rendered content would break the part format (renderApiPartDocument)
 */
export function renderSplitApiReference(input: SplitApiReferenceInput): { html: string } {
  const { model, pageUrl, shell } = input;
  const t = createTranslator(input.messages);
  const used = new Set<string>();
  const common = {
    target: input.partBytes ?? PART_TARGET_BYTES,
    key: (name: string) => partKey(name, used),
    addPart: (key: string, html: string): string => input.partUrl(key, html),
    document: (part: { label: string; backAnchor: string; kind: 'operations' | 'schemas'; chunks: string[] }) =>
      renderApiPartDocument({
        shell,
        title: `${part.label} | ${model.title}`,
        heading: part.label,
        back: { href: `${pageUrl}#${part.backAnchor}`, label: `← ${model.title || t('api.reference')}` },
        kind: part.kind,
        chunks: part.chunks,
      }),
  };
  // Named schemas and security schemes are reached through the page, which has an anchor for each: a part's hash
  // then never depends on another part's, and a schema's link finds it whichever part it is in.
  const href: AnchorHref = (anchor) =>
    anchor.startsWith('schema/') || anchor.startsWith('security/') ? `${pageUrl}#${anchor}` : `#${anchor}`;
  const withMessages = (node: ReactNode) => (
    <MessagesContext.Provider value={input.messages}>{node}</MessagesContext.Provider>
  );
  const renderWith = (node: ReactNode, prefix: string) =>
    flat(
      renderToString(
        withMessages(
          <OperationTwinContext.Provider value={input.twin}>
            <AnchorHrefContext.Provider value={href}>{node}</AnchorHrefContext.Provider>
          </OperationTwinContext.Provider>,
        ),
        { identifierPrefix: prefix },
      ),
    );
  // Shared schema subtrees hold no tabs, so no `useId`: their prefix never shows.
  const withSchemaHtml = createSchemaHtml(model, (node) => renderWith(node, 'shared-'));
  const render = (node: ReactNode, prefix: string) => renderWith(withSchemaHtml(node), prefix);

  const schemas = renderParts({
    ...common,
    items: model.schemas.map((schema, i) => ({
      id: schema.anchor,
      html: render(<NamedSchema schema={schema} />, `s${i}-`),
    })),
    name: 'schemas',
    label: (range) => partLabel(t, { tag: null, ...range }),
    backAnchor: 'schemas',
    kind: 'schemas',
  });
  const tags = new Map<string, ApiPartRef[]>();
  let first = 0;
  for (const tag of model.tags) {
    if (tag.operations.length === 0) continue; // a section of text (x-traitTag): no part
    const items = tag.operations.map((op, i) => ({
      id: op.id,
      html: render(<Operation op={withCodeSamples(op, model)} />, `o${first + i}-`),
    }));
    first += items.length;
    tags.set(
      tag.anchor,
      renderParts({
        ...common,
        items,
        name: tag.name,
        label: (range) => partLabel(t, { tag: tagLabel(t, tag), ...range }),
        backAnchor: tag.anchor,
        kind: 'operations',
      }),
    );
  }
  const html = renderToString(
    withMessages(
      <ApiReference
        model={model}
        downloads={input.downloads}
        primaryColor={input.primaryColor}
        messages={input.messages}
        layout={{ tags, schemas }}
        twin={input.twin}
      />,
    ),
  );
  return { html };
}
