/**
 * The try-it console. Built on demand from the operation's own markup (method, path, parameter rows,
 * request example) and the reference's JSON island (servers, security schemes); sends with fetch and shows
 * status, headers, body and time. The token lives in memory, or in sessionStorage when the user asks: never
 * localStorage, never the URL. Its labels are the site's `tryIt.*` messages.
 */
import { translate, type MessageId, type Messages } from '../../shared/messages.js';
import { allowedOrigins, tryItRequestUrl, type TryItServer } from '../../shared/try-it-url.js';

type ServerData = TryItServer;
export interface IslandData {
  servers: ServerData[];
  schemes: { key: string; type: string; detail: string }[];
}

const TOKEN_KEY = 'dg-api-token';
/** Shared by every console of the page: one server URL and one token. */
const shared = { token: '', server: '' };

function readStoredToken(): string {
  try {
    return sessionStorage.getItem(TOKEN_KEY) ?? '';
  } catch {
    return '';
  }
}

function storeToken(token: string, remember: boolean): void {
  try {
    if (remember && token) sessionStorage.setItem(TOKEN_KEY, token);
    else sessionStorage.removeItem(TOKEN_KEY);
  } catch {
    console.warn('docgen: sessionStorage is unavailable; the token is kept in memory only');
  }
}

function el<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  props: Record<string, string> = {},
  text?: string,
): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(props)) node.setAttribute(k, v);
  if (text !== undefined) node.textContent = text;
  return node;
}

function row(label: string, input: HTMLElement): HTMLElement {
  const wrap = el('div', { class: 'dg-try__row' });
  const id = 'dg-try-' + Math.random().toString(36).slice(2, 9);
  input.id = id;
  wrap.append(el('label', { for: id }, label), input);
  return wrap;
}

function serverUrl(server: ServerData | undefined, values: Map<string, string>): string {
  if (!server) return '';
  return server.variables
    .reduce((url, v) => url.split(`{${v.name}}`).join(values.get(v.name) ?? v.default), server.url)
    .replace(/\/$/, '');
}

/** Where the credential goes, from the first scheme the document declares. */
function credential(data: IslandData, token: string): [string, string] | undefined {
  if (!token) return undefined;
  const scheme = data.schemes[0];
  if (
    !scheme ||
    scheme.detail.startsWith('Authorization: Bearer') ||
    scheme.type === 'oauth2' ||
    scheme.type === 'openIdConnect'
  )
    return ['Authorization', `Bearer ${token}`];
  if (scheme.detail.startsWith('Authorization: Basic')) return ['Authorization', `Basic ${token}`];
  if (scheme.type === 'apiKey' && scheme.detail.startsWith('header ')) return [scheme.detail.slice(7), token];
  return ['Authorization', token];
}

/**
 * Builds the console of one operation section into `panel`.
 * @param section `section.dg-op` with data-method / data-path
 * @param messages the site's UI labels (SiteData.messages): the console's labels and messages are `tryIt.*`
 */
export function buildConsole(section: HTMLElement, panel: HTMLElement, data: IslandData, messages: Messages): void {
  const t = (id: MessageId, params?: Record<string, string | number>) => translate(messages, id, params);
  if (!shared.token) shared.token = readStoredToken();
  const form = el('form', { class: 'dg-try__form' });
  // Server: template + variables -> an editable URL.
  const server = data.servers[0];
  const values = new Map<string, string>();
  const url = el('input', { type: 'text', name: 'server', autocomplete: 'off', spellcheck: 'false' });
  url.value = shared.server || serverUrl(server, values);
  url.addEventListener('input', () => (shared.server = url.value));
  form.append(row(t('tryIt.serverUrl'), url));
  for (const v of server?.variables ?? []) {
    const input = el('input', { type: 'text', name: `var:${v.name}` });
    input.value = v.default;
    input.addEventListener('input', () => {
      values.set(v.name, input.value);
      url.value = shared.server = serverUrl(server, values);
    });
    form.append(row(`{${v.name}}`, input));
  }
  // Credential: memory by default; sessionStorage only when asked.
  if (data.schemes.length > 0) {
    const token = el('input', { type: 'password', name: 'token', autocomplete: 'off', placeholder: t('tryIt.token') });
    token.value = shared.token;
    const remember = el('input', { type: 'checkbox', name: 'remember' });
    remember.checked = readStoredToken() !== '';
    token.addEventListener('input', () => {
      shared.token = token.value;
      storeToken(token.value, remember.checked);
    });
    remember.addEventListener('change', () => storeToken(token.value, remember.checked));
    const label = el('label', { class: 'dg-try__remember' });
    label.append(remember, ` ${t('tryIt.remember')}`);
    form.append(row(t('tryIt.tokenLabel'), token), label);
  }
  for (const p of section.querySelectorAll<HTMLElement>('.dg-param')) {
    const input = el('input', { type: 'text', name: `${p.dataset.paramIn}:${p.dataset.paramName}` });
    input.value = p.dataset.example ?? '';
    form.append(row(t('tryIt.param', { name: p.dataset.paramName ?? '', in: p.dataset.paramIn ?? '' }), input));
  }
  const example = section.querySelector<HTMLElement>('pre[data-role="body"]');
  const media = section.dataset.bodyMedia;
  if (media) {
    const body = el('textarea', { name: 'body', spellcheck: 'false' });
    body.value = example?.textContent ?? '';
    form.append(row(t('tryIt.body', { media }), body));
  }
  form.append(el('button', { type: 'submit', class: 'dg-try__send' }, t('tryIt.send')));
  const result = el('div', { class: 'dg-try__result', 'aria-live': 'polite' });
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    void send({ section, form, data, result, t });
  });
  panel.replaceChildren(form, result);
}

async function send(options: {
  section: HTMLElement;
  form: HTMLFormElement;
  data: IslandData;
  result: HTMLElement;
  t: (id: MessageId, params?: Record<string, string | number>) => string;
}): Promise<void> {
  const { section, form, data, result, t } = options;
  const fields = new FormData(form);
  let path = section.dataset.path ?? '';
  const query = new URLSearchParams();
  // An `in: querystring` parameter (OpenAPI 3.2) is the whole query string, typed as it is sent.
  let querystring = '';
  const headers = new Headers();
  for (const [name, value] of fields) {
    const text = String(value);
    const [where, key] = [name.slice(0, name.indexOf(':')), name.slice(name.indexOf(':') + 1)];
    if (text === '') continue;
    if (where === 'path') path = path.split(`{${key}}`).join(encodeURIComponent(text));
    else if (where === 'query') query.append(key, text);
    else if (where === 'querystring') querystring = text.replace(/^\?/, '');
    else if (where === 'header') headers.set(key, text);
  }
  const auth = credential(data, shared.token);
  if (auth) headers.set(auth[0], auth[1]);
  const body = fields.get('body');
  const media = section.dataset.bodyMedia;
  if (media && typeof body === 'string' && body !== '') headers.set('Content-Type', media);
  // OpenAPI 3.1 §4.8.1: no servers means the server '/', this site.
  const servers = data.servers.length > 0 ? data.servers : [{ url: '/', variables: [] }];
  const request = tryItRequestUrl({
    server: String(fields.get('server') ?? ''),
    path,
    query: [query.toString(), querystring].filter((part) => part !== '').join('&'),
    allowed: allowedOrigins(servers, location.href),
    base: location.href,
  });
  if ('refused' in request) {
    const message =
      request.refused === 'foreign'
        ? t('tryIt.refusedForeign', { origin: request.origin ?? '' })
        : t('tryIt.refusedInvalid');
    result.replaceChildren(el('p', { class: 'dg-try__error', role: 'alert' }, message));
    return;
  }
  const target = request.url;
  const method = (section.dataset.method ?? 'get').toUpperCase();
  result.replaceChildren(el('p', {}, t('tryIt.sending')));
  const started = performance.now();
  try {
    const response = await fetch(target, {
      method,
      headers,
      body:
        media && typeof body === 'string' && body !== '' && method !== 'GET' && method !== 'HEAD' ? body : undefined,
      credentials: 'omit',
    });
    const text = await response.text();
    const ms = Math.round(performance.now() - started);
    let shown = text;
    try {
      shown = JSON.stringify(JSON.parse(text), null, 2);
    } catch {
      // not JSON: shown as is
    }
    const head = [...response.headers].map(([k, v]) => `${k}: ${v}`).join('\n');
    result.replaceChildren(
      el(
        'p',
        { class: 'dg-try__status', 'data-status': String(response.status) },
        t('tryIt.status', { status: `${response.status} ${response.statusText}`, ms }),
      ),
      el('pre', { class: 'dg-try__headers' }, head),
      el('pre', { class: 'dg-try__body' }, shown),
    );
  } catch (error) {
    const ms = Math.round(performance.now() - started);
    result.replaceChildren(
      el('p', { class: 'dg-try__error', role: 'alert' }, t('tryIt.failed', { ms, error: (error as Error).message })),
    );
  }
}
