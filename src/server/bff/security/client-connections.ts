/**
 * Browser-side connection limits: timeouts for requests that arrive too slowly or stall, and a cap on the open
 * connections of one remote address, so one client cannot hold the sockets everyone else needs.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { setCommonSecurityHeaders, setDataSecurityHeaders } from './security-headers';

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

/** What the cap knows of one admitted connection. */
interface ConnectionState {
  /** Requests read on it and not yet answered. */
  inFlight: number;
  /** It has answered a request: with none in flight it is an idle keep-alive connection, safe to close. */
  answered: boolean;
}

const REFUSED = Symbol('refused connection');
/** A refused connection carries its close listener, removed again if it is admitted after all. */
type MaybeRefused = Socket & { [REFUSED]?: () => void };

const addressOf = (socket: Socket) => socket.remoteAddress ?? 'unknown';

const TRACKED = Symbol('tracked connection');
type TrackedResponse = ServerResponse & { [TRACKED]?: ConnectionState };

/** A tracked response's `close` listener, one function for all requests (no closure per request). */
function onTrackedClose(this: TrackedResponse): void {
  const state = this[TRACKED];
  if (!state) return;
  this[TRACKED] = undefined;
  state.inFlight--;
  state.answered = true;
}

/** The connections of each remote address: admitted ones (with their state) and refused ones awaiting their 503. */
class AddressConnections {
  private readonly admitted = new Map<string, Map<Socket, ConnectionState>>();
  private readonly refusing = new Map<string, number>();
  private readonly warned = new Set<string>();

  constructor(
    private readonly maxPerAddress: number,
    private readonly log: FastifyBaseLogger,
  ) {}

  stateOf(socket: Socket): ConnectionState | undefined {
    return this.admitted.get(addressOf(socket))?.get(socket);
  }

  /** Room for one more connection of `address`: below the cap, or after closing its oldest idle connection. */
  makeRoom(address: string): boolean {
    const open = this.admitted.get(address);
    if (!open || open.size < this.maxPerAddress) return true;
    for (const [socket, state] of open) {
      if (state.inFlight === 0 && state.answered) {
        open.delete(socket);
        socket.destroy();
        return true;
      }
    }
    return false;
  }

  admit(socket: Socket, address: string): ConnectionState {
    let open = this.admitted.get(address);
    if (!open) this.admitted.set(address, (open = new Map()));
    const state = { inFlight: 0, answered: false };
    open.set(socket, state);
    socket.once('close', () => {
      open.delete(socket);
      if (open.size === 0 && this.admitted.get(address) === open) this.admitted.delete(address);
      this.warned.delete(address);
    });
    return state;
  }

  track(state: ConnectionState, response: TrackedResponse): void {
    state.inFlight++;
    response[TRACKED] = state;
    response.on('close', onTrackedClose);
  }

  leaveRefusing(address: string): void {
    const left = (this.refusing.get(address) ?? 1) - 1;
    if (left > 0) this.refusing.set(address, left);
    else this.refusing.delete(address);
  }

  refuse(socket: MaybeRefused, address: string): void {
    if (!this.warned.has(address)) {
      this.warned.add(address);
      this.log.warn(
        { remoteAddress: address, maxPerAddress: this.maxPerAddress },
        'connections refused: every connection of one address is busy',
      );
    }
    const waiting = this.refusing.get(address) ?? 0;
    if (waiting >= this.maxPerAddress) return void socket.destroy();
    this.refusing.set(address, waiting + 1);
    const onClose = () => this.leaveRefusing(address);
    socket[REFUSED] = onClose;
    socket.once('close', onClose);
  }
}

/**
 * Caps the open connections of one remote address. A new connection beyond the cap first makes room by closing the
 * address's oldest idle keep-alive connection (one between requests: closing it is ordinary HTTP, and clients
 * reconnect) — an office behind one NAT address otherwise fills the cap with its idle sockets and locks itself out.
 * Only when all of the address's connections are busy is the new one refused: its request is read (within the
 * headers timeout, by Node's parser) and answered 503 with Retry-After and `Connection: close`, unless a connection
 * freed up meanwhile. Refused connections waiting for their request are capped too (as many again); beyond that a
 * connection is destroyed before a byte of it is read.
 */
export function capConnectionsPerAddress(app: FastifyInstance, maxPerAddress: number): void {
  if (maxPerAddress <= 0) return;
  const connections = new AddressConnections(maxPerAddress, app.log);

  // Before Node's own listener sets up the HTTP parser: a connection destroyed here never gets one going.
  app.server.prependListener('connection', (socket: Socket) => {
    const address = addressOf(socket);
    if (connections.makeRoom(address)) connections.admit(socket, address);
    else connections.refuse(socket, address);
  });

  // Before Fastify's handler: a request counts as in flight from the moment it is read.
  app.server.prependListener('request', (request: IncomingMessage, response: ServerResponse) => {
    const state = connections.stateOf(request.socket);
    if (state) connections.track(state, response);
  });

  // First of the hooks: a refused connection's request is answered before any other work is done for it. A callback
  // hook, not an async one: on every request this is a property lookup, not a promise and a microtask.
  app.addHook('onRequest', (request, reply, done) => {
    const socket = request.raw.socket as MaybeRefused;
    const onRefusedClose = socket[REFUSED];
    if (!onRefusedClose) return done();
    const address = addressOf(socket);
    if (connections.makeRoom(address)) {
      // A connection of the address closed or went idle meanwhile: this one takes its place.
      delete socket[REFUSED];
      socket.off('close', onRefusedClose);
      connections.leaveRefusing(address);
      connections.track(connections.admit(socket, address), reply.raw);
      return done();
    }
    // Answered before the access rules' hook: the hardening headers are set here, like on every other answer.
    // (Answering from a callback hook: send, and do not call done.)
    setCommonSecurityHeaders(reply, request.protocol === 'https');
    setDataSecurityHeaders(reply);
    reply
      .code(503)
      .header('retry-after', '1')
      .header('connection', 'close')
      .send({ message: 'Too many requests at once from your address: try again in a moment' });
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
  app.addHook('preHandler', (request, _reply, done) => {
    request.raw.socket?.setTimeout(idleTimeoutMs + waitMs);
    done();
  });
}
