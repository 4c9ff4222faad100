/**
 * Security Scheme Object (OpenAPI 3.0 §4.7.27) and Security Requirement Object (§4.7.30) handlers.
 */
import { isObject, joinPointer } from '../resolve.js';
import type {
  OAuthFlowModel,
  SecurityAuthModel,
  SecurityRequirementModel,
  SecuritySchemeModel,
} from '../../../shared/api-model.js';
import { securityAnchor, type ModelContext } from './context.js';

/** The scheme's kind (labelled by the theme) and where its credential goes (technical text, not translated). */
function kindOf(scheme: Record<string, unknown>): { auth: SecurityAuthModel; detail: string } {
  const type = String(scheme.type ?? '');
  if (type === 'http') {
    const name = String(scheme.scheme ?? '').toLowerCase();
    if (name === 'bearer') {
      const format = typeof scheme.bearerFormat === 'string' ? { param: scheme.bearerFormat } : {};
      return { auth: { kind: 'bearer', ...format }, detail: 'Authorization: Bearer {token}' };
    }
    if (name === 'basic') return { auth: { kind: 'basic' }, detail: 'Authorization: Basic {credentials}' };
    return { auth: { kind: 'http', param: name }, detail: `Authorization: ${name}` };
  }
  if (type === 'apiKey') return { auth: { kind: 'apiKey' }, detail: `${String(scheme.in)} ${String(scheme.name)}` };
  if (type === 'oauth2')
    return { auth: { kind: 'oauth2' }, detail: Object.keys(isObject(scheme.flows) ? scheme.flows : {}).join(', ') };
  if (type === 'openIdConnect')
    return { auth: { kind: 'openIdConnect' }, detail: String(scheme.openIdConnectUrl ?? '') };
  if (type === 'mutualTLS') return { auth: { kind: 'mutualTLS' }, detail: '' };
  return { auth: { kind: 'other', param: type }, detail: '' };
}

/** Models every scheme of `components.securitySchemes`, in document order. */
export function modelSecuritySchemes(ctx: ModelContext): SecuritySchemeModel[] {
  const components = isObject(ctx.doc.components) ? ctx.doc.components : {};
  const schemes = isObject(components.securitySchemes) ? components.securitySchemes : {};
  return Object.entries(schemes).map(([key, raw]) => {
    const { value, pointer } = ctx.resolve(raw, joinPointer('/components/securitySchemes', key));
    const flows = value.type === 'oauth2' ? flowsOf(value.flows) : [];
    const metadata = httpUrl(value.oauth2MetadataUrl);
    return {
      key,
      ...(value.deprecated === true ? { deprecated: true } : {}),
      anchor: securityAnchor(key),
      pointer,
      type: String(value.type ?? ''),
      ...kindOf(value),
      descriptionHtml: ctx.markdown(value.description),
      ...(metadata ? { oauth2MetadataUrl: metadata } : {}),
      ...(flows.length > 0 ? { flows } : {}),
    };
  });
}

/** A URL kept as a link target only with an http(s) scheme. */
function httpUrl(value: unknown): string | undefined {
  return typeof value === 'string' && /^https?:\/\//i.test(value) ? value : undefined;
}

/** The OAuth Flows Object (OpenAPI 3.0 §4.7.28; 3.2 §4.8.29 adds `deviceAuthorization`), flow by flow. */
function flowsOf(raw: unknown): OAuthFlowModel[] {
  if (!isObject(raw)) return [];
  return Object.entries(raw).flatMap(([name, flow]) => {
    if (name.startsWith('x-') || !isObject(flow)) return [];
    const model: OAuthFlowModel = {
      name,
      scopes: Object.entries(isObject(flow.scopes) ? flow.scopes : {}).map(([scope, description]) => ({
        name: scope,
        description: typeof description === 'string' ? description : '',
      })),
    };
    for (const key of ['authorizationUrl', 'deviceAuthorizationUrl', 'tokenUrl', 'refreshUrl'] as const) {
      const url = httpUrl(flow[key]);
      if (url) model[key] = url;
    }
    return [model];
  });
}

/**
 * Models a `security` list (operation-level, or the document's default).
 * @returns one entry per alternative; `[]` means no authentication
 */
export function modelSecurity(schemes: SecuritySchemeModel[], raw: unknown): SecurityRequirementModel[] {
  if (!Array.isArray(raw)) return [];
  const byKey = new Map(schemes.map((s) => [s.key, s]));
  return raw.filter(isObject).map((requirement) => ({
    schemes: Object.entries(requirement).map(([key, scopes]) => ({
      key,
      anchor: securityAnchor(key),
      auth: byKey.get(key)?.auth ?? null,
      scopes: Array.isArray(scopes) ? scopes.map(String) : [],
    })),
  }));
}
