/**
 * Parts of a reference's header (server-rendered only): what `info` says beside the description (licence, terms of
 * service, contact, external docs: OpenAPI 3.0 §4.7.2-4.7.4, §4.7.11, shown under the title as Redoc does), the
 * security schemes, and the description merged with them: when the description has its own section titled like
 * the generated one (「認証」), the schemes are shown inside it instead of under a second heading of that name.
 */
import type { ReactNode } from 'react';
import type { ApiDocumentModel, ApiInfoModel, SecuritySchemeModel } from '../../src/shared/api-model.js';
import { useMessages } from '../i18n/use-messages.js';
import { securityLabel } from './labels.js';
import { Markdown } from './Markdown.js';

/** Licence, terms of service, contact and external docs of a document; nothing when it gives none. */
export function ApiInfo({ info }: { info: ApiInfoModel }) {
  const t = useMessages();
  const { license, termsOfService, contact, externalDocs } = info;
  if (!license && !termsOfService && !contact && !externalDocs) return null;
  return (
    <dl className="dg-api-info">
      {license && (
        <div className="dg-api-info__item" data-info="license">
          <dt>{t('api.license')}</dt>
          <dd>{license.url ? <a href={license.url}>{license.name}</a> : license.name}</dd>
        </div>
      )}
      {termsOfService && (
        <div className="dg-api-info__item" data-info="terms">
          <dt>{t('api.termsOfService')}</dt>
          <dd>
            <a href={termsOfService}>{termsOfService}</a>
          </dd>
        </div>
      )}
      {contact && (
        <div className="dg-api-info__item" data-info="contact">
          <dt>{t('api.contact')}</dt>
          <dd>
            {contact.url ? <a href={contact.url}>{contact.name ?? contact.url}</a> : contact.name}
            {contact.email && (
              <>
                {(contact.url || contact.name) && ' '}
                <a href={`mailto:${contact.email}`}>{contact.email}</a>
              </>
            )}
          </dd>
        </div>
      )}
      {externalDocs && (
        <div className="dg-api-info__item" data-info="external-docs">
          <dt>{t('api.externalDocs')}</dt>
          <dd>
            <a href={externalDocs.url}>{externalDocs.url}</a>
            <Markdown html={externalDocs.descriptionHtml} className="dg-api-info__desc" />
          </dd>
        </div>
      )}
    </dl>
  );
}

/** The security schemes of a document, each a section whose id is the scheme's anchor. */
export function SecuritySchemes({ model }: { model: ApiDocumentModel }) {
  const t = useMessages();
  return (
    <>
      {model.securitySchemes.map((s) => (
        <section key={s.key} id={s.anchor} className="dg-scheme">
          <h3 className="dg-scheme__title">
            {securityLabel(t, s.auth, s.key)} <code>{s.key}</code>
            {s.deprecated && <span className="dg-badge dg-badge--deprecated">{t('api.deprecated')}</span>}
          </h3>
          {s.detail && (
            <p>
              <code>{s.detail}</code>
            </p>
          )}
          <Markdown html={s.descriptionHtml} />
          {(s.oauth2MetadataUrl || s.flows) && <OAuthDetails scheme={s} />}
        </section>
      ))}
    </>
  );
}

/**
 * An oauth2 scheme's metadata URL (OpenAPI 3.2 `oauth2MetadataUrl`, RFC 8414) and flows with their URLs and scopes,
 * as Redoc lists them. Field names are printed as the document writes them (technical text, like `detail`).
 */
function OAuthDetails({ scheme }: { scheme: SecuritySchemeModel }) {
  const link = (name: string, url: string | undefined) =>
    url && (
      <li key={name}>
        <code>{name}</code> <a href={url}>{url}</a>
      </li>
    );
  return (
    <ul className="dg-scheme__flows">
      {link('oauth2MetadataUrl', scheme.oauth2MetadataUrl)}
      {scheme.flows?.map((flow) => (
        <li key={flow.name}>
          <code>{flow.name}</code>
          <ul>
            {link('authorizationUrl', flow.authorizationUrl)}
            {link('deviceAuthorizationUrl', flow.deviceAuthorizationUrl)}
            {link('tokenUrl', flow.tokenUrl)}
            {link('refreshUrl', flow.refreshUrl)}
            {flow.scopes.length > 0 && (
              <li>
                <code>scopes</code>
                <ul>
                  {flow.scopes.map((scope) => (
                    <li key={scope.name}>
                      <code>{scope.name}</code> {scope.description}
                    </li>
                  ))}
                </ul>
              </li>
            )}
          </ul>
        </li>
      ))}
    </ul>
  );
}

const H2 = /<h2\b[^>]*>([\s\S]*?)<\/h2>/g;

/**
 * Splits description HTML after the section whose `<h2>` reads `title` (tags stripped, spaces trimmed): the
 * section ends where the next `<h2>` starts, or with the description.
 * @returns [up to the section's end, the rest], or null when no `<h2>` reads `title`
 */
export function splitAfterSection(html: string, title: string): [string, string] | null {
  for (const match of html.matchAll(H2)) {
    if (match[1]!.replace(/<[^>]*>/g, '').trim() !== title) continue;
    const end = match.index + match[0].length;
    const next = html.slice(end).search(/<h2\b/);
    return next === -1 ? [html, ''] : [html.slice(0, end + next), html.slice(end + next)];
  }
  return null;
}

/**
 * The description followed by the servers, with the security schemes either inside the description's own
 * 「認証」 section (merged) or, when it has none, in a generated section of that title after the servers.
 * @param servers the servers block, placed after the description
 */
export function DescriptionWithSecurity({ model, servers }: { model: ApiDocumentModel; servers: ReactNode }) {
  const t = useMessages();
  const title = t('api.security');
  const split = model.securitySchemes.length > 0 ? splitAfterSection(model.descriptionHtml, title) : null;
  if (split) {
    return (
      <>
        <Markdown html={split[0]} className="dg-api-head__desc" />
        <div className="dg-api-head__schemes">
          <SecuritySchemes model={model} />
        </div>
        <Markdown html={split[1]} className="dg-api-head__desc" />
        {servers}
      </>
    );
  }
  return (
    <>
      <Markdown html={model.descriptionHtml} className="dg-api-head__desc" />
      {servers}
      {model.securitySchemes.length > 0 && (
        <div className="dg-api-head__block">
          <h2 className="dg-api-h2">{title}</h2>
          <SecuritySchemes model={model} />
        </div>
      )}
    </>
  );
}
