/**
 * The API reference body, rendered on the server only (to a static HTML fragment that works without JavaScript;
 * src/client/api/enhance.ts adds interaction in the browser). Three columns on wide screens: navigation by tag,
 * operation details, samples (templates/styles/api.css); one column under 996 px.
 *
 * The browser gets no copy of the document: the try-it console reads the operation's DOM and one small inert
 * JSON island (servers and security schemes).
 */
import type { ApiDocumentModel, ApiTagModel, NamedSchemaModel } from '../../src/shared/api-model.js';
import { ApiInfo, DescriptionWithSecurity } from './ApiInfo.js';
import { ApiNav } from './ApiNav.js';
import { PartPlaceholder } from './ApiParts.js';
import { useMessages } from '../i18n/use-messages.js';
import { ApiSourceNote } from './ApiSourceNote.js';
import { tagLabel } from './labels.js';
import { tagParents } from '../../src/shared/api-tags.js';
import { Markdown } from './Markdown.js';
import { Operation } from './Operation.js';
import { OperationTwinContext } from './operation-twin.js';
import { SchemaTree } from './Schema.js';
import type { ApiReferenceProps } from './types.js';

/** What the try-it console needs beyond the DOM. `<` is escaped so the JSON can never close its script tag. */
function islandJson(model: ApiDocumentModel): string {
  const data = {
    servers: model.servers,
    schemes: model.securitySchemes.map(({ key, type, detail }) => ({ key, type, detail })),
  };
  return JSON.stringify(data).replace(/</g, '\\u003c');
}

/** The try-it console's inert JSON island (servers and security schemes; src/client/api/try-it.ts reads it). */
function ApiIsland({ model }: { model: ApiDocumentModel }) {
  return (
    <script type="application/json" className="dg-api-data" dangerouslySetInnerHTML={{ __html: islandJson(model) }} />
  );
}

/**
 * Whether a version is written with its `v` already (`v1.13.4`): the badge then shows it as it is, never
 * `vv1.13.4`; any other gets a `v` before it. An empty version has no badge (not a bare `v`).
 */
export function hasVersionPrefix(version: string): boolean {
  return /^v\d/i.test(version.trim());
}

/**
 * A tag section's heading, with its OpenAPI 3.2 `kind` as a badge, and above it, for a nested tag, the tags it sits
 * under (`parent`, then its parent...), outermost first, each a link to its section. One element unless the tag is
 * nested: the section's other children, and so the ids React gives the tabs inside its operations, stay as they are.
 */
function TagHeading({ tag, tags }: { tag: ApiTagModel; tags: ApiTagModel[] }) {
  const t = useMessages();
  const heading = (
    <h2 className="dg-api-h2 dg-api-tag__title">
      {tagLabel(t, tag)}
      {tag.kind && <span className="dg-badge dg-badge--kind">{tag.kind}</span>}
    </h2>
  );
  if (!tag.parent) return heading;
  const chain = tagParents(tags, tag);
  return (
    <>
      <p className="dg-api-tag__parents">
        {chain.map((parent, i) => (
          <span key={parent.anchor}>
            {i > 0 && ' / '}
            <a href={`#${parent.anchor}`}>{tagLabel(t, parent)}</a>
          </span>
        ))}
      </p>
      {heading}
    </>
  );
}

/** Title, version, downloads, description, servers and security schemes of a reference. */
function ApiHeader({ model, downloads }: Pick<ApiReferenceProps, 'model' | 'downloads'>) {
  const t = useMessages();
  return (
    <header className="dg-api-head">
      {model.info.logo && <ApiLogo logo={model.info.logo} />}
      <h1 className="dg-api-head__title">{model.title}</h1>
      <p className="dg-api-head__meta">
        {model.version.trim() !== '' && (
          <>
            <span className="dg-badge dg-badge--version">
              {hasVersionPrefix(model.version) ? model.version.trim() : <>v{model.version}</>}
            </span>{' '}
          </>
        )}
        <span className="dg-badge">OpenAPI {model.openapi}</span>
      </p>
      <p className="dg-api-head__downloads">
        <a className="dg-download" href={downloads.yaml} download="">
          {t.parts('api.downloadYaml', { download: t('api.download') })}
        </a>
        <a className="dg-download" href={downloads.json} download="">
          {t.parts('api.downloadJson', { download: t('api.download') })}
        </a>
      </p>
      <ApiInfo info={model.info} />
      <DescriptionWithSecurity
        model={model}
        servers={
          model.servers.length > 0 && (
            <div className="dg-api-head__block">
              <h2 className="dg-api-h2">{t('api.servers')}</h2>
              <ul className="dg-servers">
                {model.servers.map((s) => (
                  <li key={s.url}>
                    {s.name && <strong className="dg-servers__name">{s.name}</strong>}
                    <code>{s.url}</code> {s.description}
                    {s.variables.length > 0 && (
                      <ul>
                        {s.variables.map((v) => (
                          <li key={v.name}>
                            <code>{`{${v.name}}`}</code>
                            {` ${t('api.serverDefault')} `}
                            <code>{v.default}</code> {v.description}
                          </li>
                        ))}
                      </ul>
                    )}
                  </li>
                ))}
              </ul>
            </div>
          )
        }
      />
    </header>
  );
}

/** The document's logo (Redoc's `x-logo`), a link when it has an `href`. */
function ApiLogo({ logo }: { logo: NonNullable<ApiDocumentModel['info']['logo']> }) {
  const image = <img className="dg-api-head__logo" src={logo.url} alt={logo.alt} />;
  return <p className="dg-api-head__brand">{logo.href ? <a href={logo.href}>{image}</a> : image}</p>;
}

/** One named schema of the 「スキーマ」 section (its id is the schema's anchor). */
export function NamedSchema({ schema }: { schema: NamedSchemaModel }) {
  return (
    <section className="dg-api-schema" id={schema.anchor}>
      <h3 className="dg-api-schema__title">{schema.name}</h3>
      {/* The title names the schema: its head line gives only the type (`object`, not `Comment object`). */}
      <SchemaTree node={{ ...schema.schema, refName: undefined }} view="all" />
    </section>
  );
}

/**
 * Renders the reference of one OpenAPI document from its view model: everything, or with a `layout` (a split
 * reference) the header, a collapsible navigation and placeholders of the parts.
 */
export function ApiReference({ model, downloads, layout, twin }: ApiReferenceProps) {
  const t = useMessages();
  return (
    <OperationTwinContext.Provider value={twin}>
      <div className={layout ? 'dg-api-ref dg-api-ref--split' : 'dg-api-ref'}>
        <ApiIsland model={model} />
        <ApiNav model={model} collapsible={layout !== undefined} />
        <div className="dg-api-content">
          <ApiSourceNote model={model}>
            <ApiHeader model={model} downloads={downloads} />
          </ApiSourceNote>
          {model.tags.map((tag) => (
            <section key={tag.name} className="dg-api-tag" id={tag.anchor}>
              <TagHeading tag={tag} tags={model.tags} />
              <Markdown html={tag.descriptionHtml} className="dg-api-tag__desc" />
              {layout
                ? (layout.tags.get(tag.anchor) ?? []).map((part) => (
                    <PartPlaceholder key={part.url} part={part} kind="operations" />
                  ))
                : tag.operations.map((op) => <Operation key={op.id} op={op} />)}
            </section>
          ))}
          {model.schemas.length > 0 && (
            <section className="dg-api-schemas" id="schemas">
              <h2 className="dg-api-h2">{t('api.schemas')}</h2>
              {layout
                ? layout.schemas.map((part) => <PartPlaceholder key={part.url} part={part} kind="schemas" />)
                : model.schemas.map((s) => <NamedSchema key={s.name} schema={s} />)}
            </section>
          )}
        </div>
      </div>
    </OperationTwinContext.Provider>
  );
}
