/**
 * The origins of the `<iframe src>` a page embeds (YouTube, CodeSandbox...), outside code blocks: Docusaurus and
 * VitePress render such iframes as written, docgen only from the origins listed in `markdown.iframeOrigins`,
 * so a migrated site lists those its pages use. The same for images on other hosts (badges,
 * screenshots): the site's CSP loads images from the origins in `csp['img-src']` only (rehype-external-media.ts).
 */

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
 * Adds the origins of a page's external images (`![alt](https://…)`, `<img src="https://…">`) to `into`.
 * @param text the page's Markdown
 */
export function collectImageOrigins(text: string, into: Set<string>): void {
  const outsideCode = withoutCodeBlocks(text);
  const urls = [
    ...outsideCode.matchAll(/!\[[^\]\n]*\]\(\s*<?(https?:\/\/[^\s)>]+)/gi),
    ...outsideCode.matchAll(/<img\b[^>]*?\bsrc\s*=\s*\{?\s*["'](https?:\/\/[^"'\s]+)/gi),
  ];
  for (const match of urls) {
    try {
      into.add(new URL(match[1]!).origin);
    } catch {
      // not a URL: the page shows it as written
    }
  }
}

/** The text without fenced code blocks (their examples are not the page's own embeds). */
function withoutCodeBlocks(text: string): string {
  return text.replace(/^(`{3,}|~{3,})[^\n]*\n[\s\S]*?^\1[^\n]*$/gm, '');
}
