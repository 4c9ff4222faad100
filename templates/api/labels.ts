/**
 * Japanese UI labels of the API reference (spec: Japanese-only site).
 */
export const LABELS = {
  parameters: 'パラメーター',
  requestBody: 'リクエストボディ',
  responses: 'レスポンス',
  security: '認証',
  noSecurity: '認証は不要です。',
  required: '必須',
  optional: '任意',
  default: '既定値',
  readOnly: '読み取り専用',
  writeOnly: '書き込み専用',
  deprecated: '非推奨',
  nullable: 'null 許容',
  noAdditional: '追加プロパティ不可',
  additional: '追加プロパティ',
  recursive: '再帰',
  tryIt: '試してみる',
  send: '送信',
  copy: 'コピー',
  download: 'ダウンロード',
  filter: '絞り込み',
  schemas: 'スキーマ',
  servers: 'サーバー',
  requestSamples: 'リクエストの例',
  responseSamples: 'レスポンスの例',
  headers: 'ヘッダー',
  items: '配列の要素',
  oneOf: '次のいずれか 1 つ（oneOf）',
  anyOf: '次の 1 つ以上（anyOf）',
  discriminator: '判別プロパティ',
  seeSchema: 'スキーマを表示',
  generated: 'スキーマから生成した例',
} as const;

/** Parameter locations (OpenAPI 3.0 §4.7.12 `in`). */
export const PARAMETER_IN: Record<string, string> = { path: 'パス', query: 'クエリ', header: 'ヘッダー', cookie: 'Cookie' };

/** Constraint keywords, in display order. */
export const CONSTRAINT_LABELS: [key: string, label: string][] = [
  ['format', '形式'],
  ['default', '既定値'],
  ['const', '固定値'],
  ['enum', '許可される値'],
  ['pattern', 'パターン'],
  ['minimum', '最小値'],
  ['maximum', '最大値'],
  ['exclusiveMinimum', '次より大きい'],
  ['exclusiveMaximum', '次より小さい'],
  ['multipleOf', '倍数'],
  ['minLength', '最小長'],
  ['maxLength', '最大長'],
  ['minItems', '最小要素数'],
  ['maxItems', '最大要素数'],
  ['uniqueItems', '要素は一意'],
  ['minProperties', '最小プロパティ数'],
  ['maxProperties', '最大プロパティ数'],
];

/**
 * What one lazily loaded part of a split reference holds (issue #4 "Scale"): its placeholder's link text and the
 * title of the part's own page.
 * @param part.tag the tag's display name, or null for a 「スキーマ」 part
 * @param part.from 1-based position of the part's first item in the tag (or schemas); `to` of its last; `total` of all
 */
export function partLabel(part: { tag: string | null; from: number; to: number; total: number }): string {
  const what = part.tag === null ? LABELS.schemas : `「${part.tag}」の操作`;
  if (part.from === 1 && part.to === part.total) return `${what}（全 ${part.total} 件）`;
  return `${what} ${part.from}〜${part.to} 件目（全 ${part.total} 件）`;
}
