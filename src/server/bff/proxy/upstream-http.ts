/**
 * The one way the BFF talks to the service: node:http(s) with keep-alive, a deadline for the response headers, and
 * errors classified as timeout (→ 504) or unreachable (→ 502). Redirects are never followed.
 */
import http, { type IncomingMessage, type OutgoingHttpHeaders } from 'node:http';
import https from 'node:https';
import type { Socket } from 'node:net';
import type { Readable } from 'node:stream';

export class UpstreamTimeoutError extends Error {
  constructor(
    readonly what: string,
    readonly timeoutMs: number,
  ) {
    super(`${what} did not answer within ${timeoutMs} ms`);
  }
}

export class UpstreamUnreachableError extends Error {
  constructor(
    readonly what: string,
    readonly code: string,
  ) {
    super(`${what} is unreachable (${code})`);
  }
}

/** The call was given up because nobody waits for its answer any more (the browser went away). */
export class UpstreamAbandonedError extends Error {
  override readonly name = 'AbortError';
  constructor() {
    super('the call was abandoned: nobody waits for its answer');
  }
}

/**
 * Says when nobody waits for a call any more (the browser went away): the call is then ended, before or while its
 * answer streams. One listener at a time (a replay after a 401 takes the place of the first call's). Lighter than an
 * AbortSignal, which costs an EventTarget and Node's stream abort wiring on every proxied read.
 */
export interface Abandonment {
  readonly abandoned: boolean;
  onAbandon(listener: (() => void) | undefined): void;
}

const agents = {
  'http:': new http.Agent({ keepAlive: true, maxSockets: 256, maxFreeSockets: 64 }),
  'https:': new https.Agent({ keepAlive: true, maxSockets: 256, maxFreeSockets: 64 }),
};

export interface UpstreamRequest {
  url: URL;
  method: string;
  headers: OutgoingHttpHeaders;
  /** A buffer, or a stream of exactly `contentLength` bytes (a file upload, piped as it arrives). */
  body?: Buffer | StreamedBody;
  timeoutMs: number;
  /** Named in error messages ("the service", "the token endpoint"); never the URL with credentials. */
  what: string;
  /** Ends the upstream call when the browser goes away. */
  abandonment?: Abandonment;
}

export interface StreamedBody {
  stream: Readable;
  contentLength: number;
}

function isStreamed(body: Buffer | StreamedBody | undefined): body is StreamedBody {
  return body !== undefined && !Buffer.isBuffer(body);
}

/** What a keep-alive socket knows of the response it is streaming, while it streams one (see watchStall). */
interface StallWatch {
  response: IncomingMessage;
  what: string;
  timeoutMs: number;
}

const STALL = Symbol('upstream stall watch');
const STALL_LISTENER = Symbol('upstream stall listener');
type WatchedSocket = Socket & { [STALL]?: StallWatch; [STALL_LISTENER]?: true };

/** A socket's `timeout` listener, added once per socket (not per response): ends the response it streams, if any. */
function onSocketStall(this: WatchedSocket): void {
  const watch = this[STALL];
  if (watch) watch.response.destroy(new UpstreamTimeoutError(watch.what, watch.timeoutMs));
}

/** Ends the stall watch of `this` response (on its end or close, whichever comes first); the socket may serve others. */
function releaseStall(this: IncomingMessage): void {
  const socket = this.socket as WatchedSocket | null;
  if (!socket || socket[STALL]?.response !== this) return;
  socket[STALL] = undefined;
  socket.setTimeout(0);
}

/**
 * From the response headers on, the body streams to the browser; a stalled body ends the connection instead of a 504.
 * The keep-alive socket outlives this response: it has one `timeout` listener for all the responses it carries, and
 * this response's watch is removed when it is done — only its own (a socket reused for the next call before this
 * response's `close` keeps the next call's watch).
 */
function watchStall(response: IncomingMessage, what: string, timeoutMs: number): void {
  const socket = response.socket as WatchedSocket | null;
  if (!socket) return;
  if (!socket[STALL_LISTENER]) {
    socket[STALL_LISTENER] = true;
    socket.on('timeout', onSocketStall);
  }
  socket[STALL] = { response, what, timeoutMs };
  socket.setTimeout(timeoutMs);
  response.on('end', releaseStall);
  response.on('close', releaseStall);
}

/** One call in flight until its response headers arrive (or it fails): what its listeners and its deadline share. */
class PendingCall {
  settled = false;
  timer: NodeJS.Timeout | undefined = undefined;

  constructor(
    readonly outgoing: http.ClientRequest,
    readonly resolve: (response: IncomingMessage) => void,
    readonly reject: (error: Error) => void,
    readonly what: string,
    readonly timeoutMs: number,
  ) {}

  /** The deadline for the response headers, from now. */
  startDeadline(): void {
    this.timer = setTimeout(onDeadline, this.timeoutMs, this);
  }
}

const PENDING = Symbol('pending upstream call');
type PendingRequest = http.ClientRequest & { [PENDING]: PendingCall };

// The call's listeners and its deadline are module-level functions reading the call from the request (or getting it
// as the timer's argument): no closure made per call.
function onResponse(this: PendingRequest, response: IncomingMessage): void {
  const pending = this[PENDING];
  pending.settled = true;
  clearTimeout(pending.timer);
  watchStall(response, pending.what, pending.timeoutMs);
  pending.resolve(response);
}

function onRequestError(this: PendingRequest, error: NodeJS.ErrnoException): void {
  const pending = this[PENDING];
  clearTimeout(pending.timer);
  if (pending.settled) return;
  pending.settled = true;
  pending.reject(
    error.name === 'AbortError' ? error : new UpstreamUnreachableError(pending.what, error.code ?? 'connection error'),
  );
}

function onDeadline(pending: PendingCall): void {
  if (pending.settled) return;
  pending.settled = true;
  pending.outgoing.destroy();
  pending.reject(new UpstreamTimeoutError(pending.what, pending.timeoutMs));
}

function onFinishSending(this: PendingRequest): void {
  this[PENDING].startDeadline();
}

/**
 * Sends one request; resolves with the response as soon as its headers arrive. The deadline for those headers starts
 * when the request is sent — for a streamed body, when its last byte is: how long the browser takes to send a file is
 * not the service's delay. `headers` is the caller's own object, made for this call: Content-Length is set on it.
 */
export function sendUpstream(request: UpstreamRequest): Promise<IncomingMessage> {
  const { url, method, headers, body, timeoutMs, what, abandonment } = request;
  const secure = url.protocol === 'https:';
  if (abandonment?.abandoned) return Promise.reject(new UpstreamAbandonedError());
  headers['content-length'] = String(isStreamed(body) ? body.contentLength : (body?.length ?? 0));
  const hostname = url.hostname;
  return new Promise((resolvePromise, reject) => {
    // Inside the executor: a request Node refuses at once (a bad header value) rejects the call, as any failure does.
    const outgoing = (secure ? https : http).request({
      protocol: url.protocol,
      // Node wants an IPv6 address without its brackets.
      hostname: hostname.startsWith('[') ? hostname.slice(1, -1) : hostname,
      port: url.port,
      path: `${url.pathname}${url.search}`,
      method,
      headers,
      agent: secure ? agents['https:'] : agents['http:'],
    }) as PendingRequest;
    const pending = new PendingCall(outgoing, resolvePromise, reject, what, timeoutMs);
    outgoing[PENDING] = pending;
    outgoing.once('response', onResponse);
    outgoing.on('error', onRequestError);
    if (abandonment) abandonment.onAbandon(() => outgoing.destroy(new UpstreamAbandonedError()));
    if (isStreamed(body)) {
      outgoing.once('finish', onFinishSending);
      pipeStreamedBody(body.stream, outgoing);
    } else {
      pending.startDeadline();
      outgoing.end(body && body.length > 0 ? body : undefined);
    }
  });
}

/**
 * A browser that goes away mid-upload ends the upstream request (the service must not store half a file). An upstream
 * that fails or answers early (413, 401) does not reset the browser: the rest of its body is read and dropped, so it
 * gets the answer.
 */
function pipeStreamedBody(source: Readable, outgoing: http.ClientRequest): void {
  source.pipe(outgoing);
  source.once('close', () => {
    if (!source.readableEnded) outgoing.destroy(new Error('the browser stopped sending the file'));
  });
  outgoing.once('error', () => {
    source.unpipe(outgoing);
    source.resume();
  });
}

/** The names the embedded service uses for itself on loopback (its fileUrls say localhost, its baseUrl 127.0.0.1). */
const LOOPBACK_ALIASES = new Set(['localhost', '127.0.0.1']);

/**
 * Same origin as the configured upstream; `localhost` and `127.0.0.1` count as one name at the same port. Nothing
 * else does (no userinfo, other port, [::1], other 127/8 address): a file URL from the service never needs more.
 */
export function isUpstreamOrigin(candidate: URL, upstream: URL): boolean {
  if (candidate.protocol !== upstream.protocol) return false;
  if (candidate.username || candidate.password) return false;
  if (candidate.host === upstream.host) return true;
  return (
    LOOPBACK_ALIASES.has(upstream.hostname) &&
    LOOPBACK_ALIASES.has(candidate.hostname) &&
    candidate.port === upstream.port
  );
}
