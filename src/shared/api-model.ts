/**
 * The API reference view model: plain JSON derived from an OpenAPI document by src/node/openapi/handlers (one
 * handler per OpenAPI object) and rendered by templates/api/. Type-only module, so templates/ can import it
 * without pulling build-time code. Every model keeps the JSON pointer of the object it came from.
 *
 * `*Html` fields are sanitised HTML rendered from Markdown at build time (src/node/openapi/markdown.ts): raw HTML
 * is dropped and unsafe URL schemes removed; every other string is escaped by React.
 */
/** Schema keywords shown as badges (OpenAPI 3.0 §4.7.24 / JSON Schema validation). Values as JSON text. */
export interface SchemaConstraints {
  default?: string;
  enum?: string[];
  const?: string;
  pattern?: string;
  format?: string;
  minimum?: string;
  maximum?: string;
  exclusiveMinimum?: string;
  exclusiveMaximum?: string;
  multipleOf?: string;
  minLength?: number;
  maxLength?: number;
  minItems?: number;
  maxItems?: number;
  uniqueItems?: boolean;
  minProperties?: number;
  maxProperties?: number;
  /** JSON Schema 2020-12 §8.3-8.4: a string's content is of this media type / in this encoding (`base64`). */
  contentMediaType?: string;
  contentEncoding?: string;
  /** JSON Schema 2020-12 §6.4.4-6.4.5: bounds on the items `contains` matches. */
  minContains?: number;
  maxContains?: number;
  /** The XML Object (OpenAPI 3.2 §4.8.26) as one line: `name: smp:animal, namespace: https://..., wrapped`. */
  xml?: string;
}

export interface SchemaPropertyModel {
  name: string;
  required: boolean;
  schema: SchemaModel;
}

/**
 * A subschema of a JSON Schema 2020-12 keyword other than `properties`, `items` and the unions, shown as a row of
 * its own under its node (Redoc lists them as fields): `patternProperties` (§10.3.2.2, `key` the pattern),
 * `propertyNames` (§10.3.2.4), `unevaluatedProperties` / `unevaluatedItems` (§11), `dependentSchemas` (§10.2.2.4,
 * `key` the property whose presence applies it), `if` / `then` / `else` (§10.2.2.1-3), `prefixItems` (§10.3.1.1,
 * `key` the index) and `contains` (§10.3.1.3).
 */
export interface SchemaKeywordModel {
  keyword:
    | 'patternProperties'
    | 'propertyNames'
    | 'unevaluatedProperties'
    | 'unevaluatedItems'
    | 'dependentSchemas'
    | 'if'
    | 'then'
    | 'else'
    | 'prefixItems'
    | 'contains';
  key?: string;
  schema: SchemaModel;
}

export interface SchemaVariantModel {
  /**
   * Tab label: discriminator value, component name, title or type; null when none: the theme names it by its
   * position ('api.variant' message).
   */
  label: string | null;
  schema: SchemaModel;
}

/**
 * One schema node. `kind` tells the view: `object` (properties), `array` (items), `union` (oneOf/anyOf variants),
 * `primitive`, `ref` (a large named schema shown once under 「スキーマ」 and linked, loaded on expand),
 * `recursive` (a schema that contains itself: expansion stops with a 「再帰」 marker).
 */
export interface SchemaModel {
  kind: 'object' | 'array' | 'union' | 'primitive' | 'ref' | 'recursive';
  pointer: string;
  /** Display type such as `string`, `integer`, `array`, `object`, `string | null`. */
  type: string;
  /** Component name when the node came from `#/components/schemas/<name>`. */
  refName?: string;
  /** Anchor of that component in the 「スキーマ」 section (for `ref` and `recursive`). */
  refAnchor?: string;
  title?: string;
  descriptionHtml?: string;
  nullable?: boolean;
  readOnly?: boolean;
  writeOnly?: boolean;
  deprecated?: boolean;
  constraints: SchemaConstraints;
  properties?: SchemaPropertyModel[];
  /** `false`: 追加プロパティ不可; a schema: the type of additional values. Absent: unspecified. */
  additionalProperties?: false | SchemaModel;
  items?: SchemaModel;
  /** `oneOf` (exactly one) or `anyOf` (at least one). */
  unionKind?: 'oneOf' | 'anyOf';
  variants?: SchemaVariantModel[];
  discriminator?: string;
  /**
   * OpenAPI 3.2 discriminator `defaultMapping` (§4.8.25): the schema (its component name, or the reference as
   * written) that applies when the discriminating property is absent or names no mapped schema.
   */
  discriminatorDefault?: string;
  /** Subschemas of the other applicator keywords, in the order of SchemaKeywordModel's list. */
  keywords?: SchemaKeywordModel[];
  /** `dependentRequired` (JSON Schema 2020-12 §6.5.4): when property `name` is present, `required` must be too. */
  dependentRequired?: { name: string; required: string[] }[];
  /**
   * `x-enumDescriptions` (Redoc's extension): a description per enum value, in the enum's order, values as the
   * extension's keys.
   */
  enumDescriptions?: { value: string; descriptionHtml: string }[];
}

export interface ExampleModel {
  /** Example name (map key) or `example`, `generated` for a sample made from the schema. */
  name: string;
  /** The example's summary or map key; null for an unnamed one (the theme prints 'api.example' or 'api.exampleGenerated'). */
  summary: string | null;
  /** Serialized value (pretty JSON for JSON media types), cut when too long. */
  value: string;
  generated: boolean;
  /** The value was cut (a long response example): the theme appends the 'api.exampleTruncated' mark. */
  truncated?: boolean;
  /** The Example Object's `description` (OpenAPI 3.0 §4.7.19), shown above its value as Redoc does. */
  descriptionHtml?: string;
}

export interface MediaTypeModel {
  mediaType: string;
  pointer: string;
  schema?: SchemaModel;
  /**
   * OpenAPI 3.2 `itemSchema` (§4.8.14): the schema of each item of a sequential media type (`text/event-stream`,
   * `application/jsonl`, `application/json-seq`...), applied to the items one by one as they arrive.
   */
  itemSchema?: SchemaModel;
  examples: ExampleModel[];
  /**
   * Encoding Objects (OpenAPI 3.2 §4.8.15) of a `multipart` or form body: by property name, then 3.2's
   * `prefixEncoding` by position (`0`, `1`...) and `itemEncoding` (`*`).
   */
  encoding?: EncodingModel[];
}

/** One Encoding Object: how a property (or a part by position) of a multipart or form body is sent. */
export interface EncodingModel {
  /** The property name; a position (`0`) for `prefixEncoding`; `*` for `itemEncoding`. */
  name: string;
  pointer: string;
  /** The part's media type(s), e.g. `image/png, image/jpeg` (a comma-separated list, as written). */
  contentType?: string;
  /** x-www-form-urlencoded: how the field is serialised (Parameter Object styles), as written. */
  style?: string;
  explode?: boolean;
  allowReserved?: boolean;
  /** The part's own headers (multipart). */
  headers?: HeaderModel[];
}

export interface ParameterModel {
  name: string;
  /** `querystring` (OpenAPI 3.2): the whole query string, its schema that of its `content`. */
  in: 'path' | 'query' | 'querystring' | 'header' | 'cookie';
  pointer: string;
  required: boolean;
  deprecated: boolean;
  descriptionHtml: string;
  schema?: SchemaModel;
  /** Example value as the user would type it (arrays comma separated), for the try-it console. */
  example: string;
}

export interface RequestBodyModel {
  pointer: string;
  required: boolean;
  descriptionHtml: string;
  contents: MediaTypeModel[];
}

export interface HeaderModel {
  name: string;
  descriptionHtml: string;
  schema?: SchemaModel;
  /** The header's example (its own `example`, else its schema's) as JSON text, shown as Redoc does. */
  example?: string;
}

export interface ResponseModel {
  /** `200`, `4XX`, `default`. */
  status: string;
  pointer: string;
  descriptionHtml: string;
  headers: HeaderModel[];
  contents: MediaTypeModel[];
}

/** One alternative of an operation's `security` list: every scheme in it is required together. */
export interface SecurityRequirementModel {
  schemes: { key: string; anchor: string; auth: SecurityAuthModel | null; scopes: string[] }[];
}

/**
 * What kind of credential a security scheme takes (OpenAPI 3.0 §4.7.27 `type`, and `scheme` for http); the theme
 * prints its label ('api.auth.<kind>' messages). `param`: the bearer format, the HTTP scheme name, or for `other`
 * the unknown type as written. Null in a requirement naming no defined scheme.
 */
export interface SecurityAuthModel {
  kind: 'bearer' | 'basic' | 'http' | 'apiKey' | 'oauth2' | 'openIdConnect' | 'mutualTLS' | 'other';
  param?: string;
}

export interface SecuritySchemeModel {
  key: string;
  /** OpenAPI 3.2 §4.8.27: the scheme is deprecated and SHOULD be transitioned out of usage. */
  deprecated?: boolean;
  /** OpenAPI 3.2 `oauth2MetadataUrl`: the authorization server's metadata (RFC 8414), an https URL. */
  oauth2MetadataUrl?: string;
  /** An oauth2 scheme's flows (OpenAPI 3.0 §4.7.28, 3.2's `deviceAuthorization` too), in document order. */
  flows?: OAuthFlowModel[];
  anchor: string;
  pointer: string;
  type: string;
  /** The kind of credential, printed by the theme as a label such as `Bearer 認証（JWT）`. */
  auth: SecurityAuthModel;
  descriptionHtml: string;
  /** Where the credential goes: `Authorization: Bearer`, `header X-Api-Key`... */
  detail: string;
}

/** One OAuth flow (OpenAPI 3.0 §4.7.29, 3.2 §4.8.30): its URLs (http(s) only) and scopes. */
export interface OAuthFlowModel {
  /** The flow's key as written: `implicit`, `password`, `clientCredentials`, `authorizationCode`, `deviceAuthorization`. */
  name: string;
  authorizationUrl?: string;
  /** OpenAPI 3.2: the device authorization URL of the `deviceAuthorization` flow (RFC 8628). */
  deviceAuthorizationUrl?: string;
  tokenUrl?: string;
  refreshUrl?: string;
  scopes: { name: string; description: string }[];
}

/** A request sample: made by docgen (snippets.ts) or the document's own (`x-codeSamples`). */
export interface CodeSampleModel {
  /** `curl`, `javascript` or `python` for a made one; the document's `lang` for its own (e.g. `Go`, `C#`). */
  lang: string;
  label: string;
  code: string;
}

export interface ApiOperationModel {
  /** Anchor: operationId, or a `method-path` slug when the document gives none. */
  id: string;
  pointer: string;
  method: string;
  path: string;
  summary: string;
  descriptionHtml: string;
  deprecated: boolean;
  tag: string;
  parameters: ParameterModel[];
  requestBody?: RequestBodyModel;
  responses: ResponseModel[];
  /** Empty: no authentication (`security: []`). */
  security: SecurityRequirementModel[];
  /**
   * Request samples: always empty in the stored model; filled just before the operation is rendered
   * (openapi/snippets.ts withCodeSamples), so a theme's Operation receives them.
   */
  samples: CodeSampleModel[];
  /**
   * The document's own request samples (Redoc's `x-codeSamples`, or its older `x-code-samples`): shown before the
   * ones docgen makes, which are left out for a language the document has a sample in.
   */
  codeSamples?: CodeSampleModel[];
  /**
   * A webhook (OpenAPI 3.1 §4.8.1 `webhooks`): a request the API sends to the reader's server. `path` holds the
   * webhook's name; the page offers no try-it console and no request samples for it.
   */
  webhook?: boolean;
  /** Callbacks (OpenAPI 3.0 §4.7.18): requests the API sends out of band after this operation. */
  callbacks?: CallbackModel[];
}

/** One named callback of an operation: the requests it sends, each with its URL expression as `path`. */
export interface CallbackModel {
  name: string;
  pointer: string;
  operations: ApiOperationModel[];
}

export interface ApiTagModel {
  name: string;
  /**
   * `x-displayName`, else the tag's `summary` (OpenAPI 3.2 §4.8.22: "used for display purposes"), else the name; null
   * for `default`, the tag of untagged operations (the theme's 'api.defaultTag').
   */
  displayName: string | null;
  /**
   * OpenAPI 3.2 `parent`: the anchor of the tag this one is nested under (tags are listed depth first, each parent
   * before its children). Absent for a top-level tag, or when the parent is not on the page.
   */
  parent?: string;
  /** OpenAPI 3.2 `kind` as written (`nav`, `badge`, `audience`, ...: the registry at spec.openapis.org/registry/tag-kind). */
  kind?: string;
  anchor: string;
  descriptionHtml: string;
  operations: ApiOperationModel[];
  /** The group holds webhooks (named 'api.webhooks' by the theme, with the tag's name when it has one). */
  webhooks?: boolean;
  /**
   * A section of text (Redoc's `x-traitTag`, e.g. DigitalOcean's 「Introduction」): shown where the tag is declared,
   * with its description, even though no operation has it.
   */
  trait?: boolean;
}

export interface ServerVariableModel {
  name: string;
  default: string;
  enum: string[];
  description: string;
}

export interface ServerModel {
  url: string;
  /** OpenAPI 3.2 `name`: a unique reference for the server (`dev`, `prod`). */
  name?: string;
  description: string;
  variables: ServerVariableModel[];
}

/**
 * What `info` says about the API beside title, version and description (OpenAPI 3.0 §4.7.2-4.7.4) and the
 * document's `externalDocs` (§4.7.11). Every field is absent when the document does not give it; URLs are kept
 * only with a safe scheme (http, https, mailto), as in descriptions.
 */
export interface ApiInfoModel {
  termsOfService?: string;
  contact?: { name?: string; url?: string; email?: string };
  license?: { name: string; url?: string };
  externalDocs?: { url: string; descriptionHtml: string };
  /** Redoc's `x-logo`: an image (http(s) URL; its origin joins the site's CSP `img-src`), perhaps a link. */
  logo?: { url: string; alt: string; href?: string };
}

/** A named component schema rendered once in the 「スキーマ」 section. */
export interface NamedSchemaModel {
  name: string;
  anchor: string;
  schema: SchemaModel;
}

export interface ApiDocumentModel {
  title: string;
  version: string;
  /** Markdown source of `info.description` (the page's meta description is taken from it). */
  description: string;
  descriptionHtml: string;
  openapi: string;
  /** Licence, terms of service, contact and external docs. */
  info: ApiInfoModel;
  servers: ServerModel[];
  securitySchemes: SecuritySchemeModel[];
  /**
   * Operations grouped by their first tag, in the order of the document's `tags` list (of `tagGroups` first when it
   * has them).
   */
  tags: ApiTagModel[];
  /**
   * Redoc's `x-tagGroups`: named groups of tags for the navigation, each tag by its anchor, in order. Tags of no
   * group follow the groups, ungrouped (Redoc hides them; docgen drops nothing).
   */
  tagGroups?: { name: string; tags: string[] }[];
  schemas: NamedSchemaModel[];
  /** Every anchor the page defines that a Markdown link may target (operations, tags, schemas, schemes). */
  anchors: string[];
  /** The document was Swagger 2.0, converted to OpenAPI 3.0 on load (the page says so). */
  convertedFrom?: 'swagger-2.0';
  /** Every file of a multi-file document (absolute; the root first), for the cache and `docgen dev`'s watcher. */
  files?: string[];
  /**
   * True when the document is one file parsed as JSON: its JSON download is the file as it is, not parsed again to
   * know (parsing 50,000 operations again costs a 250 MB tree at the build's peak).
   */
  sourceIsJson?: boolean;
  /**
   * Local images of the descriptions (openapi/description-images.ts): each relative `src` as the rendered HTML
   * spells it -> the absolute file it names, published as a hashed asset when the reference is written.
   */
  images?: Record<string, string>;
  /** Problems reported but not fatal (`validation: 'warn'`, OpenAPI 3.2 fields not rendered), with file and line. */
  warnings?: ApiWarningModel[];
}

/** A warning as DocgenError.toJSON() gives it (kept in the model, so a cached model reports it again). */
export interface ApiWarningModel {
  code: 'OpenApiInvalid' | 'DroppedHtml';
  message: string;
  hint?: string;
  file?: string;
  line?: number;
  column?: number;
  frame?: string;
}
