/**
 * The files a multi-locale output has once though every locale's build writes one: the sitemap and the
 * host headers file.
 */

/**
 * One sitemap of every locale's pages (sitemaps.org 0.9: one `<urlset>`), in locale order.
 * @param sitemaps each locale's sitemap.xml (build/output.ts sitemapOf), the default locale's first
 */
export function mergeSitemaps(sitemaps: string[]): string {
  const urls = sitemaps.flatMap((text) => text.split('\n').filter((line) => line.trimStart().startsWith('<url>')));
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join('\n')}\n</urlset>\n`;
}

/**
 * One `_headers` file (Netlify/Cloudflare Pages format: a path line, then indented `Name: value` lines): the
 * default locale's whole file, then each other locale's rules but its catch-all `<base>*`, which the root's `/*`
 * already covers with the same headers (every locale's CSP allows every locale's colour-mode script: a host
 * applying both would repeat identical headers).
 * @param files each locale's base URL and `_headers` text, the default locale first
 */
export function mergeHeaders(files: { baseUrl: string; text: string }[]): string {
  const [first, ...others] = files;
  if (!first) return '';
  const out = [first.text.replace(/\n*$/, '')];
  for (const { baseUrl, text } of others) {
    for (const section of sectionsOf(text)) {
      if (section[0] !== `${baseUrl}*`) out.push(section.join('\n'));
    }
  }
  return out.join('\n') + '\n';
}

/** The rules of a `_headers` file: each a path line and its header lines. */
function sectionsOf(text: string): string[][] {
  const sections: string[][] = [];
  for (const line of text.split('\n')) {
    if (!line.trim()) continue;
    if (/^\s/.test(line) && sections.length > 0) sections.at(-1)!.push(line);
    else sections.push([line]);
  }
  return sections;
}
