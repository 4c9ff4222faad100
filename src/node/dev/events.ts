/**
 * Server-sent events to the open browsers (written by hand on node:http: a few lines, no package). Messages are
 * JSON in `data:` lines, each with an `id:` (a counter); a comment line every 20 s keeps proxies from closing the
 * stream. A browser that connects late (a page still loading when a rebuild ended) names the last message it knows
 * of, and is sent those it missed (the HTML Standard's `Last-Event-ID`, or `?since=` on the first connection).
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
  /**
   * Answers an EventSource request and keeps the stream open, first sending the messages after the one the client
   * names (its `Last-Event-ID` header, else `?since=` of the URL), or a reload when they are no longer kept.
   */
  connect(req: IncomingMessage, res: ServerResponse): void;
  broadcast(message: DevMessage): void;
  /** The id of the last message broadcast (0 before the first). */
  lastId(): number;
  /** Ends every stream (server shutdown). */
  close(): void;
}

/** How many recent messages are kept for clients that connect late. */
const KEPT_MESSAGES = 100;

/** Creates an SSE hub. Keep-alive timers are unref'd so they never hold the process open. */
export function createEventHub(): EventHub {
  const clients = new Set<ServerResponse>();
  const recent: { id: number; line: string }[] = [];
  let last = 0;
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
      const since = knownId(req);
      if (since !== null && since < last) {
        const missed = recent.filter((m) => m.id > since);
        if (missed.length > 0 && missed[0]!.id === since + 1) for (const m of missed) res.write(m.line);
        else res.write(`id: ${last}\ndata: ${JSON.stringify({ type: 'reload' } satisfies DevMessage)}\n\n`);
      }
      clients.add(res);
      req.on('close', () => clients.delete(res));
    },
    broadcast(message) {
      last += 1;
      const line = `id: ${last}\ndata: ${JSON.stringify(message)}\n\n`;
      recent.push({ id: last, line });
      if (recent.length > KEPT_MESSAGES) recent.shift();
      for (const res of clients) res.write(line);
    },
    lastId: () => last,
    close() {
      clearInterval(ping);
      for (const res of clients) res.end();
      clients.clear();
    },
  };
}

/** The last message id a connecting client knows of, or null when it names none. */
function knownId(req: IncomingMessage): number | null {
  const header = req.headers['last-event-id'];
  const value =
    (typeof header === 'string' ? header : undefined) ??
    new URL(req.url ?? '/', 'http://localhost').searchParams.get('since');
  if (value === null || value === undefined || !/^\d+$/.test(value)) return null;
  return Number(value);
}
