/**
 * Server-sent events to the open browsers (written by hand on node:http: a few lines, no package). Messages are
 * JSON in `data:` lines; a comment line every 20 s keeps proxies from closing the stream.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';

/** What the dev client is told. */
export type DevMessage =
  /** Content changed: refresh the listed routes in place ('*' = all); `site` = site data changed (reload). */
  | { type: 'update'; routes: string[] | '*'; site: boolean }
  /** Theme or config changed: reload the page. */
  | { type: 'reload' }
  /** Diagnostics changed without a route change (e.g. a theme compile error): fetch the status again. */
  | { type: 'errors' };

export interface EventHub {
  /** Answers an EventSource request and keeps the stream open. */
  connect(req: IncomingMessage, res: ServerResponse): void;
  broadcast(message: DevMessage): void;
  /** Ends every stream (server shutdown). */
  close(): void;
}

/** Creates an SSE hub. Keep-alive timers are unref'd so they never hold the process open. */
export function createEventHub(): EventHub {
  const clients = new Set<ServerResponse>();
  const ping = setInterval(() => {
    for (const res of clients) res.write(': ping\n\n');
  }, 20_000);
  ping.unref();
  return {
    connect(req, res) {
      res.writeHead(200, {
        'Content-Type': 'text/event-stream; charset=utf-8',
        'Cache-Control': 'no-store',
        Connection: 'keep-alive',
        'X-Content-Type-Options': 'nosniff',
      });
      res.write('retry: 500\n\n');
      clients.add(res);
      req.on('close', () => clients.delete(res));
    },
    broadcast(message) {
      const line = `data: ${JSON.stringify(message)}\n\n`;
      for (const res of clients) res.write(line);
    },
    close() {
      clearInterval(ping);
      for (const res of clients) res.end();
      clients.clear();
    },
  };
}
