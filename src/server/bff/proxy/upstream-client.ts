/**
 * Calls to the one configured service with the app client's bearer token: request headers built from an allowlist
 * (nothing of the browser's credentials or connection-level headers passes), response headers filtered the same way,
 * and an upstream 401 answered by one token refresh and one replay of the (buffered) request. A streamed body (a file
 * upload) is never replayed: its bytes are gone; the 401 comes back and the token is renewed for the next attempt.
 */
import type { IncomingHttpHeaders, IncomingMessage, OutgoingHttpHeaders } from 'node:http';
import type { CredentialsFile } from '@/contract/credentials-file';
import type { TokenManager } from './token-manager';
import { isReadMethod } from '@/server/bff/security/route-paths';
import type { UpstreamObserver } from '@/server/bff/observability/bff-metrics';
import { traceparentFor } from '@/server/shared/request-ids';
import {
  sendUpstream,
  UpstreamTimeoutError,
  UpstreamUnreachableError,
  type Abandonment,
  type StreamedBody,
} from './upstream-http';

/** The app client the BFF calls the service as, and where: `credentials.json`'s shape. */
export type UpstreamCredentials = CredentialsFile;

/** Browser request headers the service may see. Everything else (Cookie, Authorization, Forwarded, X-Forwarded-*, */
/** hop-by-hop headers and those named in Connection, Expect, Host, Origin, …) is dropped. */
const FORWARDED_REQUEST_HEADERS = [
  'accept',
  'accept-language',
  'content-type',
  'idempotency-key', // a retried create is replayed, not repeated (docs/idempotency.md)
  'if-match',
  'if-none-match',
  'if-modified-since',
  'if-range',
  'if-unmodified-since',
  'range',
];

/** Service response headers the browser may see. Set-Cookie, WWW-Authenticate, CORS, Location, … are dropped. */
const RETURNED_RESPONSE_HEADERS = [
  'content-type',
  'content-length',
  'content-disposition',
  'content-encoding',
  'content-language',
  'content-range',
  'accept-ranges',
  'etag',
  'idempotent-replayed',
  'last-modified',
  'retry-after',
];

export function upstreamRequestHeaders(browser: IncomingHttpHeaders): OutgoingHttpHeaders {
  const headers: OutgoingHttpHeaders = {};
  // A header the browser names in Connection is hop-by-hop for this hop, even one on the allowlist. (Most requests
  // name none, or only keep-alive: no set is made for them.)
  const connection = browser.connection;
  const hopByHop =
    connection === undefined || connection === 'keep-alive'
      ? undefined
      : new Set(
          String(connection)
            .split(',')
            .map((name) => name.trim().toLowerCase())
            .filter(Boolean),
        );
  for (const name of FORWARDED_REQUEST_HEADERS) {
    if (hopByHop?.has(name)) continue;
    const value = browser[name];
    if (typeof value === 'string' && value.length <= 8192) headers[name] = value;
  }
  return headers;
}

export function browserResponseHeaders(upstream: IncomingHttpHeaders): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const name of RETURNED_RESPONSE_HEADERS) {
    const value = upstream[name];
    if (typeof value === 'string') headers[name] = value;
  }
  return headers;
}

export interface UpstreamCall {
  /** Absolute URL already checked to belong to the configured upstream (or a file origin it may send the token to). */
  url: URL;
  method: string;
  headers: OutgoingHttpHeaders;
  body?: Buffer | StreamedBody;
  /** Ends the call when nobody waits for its answer any more (the browser went away). */
  abandonment?: Abandonment;
  requestId?: string;
  /**
   * Runs once, with the token in hand, just before the call is first sent (not again for the replay after a 401);
   * if it throws, nothing is sent.
   */
  beforeSend?: () => Promise<void>;
  /** Overrides the configured upstream timeout of the method (e.g. shorter for lookups the console waits on). */
  timeoutMs?: number;
}

/** How long the service may take to answer (until its response headers): reads and writes apart. */
export interface UpstreamTimeouts {
  readMs: number;
  writeMs: number;
}

export class UpstreamClient {
  readonly baseUrl: URL;

  constructor(
    readonly upstream: UpstreamCredentials,
    private readonly tokens: TokenManager,
    private readonly timeouts: UpstreamTimeouts,
    /** Told how long each call took to be answered, or that it got no answer (metrics). */
    private readonly observer?: UpstreamObserver,
  ) {
    this.baseUrl = new URL(upstream.baseUrl.replace(/\/+$/, ''));
    this.basePath = this.baseUrl.pathname.replace(/\/+$/, '');
    this.baseOrigin = this.baseUrl.origin;
  }

  /** `{base_url}`'s path without a trailing slash, and its origin: worked out once, used by every call. */
  private readonly basePath: string;
  private readonly baseOrigin: string;

  /** The absolute URL of `pathAndQuery` (starting with "/") under `{base_url}`. */
  urlFor(pathAndQuery: string): URL {
    // One absolute URL parsed, not a relative one against a base (which parses the base again on every call). Written
    // after the origin, a path can change nothing but the path: `//host` or `\\host` here is a path, never a host.
    return new URL(`${this.baseOrigin}${this.basePath}${pathAndQuery}`);
  }

  /**
   * Sends the call with a token; on 401 gets a fresh token and replays once. A second 401 is returned as is. The usual
   * call (a cached token, nothing to run before sending) makes no promise besides the call's own.
   */
  send(call: UpstreamCall): Promise<IncomingMessage> {
    const token = call.beforeSend ? undefined : this.tokens.tokenNow(this.upstream);
    if (token === undefined) return this.sendWhenReady(call);
    return this.sendWithToken(call, token).then((first) => this.answerOrReplay(call, first));
  }

  /** A call that waits for a token, or runs its beforeSend first. */
  private async sendWhenReady(call: UpstreamCall): Promise<IncomingMessage> {
    const token = await this.tokens.getToken(this.upstream);
    if (call.beforeSend) await call.beforeSend();
    return this.answerOrReplay(call, await this.sendWithToken(call, token));
  }

  /** The first answer, unless it is a 401: then a fresh token and one replay (a streamed body is not replayed). */
  private answerOrReplay(
    call: UpstreamCall,
    first: { response: IncomingMessage; token: string },
  ): IncomingMessage | Promise<IncomingMessage> {
    if (first.response.statusCode !== 401) return first.response;
    if (call.body && !Buffer.isBuffer(call.body)) {
      this.tokens.invalidate(this.upstream, first.token);
      return first.response;
    }
    first.response.resume(); // discard the refused response's body
    this.tokens.invalidate(this.upstream, first.token);
    return this.tokens
      .getToken(this.upstream)
      .then((token) => this.sendWithToken(call, token))
      .then((second) => second.response);
  }

  private sendWithToken(call: UpstreamCall, token: string): Promise<{ response: IncomingMessage; token: string }> {
    // One headers object per attempt (sendUpstream adds Content-Length to it): the call's, then the BFF's own.
    const headers: OutgoingHttpHeaders = Object.assign({}, call.headers);
    headers.authorization = `Bearer ${token}`;
    headers['user-agent'] = 'dps-console-bff';
    if (call.requestId) {
      // The console request's id: the service logs its lines under it (and a tracing service joins the trace).
      headers['x-request-id'] = call.requestId;
      const traceparent = traceparentFor(call.requestId);
      if (traceparent) headers.traceparent = traceparent;
    }
    const startedAt = performance.now();
    return sendUpstream({
      url: call.url,
      method: call.method,
      headers,
      body: call.body,
      timeoutMs:
        call.timeoutMs ??
        (isReadMethod(call.method) ? Math.min(this.timeouts.readMs, this.timeouts.writeMs) : this.timeouts.writeMs),
      what: 'the service',
      abandonment: call.abandonment,
    }).then(
      (response) => {
        this.observer?.answered(call.method, response.statusCode ?? 0, (performance.now() - startedAt) / 1000);
        return { response, token };
      },
      (error: unknown) => {
        if (error instanceof UpstreamTimeoutError) this.observer?.failed('timeout');
        else if (error instanceof UpstreamUnreachableError) this.observer?.failed('unreachable');
        throw error;
      },
    );
  }
}
