/**
 * Japanese and mixed queries over the real site's content, each with the page that must rank first (route path,
 * without `#anchor`). Written from what a reader of these pages would expect, not from the engine's output.
 */
export interface QualityCase {
  query: string;
  /** Route path of the page the first result must belong to (several when the site has two equally right pages). */
  page: string | string[];
  /** Optional: the exact anchor the first result must link to. */
  anchor?: string;
}

export const QUALITY_CASES: QualityCase[] = [
  // From the issue.
  { query: 'デバイスID 有効期限', page: '/docs/devSpecification/APIGateway/routing-action' },
  { query: 'shareCookie', page: '/docs/devSpecification/APIGateway/routing', anchor: 'share-cookie' },
  // "the zone page": the zone specification (section 'RRSet の削除') or the zone API reference (updateRRSets, whose
  // changetype DELETE deletes an RRSet) are both right answers.
  { query: 'RRSet 削除', page: ['/docs/devSpecification/zone-openapi', '/api/zone'] },
  // Identifiers, whole and by part.
  { query: '/.waitforServices', page: '/docs/devSpecification/APIGateway/command', anchor: 'waitfor-services' },
  { query: 'waitforAvailable', page: '/docs/devSpecification/APIGateway/command', anchor: 'waitfor-available' },
  { query: 'checkoutServices', page: '/docs/devSpecification/APIGateway/routing-action', anchor: 'checkout-services' },
  { query: 'setDeviceId', page: '/docs/devSpecification/APIGateway/routing-action', anchor: 'set-device-id' },
  { query: 'setHeaders', page: '/docs/devSpecification/APIGateway/routing-action', anchor: 'set-headers' },
  { query: 'createRoutingChain', page: '/api/inventory', anchor: 'createRoutingChain' },
  // The glossary's 'wait-for-services API' points at the command specification, which defines it.
  { query: 'waitForServices API', page: ['/api/waitfor-services', '/docs/devSpecification/APIGateway/command'] },
  { query: 'updateRRSets', page: '/api/zone', anchor: 'updateRRSets' },
  // Japanese compounds and their parts (bigrams must find substrings of compounds).
  { query: 'サービスサプライチェーン', page: '/docs/devDesign/apigateway/service-supply-chain' },
  { query: 'サプライチェーン 起動の流れ', page: '/docs/devDesign/apigateway/service-supply-chain' },
  { query: 'マッチ式', page: '/docs/devSpecification/APIGateway/routing' },
  { query: 'ルールの評価順序', page: '/docs/devSpecification/APIGateway/routing' },
  { query: 'セッション Cookie', page: '/docs/devSpecification/APIGateway/routing' },
  { query: 'アクセスログの式', page: '/docs/devSpecification/APIGateway/routing', anchor: 'access-log' },
  { query: '配置と固定', page: '/docs/devDesign/models/vps-cluster', anchor: 'placement-and-pinning' },
  { query: 'TLS 終端', page: '/docs/devDesign/apigateway/', anchor: 'tls-termination' },
  { query: 'パスごとのポリシー', page: '/docs/devDesign/apigateway/cspheader' },
  { query: 'CSP ヘッダー 段階的な導入', page: '/docs/devDesign/apigateway/cspheader' },
  { query: 'mTLS クライアント認証', page: '/docs/devDesign/apigateway/m2m' },
  { query: 'ログインリダイレクト', page: '/docs/devDesign/apigateway/m2m' },
  { query: 'VPS の登録', page: '/docs/devDesign/models/vps-cluster' },
  // The glossary names the defining place of a term (its entry's link): that place ranks first.
  { query: 'オンデマンド起動', page: '/docs/devDesign/apigateway/service-supply-chain' },
  { query: 'クラスターマネージャー API', page: '/docs/devDesign/models/overview' },
  { query: 'クレートの識別子', page: '/docs/devSpecification/SPN/crate' },
  { query: '制御用ストリーム', page: '/docs/devSpecification/SPN/agent' },
  { query: 'ハブへの接続', page: '/docs/devSpecification/SPN/agent' },
  { query: '障害と再接続', page: '/docs/devDesign/spn', anchor: 'failures' },
  { query: 'ヘッダーの削除', page: '/docs/devDesign/apigateway/cspheader', anchor: 'removing-headers' },
  { query: '認証失敗時の応答', page: '/docs/devDesign/apigateway/bff', anchor: 'authentication-failure' },
  { query: '定義の入れ替え', page: '/docs/devDesign/models/cluster', anchor: 'replacement' },
  { query: 'クラスターモデルとの違い', page: '/docs/devDesign/models/vps-cluster', anchor: 'comparison-with-cluster' },
  { query: 'ハブのフィールド', page: '/docs/devSpecification/SPN/hub' },
  { query: '用語集', page: '/docs/devDesign/glossary' },
  // Particles differ from the text; full-width input.
  { query: 'デバイスIDを再発行', page: '/docs/devSpecification/APIGateway/routing-action' },
  { query: 'ｓｈａｒｅＣｏｏｋｉｅ', page: '/docs/devSpecification/APIGateway/routing', anchor: 'share-cookie' },
  { query: 'ｵﾝﾃﾞﾏﾝﾄﾞ起動', page: '/docs/devDesign/apigateway/service-supply-chain' },
  // Typos: one wrong, missing or extra letter in a Latin word of 4+ letters; one wrong kana in
  // a long Japanese word.
  { query: 'ルーテイング', page: '/docs/devSpecification/APIGateway/routing' },
  { query: 'サプライチェイン', page: '/docs/devDesign/apigateway/service-supply-chain' },
  { query: 'クラスタマネジャー', page: ['/docs/devDesign/models/overview', '/docs/devDesign/models/cluster'] },
  { query: 'ゲートウエイ', page: ['/docs/devSpecification/APIGateway/overview', '/docs/devDesign/apigateway/'] },
  { query: 'waitforServces', page: '/docs/devSpecification/APIGateway/command', anchor: 'waitfor-services' },
  { query: 'shareCokie', page: '/docs/devSpecification/APIGateway/routing', anchor: 'share-cookie' },
  {
    query: 'authentcation',
    page: ['/docs/devSpecification/APIGateway/routing-action', '/docs/devDesign/apigateway/bff'],
  },
  // Words readers use that a page need not contain: front matter keywords (abbreviations, their readings,
  // English names, spelling variants).
  { query: 'バックエンドフォーフロントエンド', page: '/docs/devDesign/apigateway/bff' },
  { query: 'Backend for Frontend', page: '/docs/devDesign/apigateway/bff' },
  { query: 'マシン間', page: '/docs/devDesign/apigateway/m2m' },
  { query: 'machine to machine', page: '/docs/devDesign/apigateway/m2m' },
  { query: '相互 TLS', page: '/docs/devDesign/apigateway/m2m' },
  { query: 'コンテンツセキュリティポリシー', page: '/docs/devDesign/apigateway/cspheader' },
  { query: 'CSP', page: '/docs/devDesign/apigateway/cspheader' },
  { query: 'reverse proxy', page: '/docs/devDesign/apigateway/' },
  {
    query: 'サービスプロバイダーネットワーク',
    page: ['/docs/devDesign/spn', '/docs/devSpecification/SPN/overview', '/docs/devDesign/index'],
  },
  // The glossary's entry, whose defining place (models/overview) only mentions the word, or the cluster page.
  { query: 'クラスター', page: ['/docs/devDesign/models/cluster', '/docs/devDesign/glossary'] },
  { query: 'インベントリー', page: '/docs/devSpecification/inventory-openapi' },
  { query: 'リソースレコードセット', page: ['/docs/devSpecification/zone-openapi', '/api/zone'] },
  { query: 'glossary', page: '/docs/devDesign/glossary' },
  // English terms of a Japanese page (headings' English anchors, identifiers).
  {
    query: 'access log',
    page: ['/docs/devSpecification/APIGateway/routing', '/docs/devSpecification/APIGateway/overview'],
    anchor: 'access-log',
  },
  // The glossary's entry (English name 'bearer token') ranks before the sections that only use the words.
  { query: 'Bearer token', page: ['/docs/devDesign/apigateway/m2m', '/docs/devDesign/glossary'] },
  { query: 'mTLS', page: '/docs/devDesign/apigateway/m2m' },
  { query: 'TLS termination', page: '/docs/devDesign/apigateway/', anchor: 'tls-termination' },
  { query: 'VPS', page: '/docs/devDesign/models/vps-cluster' },
  {
    query: 'availabilityManagement',
    page: [
      '/docs/devSpecification/inventory-openapi',
      '/api/inventory',
      '/docs/devDesign/apigateway/service-supply-chain',
    ],
  },
  { query: 'heartbeat', page: ['/docs/devSpecification/SPN/agent', '/docs/devSpecification/SPN/overview'] },
];

/**
 * Definition queries written from the site specification (its entities, fields, states and limits): each expects
 * the place that defines the term first (a field table row, the API schema or parameter, a section titled by it),
 * before the glossary and the pages that only mention it. Several places are listed where the specification and
 * the API reference both define a field.
 */
const INVENTORY = ['/docs/devSpecification/inventory-openapi', '/api/inventory'];
export const DEFINITION_CASES: QualityCase[] = [
  // From the issue.
  { query: 'sessionTimeout', page: INVENTORY },
  { query: 'volumeSize', page: INVENTORY },
  { query: 'session_expire_at', page: ['/docs/devSpecification/APIGateway/routing', '/docs/devDesign/apigateway/'] },
  {
    query: 'acceptLoginRedirectPathRegex',
    page: ['/docs/devSpecification/APIGateway/routing-action', '/api/inventory', '/docs/devDesign/apigateway/bff'],
  },
  { query: 'シングルサインオン', page: '/docs/devDesign/apigateway/', anchor: 'share-cookie' },
  { query: 'API ゲートウェイ', page: '/docs/devDesign/apigateway/' },
  {
    query: '仮想ホストの無効化',
    page: [
      '/docs/devDesign/apigateway/',
      '/docs/devSpecification/inventory-openapi',
      '/docs/devSpecification/APIGateway/overview',
    ],
  },
  { query: '値の切り詰め', page: '/docs/devDesign/apigateway/', anchor: 'access-log-values' },
  // Entity fields (spec §3).
  { query: 'signingKey', page: INVENTORY },
  { query: 'expiredAt', page: INVENTORY },
  { query: 'destinationRealm', page: INVENTORY },
  { query: 'accessLogMaxValueLength', page: INVENTORY },
  { query: 'accessLogRecorder', page: INVENTORY },
  { query: 'ondemandStart', page: INVENTORY },
  { query: 'idleTimeout', page: INVENTORY },
  { query: 'clusterManagerUrn', page: INVENTORY },
  { query: 'serverPort', page: [...INVENTORY, '/docs/devSpecification/SPN/hub'] },
  { query: 'oidcClientSecret', page: [...INVENTORY, '/docs/devSpecification/APIGateway/routing-action'] },
  { query: 'changetype', page: ['/docs/devSpecification/zone-openapi', '/api/zone'] },
  { query: 'modified_at', page: ['/docs/devSpecification/zone-openapi', '/api/zone'] },
  { query: 'session_originator', page: ['/docs/devSpecification/APIGateway/routing', '/docs/devDesign/apigateway/'] },
  // Entities and concepts (spec §3, §4).
  { query: 'レルム', page: INVENTORY },
  {
    query: 'ルーティングチェーン',
    page: ['/docs/devSpecification/inventory-openapi', '/docs/devSpecification/APIGateway/routing'],
  },
  {
    query: 'サブドメインの貸し出し',
    page: ['/docs/devDesign/apigateway/', '/docs/devSpecification/inventory-openapi'],
  },
  { query: 'レルムの有効期限', page: ['/docs/devDesign/apigateway/', '/docs/devSpecification/inventory-openapi'] },
  {
    query: 'デバイスコンテキスト Cookie',
    page: ['/docs/devDesign/apigateway/', '/docs/devSpecification/APIGateway/routing'],
  },
  { query: '可用性管理', page: '/docs/devSpecification/inventory-openapi', anchor: 'availability-management' },
  { query: 'TLS 終端', page: '/docs/devDesign/apigateway/', anchor: 'tls-termination' },
  { query: 'マスターレルム', page: '/docs/devDesign/apigateway/', anchor: 'subdomain-lending' },
  { query: 'checkoutServices', page: '/docs/devSpecification/APIGateway/routing-action', anchor: 'checkout-services' },
];
