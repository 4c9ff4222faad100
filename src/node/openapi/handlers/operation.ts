/**
 * Operation Object handler (OpenAPI 3.0 §4.7.10): parameters (path-level merged, operation-level wins), request
 * body, responses by status code, security (operation-level, else the document's). Code samples are made when the
 * operation is rendered (snippets.ts withCodeSamples).
 */
import { isObject, joinPointer } from '../resolve.js';
import type {
  ApiOperationModel,
  CodeSampleModel,
  ParameterModel,
  SecuritySchemeModel,
} from '../../../shared/api-model.js';
import type { ModelContext } from './context.js';
import { modelParameter, parameterKey } from './parameter.js';
import { modelRequestBody } from './request-body.js';
import { modelResponse } from './response.js';
import { modelSecurity } from './security.js';
import { modelCallbacks } from './callback.js';

/** An operation's anchor: its operationId, else `method-path` slugged (e.g. `get-realms-realm`). */
export function operationAnchor(method: string, path: string, operationId: unknown): string {
  if (typeof operationId === 'string' && operationId.trim() !== '') return operationId.trim().replace(/\s+/g, '-');
  return `${method.toLowerCase()}-${path}`.replace(/[^A-Za-z0-9_-]+/g, '-').replace(/-+$/, '');
}

/** Where an operation is and what it is, beyond its Path Item Object (webhooks and callbacks). */
export interface OperationPlace {
  /** Pointer of the Path Item Object (default `/paths/<path>`). */
  itemPointer?: string;
  /** The anchor (default operationAnchor's). */
  id?: string;
  /** A webhook or a callback's request: no code samples (the API sends it; nothing to try). */
  sent?: 'webhook' | 'callback';
  /** Its keys under the Path Item Object (default `[method]`; `['additionalOperations', 'COPY']`, OpenAPI 3.2). */
  at?: string[];
}

/**
 * Models one operation.
 * @param options.item the Path Item Object (for its shared parameters)
 * @param options.path the path template; a webhook's name; a callback's URL expression
 */
export function modelOperation(
  ctx: ModelContext,
  options: {
    method: string;
    path: string;
    item: Record<string, unknown>;
    raw: Record<string, unknown>;
    schemes: SecuritySchemeModel[];
  } & OperationPlace,
): ApiOperationModel {
  const { method, path, item } = options;
  const itemPointer = options.itemPointer ?? joinPointer('/paths', path);
  const pointer = joinPointer(itemPointer, ...(options.at ?? [method]));
  // An operation may itself be a `$ref` (DigitalOcean keeps each in a file of its own): OpenAPI 3.x wants an
  // Operation Object there (§4.8.9), but Redoc follows it as any other reference, and so does docgen. What is inside
  // is located where it is written (`at`).
  const { value: raw, pointer: at } = ctx.resolve<Record<string, unknown>>(options.raw, pointer);
  const byKey = new Map<string, { raw: unknown; pointer: string }>();
  (Array.isArray(item.parameters) ? item.parameters : []).forEach((p, i) =>
    byKey.set(parameterKey(ctx, p), { raw: p, pointer: joinPointer(itemPointer, 'parameters', i) }),
  );
  (Array.isArray(raw.parameters) ? raw.parameters : []).forEach((p, i) =>
    byKey.set(parameterKey(ctx, p), { raw: p, pointer: joinPointer(at, 'parameters', i) }),
  );
  const parameters = [...byKey.values()]
    .map((p) => modelParameter(ctx, p.raw, p.pointer))
    .filter((p): p is ParameterModel => p !== undefined);
  const requestBody =
    raw.requestBody === undefined ? undefined : modelRequestBody(ctx, raw.requestBody, joinPointer(at, 'requestBody'));
  const responseEntries = Object.entries(isObject(raw.responses) ? raw.responses : {});
  const firstSuccess = responseEntries.find(([status]) => /^2/.test(status))?.[0] ?? responseEntries[0]?.[0];
  const responses = responseEntries.map(([status, r]) =>
    modelResponse(ctx, {
      status,
      raw: r,
      pointer: joinPointer(at, 'responses', status),
      generate: status === firstSuccess,
    }),
  );
  const security = modelSecurity(options.schemes, raw.security ?? ctx.doc.security);
  const tags = Array.isArray(raw.tags) ? raw.tags.map(String) : [];
  const model: ApiOperationModel = {
    id: options.id ?? operationAnchor(method, path, raw.operationId),
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
  const codeSamples = modelCodeSamples(ctx, raw, at);
  if (codeSamples.length > 0) model.codeSamples = codeSamples;
  if (options.sent === 'webhook') model.webhook = true;
  const callbacks = options.sent
    ? []
    : modelCallbacks(ctx, { operation: model, raw: raw.callbacks, schemes: options.schemes, modelOperation });
  if (callbacks.length > 0) model.callbacks = callbacks;
  return model;
}

/**
 * An operation's own request samples: Redoc's `x-codeSamples` (or the older `x-code-samples`), a list of
 * `{ lang, label?, source }`, each perhaps a `$ref` (DigitalOcean keeps them in files of their own). An entry
 * without a string `lang` and `source` is left out, as Redoc leaves it out.
 * @param pointer the Operation Object's JSON pointer
 * @returns the samples in the document's order; label `label`, else `lang`
 */
function modelCodeSamples(ctx: ModelContext, raw: Record<string, unknown>, pointer: string): CodeSampleModel[] {
  const key = raw['x-codeSamples'] !== undefined ? 'x-codeSamples' : 'x-code-samples';
  const list = raw[key];
  if (!Array.isArray(list)) return [];
  return list.flatMap((entry, i) => {
    const sample = ctx.resolve(entry, joinPointer(pointer, key, i)).value;
    if (!isObject(sample) || typeof sample.lang !== 'string' || typeof sample.source !== 'string') return [];
    return [
      {
        lang: sample.lang,
        label: typeof sample.label === 'string' && sample.label !== '' ? sample.label : sample.lang,
        code: sample.source.replace(/\n$/, ''),
      },
    ];
  });
}
