/**
 * The origins of the `<iframe src>` a page embeds (YouTube, CodeSandbox...), outside code blocks: Docusaurus and
 * VitePress render such iframes as written, docgen only from the origins listed in `markdown.iframeOrigins`
 * (issue 16, item 2), so a migrated site lists those its pages use.
 */

/**
 * Adds the https origins of a page's iframes to `into`.
 * @param text the page's Markdown
 */
export function collectIframeOrigins(text: string, into: Set<string>): void {
  const outsideCode = text.replace(/^(`{3,}|~{3,})[^\n]*\n[\s\S]*?^\1[^\n]*$/gm, '');
  for (const match of outsideCode.matchAll(/<iframe\b[^>]*?\bsrc\s*=\s*["'](https:\/\/[^/"'\s]+)/gi)) {
    try {
      into.add(new URL(match[1]!).origin);
    } catch {
      // not a URL: the sanitiser reports the iframe when the site is built
    }
  }
}
