/**
 * Labels of the API reference that depend on the model: which message (src/shared/messages.ts) names a parameter
 * location, a constraint, a security scheme's kind, a tag or an example. The text is the site's (useMessages).
 */
import type { MessageId } from '../../src/shared/messages.js';
import type { ApiTagModel, ExampleModel, SecurityAuthModel } from '../../src/shared/api-model.js';
import type { Translator } from '../i18n/use-messages.js';

/** Parameter locations (OpenAPI 3.0 §4.7.12 `in`; `querystring`, 3.2 §4.8.12). */
export const PARAMETER_IN: Record<string, MessageId> = {
  path: 'api.in.path',
  query: 'api.in.query',
  querystring: 'api.in.querystring',
  header: 'api.in.header',
  cookie: 'api.in.cookie',
};

/** Constraint keywords, in display order. */
export const CONSTRAINT_LABELS: [key: string, label: MessageId][] = (
  [
    'format',
    'default',
    'const',
    'enum',
    'pattern',
    'minimum',
    'maximum',
    'exclusiveMinimum',
    'exclusiveMaximum',
    'multipleOf',
    'minLength',
    'maxLength',
    'minItems',
    'maxItems',
    'uniqueItems',
    'minProperties',
    'maxProperties',
    'contentMediaType',
    'contentEncoding',
    'minContains',
    'maxContains',
    'xml',
  ] as const
).map((key) => [key, `api.constraint.${key}`]);

/**
 * The label of a security scheme's kind, e.g. `Bearer 認証（JWT）`.
 * @param auth the scheme's kind, or null for a requirement naming no defined scheme
 * @param key the scheme's name, shown when it is not defined
 */
export function securityLabel(t: Translator, auth: SecurityAuthModel | null, key: string): string {
  if (!auth) return key;
  switch (auth.kind) {
    case 'bearer':
      return auth.param === undefined ? t('api.auth.bearer') : t('api.auth.bearerFormat', { format: auth.param });
    case 'http':
      return t('api.auth.http', { scheme: auth.param ?? '' });
    case 'other':
      return auth.param ?? '';
    default:
      return t(`api.auth.${auth.kind}`);
  }
}

/** A tag's name as shown: its display name, or the label of `default` (untagged operations); webhooks say so. */
export function tagLabel(t: Translator, tag: Pick<ApiTagModel, 'displayName' | 'webhooks'>): string {
  if (tag.webhooks) return tag.displayName === null ? t('api.webhooks') : t('api.webhooksOf', { tag: tag.displayName });
  return tag.displayName ?? t('api.defaultTag');
}

/** An example's tab label: its summary or name, else 'api.example' / 'api.exampleGenerated'. */
export function exampleLabel(t: Translator, example: ExampleModel): string {
  return example.summary ?? t(example.generated ? 'api.exampleGenerated' : 'api.example');
}

/** An example's text as shown: a cut one ends with the 'api.exampleTruncated' mark on its own line. */
export function exampleText(t: Translator, example: ExampleModel): string {
  return example.truncated ? `${example.value}\n${t('api.exampleTruncated')}` : example.value;
}

/**
 * What one lazily loaded part of a split reference holds: its placeholder's link text and the
 * title of the part's own page.
 * @param part.tag the tag's display name, or null for a 「スキーマ」 part
 * @param part.from 1-based position of the part's first item in the tag (or schemas); `to` of its last; `total` of all
 */
export function partLabel(
  t: Translator,
  part: { tag: string | null; from: number; to: number; total: number },
): string {
  const what = part.tag === null ? t('api.schemas') : t('api.partOperations', { tag: part.tag });
  if (part.from === 1 && part.to === part.total) return t('api.partWhole', { what, total: part.total });
  return t('api.partRange', { what, from: part.from, to: part.to, total: part.total });
}
