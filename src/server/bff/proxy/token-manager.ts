/**
 * Access tokens for the app client (OAuth 2.0 client credentials). One cached token per client; refreshed before it
 * expires; concurrent callers share one token request (single-flight); a failed request is never cached — it is
 * retried with back-off inside the flight, and the next caller starts a fresh flight.
 */
import { readResponseBody } from '@/server/bff/foundation/response-body';
import { sendUpstream, UpstreamTimeoutError, UpstreamUnreachableError } from './upstream-http';

export interface ClientCredentials {
  authUrl: string;
  clientId: string;
  clientSecret: string;
}

export interface TokenManagerOptions {
  timeoutMs: number;
  /** Delays before each retry of a failed token request. */
  retryDelaysMs: number[];
  /** Called with every token obtained, so log scrubbing knows it. */
  onToken?: (token: string) => void;
  /** Called after every token request sent (each retry too) with what came of it (metrics). */
  onTokenRequest?: (outcome: 'obtained' | 'failed') => void;
  now?: () => number;
}

/** Why no token could be had; the message names the cause, never the secret. */
export class TokenError extends Error {
  constructor(
    message: string,
    readonly status: 502 | 504,
    readonly retryable = true,
  ) {
    super(message);
  }
}

interface CachedToken {
  value: string;
  /** After this instant a new token is fetched (some time before it really expires). */
  refreshAt: number;
}

/** Refresh this long before expiry: a tenth of the lifetime, at most one minute. */
function refreshMargin(lifetimeMs: number): number {
  return Math.min(60_000, lifetimeMs / 10);
}

class ClientTokens {
  private cached: CachedToken | undefined;
  private flight: Promise<string> | undefined;
  /** When a token was last obtained, and the readiness check's own token request while one is needed. */
  private obtainedAt = -Infinity;
  private check: { at: number; outcome: Promise<void> } | undefined;
  tokenRequests = 0;

  constructor(
    private readonly credentials: ClientCredentials,
    private readonly options: TokenManagerOptions,
  ) {}

  private now(): number {
    return (this.options.now ?? Date.now)();
  }

  /** The cached token while it is not due for refresh (what get() would resolve with at once); else undefined. */
  cachedToken(): string | undefined {
    return this.cached && this.now() < this.cached.refreshAt ? this.cached.value : undefined;
  }

  get(): Promise<string> {
    if (this.cached && this.now() < this.cached.refreshAt) return Promise.resolve(this.cached.value);
    if (!this.flight) {
      this.flight = this.fetchWithRetry().finally(() => {
        this.flight = undefined;
      });
    }
    return this.flight;
  }

  /**
   * Readiness: resolves when a token was obtained within `maxAgeMs` (by the proxy's calls or by an earlier check);
   * otherwise requests one now, once, without retries. That outcome stands for `maxAgeMs`, however often the probe
   * asks: a probe every few seconds costs one token request per `maxAgeMs` at most.
   */
  ready(maxAgeMs: number): Promise<void> {
    const now = this.now();
    if (now - this.obtainedAt < maxAgeMs) return Promise.resolve();
    if (this.check && now - this.check.at < maxAgeMs) return this.check.outcome;
    const outcome = this.fetchOnce().then(() => undefined);
    outcome.catch(() => undefined);
    this.check = { at: now, outcome };
    return outcome;
  }

  /** The service refused `token` (401): forget it unless a newer token has replaced it already. */
  invalidate(token: string): void {
    if (this.cached?.value === token) this.cached = undefined;
  }

  private async fetchWithRetry(): Promise<string> {
    const delays = this.options.retryDelaysMs;
    for (let attempt = 0; ; attempt++) {
      try {
        const token = await this.fetchOnce();
        this.options.onTokenRequest?.('obtained');
        return token;
      } catch (error) {
        this.options.onTokenRequest?.('failed');
        // Wrong credentials will not get better by retrying; everything else (network, 5xx, timeout) might.
        const retryable = !(error instanceof TokenError) || error.retryable;
        if (!retryable || attempt >= delays.length) throw error;
        await new Promise((r) => setTimeout(r, delays[attempt]));
      }
    }
  }

  private async fetchOnce(): Promise<string> {
    const { authUrl, clientId, clientSecret } = this.credentials;
    const url = new URL(`${authUrl.replace(/\/+$/, '')}/oauth2/token`);
    url.searchParams.set('grant_type', 'client_credentials');
    const basic = Buffer.from(`${encodeURIComponent(clientId)}:${encodeURIComponent(clientSecret)}`).toString('base64');
    const startedAt = this.now();
    this.tokenRequests++;
    let response;
    try {
      response = await sendUpstream({
        url,
        method: 'POST',
        headers: {
          authorization: `Basic ${basic}`,
          'content-type': 'application/x-www-form-urlencoded',
          accept: 'application/json',
        },
        body: Buffer.from('grant_type=client_credentials'),
        timeoutMs: this.options.timeoutMs,
        what: 'the token endpoint',
      });
    } catch (error) {
      if (error instanceof UpstreamTimeoutError)
        throw new TokenError(`Could not get an access token: ${error.message}`, 504);
      if (error instanceof UpstreamUnreachableError)
        throw new TokenError(`Could not get an access token: ${error.message}`, 502);
      throw new TokenError('Could not get an access token: the token request failed', 502);
    }
    let body: Buffer;
    try {
      body = await readResponseBody(response, 64 * 1024);
    } catch {
      throw new TokenError('Could not get an access token: the token response was unreadable', 502);
    }
    const status = response.statusCode ?? 0;
    if (status === 400 || status === 401 || status === 403) {
      throw new TokenError(
        `Could not get an access token: the token endpoint refused the BFF's client credentials (HTTP ${status}); check the configured client id and secret`,
        502,
        false,
      );
    }
    if (status !== 200)
      throw new TokenError(`Could not get an access token: the token endpoint answered HTTP ${status}`, 502);
    let parsed: { access_token?: unknown; expires_in?: unknown; token_type?: unknown };
    try {
      parsed = JSON.parse(body.toString('utf8'));
    } catch {
      throw new TokenError('Could not get an access token: the token response is not JSON', 502);
    }
    if (typeof parsed.access_token !== 'string' || parsed.access_token === '') {
      throw new TokenError('Could not get an access token: the token response has no access_token', 502);
    }
    if (typeof parsed.token_type === 'string' && parsed.token_type.toLowerCase() !== 'bearer') {
      throw new TokenError(`Could not get an access token: token_type "${parsed.token_type}" is not Bearer`, 502);
    }
    const expiresIn = typeof parsed.expires_in === 'number' && parsed.expires_in > 0 ? parsed.expires_in : 3600;
    const lifetimeMs = expiresIn * 1000;
    this.options.onToken?.(parsed.access_token);
    this.cached = { value: parsed.access_token, refreshAt: startedAt + lifetimeMs - refreshMargin(lifetimeMs) };
    this.obtainedAt = this.now();
    return parsed.access_token;
  }
}

/** Tokens for any number of app clients, keyed by token endpoint and client id. */
export class TokenManager {
  private readonly clients = new Map<string, ClientTokens>();

  constructor(private readonly options: TokenManagerOptions) {}

  /** The client last asked for, by identity: the BFF asks for its one app client on every call. */
  private last: { credentials: ClientCredentials; client: ClientTokens } | undefined;

  private client(credentials: ClientCredentials): ClientTokens {
    if (this.last?.credentials === credentials) return this.last.client;
    const key = `${credentials.authUrl}\n${credentials.clientId}`;
    let client = this.clients.get(key);
    if (!client) {
      client = new ClientTokens(credentials, this.options);
      this.clients.set(key, client);
    }
    this.last = { credentials, client };
    return client;
  }

  getToken(credentials: ClientCredentials): Promise<string> {
    return this.client(credentials).get();
  }

  /** The token getToken() would resolve with at once (cached, not due for refresh), without a promise; else undefined. */
  tokenNow(credentials: ClientCredentials): string | undefined {
    return this.client(credentials).cachedToken();
  }

  invalidate(credentials: ClientCredentials, token: string): void {
    this.client(credentials).invalidate(token);
  }

  /** Readiness of the token endpoint for this client (see ClientTokens.ready). */
  ready(credentials: ClientCredentials, maxAgeMs: number): Promise<void> {
    return this.client(credentials).ready(maxAgeMs);
  }

  /** Token requests sent so far (all clients) — the benchmark and tests report it. */
  get tokenRequests(): number {
    let total = 0;
    for (const client of this.clients.values()) total += client.tokenRequests;
    return total;
  }
}
