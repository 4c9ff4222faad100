/**
 * Operation Object handler (OpenAPI 3.0 §4.7.10): parameters (path-level merged, operation-level wins), request
 * body, responses by status code, security (operation-level, else the document's), and code samples.
 */
import { isObject, joinPointer } from '../resolve.js';
import type { ApiOperationModel, ParameterModel, SecuritySchemeModel, ServerModel } from '../model.js';
import { createCodeSamples } from '../snippets.js';
import type { ModelContext } from './context.js';
import { modelParameter, parameterKey } from './parameter.js';
import { modelRequestBody } from './request-body.js';
import { modelResponse } from './response.js';
import { modelSecurity } from './security.js';

/** An operation's anchor: its operationId, else `method-path` slugged (e.g. `get-realms-realm`). */
export function operationAnchor(method: string, path: string, operationId: unknown): string {
  if (typeof operationId === 'string' && operationId.trim() !== '') return operationId.trim().replace(/\s+/g, '-');
  return `${method}-${path}`.replace(/[^A-Za-z0-9_-]+/g, '-').replace(/-+$/, '');
}

/**
 * Models one operation.
 * @param options.item the Path Item Object (for its shared parameters)
 */
export function modelOperation(
  ctx: ModelContext,
  options: { method: string; path: string; item: Record<string, unknown>; raw: Record<string, unknown>; schemes: SecuritySchemeModel[]; servers: ServerModel[] },
): ApiOperationModel {
  const { method, path, item, raw } = options;
  const itemPointer = joinPointer('/paths', path);
  const pointer = joinPointer(itemPointer, method);
  const byKey = new Map<string, { raw: unknown; pointer: string }>();
  (Array.isArray(item.parameters) ? item.parameters : []).forEach((p, i) => byKey.set(parameterKey(ctx, p), { raw: p, pointer: joinPointer(itemPointer, 'parameters', i) }));
  (Array.isArray(raw.parameters) ? raw.parameters : []).forEach((p, i) => byKey.set(parameterKey(ctx, p), { raw: p, pointer: joinPointer(pointer, 'parameters', i) }));
  const parameters = [...byKey.values()].map((p) => modelParameter(ctx, p.raw, p.pointer)).filter((p): p is ParameterModel => p !== undefined);
  const requestBody = raw.requestBody === undefined ? undefined : modelRequestBody(ctx, raw.requestBody, joinPointer(pointer, 'requestBody'));
  const responseEntries = Object.entries(isObject(raw.responses) ? raw.responses : {});
  const firstSuccess = responseEntries.find(([status]) => /^2/.test(status))?.[0] ?? responseEntries[0]?.[0];
  const responses = responseEntries.map(([status, r]) =>
    modelResponse(ctx, { status, raw: r, pointer: joinPointer(pointer, 'responses', status), generate: status === firstSuccess }),
  );
  const security = modelSecurity(options.schemes, raw.security ?? ctx.doc.security);
  const tags = Array.isArray(raw.tags) ? raw.tags.map(String) : [];
  const model: ApiOperationModel = {
    id: operationAnchor(method, path, raw.operationId),
    pointer,
    method,
    path,
    summary: typeof raw.summary === 'string' ? raw.summary : '',
    descriptionHtml: ctx.markdown(raw.description),
    deprecated: raw.deprecated === true,
    tag: tags[0] ?? 'default',
    parameters,
    requestBody,
    responses,
    security,
    samples: [],
  };
  model.samples = createCodeSamples({ method, path, servers: options.servers, parameters, requestBody, security, schemes: options.schemes });
  return model;
}
