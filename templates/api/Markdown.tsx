/**
 * Description HTML made from Markdown at build time (src/node/openapi/markdown.ts: raw HTML dropped, unsafe URLs
 * removed), inserted as-is. Nothing else in the reference is inserted as HTML.
 */
export function Markdown({ html, className }: { html: string | undefined; className?: string }) {
  if (!html) return null;
  return <div className={`dg-md${className ? ' ' + className : ''}`} dangerouslySetInnerHTML={{ __html: html }} />;
}
