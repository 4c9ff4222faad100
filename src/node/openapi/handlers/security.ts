/**
 * Security Scheme Object (OpenAPI 3.0 §4.7.27) and Security Requirement Object (§4.7.30) handlers.
 */
import { isObject, joinPointer } from '../resolve.js';
import type { SecurityRequirementModel, SecuritySchemeModel } from '../model.js';
import { securityAnchor, type ModelContext } from './context.js';

function labelOf(scheme: Record<string, unknown>): { label: string; detail: string } {
  const type = String(scheme.type ?? '');
  if (type === 'http') {
    const name = String(scheme.scheme ?? '').toLowerCase();
    if (name === 'bearer') {
      const format = typeof scheme.bearerFormat === 'string' ? `（${scheme.bearerFormat}）` : '';
      return { label: `Bearer 認証${format}`, detail: 'Authorization: Bearer {token}' };
    }
    if (name === 'basic') return { label: 'Basic 認証', detail: 'Authorization: Basic {credentials}' };
    return { label: `HTTP 認証（${name}）`, detail: `Authorization: ${name}` };
  }
  if (type === 'apiKey') return { label: 'API キー', detail: `${String(scheme.in)} ${String(scheme.name)}` };
  if (type === 'oauth2') return { label: 'OAuth 2.0', detail: Object.keys(isObject(scheme.flows) ? scheme.flows : {}).join(', ') };
  if (type === 'openIdConnect') return { label: 'OpenID Connect', detail: String(scheme.openIdConnectUrl ?? '') };
  if (type === 'mutualTLS') return { label: '相互 TLS', detail: '' };
  return { label: type, detail: '' };
}

/** Models every scheme of `components.securitySchemes`, in document order. */
export function modelSecuritySchemes(ctx: ModelContext): SecuritySchemeModel[] {
  const components = isObject(ctx.doc.components) ? ctx.doc.components : {};
  const schemes = isObject(components.securitySchemes) ? components.securitySchemes : {};
  return Object.entries(schemes).map(([key, raw]) => {
    const { value, pointer } = ctx.resolve(raw, joinPointer('/components/securitySchemes', key));
    return { key, anchor: securityAnchor(key), pointer, type: String(value.type ?? ''), ...labelOf(value), descriptionHtml: ctx.markdown(value.description) };
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
      label: byKey.get(key)?.label ?? key,
      scopes: Array.isArray(scopes) ? scopes.map(String) : [],
    })),
  }));
}
