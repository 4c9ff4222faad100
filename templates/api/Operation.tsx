/**
 * One operation: method, path, summary, description, security, parameters, request body and responses in the
 * centre column; beside it a column that stays in view while the operation scrolls (Scalar's layout): request
 * samples (curl / JavaScript / Python), the try-it console, and examples. The section carries
 * `data-method` / `data-path`, parameter rows `data-param-*`, and the request example is `pre[data-role=body]`:
 * that is all the try-it console (src/client/api/try-it.ts) reads.
 */
import type {
  ApiOperationModel,
  EncodingModel,
  HeaderModel,
  MediaTypeModel,
  ParameterModel,
  ResponseModel,
} from '../../src/shared/api-model.js';
import { useAnchorHref } from './anchor-href.js';
import { Callbacks } from './Callbacks.js';
import { CodeBlock } from './CodeBlock.js';
import { useMessages } from '../i18n/use-messages.js';
import { exampleLabel, exampleText, PARAMETER_IN, securityLabel } from './labels.js';
import { Markdown } from './Markdown.js';
import { useOperationTwin } from './operation-twin.js';
import { TwinMenu } from '../components/PageMenu.js';
import { SchemaFacts, SchemaHead, SchemaTree } from './Schema.js';
import { Tabs } from './Tabs.js';

export function MethodBadge({ method }: { method: string }) {
  // A fixed field's key is lower case (`get`, `query`); an OpenAPI 3.2 additional operation's is the method as sent
  // (`COPY`), shown as it is: methods are case-sensitive (RFC 9110 §9.1).
  const shown = method === method.toLowerCase() ? method.toUpperCase() : method;
  return <span className={`dg-method dg-method--${method.toLowerCase()}`}>{shown}</span>;
}

function Parameters({ parameters }: { parameters: ParameterModel[] }) {
  const t = useMessages();
  return (
    <div className="dg-op__block">
      <h4 className="dg-op__h">{t('api.parameters')}</h4>
      <ul className="dg-schema dg-params">
        {parameters.map((p) => (
          <li
            key={`${p.in}:${p.name}`}
            className="dg-prop dg-param"
            data-param-in={p.in}
            data-param-name={p.name}
            data-param-required={p.required ? 'true' : undefined}
            data-example={p.example}
          >
            <div className="dg-prop__head">
              <code className="dg-prop__name">{p.name}</code>
              <span className="dg-badge dg-badge--in">{t(PARAMETER_IN[p.in]!)}</span>
              {p.schema && <SchemaHead node={p.schema} required={p.required} />}
              {!p.schema && p.required && <span className="dg-badge dg-badge--required">{t('api.required')}</span>}
              {p.deprecated && <span className="dg-badge dg-badge--deprecated">{t('api.deprecated')}</span>}
            </div>
            <Markdown html={p.descriptionHtml} className="dg-prop__desc" />
            {p.schema && <SchemaFacts node={{ ...p.schema, descriptionHtml: undefined }} />}
          </li>
        ))}
      </ul>
    </div>
  );
}

function MediaSchemas({ contents, view }: { contents: MediaTypeModel[]; view: 'request' | 'response' }) {
  return (
    <>
      {contents.map((media) => (
        <div key={media.mediaType} className="dg-media">
          <p className="dg-media__type">
            <code>{media.mediaType}</code>
          </p>
          <MediaSchema media={media} view={view} />
        </div>
      ))}
    </>
  );
}

/**
 * A media type's schema, and the `itemSchema` of a sequential media type (OpenAPI 3.2 §4.8.14: the schema of each
 * item of the stream) under its label. One element without an itemSchema: the ids React gives the tabs inside the
 * schema stay those of a schema alone.
 */
function MediaSchema({ media, view }: { media: MediaTypeModel; view: 'request' | 'response' }) {
  const t = useMessages();
  const schema = media.schema && <SchemaTree node={media.schema} view={view} />;
  const encoding = media.encoding && <Encodings encoding={media.encoding} />;
  if (!media.itemSchema && !encoding) return schema;
  if (!media.itemSchema)
    return (
      <>
        {schema}
        {encoding}
      </>
    );
  return (
    <>
      {schema}
      {encoding}
      <div className="dg-media__items">
        <p className="dg-media__items-label">{t('api.itemSchema')}</p>
        <SchemaTree node={media.itemSchema} view={view} />
      </div>
    </>
  );
}

function statusClass(status: string): string {
  return `dg-status dg-status--${/^[1-5]/.test(status) ? status[0] : 'default'}`;
}

/** Header Objects (a response's, a multipart part's) as rows: name, type, description, format and example. */
function HeaderRows({ headers }: { headers: HeaderModel[] }) {
  const t = useMessages();
  return (
    <ul className="dg-schema">
      {headers.map((h) => (
        <li key={h.name} className="dg-prop">
          <div className="dg-prop__head">
            <code className="dg-prop__name">{h.name}</code>
            {h.schema && <SchemaHead node={h.schema} />}
          </div>
          <Markdown html={h.descriptionHtml} className="dg-prop__desc" />
          {/* Its format and other keywords, and its example (Redoc's response header rows). */}
          {h.schema && <SchemaFacts node={{ ...h.schema, descriptionHtml: undefined }} />}
          {h.example !== undefined && (
            <ul className="dg-facts">
              <li className="dg-fact dg-fact--example">
                <span className="dg-fact__k">{t('api.example')}</span> <code className="dg-fact__v">{h.example}</code>
              </li>
            </ul>
          )}
        </li>
      ))}
    </ul>
  );
}

/**
 * A multipart or form body's Encoding Objects (OpenAPI 3.2 §4.8.15), one row per property (or position): the part's
 * content type, the form field's style, explode and allowReserved as written, and the part's headers. Redoc uses
 * them only to serialise form examples; the reader needs them to send the body.
 */
function Encodings({ encoding }: { encoding: EncodingModel[] }) {
  const t = useMessages();
  const fact = (key: string, value: string) => (
    <li key={key} className="dg-fact">
      <span className="dg-fact__k">{key}</span> <code className="dg-fact__v">{value}</code>
    </li>
  );
  return (
    <div className="dg-media__encoding">
      <p className="dg-media__items-label">{t('api.encoding')}</p>
      <ul className="dg-schema">
        {encoding.map((e) => (
          <li key={e.name} className="dg-prop" data-encoding={e.name}>
            <div className="dg-prop__head">
              <code className="dg-prop__name">{e.name}</code>
            </div>
            <ul className="dg-facts">
              {e.contentType !== undefined && fact('Content-Type', e.contentType)}
              {e.style !== undefined && fact('style', e.style)}
              {e.explode !== undefined && fact('explode', String(e.explode))}
              {e.allowReserved && fact('allowReserved', 'true')}
            </ul>
            {e.headers && <HeaderRows headers={e.headers} />}
          </li>
        ))}
      </ul>
    </div>
  );
}

function Response({ response, open }: { response: ResponseModel; open: boolean }) {
  const t = useMessages();
  return (
    <details className="dg-resp" open={open}>
      <summary className="dg-resp__head">
        <span className={statusClass(response.status)}>
          {response.status === 'default' ? t('api.otherStatus') : response.status}
        </span>
        <Markdown html={response.descriptionHtml} className="dg-resp__desc" />
      </summary>
      {response.headers.length > 0 && (
        <div className="dg-resp__headers">
          <h5 className="dg-op__h5">{t('api.headers')}</h5>
          <HeaderRows headers={response.headers} />
        </div>
      )}
      <MediaSchemas contents={response.contents} view="response" />
    </details>
  );
}

function Examples({ media, role }: { media: MediaTypeModel; role?: string }) {
  const t = useMessages();
  if (media.examples.length === 0) return null;
  // An Example Object's description goes above its value (Redoc's ExampleValue).
  const example = (e: MediaTypeModel['examples'][number], exampleRole?: string) => (
    <>
      {e.descriptionHtml && <Markdown html={e.descriptionHtml} className="dg-example__desc" />}
      <CodeBlock code={exampleText(t, e)} lang="json" role={exampleRole} />
    </>
  );
  if (media.examples.length === 1) return example(media.examples[0]!, role);
  return (
    <Tabs
      className="dg-examples"
      items={media.examples.map((e, i) => ({
        key: e.name,
        label: exampleLabel(t, e),
        content: example(e, i === 0 ? role : undefined),
      }))}
    />
  );
}

/** The right column: request samples, the try-it console (not for a webhook or a callback's request), examples. */
function SamplesPanel({ op, sent }: { op: ApiOperationModel; sent: boolean }) {
  const t = useMessages();
  const bodyMedia = op.requestBody?.contents[0];
  const responseExamples = op.responses.flatMap((r) =>
    r.contents
      .filter((c) => c.examples.length > 0)
      .slice(0, 1)
      .map((media) => ({ status: r.status, media })),
  );
  return (
    <aside className="dg-op__side" aria-label={t('api.samplesOf', { operation: op.summary || op.id })}>
      <div className="dg-op__side-inner">
        {op.samples.length > 0 && (
          <div className="dg-side__block">
            <h4 className="dg-side__h">{t('api.requestSamples')}</h4>
            <Tabs
              className="dg-samples"
              items={op.samples.map((s) => ({
                key: s.lang,
                label: s.label,
                content: <CodeBlock code={s.code} lang={s.lang} />,
              }))}
            />
          </div>
        )}
        {!sent && !op.webhook && (
          <div className="dg-try dg-needs-js">
            <button type="button" className="dg-try__open" data-try="">
              {t('api.tryIt')}
            </button>
          </div>
        )}
        {bodyMedia && bodyMedia.examples.length > 0 && (
          <div className="dg-side__block">
            <h4 className="dg-side__h">
              {t('api.requestBody')} <code>{bodyMedia.mediaType}</code>
            </h4>
            <Examples media={bodyMedia} role="body" />
          </div>
        )}
        {responseExamples.length > 0 && (
          <div className="dg-side__block">
            <h4 className="dg-side__h">{t('api.responseSamples')}</h4>
            <Tabs
              className="dg-resp-samples"
              items={responseExamples.map(({ status, media }) => ({
                key: status,
                label: (
                  <span className={statusClass(status)}>{status === 'default' ? t('api.otherStatus') : status}</span>
                ),
                content: <Examples media={media} />,
              }))}
            />
          </div>
        )}
      </div>
    </aside>
  );
}

function SchemeLink({ anchor, label }: { anchor: string; label: string }) {
  return <a href={useAnchorHref(anchor)}>{label}</a>;
}

/**
 * Renders one operation section (its id is the operation's anchor).
 * @param sent a callback's request (rendered under its operation by Callbacks): no try-it console, like a webhook
 */
export function Operation({ op, sent = false }: { op: ApiOperationModel; sent?: boolean }) {
  const t = useMessages();
  const firstSuccess = op.responses.find((r) => /^2/.test(r.status))?.status;
  const twin = useOperationTwin(op.id);
  return (
    <section
      className={`dg-op${op.deprecated ? ' dg-op--deprecated' : ''}`}
      id={op.id}
      data-method={op.method}
      data-path={op.path}
      data-body-media={op.requestBody?.contents[0]?.mediaType}
    >
      <div className="dg-op__main">
        <h3 className="dg-op__title">
          <a className="dg-op__anchor" href={`#${op.id}`}>
            {op.summary || op.id}
          </a>
          {op.deprecated && <span className="dg-badge dg-badge--deprecated">{t('api.deprecated')}</span>}
        </h3>
        <p className="dg-op__line">
          <MethodBadge method={op.method} />
          {op.webhook && <span className="dg-badge dg-badge--webhook">{t('api.webhook')}</span>}
          <code className="dg-op__path">{op.path}</code>
          {twin && !sent && (
            <TwinMenu
              href={twin.href}
              url={twin.url}
              label={t('pageMenu.operationLabel')}
              copy={t('pageMenu.copyOperation')}
              className="dg-op__menu"
            />
          )}
        </p>
        <Markdown html={op.descriptionHtml} className="dg-op__desc" />
        <div className="dg-op__block dg-op__security">
          <h4 className="dg-op__h">{t('api.security')}</h4>
          {op.security.length === 0 ? (
            <p>{t('api.noSecurity')}</p>
          ) : (
            <ul className="dg-security">
              {op.security.map((req, i) => (
                <li key={i}>
                  {req.schemes.map((s, j) => (
                    <span key={s.key}>
                      {j > 0 && ' + '}
                      <SchemeLink anchor={s.anchor} label={securityLabel(t, s.auth, s.key)} />
                      {s.scopes.length > 0 && (
                        <span className="dg-security__scopes">
                          {t.parts('api.scopes', { scopes: s.scopes.join(', ') })}
                        </span>
                      )}
                    </span>
                  ))}
                </li>
              ))}
            </ul>
          )}
        </div>
        {op.parameters.length > 0 && <Parameters parameters={op.parameters} />}
        {op.requestBody && (
          <div className="dg-op__block">
            <h4 className="dg-op__h">
              {t('api.requestBody')}
              {op.requestBody.required && <span className="dg-badge dg-badge--required">{t('api.required')}</span>}
            </h4>
            <Markdown html={op.requestBody.descriptionHtml} />
            <MediaSchemas contents={op.requestBody.contents} view="request" />
          </div>
        )}
        <div className="dg-op__block">
          <h4 className="dg-op__h">{t('api.responses')}</h4>
          {op.responses.map((r) => (
            <Response key={r.status} response={r} open={r.status === firstSuccess} />
          ))}
        </div>
        {op.callbacks && <Callbacks callbacks={op.callbacks} renderOperation={(c) => <Operation op={c} sent />} />}
      </div>
      <SamplesPanel op={op} sent={sent} />
    </section>
  );
}
