/**
 * `docgen dev` of a multi-locale site: one HTTP server serves every locale. The default locale's dev session
 * answers at the base URL; each other locale's session (the one-locale dev pipeline over the locale's overlay
 * folder, in this process) starts on the locale's first request and answers every request under the locale's base
 * URL, its event stream included, so an edit of a translation updates the browsers of that locale only.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';
import { watch } from 'chokidar';
import type { ResolvedConfig } from '../config/resolve.js';
import type { LocaleLink } from '../../shared/types.js';
import { localeFolders, localeSite, resolveLocales } from './locale-config.js';
import { syncOverlay } from './overlay.js';

/**
 * The configuration a dev session of one locale runs with (the build's, i18n/locale-config.ts).
 * @param locale the locale, or undefined for the default one
 * @returns the config as it is for a one-locale site
 */
export function devLocaleConfig(config: ResolvedConfig, locale: string | undefined): ResolvedConfig {
  if (config.i18n.locales.length < 2) return config;
  const locales = resolveLocales(config);
  const settings = locales.find((l) => l.locale === (locale ?? config.i18n.defaultLocale)) ?? locales[0]!;
  return localeSite({ config, settings, locales, outPath: config.outPath }).config;
}

/** A started dev session of one locale: its request handler and how to stop it (dev/server.ts startSession). */
export interface LocaleSession {
  handler: (req: IncomingMessage, res: ServerResponse) => void | Promise<void>;
  close(): Promise<void>;
}

/**
 * Wraps the default locale's request handler: a request under another locale's base URL goes to that locale's
 * dev session, in this process, started on the first such request.
 * @param options.locales the other locales (SiteData.i18n.locales but the default)
 * @param options.start starts the dev session of a locale
 * @returns the handler and close(), which stops the locale sessions started
 */
export function createLocaleDispatch(options: {
  locales: LocaleLink[];
  start: (locale: string) => Promise<LocaleSession>;
  fallback: (req: IncomingMessage, res: ServerResponse) => void | Promise<void>;
}): { handler: (req: IncomingMessage, res: ServerResponse) => void | Promise<void>; close(): Promise<void> } {
  const started = new Map<string, Promise<LocaleSession>>();
  // Longest base first: a locale at /zh/ must not take /zh-TW/.
  const locales = [...options.locales].sort((a, b) => b.baseUrl.length - a.baseUrl.length);
  return {
    handler: async (req, res) => {
      const path = (req.url ?? '/').split('?')[0]!;
      const locale = locales.find((l) => path.startsWith(l.baseUrl) || path === l.baseUrl.slice(0, -1));
      if (!locale) return options.fallback(req, res);
      let session = started.get(locale.locale);
      if (!session) started.set(locale.locale, (session = options.start(locale.locale)));
      return (await session).handler(req, res);
    },
    async close() {
      await Promise.all([...started.values()].map(async (session) => (await session.catch(() => null))?.close()));
    },
  };
}

/**
 * Keeps a locale's overlay folder in step with its sources while `docgen dev` serves the locale: an edit of the
 * site's content or of `i18n/<locale>/` syncs the overlay, whose changed copy the dev session's own watcher sees.
 * @returns a function that stops watching
 */
export function watchLocaleSources(config: ResolvedConfig, locale: string): () => Promise<void> {
  const target = localeFolders(config.outPath, locale).content;
  let timer: NodeJS.Timeout | undefined;
  const sync = () => {
    clearTimeout(timer);
    timer = setTimeout(() => {
      try {
        syncOverlay({ config, locale, target });
      } catch {
        // a file removed while it was copied: the next event syncs again
      }
    }, 30);
  };
  const watcher = watch([config.contentPath, path.join(config.root, 'i18n', locale)], {
    ignoreInitial: true,
    ignored: (file) => path.basename(file).startsWith('.'),
  });
  watcher.on('all', sync);
  return async () => {
    clearTimeout(timer);
    await watcher.close();
  };
}
