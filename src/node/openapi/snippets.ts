/**
 * Request samples in curl, JavaScript fetch and Python requests, generated at build time with
 * @readme/httpsnippet from a HAR request made of the operation's model (server, example parameters and body),
 * so no snippet generator ships to the browser. They are made when an operation is rendered, not stored in the
 * view model: about 3.2 KB per operation, which a 50,000-operation document held in memory from
 * modelling to the end of the build, in its cache entry and in the message from the modelling worker.
 */
import { HTTPSnippet, type HarRequest } from '@readme/httpsnippet';
import type {
  ApiDocumentModel,
  ApiOperationModel,
  CodeSampleModel,
  MediaTypeModel,
  ParameterModel,
  RequestBodyModel,
  SecurityRequirementModel,
  SecuritySchemeModel,
  ServerModel,
} from '../../shared/api-model.js';

const TARGETS: {
  lang: CodeSampleModel['lang'];
  label: string;
  target: 'shell' | 'javascript' | 'python';
  client: string;
}[] = [
  { lang: 'curl', label: 'curl', target: 'shell', client: 'curl' },
  { lang: 'javascript', label: 'JavaScript', target: 'javascript', client: 'fetch' },
  { lang: 'python', label: 'Python', target: 'python', client: 'requests' },
];

/** The first server's URL with every variable at its default; a placeholder host when there is none. */
export function defaultServerUrl(servers: ServerModel[]): string {
  const server = servers[0];
  if (!server) return 'https://api.example.com';
  let url = server.url;
  for (const v of server.variables) url = url.split(`{${v.name}}`).join(v.default);
  return url.replace(/\/$/, '');
}

function credentialHeaders(
  security: SecurityRequirementModel[],
  schemes: SecuritySchemeModel[],
): { name: string; value: string }[] {
  const first = security[0];
  if (!first) return [];
  const byKey = new Map(schemes.map((s) => [s.key, s]));
  const headers: { name: string; value: string }[] = [];
  for (const { key } of first.schemes) {
    const scheme = byKey.get(key);
    if (!scheme) continue;
    if (scheme.detail.startsWith('Authorization: Bearer'))
      headers.push({ name: 'Authorization', value: 'Bearer <token>' });
    else if (scheme.detail.startsWith('Authorization: Basic'))
      headers.push({ name: 'Authorization', value: 'Basic <credentials>' });
    else if (scheme.type === 'apiKey' && scheme.detail.startsWith('header '))
      headers.push({ name: scheme.detail.slice(7), value: '<api-key>' });
    else if (scheme.type === 'oauth2' || scheme.type === 'openIdConnect')
      headers.push({ name: 'Authorization', value: 'Bearer <token>' });
  }
  return headers;
}

/**
 * Builds the samples of one operation.
 * @returns curl, JavaScript and Python samples; [] when httpsnippet rejects the request
 */
export function createCodeSamples(options: {
  method: string;
  path: string;
  servers: ServerModel[];
  parameters: ParameterModel[];
  requestBody?: RequestBodyModel;
  security: SecurityRequirementModel[];
  schemes: SecuritySchemeModel[];
}): CodeSampleModel[] {
  const { parameters, requestBody } = options;
  const shown = (p: ParameterModel) => p.required || p.example !== '';
  let path = options.path;
  for (const p of parameters.filter((p) => p.in === 'path'))
    path = path
      .split(`{${p.name}}`)
      .join(encodeURIComponent(p.example || `{${p.name}}`).replace(/%7B|%7D/g, (m) => (m === '%7B' ? '{' : '}')));
  // A body whose only sample is `null` (a schema the sampler can make nothing of) is sent as no body at all:
  // `--data null` would send the four letters.
  const first = requestBody?.contents[0];
  const media = first && first.examples[0]?.value.trim() !== 'null' ? first : undefined;
  const body = media && postDataOf(media);
  const headers = [
    ...credentialHeaders(options.security, options.schemes),
    ...parameters
      .filter((p) => p.in === 'header' && shown(p))
      .map((p) => ({ name: p.name, value: p.example || `<${p.name}>` })),
    // A multipart body's Content-Type carries its boundary, which curl, fetch and requests set themselves.
    ...(media && !isMultipart(media.mediaType) ? [{ name: 'Content-Type', value: media.mediaType }] : []),
  ];
  // An `in: querystring` parameter (OpenAPI 3.2) is the whole query string, its example already serialised.
  const querystring = parameters.find((p) => p.in === 'querystring' && shown(p))?.example;
  const har: HarRequest = {
    method: options.method.toUpperCase(),
    url: defaultServerUrl(options.servers) + path,
    httpVersion: 'HTTP/1.1',
    headers,
    queryString: [
      ...parameters.filter((p) => p.in === 'query' && shown(p)).map((p) => ({ name: p.name, value: p.example })),
      ...[...new URLSearchParams(querystring ?? '')].map(([name, value]) => ({ name, value })),
    ],
    cookies: parameters.filter((p) => p.in === 'cookie' && shown(p)).map((p) => ({ name: p.name, value: p.example })),
    headersSize: -1,
    bodySize: -1,
    ...(body ? { postData: body } : {}),
  } as HarRequest;
  try {
    const snippet = new HTTPSnippet(har);
    // curl alone can give a multipart field its own type (`-F 'name=value;type=...'`); httpsnippet writes the
    // field as given, so curl's request carries it in the value.
    const typed = body?.params?.some((p: FormParam) => p.contentType)
      ? new HTTPSnippet({ ...har, postData: { ...body, params: body.params.map(curlPart) } } as HarRequest)
      : snippet;
    return TARGETS.map(({ lang, label, target, client }) => {
      const out = (lang === 'curl' ? typed : snippet).convert(target, client);
      return { lang, label, code: (Array.isArray(out) ? out[0] : out) || '' };
    }).filter((s) => s.code !== '');
  } catch {
    return [];
  }
}

type PostData = NonNullable<HarRequest['postData']>;
type FormParam = NonNullable<PostData['params']>[number];

function isMultipart(mediaType: string): boolean {
  return /^multipart\//i.test(mediaType.trim());
}

/**
 * The HAR body of a media type's first example: a form (`application/x-www-form-urlencoded`, whose example is the
 * form text: media.ts) and a `multipart/form-data` body (its example an object: one part per property) as fields,
 * which the samples send as such (`--data name=value`, `--form`, URLSearchParams, FormData); anything else as text.
 * A part is a file when its schema is binary (`format: binary` or `base64`, `contentEncoding`, `contentMediaType`)
 * or its Encoding Object names a type that is neither text nor JSON; its `contentType` is the Encoding Object's
 * first (OpenAPI 3.2 §4.8.15.1).
 */
function postDataOf(media: MediaTypeModel): PostData {
  const text = media.examples[0]?.value ?? '';
  const mimeType = media.mediaType;
  if (/^application\/x-www-form-urlencoded\b/i.test(mimeType) && !/^\s*[[{]/.test(text))
    return { mimeType, params: [...new URLSearchParams(text)].map(([name, value]) => ({ name, value })) } as PostData;
  if (!/^multipart\/form-data\b/i.test(mimeType)) return { mimeType, text } as PostData;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return { mimeType, text } as PostData;
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return { mimeType, text } as PostData;
  const encodings = new Map((media.encoding ?? []).map((e) => [e.name, e]));
  const properties = new Map((media.schema?.properties ?? []).map((p) => [p.name, p.schema]));
  const params = Object.entries(value).flatMap(([name, field]): FormParam[] => {
    const contentType = encodings.get(name)?.contentType?.split(',')[0]?.trim();
    const schema = properties.get(name);
    const binary =
      (schema &&
        (/^(binary|base64)$/.test(schema.constraints.format ?? '') ||
          schema.constraints.contentEncoding !== undefined ||
          schema.constraints.contentMediaType !== undefined)) ||
      (contentType !== undefined && !/^text\/|[/+](json|xml)\b/i.test(contentType));
    const items = Array.isArray(field) ? field : [field];
    return items.map((item) =>
      binary
        ? { name, fileName: name, ...(contentType ? { contentType } : {}) }
        : {
            name,
            value: typeof item === 'string' ? item : JSON.stringify(item),
            ...(contentType ? { contentType } : {}),
          },
    );
  });
  return { mimeType, params } as PostData;
}

/** A typed multipart field as curl writes it: `name=value;type=application/json`, `name=@file;type=image/png`. */
function curlPart(param: FormParam): FormParam {
  if (!param.contentType) return param;
  return param.fileName
    ? { ...param, fileName: `${param.fileName};type=${param.contentType}` }
    : { ...param, value: `${param.value};type=${param.contentType}` };
}

/**
 * An operation as the theme renders it: with its request samples, the document's own (`x-codeSamples`) first,
 * then those createCodeSamples makes (from the document's first server and security schemes) in the languages the
 * document has none in. A webhook gets only its own (the API sends it), and a callback's request none: it is
 * rendered through its operation's `callbacks` and never passed here.
 * @returns a shallow copy with `samples` filled; the operation itself when it is a webhook without samples
 */
export function withCodeSamples(
  op: ApiOperationModel,
  model: Pick<ApiDocumentModel, 'servers' | 'securitySchemes'>,
): ApiOperationModel {
  const own = op.codeSamples ?? [];
  if (op.webhook) return own.length > 0 ? { ...op, samples: own } : op;
  const made = createCodeSamples({ ...op, servers: model.servers, schemes: model.securitySchemes });
  const covered = new Set(own.map((sample) => languageOf(sample.lang)));
  return { ...op, samples: [...own, ...made.filter((sample) => !covered.has(sample.lang))] };
}

/** The made sample's language (TARGETS) a document's `lang` names, e.g. `cURL` or `Shell` -> `curl`; else the name in lower case. */
function languageOf(lang: string): string {
  const name = lang.trim().toLowerCase();
  if (/^(curl|shell|bash|sh|console)$/.test(name)) return 'curl';
  if (/^(javascript|js|node(\.?js)?|fetch)$/.test(name)) return 'javascript';
  if (/^(python3?|py)$/.test(name)) return 'python';
  return name;
}

/** The model as the theme renders it whole (a reference not split): every operation withCodeSamples. */
export function withAllCodeSamples(model: ApiDocumentModel): ApiDocumentModel {
  return {
    ...model,
    tags: model.tags.map((tag) => ({ ...tag, operations: tag.operations.map((op) => withCodeSamples(op, model)) })),
  };
}
