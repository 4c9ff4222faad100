/**
 * The site's own remark and rehype plugins (`markdown.remarkPlugins` / `markdown.rehypePlugins` in site.config.ts,
 * as Astro and Docusaurus take them: a unified plugin, or `[plugin, options]`). They run after docgen's own plugins
 * of the same kind (processor.ts). Plugins are functions, which cannot cross into a worker thread: a worker loads
 * the site's config itself (pool/site-plugins.ts) and checks that it got the plugins the main thread keyed.
 */
import { createHash } from 'node:crypto';
import type { Pluggable } from 'unified';

/** One plugin entry: the plugin, or the plugin and its options (options are JSON-like or functions). */
export type MarkdownPluginEntry = ((...args: never[]) => unknown) | [(...args: never[]) => unknown, ...unknown[]];

/** The `markdown` key of a resolved config. */
export interface MarkdownPlugins {
  remarkPlugins: MarkdownPluginEntry[];
  rehypePlugins: MarkdownPluginEntry[];
}

/** No plugins. */
export const NO_MARKDOWN_PLUGINS: MarkdownPlugins = { remarkPlugins: [], rehypePlugins: [] };

/** True when a site configures any plugin. */
export function hasMarkdownPlugins(plugins: MarkdownPlugins): boolean {
  return plugins.remarkPlugins.length + plugins.rehypePlugins.length > 0;
}

/** The entries as unified's `use` takes them. */
export function toPluggables(entries: MarkdownPluginEntry[]): Pluggable[] {
  return entries as unknown as Pluggable[];
}

/**
 * What the plugins are, for the page cache key and the build fingerprint: each plugin's name and source text, its
 * options (functions by their source), and the versions of the packages site.config.ts imports (a plugin upgraded
 * in node_modules changes the key even when its entry function did not change).
 * @param packages package name -> version of every package the config imports (config/load.ts)
 * @returns '' when there are no plugins (so a site without plugins keeps its keys), else a SHA-256 hex digest
 */
export function markdownPluginsKey(plugins: MarkdownPlugins, packages: Record<string, string>): string {
  if (!hasMarkdownPlugins(plugins)) return '';
  const describe = (entry: MarkdownPluginEntry) => {
    const [plugin, ...options] = Array.isArray(entry) ? entry : [entry];
    return {
      name: plugin.name,
      source: String(plugin),
      options: JSON.stringify(options, (_, value: unknown) => (typeof value === 'function' ? String(value) : value)),
    };
  };
  const parts = {
    remark: plugins.remarkPlugins.map(describe),
    rehype: plugins.rehypePlugins.map(describe),
    packages: Object.entries(packages).sort(),
  };
  return createHash('sha256').update(JSON.stringify(parts)).digest('hex');
}
