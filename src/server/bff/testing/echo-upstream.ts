/**
 * A stand-in service for BFF tests on 127.0.0.1:0: a token endpoint that counts requests and can be slow or fail,
 * and `{base_url}/*` that records what reached it (method, raw path, headers, body) and answers with an echo — or
 * slowly, with cookies, with 401, with a redirect, as a path asks.
 */
import { randomBytes } from 'node:crypto';
import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

export interface ReceivedRequest {
  method: string;
  /** Raw request target as received. */
  url: string;
  headers: IncomingMessage['headers'];
  rawHeaderNames: string[];
  body: Buffer;
  token: string | undefined;
}

export interface EchoUpstream {
  origin: string;
  baseUrl: string;
  authUrl: string;
  clientId: string;
  clientSecret: string;
  received: ReceivedRequest[];
  /** Every access token the token endpoint issued. */
  issuedTokens: string[];
  tokenRequests: number;
  /** Settings tests change on the fly. */
  settings: { tokenDelayMs: number; failNextTokenRequests: number; tokenLifetimeSeconds: number };
  /** Resolves with the first request to `{base_url}` whose path is `path` recorded from now on. */
  nextRequest(path: string): Promise<ReceivedRequest>;
  /** Resolves when a request to `{base_url}` with path `path`, received from now on, is closed before it is answered. */
  nextAbandoned(path: string): Promise<void>;
  /** Makes the service answer 401 to this token from now on. */
  revoke(token: string): void;
  /** Requests to `{base_url}` from now on are recorded in `received` but not answered until `release()`. */
  hold(): void;
  release(): void;
  /**
   * Like a process stopped with SIGSTOP: connections stay open (new ones too) but nothing is read or answered until
   * `thaw()`. Requests already received keep their answer back until then.
   */
  freeze(): void;
  thaw(): void;
  close(): Promise<void>;
}

function readBody(request: IncomingMessage): Promise<Buffer> {
  return new Promise((resolvePromise, reject) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => resolvePromise(Buffer.concat(chunks)));
    request.on('error', reject);
  });
}

function json(
  response: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string | string[]> = {},
) {
  const text = JSON.stringify(body);
  response.writeHead(status, {
    'content-type': 'application/json',
    'content-length': Buffer.byteLength(text),
    ...headers,
  });
  response.end(text);
}

interface TokenIssuer {
  clientId: string;
  clientSecret: string;
  issuedTokens: string[];
  settings: EchoUpstream['settings'];
  state: { tokenRequests: number };
}

/** `POST {auth_url}/oauth2/token` with the client's Basic credentials: a new token (or slow, or 503, as set). */
async function answerTokenRequest(
  issuer: TokenIssuer,
  request: IncomingMessage,
  response: ServerResponse,
  url: string,
): Promise<void> {
  issuer.state.tokenRequests++;
  if (issuer.settings.tokenDelayMs) await new Promise((r) => setTimeout(r, issuer.settings.tokenDelayMs));
  if (issuer.settings.failNextTokenRequests > 0) {
    issuer.settings.failNextTokenRequests--;
    return json(response, 503, { message: 'token service unavailable' });
  }
  const expected = `Basic ${Buffer.from(`${issuer.clientId}:${issuer.clientSecret}`).toString('base64')}`;
  if (
    request.method !== 'POST' ||
    request.headers.authorization !== expected ||
    !url.includes('grant_type=client_credentials')
  ) {
    return json(response, 401, { message: 'invalid client' });
  }
  const token = `tok-${issuer.issuedTokens.length + 1}-${randomBytes(24).toString('hex')}`;
  issuer.issuedTokens.push(token);
  return json(response, 200, {
    access_token: token,
    expires_in: issuer.settings.tokenLifetimeSeconds,
    token_type: 'Bearer',
  });
}

interface ApiCall {
  url: string;
  path: string;
  origin: string;
  body: Buffer;
  token: string | undefined;
}

/** An authorised `{base_url}` call: what its path asks for (slow, cookies, redirect, a file), else an echo. */
function answerApiCall(
  request: IncomingMessage,
  response: ServerResponse,
  { url, path, origin, body, token }: ApiCall,
) {
  if (path === '/v1/slow') {
    const ms = Number(new URL(url, origin).searchParams.get('ms') ?? '1000');
    const timer = setTimeout(() => json(response, 200, { slow: true }), ms);
    response.on('close', () => clearTimeout(timer));
    return;
  }
  if (path === '/v1/set-cookie') {
    return json(
      response,
      200,
      { cookies: true },
      {
        'set-cookie': ['upstream_session=abc; Path=/; HttpOnly', 'tracking=1'],
        'www-authenticate': 'Basic realm="upstream"',
        'access-control-allow-origin': '*',
        'x-internal-debug': 'upstream-only',
        location: 'https://elsewhere.example/',
      },
    );
  }
  if (path === '/v1/redirect') {
    // Redirects anywhere (?to=): the BFF must never follow one.
    const to = new URL(url, origin).searchParams.get('to') ?? 'http://127.0.0.1:9/';
    response.writeHead(302, { location: to, 'content-length': 0 });
    return response.end();
  }
  if (path === '/v1/organizations/me') {
    return json(response, 200, {
      organizationId: 'svc:organization:0123456789abcdef0123456789abcdef',
      name: 'Echo Org',
    });
  }
  const file = /^\/v1\/documents\/([^/]+)\/file$/.exec(path);
  if (file && request.method === 'GET') {
    const bytes = Buffer.from(`%PDF-1.4 file of ${decodeURIComponent(file[1])}`);
    response.writeHead(200, {
      'content-type': 'application/pdf',
      'content-length': bytes.length,
      'set-cookie': 'f=1',
    });
    return response.end(bytes);
  }
  return json(response, 200, {
    method: request.method,
    url,
    // Like the real service, never repeats the bearer token (tests read it from `received`).
    headers: { ...request.headers, authorization: token ? 'Bearer [token]' : request.headers.authorization },
    bodyLength: body.length,
    bodyText: body.length <= 4096 ? body.toString('utf8') : undefined,
  });
}

/** What reached `{base_url}`: the request as recorded, with its bearer token and its path without the query. */
function arrivedRequest(request: IncomingMessage, url: string, body: Buffer) {
  const auth = request.headers.authorization ?? '';
  const token = auth.startsWith('Bearer ') ? auth.slice(7) : undefined;
  const rawHeaderNames = request.rawHeaders.filter((_, i) => i % 2 === 0).map((h) => h.toLowerCase());
  const arrived: ReceivedRequest = {
    method: request.method ?? '',
    url,
    headers: request.headers,
    rawHeaderNames,
    body,
    token,
  };
  return { arrived, token, path: url.split('?')[0] };
}

/** The requests received, in order, and the tests waiting for the next one to a path. */
class RequestRecord {
  readonly received: ReceivedRequest[] = [];
  private readonly waiting: { path: string; resolve: (request: ReceivedRequest) => void }[] = [];

  add(arrived: ReceivedRequest, path: string): void {
    this.received.push(arrived);
    for (const waiter of this.waiting.filter((w) => w.path === path)) {
      this.waiting.splice(this.waiting.indexOf(waiter), 1);
      waiter.resolve(arrived);
    }
  }

  next(path: string): Promise<ReceivedRequest> {
    return new Promise((resolve) => this.waiting.push({ path, resolve }));
  }
}

/** Answers kept back: while held, requests wait on `gate()` until `release()`. */
class AnswerGate {
  private held: { gate: Promise<void>; release: () => void } | undefined;

  hold(): void {
    if (this.held) return;
    let release = () => {};
    this.held = { gate: new Promise<void>((r) => (release = r)), release };
  }

  release(): void {
    this.held?.release();
    this.held = undefined;
  }

  /** What a request waits on before its answer; undefined when nothing is held. */
  gate(): Promise<void> | undefined {
    return this.held?.gate;
  }
}

/** Every open socket of the server paused (new ones too) while frozen, resumed on thaw. */
function socketPauser(server: http.Server) {
  const sockets = new Set<Socket>();
  let frozen = false;
  server.on('connection', (socket: Socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    if (frozen) socket.pause();
  });
  return {
    freeze() {
      frozen = true;
      for (const socket of sockets) socket.pause();
    },
    thaw() {
      frozen = false;
      for (const socket of sockets) socket.resume();
    },
  };
}

export async function startEchoUpstream(): Promise<EchoUpstream> {
  const clientId = `test-client-${randomBytes(4).toString('hex')}`;
  const clientSecret = `secret-${randomBytes(24).toString('hex')}`;
  const record = new RequestRecord();
  const issuedTokens: string[] = [];
  const revoked = new Set<string>();
  const settings = { tokenDelayMs: 0, failNextTokenRequests: 0, tokenLifetimeSeconds: 3600 };
  const state = { tokenRequests: 0 };
  const issuer: TokenIssuer = { clientId, clientSecret, issuedTokens, settings, state };
  const answers = new AnswerGate();
  let origin = '';
  const abandonedWaiters: { path: string; resolve: () => void }[] = [];

  const server = http.createServer(async (request, response) => {
    const body = await readBody(request);
    const url = request.url ?? '/';
    if (url.startsWith('/oauth2/token')) return answerTokenRequest(issuer, request, response, url);

    const { arrived, token, path } = arrivedRequest(request, url, body);
    record.add(arrived, path);
    response.once('close', () => {
      if (response.writableFinished) return;
      const at = abandonedWaiters.findIndex((waiter) => waiter.path === path);
      if (at >= 0) abandonedWaiters.splice(at, 1)[0].resolve();
    });
    const gate = answers.gate();
    if (gate) await gate;

    if (!token || !issuedTokens.includes(token) || revoked.has(token) || path === '/v1/always-401') {
      return json(response, 401, { message: 'Unauthorized' }, { 'www-authenticate': 'Bearer error="invalid_token"' });
    }
    answerApiCall(request, response, { url, path, origin, body, token });
  });

  const sockets = socketPauser(server);
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as AddressInfo;
  origin = `http://127.0.0.1:${port}`;
  const result: EchoUpstream = {
    origin,
    baseUrl: `${origin}/v1`,
    authUrl: origin,
    clientId,
    clientSecret,
    received: record.received,
    issuedTokens,
    get tokenRequests() {
      return state.tokenRequests;
    },
    settings,
    nextRequest: (path) => record.next(path),
    nextAbandoned: (path) => new Promise<void>((resolve) => abandonedWaiters.push({ path, resolve })),
    revoke: (token) => revoked.add(token),
    hold: () => answers.hold(),
    release: () => answers.release(),
    freeze: () => {
      sockets.freeze();
      result.hold();
    },
    thaw: () => {
      sockets.thaw();
      result.release();
    },
    close: () =>
      new Promise<void>((r) => {
        server.closeAllConnections();
        server.close(() => r());
      }),
  };
  return result;
}
