/**
 * The site's Markdown plugins in the thread that compiles its pages (markdown/plugins.ts): functions cannot be
 * sent to a worker thread, so the main thread registers the plugins of the config it loaded, and a worker loads
 * the config itself and checks that its plugins have the key the main thread computed.
 */
import { DocgenError } from '../diagnostics/error.js';
import type { MarkdownPlugins } from '../markdown/plugins.js';

/** Plugins loaded in this thread, by key: the main thread registers the config it loaded, a worker loads its own. */
const loaded = new Map<string, Promise<MarkdownPlugins>>();

/** Registers the plugins of a config this thread loaded, so that compiling on this thread loads it no second time. */
export function registerMarkdownPlugins(key: string, plugins: MarkdownPlugins): void {
  if (key) loaded.set(key, Promise.resolve(plugins));
}

/**
 * The plugins of a site, from this thread's registry or by loading its config (a worker thread).
 * @param site the project root whose site.config.ts the main thread loaded, and the key it computed
 * @throws DocgenError ConfigChanged when the config loaded here has other plugins (edited during the build), and
 *   whatever loadConfig throws
 */
export function loadSitePlugins(site: { root: string; key: string }): Promise<MarkdownPlugins> {
  let plugins = loaded.get(site.key);
  if (!plugins) {
    plugins = (async () => {
      const { loadConfig } = await import('../config/load.js'); // esbuild: only for a site with plugins
      const { config } = await loadConfig(site.root);
      if (config.markdown.key !== site.key) {
        throw new DocgenError({
          code: 'ConfigLoadFailed',
          message:
            'site.config.ts changed while the site was being built: its Markdown plugins differ from those the build started with. Build again.',
          file: config.configFile,
        });
      }
      return config.markdown;
    })();
    loaded.set(site.key, plugins);
  }
  return plugins;
}
