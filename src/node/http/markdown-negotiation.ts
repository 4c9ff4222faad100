/**
 * Content negotiation for the Markdown twins (shared/twin-url.ts): a request for a page whose `Accept` prefers
 * `text/markdown` to `text/html` is answered with the page's twin, as Mintlify and Cloudflare's "Markdown for
 * agents" do (RFC 9110 §12.5.1: the highest quality wins; a type not listed has the quality of `*\/*`, else 0).
 * `docgen serve` and `docgen dev` both use it; their answers carry `Vary: Accept`.
 */

/**
 * True when the Accept header prefers Markdown: `text/markdown` with a quality above 0, at least that of
 * `text/html`. A browser's `text/html,...,*\/*;q=0.8` never does.
 */
export function prefersMarkdown(accept: string | string[] | undefined): boolean {
  const value = Array.isArray(accept) ? accept.join(',') : accept;
  if (!value?.toLowerCase().includes('text/markdown')) return false;
  const quality = new Map<string, number>();
  for (const part of value.split(',')) {
    const [type, ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const parsed = q ? Number(q.slice(2)) : 1;
    if (type && !quality.has(type.trim())) quality.set(type.trim(), Number.isFinite(parsed) ? parsed : 0);
  }
  const of = (type: string) => quality.get(type) ?? quality.get(type.split('/')[0] + '/*') ?? quality.get('*/*') ?? 0;
  const markdown = of('text/markdown');
  return markdown > 0 && markdown >= of('text/html');
}
