/**
 * VitePress `rewrites`: the page paths a VitePress site publishes its Markdown files at (`en/guide/a.md` served as
 * `guide/a.md`). `docgen migrate vitepress` writes each page at its rewritten path, so docgen's route is the URL
 * VitePress published, and the pages' relative links (which VitePress resolves against the rewritten path) still hold.
 */

/** One rule of `rewrites`: a path-to-regexp pattern (or `^regex`) and the path it becomes. */
interface RewriteRule {
  match: (page: string) => Record<string, string> | undefined;
  to: string;
}

/**
 * Compiles a `rewrites` key as VitePress does (`src/node/plugins/rewritesPlugin.ts`, path-to-regexp 6 `match`):
 * `:name` matches one segment, `:name*` any number of segments (none included), `:name+` at least one, `:name?` an
 * optional one; a key starting with `^` is a regular expression whose numbered groups are `:1`, `:2`...
 */
function compileRule(from: string, to: string): RewriteRule {
  if (from.startsWith('^')) {
    const pattern = new RegExp(from);
    return {
      match: (page) => {
        const found = pattern.exec(page);
        return found ? Object.fromEntries(found.slice(1).map((value, i) => [String(i + 1), value ?? ''])) : undefined;
      },
      to,
    };
  }
  const names: string[] = [];
  let source = '';
  for (const part of from.split(/(\/?:\w+[*+?]?)/)) {
    const param = /^(\/?):(\w+)([*+?]?)$/.exec(part);
    if (!param) {
      source += part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
      continue;
    }
    const [, slash, name, modifier] = param;
    names.push(name!);
    const segment = modifier === '*' || modifier === '+' ? '(.+)' : '([^/]+)';
    source += modifier === '*' || modifier === '?' ? `(?:${slash}${segment})?` : `${slash}${segment}`;
  }
  const pattern = new RegExp(`^${source}$`);
  return {
    match: (page) => {
      const found = pattern.exec(page);
      return found ? Object.fromEntries(names.map((name, i) => [name, found[i + 1] ?? ''])) : undefined;
    },
    to,
  };
}

/** Fills a rewrite target's `:name` parameters (`:rest*` included), dropping a slash left before an empty one. */
function fill(to: string, params: Record<string, string>): string {
  return to
    .replace(/(\/?):(\w+)[*+?]?/g, (whole, slash: string, name: string) =>
      name in params ? (params[name] ? `${slash}${params[name]}` : '') : whole,
    )
    .replace(/^\//, '');
}

/**
 * The rewritten path of every page that `rewrites` moves, the first matching rule winning (VitePress
 * `resolveRewrites`); a function `rewrites(id)` is called with each page.
 * @param rewrites the config's `rewrites`: `{ 'en/:rest*': ':rest*' }` or a function of the page path
 * @param pages page paths relative to srcDir, POSIX, with `.md`
 * @returns page -> rewritten path (pages that keep their path are absent)
 */
export function rewrittenPages(rewrites: unknown, pages: readonly string[]): Map<string, string> {
  const moved = new Map<string, string>();
  if (typeof rewrites === 'function') {
    for (const page of pages) {
      const to = (rewrites as (id: string) => unknown)(page);
      if (typeof to === 'string' && to !== page) moved.set(page, to.replace(/^\//, ''));
    }
    return moved;
  }
  if (!rewrites || typeof rewrites !== 'object') return moved;
  const rules = Object.entries(rewrites)
    .filter((entry): entry is [string, string] => typeof entry[1] === 'string')
    .map(([from, to]) => compileRule(from, to));
  for (const page of pages)
    for (const rule of rules) {
      const params = rule.match(page);
      if (!params) continue;
      const to = fill(rule.to, params);
      if (to !== page) moved.set(page, to);
      break;
    }
  return moved;
}
