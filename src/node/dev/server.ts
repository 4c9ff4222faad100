/**
 * `docgen dev`: serves the site from memory, rendering each route when first requested (no full build first),
 * watches sources and updates open browsers (SSE): Markdown edits in place, theme and config edits by reload.
 * Errors never stop the server: they are printed and shown in the browser overlay until fixed.
 */
import { spawn } from 'node:child_process';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import path from 'node:path';
import pc from 'picocolors';
import { guardRequests } from '../http/guard.js';
import { createHostCheck } from '../http/host-check.js';
import { listen } from '../http/listen.js';
import { createDiagnosticPrinter } from './diagnostics.js';
import { createEventHub } from './events.js';
import { createDevHandler } from './handler.js';
import { closeDevSearch } from './search.js';
import { APIS_LOADED, rebuild, snapshotFiles, type RebuildContext } from './rebuild.js';
import {
  createDevSession,
  globalErrors,
  type DevSession,
  loadApiCached,
  loadSessionConfig,
  loadSessionModel,
  loadSessionTheme,
} from './session.js';
import { applyPlan } from './invalidate.js';
import { createDevWatcher } from './watch.js';
import { createWatchQueue } from './watch-queue.js';

export interface DevOptions {
  /** Project root holding site.config.ts (default: the current directory). */
  root?: string;
  /** Port (default 3000; 0 picks a free one). */
  port?: number;
  /** Interface to bind (default 127.0.0.1: the dev server is not for the network). */
  host?: string;
  /** Base URL override, as for build. */
  baseUrl?: string;
  /** Host names accepted besides localhost, 127.0.0.1, [::1] and the bound host (http/host-check.ts). */
  allowedHosts?: string[];
  /** Open the site in the default browser once listening. */
  open?: boolean;
  silent?: boolean;
  /** Of a multi-locale site: serve only this locale (by default every locale is served, each at its base URL). */
  locale?: string;
}

export interface DevServer {
  server: Server;
  /** e.g. 'http://127.0.0.1:3000/' (with the base URL). */
  url: string;
  close(): Promise<void>;
}

/** Milliseconds after a rebuild before checking whether its files were written again unseen (chokidar drops
 * a second 'change' of one file within 50 ms). */
const RECHECK_MS = 80;

/**
 * Starts the dev server.
 * @returns once listening (the site is loaded in the background: the first request waits for it)
 * @throws Error when the port is taken or the host cannot be bound
 */
export async function dev(options: DevOptions = {}): Promise<DevServer> {
  const started = performance.now();
  const log = (line: string) => {
    if (!options.silent) console.log(`${pc.dim(new Date().toLocaleTimeString())} ${pc.cyan('[docgen]')} ${line}`);
  };
  const main = await startSession(options, options.locale, log);
  const host = options.host ?? '127.0.0.1';
  // GET and HEAD only (the dev client's endpoints and its event stream are all GET), the loopback Host check.
  const hostAllowed = createHostCheck({ host, allowedHosts: options.allowedHosts });
  const others =
    options.locale === undefined ? (main.session.snapshot.config?.locale?.site.locales.slice(1) ?? []) : [];
  // The other locales of a multi-locale site, each a session of this process started on its first request and
  // served by this server (i18n/dev-locales.ts).
  const locales =
    others.length > 0
      ? (await import('../i18n/dev-locales.js')).createLocaleDispatch({
          locales: others,
          start: async (locale) => {
            log(`starting locale ${locale}`);
            return startSession(options, locale, log);
          },
          fallback: main.handler,
        })
      : null;
  const server = createServer(guardRequests(locales?.handler ?? main.handler, { hostAllowed }));
  let port: number;
  try {
    port = await listen(server, options.port ?? 3000, host);
  } catch (error) {
    await main.close();
    throw error;
  }
  const base = main.session.snapshot.config?.baseUrl ?? options.baseUrl ?? '/';
  const url = `http://${host.includes(':') ? `[${host}]` : host}:${port}${base}`;
  if (!options.silent)
    console.log(
      `\n  ${pc.green('docgen dev')} ready in ${Math.round(performance.now() - started)} ms\n\n  ${pc.bold('Local:')} ${pc.cyan(url)}\n`,
    );
  if (options.open) openBrowser(url);
  return {
    server,
    url,
    async close() {
      await locales?.close();
      await main.close();
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        // Keep-alive connections of open browsers and requests still waiting (a status check awaiting linked pages)
        // would hold close() and the process.
        server.closeAllConnections();
      });
    },
  };
}

/** One locale's dev session as the server uses it: its request handler, and close(). */
interface SessionServer {
  session: DevSession;
  handler: (req: IncomingMessage, res: ServerResponse) => void | Promise<void>;
  close(): Promise<void>;
}

/**
 * Starts the dev session of one locale (or of a one-locale site): the session loaded in the background, its
 * watcher and rebuild queue, its event hub and its request handler, which serves URLs under the locale's base URL.
 * @param locale the locale, undefined for the default one
 * @returns once the config is loaded (the site loads in the background: the first request waits for it)
 */
async function startSession(
  options: DevOptions,
  locale: string | undefined,
  log: (line: string) => void,
): Promise<SessionServer> {
  const startedAt = Date.now(); // files edited from now on, before the watcher is ready, are still seen
  const root = path.resolve(options.root ?? process.cwd());
  const session = createDevSession(root, { baseUrl: options.baseUrl, locale });
  const hub = createEventHub();
  const printer = createDiagnosticPrinter(root);
  session.report = (errors) => printer.print(errors);
  session.notifyErrors = () => hub.broadcast({ type: 'errors' });
  session.importsChanged = () => context.watcher?.update();
  const context: RebuildContext = { session, hub, printer, log };
  const queue = createWatchQueue(
    async (files) => {
      const before = await rebuild(context, files);
      setTimeout(() => void recheck(before), RECHECK_MS).unref();
    },
    { onError: (error) => printer.print([error]) },
  );
  const recheck = async (before: Map<string, string>) => {
    const after = await snapshotFiles(before.keys());
    for (const [file, state] of after) if (state !== before.get(file)) queue.push(file);
  };

  const configLoaded = await loadSessionConfig(session);
  const localeConfig = session.snapshot.config?.locale;
  const stopLocaleWatch =
    locale !== undefined && localeConfig && !localeConfig.settings.isDefault
      ? (await import('../i18n/dev-locales.js')).watchLocaleSources(
          { ...session.snapshot.config!, contentPath: localeConfig.sourceContentPath },
          locale,
        )
      : null;
  let loading: Promise<void> | null = (async () => {
    // Without a loaded config nothing below awaits: the body would reach `loading = null` before `loading` is
    // initialised (a TDZ ReferenceError, an InternalError for a mere missing site.config.ts).
    await null;
    if (configLoaded) {
      const [model] = await Promise.all([loadSessionModel(session, { lazyApis: true }), loadSessionTheme(session)]);
      await applyPlan(session, model);
    }
    printer.print(globalErrors(session));
    context.watcher = createDevWatcher(session, (file) => queue.push(file), startedAt);
    loading = null;
  })();
  loading.catch((error: unknown) => printer.print([error]));
  const idle = async () => {
    if (loading) await loading;
    await queue.idle();
  };

  // OpenAPI documents take seconds of CPU to validate: they load after the first page is served (or after 2 s),
  // so that they do not compete with it; pages that need them meanwhile load them on demand.
  let apisStarted = false;
  const startApis = () => {
    if (apisStarted || !session.snapshot.config) return;
    apisStarted = true;
    const files = session.snapshot.config.apis.map((api) => path.resolve(session.snapshot.config!.root, api.spec));
    if (files.length > 0)
      void Promise.allSettled(files.map((file) => loadApiCached(session, file))).then(() => queue.push(APIS_LOADED));
  };
  setTimeout(startApis, 2000).unref();
  return {
    session,
    handler: createDevHandler({ session, hub, idle, onPageServed: startApis }),
    async close() {
      await stopLocaleWatch?.();
      hub.close();
      await loading?.catch(() => {});
      await context.watcher?.close();
      await session.bundler?.dispose();
      await closeDevSearch(session);
    },
  };
}

/** Opens a URL in the desktop's browser; failures are ignored (a server without a desktop). */
function openBrowser(url: string): void {
  const command = process.platform === 'darwin' ? 'open' : process.platform === 'win32' ? 'cmd' : 'xdg-open';
  const args = process.platform === 'win32' ? ['/c', 'start', '""', url] : [url];
  try {
    const child = spawn(command, args, { stdio: 'ignore', detached: true });
    child.on('error', () => {});
    child.unref();
  } catch {
    // no browser to open
  }
}
