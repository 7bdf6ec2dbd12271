/**
 * The one way the BFF talks to the service: node:http(s) with keep-alive, a deadline for the response headers, and
 * errors classified as timeout (→ 504) or unreachable (→ 502). Redirects are never followed.
 */
import http, { type IncomingMessage, type OutgoingHttpHeaders } from 'node:http';
import https from 'node:https';
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

/**
 * Sends one request; resolves with the response as soon as its headers arrive. The deadline for those headers starts
 * when the request is sent — for a streamed body, when its last byte is: how long the browser takes to send a file is
 * not the service's delay.
 */
export function sendUpstream(request: UpstreamRequest): Promise<IncomingMessage> {
  const { url, method, headers, body, timeoutMs, what, abandonment } = request;
  const transport = url.protocol === 'https:' ? https : http;
  if (abandonment?.abandoned) return Promise.reject(new UpstreamAbandonedError());
  return new Promise((resolvePromise, reject) => {
    let settled = false;
    const outgoing = transport.request(
      url,
      {
        method,
        headers: {
          ...headers,
          'content-length': String(isStreamed(body) ? body.contentLength : (body?.length ?? 0)),
        },
        agent: agents[url.protocol as 'http:' | 'https:'],
      },
      (response) => {
        settled = true;
        clearTimeout(timer);
        // From here on the body streams to the browser; a stalled body ends the connection instead of a 504.
        // The keep-alive socket outlives this response: its timeout and listener are removed when the response is
        // done, or every reuse would add a listener (a leak, and stale callbacks destroying old responses).
        const socket = response.socket;
        const onStall = () => response.destroy(new UpstreamTimeoutError(what, timeoutMs));
        socket?.setTimeout(timeoutMs);
        socket?.on('timeout', onStall);
        const release = () => {
          socket?.setTimeout(0);
          socket?.off('timeout', onStall);
        };
        response.once('end', release);
        response.once('close', release);
        resolvePromise(response);
      },
    );
    abandonment?.onAbandon(() => outgoing.destroy(new UpstreamAbandonedError()));
    let timer: NodeJS.Timeout | undefined;
    const startDeadline = () => {
      timer = setTimeout(() => {
        if (settled) return;
        settled = true;
        outgoing.destroy();
        reject(new UpstreamTimeoutError(what, timeoutMs));
      }, timeoutMs);
    };
    outgoing.on('error', (error: NodeJS.ErrnoException) => {
      clearTimeout(timer);
      if (settled) return;
      settled = true;
      reject(
        error.name === 'AbortError' ? error : new UpstreamUnreachableError(what, error.code ?? 'connection error'),
      );
    });
    if (isStreamed(body)) {
      outgoing.once('finish', startDeadline);
      pipeStreamedBody(body.stream, outgoing);
    } else {
      startDeadline();
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
