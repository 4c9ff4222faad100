/**
 * Schema trees (Redoc `Schema.tsx` dispatch): object -> property list, array -> items, union -> tabs, ref -> a
 * link to the 「スキーマ」 section (filled in place on expand by the client), recursive -> a 「再帰」 marker.
 * Expand/collapse is `<details>`, so the tree works without JavaScript. readOnly / writeOnly properties carry
 * a class that the request / response views hide with CSS.
 */
import { createContext, useContext } from 'react';
import type { SchemaKeywordModel, SchemaModel, SchemaPropertyModel } from '../../src/shared/api-model.js';
import { useAnchorHref } from './anchor-href.js';
import { useMessages } from '../i18n/use-messages.js';
import { CONSTRAINT_LABELS } from './labels.js';
import { Markdown } from './Markdown.js';
import { Tabs } from './Tabs.js';

/** True when a node has something to expand. */
function hasChildren(node: SchemaModel): boolean {
  if (node.keywords) return true;
  if (node.kind === 'object') return (node.properties?.length ?? 0) > 0 || node.additionalProperties !== undefined;
  if (node.kind === 'array') return node.items !== undefined && hasChildren(node.items);
  return node.kind === 'union' || node.kind === 'ref';
}

/** Badges and constraint list of one node. */
export function SchemaFacts({ node }: { node: SchemaModel }) {
  const t = useMessages();
  const c = node.constraints as Record<string, unknown>;
  const facts = CONSTRAINT_LABELS.filter(([key]) => c[key] !== undefined);
  const itemFacts = node.kind === 'array' && node.items?.kind === 'primitive' ? node.items.constraints : undefined;
  return (
    <>
      <Markdown html={node.descriptionHtml} className="dg-prop__desc" />
      {facts.length > 0 && (
        <ul className="dg-facts">
          {facts.map(([key, label]) => (
            <li key={key} className={`dg-fact dg-fact--${key}`}>
              <span className="dg-fact__k">{t(label)}</span> <FactValue value={c[key]} />
            </li>
          ))}
        </ul>
      )}
      {node.enumDescriptions && (
        <dl className="dg-enum-desc">
          {node.enumDescriptions.map((entry) => (
            <div key={entry.value} className="dg-enum-desc__entry">
              <dt>
                <code className="dg-fact__v">{entry.value}</code>
              </dt>
              <dd>
                <Markdown html={entry.descriptionHtml} />
              </dd>
            </div>
          ))}
        </dl>
      )}
      {node.dependentRequired && (
        <ul className="dg-facts dg-facts--dependent">
          {node.dependentRequired.map(({ name, required }) => (
            <li key={name} className="dg-fact dg-fact--dependentRequired">
              <span className="dg-fact__k">
                {t.parts('api.dependentRequired', { name: <code key="name">{name}</code> })}
              </span>{' '}
              <FactValue value={required} />
            </li>
          ))}
        </ul>
      )}
      {itemFacts && Object.keys(itemFacts).length > 0 && (
        <ul className="dg-facts dg-facts--items">
          {CONSTRAINT_LABELS.filter(([key]) => (itemFacts as Record<string, unknown>)[key] !== undefined).map(
            ([key, label]) => (
              <li key={key} className={`dg-fact dg-fact--${key}`}>
                <span className="dg-fact__k">{t.parts('api.itemsConstraint', { constraint: t(label) })}</span>{' '}
                <FactValue value={(itemFacts as Record<string, unknown>)[key]} />
              </li>
            ),
          )}
        </ul>
      )}
    </>
  );
}

function FactValue({ value }: { value: unknown }) {
  if (Array.isArray(value)) {
    return (
      <>
        {value.map((v, i) => (
          <code key={i} className="dg-fact__v">
            {String(v)}
          </code>
        ))}
      </>
    );
  }
  if (value === true) return null;
  return <code className="dg-fact__v">{String(value)}</code>;
}

/**
 * The type label of a node: its component name when it has one (the schema's own type beside it when that says
 * more, e.g. `Realm` `object`, `ServiceUrns` `string[]`), else its type (`string[]`, `object`).
 * @returns [label, base type or undefined]
 */
function typeLabels(node: SchemaModel): [label: string | undefined, base: string | undefined] {
  if (!node.refName) return [node.type || undefined, undefined];
  if (node.kind === 'ref' || node.kind === 'recursive') return [node.refName, undefined];
  return [node.refName, node.type && node.type !== node.refName ? node.type : undefined];
}

/**
 * Name, type and flag badges of a property (or of a top-level schema when `name` is absent). The pieces are
 * separated by spaces, so the label reads `Realm object`, never `Realmobject`, wherever it is not a flex row.
 */
export function SchemaHead({
  name,
  node,
  required,
  note,
}: {
  name?: string;
  node: SchemaModel;
  required?: boolean;
  /** A badge after the name (what a keyword row's name means, e.g. a `patternProperties` pattern). */
  note?: string;
}) {
  const t = useMessages();
  const [type, base] = typeLabels(node);
  const pieces = [
    name !== undefined && (
      <code key="name" className="dg-prop__name">
        {name}
      </code>
    ),
    note && (
      <span key="note" className="dg-badge dg-badge--keyword">
        {note}
      </span>
    ),
    type && (
      <span key="type" className="dg-prop__type">
        {type}
      </span>
    ),
    base && (
      <span key="base" className="dg-prop__type dg-prop__type--base">
        {base}
      </span>
    ),
    required && (
      <span key="required" className="dg-badge dg-badge--required">
        {t('api.required')}
      </span>
    ),
    node.nullable && (
      <span key="nullable" className="dg-badge">
        {t('api.nullable')}
      </span>
    ),
    node.readOnly && (
      <span key="ro" className="dg-badge dg-badge--ro">
        {t('api.readOnly')}
      </span>
    ),
    node.writeOnly && (
      <span key="wo" className="dg-badge dg-badge--wo">
        {t('api.writeOnly')}
      </span>
    ),
    node.deprecated && (
      <span key="deprecated" className="dg-badge dg-badge--deprecated">
        {t('api.deprecated')}
      </span>
    ),
    (node.kind === 'recursive' || node.items?.kind === 'recursive') && (
      <span key="recursive" className="dg-badge dg-badge--recursive">
        {t('api.recursive')}
      </span>
    ),
  ].filter(Boolean);
  return <>{pieces.flatMap((piece, i) => (i === 0 ? [piece] : [' ', piece]))}</>;
}

function propClass(node: SchemaModel): string {
  return `dg-prop${node.readOnly ? ' dg-prop--ro' : ''}${node.writeOnly ? ' dg-prop--wo' : ''}`;
}

/** One property row: a `<details>` when it has children (open for the first level), else a plain row. */
function Property({ prop, depth, note }: { prop: SchemaPropertyModel; depth: number; note?: string }) {
  const node = prop.schema;
  if (!hasChildren(node)) {
    return (
      <li className={propClass(node)}>
        <div className="dg-prop__head">
          <SchemaHead name={prop.name} node={node} required={prop.required} note={note} />
        </div>
        <SchemaFacts node={node} />
        {node.kind === 'recursive' && <RecursiveLink node={node} />}
        {node.items?.kind === 'recursive' && <RecursiveLink node={node.items} />}
      </li>
    );
  }
  return (
    <li className={propClass(node)}>
      <details className="dg-prop__details" data-ref={node.kind === 'ref' ? node.refAnchor : undefined}>
        <summary className="dg-prop__head">
          <SchemaHead name={prop.name} node={node} required={prop.required} note={note} />
        </summary>
        <SchemaFacts node={node} />
        <SchemaBody node={node} depth={depth + 1} />
      </details>
    </li>
  );
}

function RecursiveLink({ node }: { node: SchemaModel }) {
  const t = useMessages();
  const href = useAnchorHref(node.refAnchor ?? '');
  // A schema of another file has no entry in the 「スキーマ」 section to link to (handlers/schema.ts modelSchema).
  if (!node.refAnchor)
    return (
      <p className="dg-schema__note">{node.refName ? `${t('api.recursive')}: ${node.refName}` : t('api.recursive')}</p>
    );
  return (
    <p className="dg-schema__note">
      {t('api.recursive')}: <a href={href}>{node.refName}</a>
    </p>
  );
}

/** The link of a `ref` node; the client fills its `<details>` with a copy of the named schema when opened. */
function RefLink({ node }: { node: SchemaModel }) {
  const t = useMessages();
  return (
    <p className="dg-schema__note dg-ref" data-ref={node.refAnchor}>
      <a href={useAnchorHref(node.refAnchor!)}>
        {t('api.seeSchema')}: {node.refName}
      </a>
    </p>
  );
}

/** The children of a node (properties, items, variants, or the link of a `ref`). */
export function SchemaBody({ node, depth }: { node: SchemaModel; depth: number }) {
  const body = <KindBody node={node} depth={depth} />;
  // An object (and a union with properties) lists its keyword rows with its properties (ObjectItems); other kinds
  // list them after their body.
  if (!node.keywords || node.kind === 'object' || (node.kind === 'union' && node.properties?.length)) return body;
  return (
    <>
      {body}
      <ul className="dg-schema">
        <KeywordRows node={node} depth={depth} />
      </ul>
    </>
  );
}

/** The name each keyword row shows (SchemaKeywordModel): `/pattern/`, `[0]`, or `{label}` like additional properties. */
function keywordName(t: ReturnType<typeof useMessages>, row: SchemaKeywordModel): string {
  switch (row.keyword) {
    case 'patternProperties':
      return `/${row.key}/`;
    case 'prefixItems':
      return `[${row.key}]`;
    case 'dependentSchemas':
      return `{${t('api.kw.dependentSchemas', { name: row.key ?? '' })}}`;
    default:
      return `{${t(`api.kw.${row.keyword}`)}}`;
  }
}

/** The rows of a node's other applicator keywords (patternProperties, if/then/else, prefixItems...). */
function KeywordRows({ node, depth }: { node: SchemaModel; depth: number }) {
  const t = useMessages();
  return (
    <>
      {node.keywords?.map((row, i) => (
        <Property
          key={`${row.keyword}/${row.key ?? ''}/${i}`}
          prop={{ name: keywordName(t, row), required: false, schema: row.schema }}
          note={row.keyword === 'patternProperties' ? t('api.kw.patternProperties') : undefined}
          depth={depth}
        />
      ))}
    </>
  );
}

function KindBody({ node, depth }: { node: SchemaModel; depth: number }) {
  const t = useMessages();
  switch (node.kind) {
    case 'object':
      return <ObjectBody node={node} depth={depth} />;
    case 'array':
      return node.items && hasChildren(node.items) ? (
        <div className="dg-schema__items">
          <p className="dg-schema__note">
            {t('api.items')}: <SchemaHead node={node.items} />
          </p>
          {node.items.kind !== 'ref' && <SchemaFacts node={{ ...node.items, descriptionHtml: undefined }} />}
          <SchemaBody node={node.items} depth={depth} />
        </div>
      ) : null;
    case 'union':
      return <UnionBody node={node} depth={depth} />;
    case 'ref':
      // Filled with a copy of the named schema's tree by the client when opened; a plain link without JS.
      return <RefLink node={node} />;
    case 'recursive':
      return <RecursiveLink node={node} />;
    default:
      return null;
  }
}

/**
 * The HTML of an object's property list already rendered for the same model node (the renderer fills it for a
 * named schema's subtree used in many places, so it is rendered once: src/node/render/schema-html.tsx), or
 * undefined to render it here. Without a provider nothing is reused.
 */
export const SchemaHtmlContext = createContext<(node: SchemaModel) => string | undefined>(() => undefined);

function ObjectBody({ node, depth }: { node: SchemaModel; depth: number }) {
  const html = useContext(SchemaHtmlContext)(node);
  if (html !== undefined) return <ul className="dg-schema" dangerouslySetInnerHTML={{ __html: html }} />;
  return (
    <ul className="dg-schema">
      <ObjectItems node={node} depth={depth} />
    </ul>
  );
}

/** The rows of an object's property list: its properties, then the additional-properties rule. */
export function ObjectItems({ node, depth }: { node: SchemaModel; depth: number }) {
  const t = useMessages();
  return (
    <>
      {node.properties?.map((prop) => (
        <Property key={prop.name} prop={prop} depth={depth} />
      ))}
      {node.additionalProperties === false && (
        <li className="dg-prop dg-prop--closed">
          <span className="dg-badge dg-badge--closed">{t('api.noAdditional')}</span>
        </li>
      )}
      {node.additionalProperties && (
        <Property
          prop={{ name: `{${t('api.additional')}}`, required: false, schema: node.additionalProperties }}
          depth={depth}
        />
      )}
      <KeywordRows node={node} depth={depth} />
    </>
  );
}

function UnionBody({ node, depth }: { node: SchemaModel; depth: number }) {
  const t = useMessages();
  return (
    <div className="dg-union">
      <p className="dg-schema__note">
        {node.unionKind === 'anyOf' ? t('api.anyOf') : t('api.oneOf')}
        {node.discriminator && (
          <>
            {' '}
            {t.parts('api.discriminatorNote', { label: t('api.discriminator') })}
            <code>{node.discriminator}</code>
          </>
        )}
        {node.discriminatorDefault && (
          <>
            {' '}
            {t.parts('api.discriminatorNote', { label: t('api.discriminatorDefault') })}
            <code>{node.discriminatorDefault}</code>
          </>
        )}
      </p>
      <Tabs
        className="dg-union__tabs"
        items={(node.variants ?? [])
          .map((variant, i) => ({ label: variant.label ?? t('api.variant', { n: i + 1 }), variant }))
          .map(({ label, variant }) => ({
            key: label,
            label,
            content: (
              <>
                <SchemaFacts node={variant.schema} />
                <SchemaBody node={variant.schema} depth={depth} />
              </>
            ),
          }))}
      />
      {node.properties && node.properties.length > 0 && <ObjectBody node={node} depth={depth} />}
    </div>
  );
}

/**
 * A whole schema tree with its head line (the top level of a body, response or named schema).
 * @param view `request` hides readOnly properties, `response` hides writeOnly ones, `all` shows both
 */
export function SchemaTree({ node, view }: { node: SchemaModel; view: 'request' | 'response' | 'all' }) {
  const t = useMessages();
  return (
    <div className={`dg-schema-tree dg-view-${view}`}>
      <div className="dg-schema-tree__head">
        <SchemaHead node={node} />
      </div>
      <SchemaFacts node={node} />
      <div className="dg-schema-tree__body">
        {node.kind === 'ref' ? (
          <details className="dg-prop__details dg-schema-tree__ref" data-ref={node.refAnchor}>
            <summary className="dg-prop__head">{t('api.seeSchema')}</summary>
            <SchemaBody node={node} depth={0} />
          </details>
        ) : (
          <SchemaBody node={node} depth={0} />
        )}
      </div>
    </div>
  );
}
