/**
 * Browser-side connection limits: timeouts for requests that arrive too slowly or stall, and a cap on the open
 * connections of one remote address, so one client cannot hold the sockets everyone else needs.
 */
import type { Server } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';

export interface ClientConnectionLimits {
  /** The request line and headers must arrive within this time (slowloris). */
  headersTimeoutMs: number;
  /** The whole request, body included, must arrive within this time: the upload budget. */
  requestTimeoutMs: number;
  /** A connection on which nothing moves for this long is closed (a body that stalls after the headers). */
  idleTimeoutMs: number;
  /** An idle keep-alive connection between requests is closed after this long. */
  keepAliveTimeoutMs: number;
  /** Open connections one remote address may hold; 0 = no cap. */
  maxPerAddress: number;
}

/**
 * Counts open sockets per remote address and destroys a new one beyond the cap at once, before a byte of it is read.
 * Destroying rather than answering 503: an answer needs the request read first, which is exactly what a client that
 * sends nothing, or sends slowly, would hold us to; a browser stays far below the cap (about 6 per origin).
 */
export function capConnectionsPerAddress(server: Server, maxPerAddress: number, log: FastifyBaseLogger): void {
  if (maxPerAddress <= 0) return;
  const open = new Map<string, number>();
  const refusing = new Set<string>();
  // Before Node's own listener sets up the HTTP parser: a refused socket never gets one going.
  server.prependListener('connection', (socket: Socket) => {
    const address = socket.remoteAddress ?? 'unknown';
    const count = open.get(address) ?? 0;
    if (count >= maxPerAddress) {
      socket.destroy();
      if (!refusing.has(address)) {
        refusing.add(address);
        log.warn(
          { remoteAddress: address, maxPerAddress },
          'connection refused: too many open connections from one address',
        );
      }
      return;
    }
    open.set(address, count + 1);
    socket.once('close', () => {
      const left = (open.get(address) ?? 1) - 1;
      if (left > 0) open.set(address, left);
      else open.delete(address);
      refusing.delete(address);
    });
  });
}

/** How often Node checks the headers and request timeouts (default 30 s: far too coarse for a 20 s headers budget). */
export function timeoutCheckInterval(limits: ClientConnectionLimits): number {
  return Math.max(50, Math.min(1_000, Math.floor(Math.min(limits.headersTimeoutMs, limits.requestTimeoutMs) / 4)));
}

/**
 * Once a request has arrived whole, the browser's connection goes silent while the BFF waits for the service (token,
 * upstream call, one replay after a 401): the idle timeout, meant for stalled uploads, must not cut that wait. The
 * socket gets `waitMs` more on top; Node restores the idle timeout for the connection's next request.
 */
export function allowUpstreamWait(app: FastifyInstance, idleTimeoutMs: number, waitMs: number): void {
  app.addHook('preHandler', async (request) => {
    request.raw.socket?.setTimeout(idleTimeoutMs + waitMs);
  });
}
