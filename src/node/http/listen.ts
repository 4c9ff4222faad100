/**
 * Binding a server to its port, shared by `docgen dev` and `docgen serve`: the usual failures (port taken, no
 * permission, unknown host) become a ServerListenFailed diagnostic instead of a stack trace.
 */
import type { Server } from 'node:http';
import { DocgenError } from '../diagnostics/error.js';

/**
 * Listens on `host:port`.
 * @param port 0 picks a free port
 * @returns the port bound; from then on the server's 'error' events are logged, never thrown
 * @throws DocgenError ServerListenFailed (EADDRINUSE, EACCES, EADDRNOTAVAIL, ENOTFOUND), with what to do
 */
export function listen(server: Server, port: number, host: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const onError = (error: NodeJS.ErrnoException) => {
      const hints: Record<string, string> = {
        EADDRINUSE: `Port ${port} is already in use on ${host}: stop the other server or pick another port with --port.`,
        EACCES: `Binding port ${port} needs privileges this user lacks: use a port above 1023 with --port.`,
        EADDRNOTAVAIL: `${host} is not an address of this machine: check --host.`,
        ENOTFOUND: `The host name ${host} could not be resolved: check --host.`,
      };
      const message = error.code ? hints[error.code] : undefined;
      reject(message ? new DocgenError({ code: 'ServerListenFailed', message, cause: error }) : error);
    };
    server.once('error', onError);
    server.listen(port, host, () => {
      server.off('error', onError);
      // Once listening, an 'error' (e.g. EMFILE when accepting a connection) would throw without a listener and
      // end the process: log it and keep serving.
      server.on('error', (error) => console.error(`docgen: server error: ${error.message}`));
      const address = server.address();
      resolve(typeof address === 'object' && address ? address.port : port);
    });
  });
}
