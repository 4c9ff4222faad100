/**
 * What a migrated site's policy and markdown settings must allow, read from its pages and components, outside code
 * blocks: the origins of the `<iframe src>` a page embeds (YouTube, CodeSandbox...; Docusaurus and VitePress render
 * such iframes as written, docgen only from the origins listed in `markdown.iframeOrigins`), of images on other hosts
 * (the site's CSP loads images from the origins in `csp['img-src']` only: rehype-external-media.ts), whether pages
 * style their HTML inline (`markdown.inlineStyles`), and the origins the site's own components fetch from and frame
 * (`csp['connect-src']`, `csp['frame-src']`).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import fg from 'fast-glob';

/** The host name of a URL ('git.example.com'), or the URL as written when it is none. */
export function hostOf(url: string): string {
  try {
    return new URL(url).hostname || url;
  } catch {
    return url;
  }
}

/**
 * Adds the https origins of a page's iframes to `into`.
 * @param text the page's Markdown
 */
export function collectIframeOrigins(text: string, into: Set<string>): void {
  const outsideCode = withoutCodeBlocks(text);
  for (const match of outsideCode.matchAll(/<iframe\b[^>]*?\bsrc\s*=\s*["']((?:https:)?\/\/[^/"'\s]+)/gi)) {
    try {
      // A protocol-relative src is loaded over https (the sanitiser writes it out so: html-allow-list.ts).
      into.add(new URL(match[1]!, 'https://example.invalid').origin);
    } catch {
      // not a URL: the sanitiser reports the iframe when the site is built
    }
  }
}

/**
 * Adds the origins of a page's external images (`![alt](https://…)`, `<img src="https://…">`, a video's
 * `poster="https://…"`) to `into`.
 * @param text the page's Markdown
 */
export function collectImageOrigins(text: string, into: Set<string>): void {
  const outsideCode = withoutCodeBlocks(text);
  const urls = [
    ...outsideCode.matchAll(/!\[[^\]\n]*\]\(\s*<?(https?:\/\/[^\s)>]+)/gi),
    ...outsideCode.matchAll(/<img\b[^>]*?\bsrc\s*=\s*\{?\s*["'](https?:\/\/[^"'\s]+)/gi),
    ...outsideCode.matchAll(/<video\b[^>]*?\bposter\s*=\s*\{?\s*["'](https?:\/\/[^"'\s]+)/gi),
  ];
  for (const match of urls) {
    try {
      into.add(new URL(match[1]!).origin);
    } catch {
      // not a URL: the page shows it as written
    }
  }
}

/**
 * Adds the origins of a page's external video and audio (`<video src="https://…">`, `<audio>`, their `<source>`s)
 * to `into`: the site's CSP loads media from the origins in `csp['media-src']` only, and the original site played
 * them (a video's `poster` is an image: collectImageOrigins).
 * @param text the page's Markdown
 */
export function collectMediaOrigins(text: string, into: Set<string>): void {
  if (!/<(?:video|audio|source)\b/i.test(text)) return;
  const outsideCode = withoutCodeBlocks(text);
  for (const [tag] of outsideCode.matchAll(/<(?:video|audio|source)\b[^>]*>/gi))
    for (const match of tag.matchAll(/\ssrc\s*=\s*["'](https?:\/\/[^"'\s]+)/gi)) {
      try {
        into.add(new URL(match[1]!).origin);
      } catch {
        // not a URL: the page shows it as written
      }
    }
}

/** The origins the migrated site's CSP must allow for what its pages embed (iframes, images, video and audio). */
export interface PageOrigins {
  iframeOrigins: Set<string>;
  imageOrigins: Set<string>;
  mediaOrigins: Set<string>;
}

/** Adds the origins of a page's iframes, external images and media to `into` (the three collectors above). */
export function collectPageOrigins(text: string, into: PageOrigins): void {
  collectIframeOrigins(text, into.iframeOrigins);
  collectImageOrigins(text, into.imageOrigins);
  collectMediaOrigins(text, into.mediaOrigins);
}

/**
 * The first migrated page whose HTML carries an inline style (JSX `style={{…}}`, raw `style="…"`) outside code
 * blocks, as `file:line`: Docusaurus and VitePress render those, docgen with `markdown.inlineStyles`.
 * @param out the migrated site's folder
 * @param patterns globs of its pages, relative to `out`
 */
export function firstInlineStyle(out: string, patterns: string[]): string | undefined {
  for (const page of fg.sync(patterns, { cwd: out }).sort()) {
    const text = readFileSync(path.join(out, page), 'utf8');
    if (!text.includes('style')) continue;
    const outsideCode = withoutCodeBlocks(text, true);
    const match = /<[A-Za-z][\w.-]*\s[^<>]*?\bstyle\s*=\s*["'{]/.exec(outsideCode);
    if (match) return `${page}:${outsideCode.slice(0, match.index).split('\n').length}`;
  }
  return undefined;
}

/**
 * The origins the site's own components reach in the reader's browser, read from their code: `fetch('https://…')`
 * (a GitHub star count, npm downloads) for `connect-src`, and, in a file that renders an `<iframe>` (a
 * playground), the https origins its code names (string and template literals) for `frame-src`. Docusaurus has no policy, so they worked there; the components are
 * the site's trusted code (SECURITY.md), and only these literal origins are allowed, no wildcard.
 * @param out the migrated site's folder; its component files (`src/`, and modules beside the pages) are read
 */
export function componentOrigins(out: string): { connect: string[]; frame: string[] } {
  const connect = new Set<string>();
  const frame = new Set<string>();
  const files = fg.sync(['src/**/*.{js,jsx,ts,tsx,mjs}', 'content/**/*.{js,jsx,ts,tsx,mjs}'], {
    cwd: out,
    absolute: true,
    ignore: ['**/node_modules/**'],
  });
  const origin = (url: string) => (URL.canParse(url) ? new URL(url).origin : null);
  for (const file of files) {
    const text = readFileSync(file, 'utf8');
    for (const match of text.matchAll(/\bfetch\(\s*[`'"](https:\/\/[^/`'"$\s]+)/g)) {
      const found = origin(match[1]!);
      if (found) connect.add(found);
    }
    // A file that renders an <iframe>: the https origins its code names (the src is often computed: kysely's
    // Playground sets it from `https://play.kysely.dev/?${params}` in an effect).
    if (/<iframe\b/.test(text))
      for (const match of text.matchAll(/[`'"](https:\/\/[^/`'"$\s?#]+)/g)) {
        const found = origin(match[1]!);
        if (found) frame.add(found);
      }
  }
  return { connect: [...connect].sort(), frame: [...frame].sort() };
}

/** The report line of a migrated site whose pages style their HTML inline, first at `at` (firstInlineStyle). */
export function inlineStyleNote(at: string): string {
  return `pages style their HTML inline (the first at ${at}): markdown.inlineStyles is on, so the declarations on docgen's allow-list are kept (SECURITY.md); others are dropped with a warning`;
}

/** The text without fenced code blocks (their examples are not the page's own embeds). */
function withoutCodeBlocks(text: string, keepLines = false): string {
  return text.replace(/^(`{3,}|~{3,})[^\n]*\n[\s\S]*?^\1[^\n]*$/gm, (block) =>
    keepLines ? '\n'.repeat(block.split('\n').length - 1) : '',
  );
}
