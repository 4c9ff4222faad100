/**
 * Response headers for operators: a strict Content-Security-Policy (with the SHA-256 of the one inline
 * script) and cache rules (`immutable` for hashed assets), written as `_headers` (Netlify / Cloudflare Pages
 * format) and `nginx.conf.example`, so the site can be served from any host or CDN with the same policy.
 */
import { createHash } from 'node:crypto';
import { readdirSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import fg from 'fast-glob';
import path from 'node:path';
import { Parser } from 'htmlparser2';
import { escapeRegExp } from '../serve/headers-file.js';

/**
 * Static files a browser would run script in when opened directly (HTML, XHTML, SVG, XML): copied from content/,
 * which is not trusted to run script on the site's origin (SECURITY.md), so they are served
 * with `Content-Security-Policy: sandbox` (an opaque origin, no script).
 * @param relPath content-relative POSIX path
 */
export function isActiveContentFile(relPath: string): boolean {
  return /\.(html?|xhtml?|xht|svgz?|xml|xsl)$/i.test(relPath);
}

/** The policy of such files (isActiveContentFile). */
export const SANDBOX_CSP = 'sandbox';

export interface HeaderRules {
  csp: string;
  headersFile: string;
  nginxFile: string;
}

/**
 * @param options.inlineScripts sources of inline <script> elements the pages carry (hashed into script-src)
 * @param options.imgOrigins extra image origins (the diagram service, spec §7)
 * @param options.mediaOrigins video and audio origins (OpenAPI descriptions); none gives no `media-src`, so media
 *   fall back to `default-src 'self'`
 * @param options.connectOrigins extra fetch origins (API servers for the try-it console)
 * @param options.frameOrigins origins content may embed with `<iframe>` (config `markdown.iframeOrigins`);
 *   none gives no `frame-src`, so frames fall back to `default-src 'self'`
 * @param options.baseUrl base URL the site is served under
 * @param options.catchAll false leaves out the `<baseUrl>*` rule (a locale's: the site root's `/*` covers it)
 * @param options.sandboxed content-relative POSIX paths of static files served sandboxed (isActiveContentFile)
 * @param options.immutable output-relative paths of docgen's hashed assets, cached for a year: a folder ends with
 *   '/'. Default ['assets/']; a site that publishes static files under `assets/` lists docgen's own (immutableAssets),
 *   so its files are revalidated as every other static file is
 * @param options.extra sources the site adds per directive (site.config.ts `csp`), after docgen's own
 */
export function createHeaderRules(options: {
  inlineScripts: string[];
  imgOrigins: string[];
  mediaOrigins?: string[];
  connectOrigins: string[];
  frameOrigins?: string[];
  baseUrl: string;
  catchAll?: boolean;
  sandboxed?: string[];
  immutable?: string[];
  extra?: Partial<Record<string, string[]>>;
}): HeaderRules {
  const hashes = [...new Set(options.inlineScripts)].map(
    (source) => `'sha256-${createHash('sha256').update(source).digest('base64')}'`,
  );
  const directives: [string, ...string[]][] = [
    ['default-src', "'self'"],
    ['script-src', "'self'", ...hashes],
    ['style-src', "'self'"],
    ['img-src', "'self'", 'data:', ...unique(options.imgOrigins)],
    ['connect-src', "'self'", ...unique(options.connectOrigins)],
    ['font-src', "'self'"],
    ...(options.mediaOrigins?.length
      ? [['media-src', "'self'", ...unique(options.mediaOrigins)] as [string, ...string[]]]
      : []),
    ...(options.frameOrigins?.length
      ? [['frame-src', "'self'", ...unique(options.frameOrigins)] as [string, ...string[]]]
      : []),
    ['object-src', "'none'"],
    ['base-uri', "'self'"],
    ['form-action', "'self'"],
    ['frame-ancestors', "'none'"],
  ];
  for (const [name, sources] of Object.entries(options.extra ?? {})) {
    // A directive the policy does not have yet falls back to default-src 'self': it starts from 'self', so the
    // sources are added to what it allowed, and goes before object-src, where docgen's own optional ones go.
    let directive = directives.find(([existing]) => existing === name);
    if (!directive) {
      directive = [name, "'self'"];
      directives.splice(
        directives.findIndex(([existing]) => existing === 'object-src'),
        0,
        directive,
      );
    }
    for (const source of sources ?? []) if (!directive.includes(source)) directive.push(source);
  }
  const csp = directives.map((directive) => directive.join(' ')).join('; ');
  const immutable = (options.immutable ?? ['assets/']).map((rel) => options.baseUrl + encodeURI(rel));
  const sandboxed = (options.sandboxed ?? []).map((rel) => options.baseUrl + encodeURI(rel));
  // A second policy on the same response: hosts merge the matching rules' headers, and browsers enforce both.
  const sandboxRules = sandboxed.flatMap((url) => [url, `  Content-Security-Policy: ${SANDBOX_CSP}`]);
  const sandboxLocations = sandboxed.flatMap((url) => [
    `location = ${url} {`,
    `    add_header Content-Security-Policy "${SANDBOX_CSP}" always;`,
    '    add_header X-Content-Type-Options nosniff always;',
    '}',
  ]);
  const catchAll = [
    `${options.baseUrl}*`,
    `  Content-Security-Policy: ${csp}`,
    '  X-Content-Type-Options: nosniff',
    '  Referrer-Policy: strict-origin-when-cross-origin',
    '  Cache-Control: public, max-age=0, must-revalidate',
  ];
  const headersFile = [
    ...(options.catchAll === false ? [] : catchAll),
    ...immutable.flatMap((url) => [
      url.endsWith('/') ? `${url}*` : url,
      '  Cache-Control: public, max-age=31536000, immutable',
    ]),
    ...sandboxRules,
    ...MARKDOWN_FILES.flatMap(([pattern, type]) => [options.baseUrl + pattern, `  Content-Type: ${type}`]),
    '',
  ].join('\n');
  const nginxFile = [
    '# docgen: nginx server block snippet for this site (generated; copy into your server block).',
    `location ${options.baseUrl} {`,
    `    try_files $uri $uri.html $uri/ =404;`,
    `    add_header Content-Security-Policy "${csp}" always;`,
    '    add_header X-Content-Type-Options nosniff always;',
    '    add_header Referrer-Policy strict-origin-when-cross-origin always;',
    '    add_header Cache-Control "public, max-age=0, must-revalidate" always;',
    '}',
    ...immutable.flatMap((url) => [
      url.endsWith('/') ? `location ${url} {` : `location = ${url} {`,
      `    add_header Content-Security-Policy "${csp}" always;`,
      '    add_header Cache-Control "public, max-age=31536000, immutable" always;',
      '}',
    ]),
    ...sandboxLocations,
    // A regex location wins over the prefix ones above, so it repeats their headers (add_header is not inherited).
    `location ~ ^${escapeRegExp(options.baseUrl)}.*\\.md$ {`,
    `    types { } default_type "${MARKDOWN_TYPE}";`,
    `    add_header Content-Security-Policy "${csp}" always;`,
    '    add_header X-Content-Type-Options nosniff always;',
    '    add_header Cache-Control "public, max-age=0, must-revalidate" always;',
    '}',
    `error_page 404 ${options.baseUrl}404.html;`,
    '',
  ].join('\n');
  return { csp, headersFile, nginxFile };
}

/** The media type of the Markdown twins (RFC 7763), UTF-8 as docgen writes them. */
const MARKDOWN_TYPE = 'text/markdown; charset=utf-8';

/**
 * The Markdown files docgen writes (render/llms-files.ts) and their Content-Type, as `_headers` patterns under the
 * base URL (`*` also spans folders: a locale's own llms.txt). Twins are `text/markdown` (RFC 7763). llms.txt and
 * llms-full.txt are Markdown too (llmstxt.org), but stay `text/plain` as llmstxt.org's own site serves them: every
 * browser shows that inline, whereas Firefox offers `text/markdown` as a download; the rule pins `charset=utf-8`,
 * without which a host's default type leaves Japanese text to the browser's guess.
 */
const MARKDOWN_FILES: [pattern: string, type: string][] = [
  ['*.md', MARKDOWN_TYPE],
  ['*llms.txt', 'text/plain; charset=utf-8'],
  ['*llms-full.txt', 'text/plain; charset=utf-8'],
];

function unique(origins: string[]): string[] {
  return [...new Set(origins.filter(Boolean))].sort();
}

/** The start of a tag whose attributes htmlResourceOrigins reads (`<source>` and `<track>` count only inside these). */
const RESOURCE_TAG = /<(?:img|video|audio|source)[\s/>]/i;

/**
 * The origins of the images and media rendered HTML loads from other hosts, by the CSP directive that governs them:
 * `img-src` for `<img src>`, `srcset` of `<img>` and `<picture><source>`, `<video poster>`; `media-src` for `src` of
 * `<video>`, `<audio>`, their `<source>` and `<track>`. Absolute http(s) URLs only (relative ones are the site's own).
 * An API reference's descriptions are Markdown whose images CommonMark renders as such, and whose raw `<video>` or
 * `<audio>` the HTML allow-list keeps; their origins join the CSP so that the reader sees them.
 * @returns origins in order of first appearance, each once per directive
 */
export function htmlResourceOrigins(html: string): { img: string[]; media: string[] } {
  // Parsing is the cost (an API reference's parts are tens of MB); HTML without these tags has nothing to find.
  if (!RESOURCE_TAG.test(html)) return { img: [], media: [] };
  const img = new Set<string>();
  const media = new Set<string>();
  const add = (origins: Set<string>, url: string) => {
    const origin = /^https?:\/\//i.test(url) ? originOf(url) : null;
    if (origin) origins.add(origin);
  };
  const parents: string[] = [];
  const parser = new Parser({
    onopentag(name, attributes) {
      const parent = parents.at(-1);
      parents.push(name);
      if (name === 'img' && attributes.src) add(img, attributes.src);
      if ((name === 'img' || name === 'source') && attributes.srcset)
        for (const candidate of attributes.srcset.split(',')) add(img, candidate.trim().split(/\s+/)[0] ?? '');
      if (name === 'video' && attributes.poster) add(img, attributes.poster);
      const mediaElement =
        name === 'video' ||
        name === 'audio' ||
        ((name === 'source' || name === 'track') && (parent === 'video' || parent === 'audio'));
      if (mediaElement && attributes.src) add(media, attributes.src);
    },
    onclosetag() {
      parents.pop();
    },
  });
  parser.end(html);
  return { img: [...img], media: [...media] };
}

/** The origin of a URL (`https://kroki.io`), or null for a relative or invalid one. */
export function originOf(url: string): string | null {
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
}

/**
 * docgen's own entries of the output's `assets/` folder, for `immutable`, when static files are published there too:
 * a folder of docgen's that holds no static file as one entry ('assets/data/'), else each of docgen's files in it.
 * @param staging the output folder, once every hashed asset is written and before the static files are copied
 * @param staticFiles content-relative POSIX paths of the static files
 * @returns ['assets/'] when no static file is under `assets/`
 */
export function immutableAssets(staging: string, staticFiles: string[]): string[] {
  const published = staticFiles.filter((rel) => rel.startsWith('assets/'));
  if (published.length === 0) return ['assets/'];
  const staticFolders = new Set(published.map((rel) => rel.split('/')[1]));
  const entries: string[] = [];
  for (const entry of readdirSync(path.join(staging, 'assets'), { withFileTypes: true })) {
    if (!entry.isDirectory()) entries.push(`assets/${entry.name}`);
    else if (!staticFolders.has(entry.name)) entries.push(`assets/${entry.name}/`);
    else
      for (const file of readdirSync(path.join(staging, 'assets', entry.name), {
        recursive: true,
        withFileTypes: true,
      }))
        if (file.isFile())
          entries.push(path.relative(staging, path.join(file.parentPath, file.name)).split(path.sep).join('/'));
  }
  return entries.sort();
}

/** What the pages of a site whose pages are code render that its policy must allow (componentSourcesOf). */
export interface ComponentSources {
  /** Inline `style` attribute values, distinct and sorted (entities decoded, as the browser reads them). */
  styles: string[];
  /**
   * The text of `<style>` elements (an SVG logo's own stylesheet), distinct and sorted, line breaks normalised to LF
   * as the HTML parser reads them before the browser hashes them.
   */
  styleElements?: string[];
  /** Origins of `<iframe src>` (http and https), distinct and sorted. */
  frameOrigins: string[];
}

/**
 * What a built site's pages need allowed besides docgen's own policy: the inline `style` attributes, `<style>`
 * elements and `<iframe>` origins that the site's own components render (a page that is code, render/compile-config.ts
 * pagesAreCode: the site's components are trusted as its config is, SECURITY.md), and the inline styles authored
 * HTML keeps with `markdown.inlineStyles`. The theme writes none, and authored HTML keeps only iframes of
 * `markdown.iframeOrigins`, already in the policy, and no `<style>`. Styles are allowed one by one by their hash,
 * never with 'unsafe-inline' (withComponentSources).
 * @param staging the output folder being written (every locale's pages below it)
 */
export async function componentSourcesOf(staging: string): Promise<ComponentSources> {
  const sources = { styles: new Set<string>(), styleElements: new Set<string>(), frameOrigins: new Set<string>() };
  const pages = await fg('**/*.html', { cwd: staging, ignore: ['assets/**'] });
  for (const page of pages) collectPageSources(await readFile(path.join(staging, page), 'utf8'), sources);
  return {
    styles: [...sources.styles].sort(),
    styleElements: [...sources.styleElements].sort(),
    frameOrigins: [...sources.frameOrigins].sort(),
  };
}

/**
 * What one page's HTML needs its policy to allow (componentSourcesOf), as one comparable text: the incremental
 * build keeps the site-wide policy only when each page it rebuilds needs exactly what it needed before.
 * @param html a built page
 */
export function pageSourcesKey(html: string): string {
  const sources = { styles: new Set<string>(), styleElements: new Set<string>(), frameOrigins: new Set<string>() };
  collectPageSources(html, sources);
  return JSON.stringify([sources.styles, sources.styleElements, sources.frameOrigins].map((set) => [...set].sort()));
}

/** Adds a page's inline `style` values, `<style>` texts and iframe origins to the sets. */
function collectPageSources(
  html: string,
  sources: { styles: Set<string>; styleElements: Set<string>; frameOrigins: Set<string> },
): void {
  if (!html.includes(' style=') && !html.includes('<iframe') && !html.includes('<style')) return;
  let inFrame = false;
  let styleText: string | null = null;
  const parser = new Parser({
    onopentagname(name) {
      inFrame = name === 'iframe';
      if (name === 'style') styleText = '';
    },
    ontext(text) {
      if (styleText !== null) styleText += text;
    },
    onclosetag(name) {
      if (name !== 'style' || styleText === null) return;
      if (styleText.trim() !== '') sources.styleElements.add(styleText.replace(/\r\n?/g, '\n'));
      styleText = null;
    },
    onattribute(name, value) {
      if (name === 'style' && value.trim() !== '') sources.styles.add(value);
      if (inFrame && name === 'src') {
        const origin = URL.canParse(value) ? new URL(value) : null;
        if (origin && /^https?:$/.test(origin.protocol)) sources.frameOrigins.add(origin.origin);
      }
    },
  });
  parser.end(html);
}

/**
 * Allows what componentSourcesOf found in every policy of generated header text (`_headers`,
 * `nginx.conf.example`): each inline `style` value by `'unsafe-hashes'` and its SHA-256 in `style-src` (CSP Level 3
 * §6.7.3: a hash source matches an inline style attribute only with 'unsafe-hashes'), each `<style>` element's text
 * by its SHA-256, and each iframe origin in
 * `frame-src` (added before `object-src` when the policy has none). Text with nothing to allow is returned as it is.
 */
export function withComponentSources(text: string, sources: ComponentSources): string {
  let out = text;
  const hash = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;
  const hashes = [
    ...(sources.styles.length > 0 ? ["'unsafe-hashes'", ...sources.styles.map(hash)] : []),
    ...(sources.styleElements ?? []).map(hash),
  ];
  // A policy that already allows every inline style ('unsafe-inline', which the math set-up adds) keeps it: a hash
  // beside it would make browsers ignore it (CSP Level 3 §6.7.3.3).
  if (hashes.length > 0)
    out = out.replace(/style-src 'self'([^;"\n]*)/g, (directive, rest: string) =>
      rest.includes("'unsafe-inline'") ? directive : `style-src 'self' ${hashes.join(' ')}${rest}`,
    );
  if (sources.frameOrigins.length > 0)
    out = out.replace(/default-src 'self';[^"\n]*/g, (policy) => {
      const existing = /frame-src ([^;"\n]*)/.exec(policy);
      if (existing) {
        const have = existing[1]!.split(' ');
        const added = sources.frameOrigins.filter((origin) => !have.includes(origin));
        return added.length === 0 ? policy : policy.replace(existing[0], `${existing[0]} ${added.join(' ')}`);
      }
      return policy.replace(
        "object-src 'none'",
        `frame-src 'self' ${sources.frameOrigins.join(' ')}; object-src 'none'`,
      );
    });
  return out;
}
