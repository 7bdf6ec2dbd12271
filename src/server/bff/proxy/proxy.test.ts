/**
 * The proxy's rules (issue 3, DESIGN.md §5) against the echo upstream, which records exactly what reached it.
 * One test per rule.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MIB } from '@/server/bff/proxy/body-limits';
import { startEchoUpstream, type EchoUpstream } from '@/server/bff/testing/echo-upstream';
import { rawRequest, rawSocketRequest, startBff, TestBrowser, type RunningBff } from '@/server/bff/testing/bff-harness';

const PASSWORD = 'correct-horse-battery';

/**
 * A BFF that has not fetched a token yet, and a signed-in browser for it: signing in asks the service for the
 * organization (and so for a token), so the sign-in happens on another instance sharing the data dir.
 */
async function coldBffWithBrowser(
  config: Parameters<typeof startBff>[1] = {},
): Promise<{ cold: RunningBff; browser: TestBrowser }> {
  const signer = await startBff(echo, config);
  const signerBrowser = await signedIn(signer, 'cold-admin', 'admin');
  await signer.close();
  const cold = await startBff(echo, { ...config, dataDir: signer.dataDir });
  const browser = new TestBrowser(cold.origin);
  browser.cookies.set('__Host-dps_session', signerBrowser.cookies.get('__Host-dps_session')!);
  return { cold, browser };
}

async function signedIn(bff: RunningBff, name: string, role: 'admin' | 'viewer'): Promise<TestBrowser> {
  await bff.addOperator(name, role, PASSWORD);
  const browser = new TestBrowser(bff.origin);
  const reply = await browser.login(name, PASSWORD);
  expect(reply.status).toBe(200);
  return browser;
}

function port(origin: string): number {
  return Number(new URL(origin).port);
}

/** A server the BFF must never reach: counts every request. */
async function startForeignServer(): Promise<{ origin: string; hits: number; close(): Promise<void> }> {
  const state = { hits: 0 };
  const server = http.createServer((_request, response) => {
    state.hits++;
    response.end('foreign');
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    get hits() {
      return state.hits;
    },
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}

let echo: EchoUpstream;
let bff: RunningBff;
let admin: TestBrowser;
let viewer: TestBrowser;

beforeAll(async () => {
  echo = await startEchoUpstream();
  bff = await startBff(echo, { config: { upstreamReadTimeoutMs: 300, upstreamTimeoutMs: 10_000 } });
  admin = await signedIn(bff, 'admin-1', 'admin');
  viewer = await signedIn(bff, 'viewer-1', 'viewer');
});

afterAll(async () => {
  await bff.close();
  bff.cleanup();
  await echo.close();
});

/** Requests the echo upstream received while `action` ran. */
async function receivedDuring(action: () => Promise<unknown>) {
  const before = echo.received.length;
  await action();
  return echo.received.slice(before);
}

describe('CSRF and cross-site requests', () => {
  it('refuses an /api call without X-CSRF: 1 with 401, for reads and writes, before the upstream sees it', async () => {
    const seen = await receivedDuring(async () => {
      for (const method of ['GET', 'POST', 'DELETE']) {
        const reply = await admin.request('/api/users', { method, noCsrf: true });
        expect(reply.status).toBe(401);
        expect(reply.json().message).toMatch(/X-CSRF/);
      }
      expect((await admin.request('/api/users', { headers: { 'x-csrf': '0' } })).status).toBe(401);
    });
    expect(seen).toEqual([]);
  });

  it('refuses cross-site Sec-Fetch-Site and a foreign or null Origin with 403', async () => {
    const seen = await receivedDuring(async () => {
      for (const site of ['cross-site', 'same-site']) {
        const reply = await admin.json(
          '/api/users',
          'POST',
          { email: 'a@b.co' },
          { headers: { 'sec-fetch-site': site } },
        );
        expect(reply.status).toBe(403);
      }
      for (const origin of [
        'https://evil.example',
        'null',
        `http://127.0.0.1:${port(bff.origin) + 1}`,
        `https://127.0.0.1:${port(bff.origin)}`,
      ]) {
        const reply = await admin.json('/api/users', 'POST', { email: 'a@b.co' }, { headers: { origin } });
        expect(reply.status, origin).toBe(403);
      }
      // Logging in and out are writes too.
      expect(
        (
          await new TestBrowser(bff.origin).request('/bff/login', {
            method: 'POST',
            headers: { origin: 'https://evil.example', 'content-type': 'application/json' },
            body: '{}',
          })
        ).status,
      ).toBe(403);
    });
    expect(seen).toEqual([]);
    // The console's own same-origin write passes.
    const ok = await admin.json(
      '/api/users',
      'POST',
      { email: 'a@b.co' },
      { headers: { origin: bff.origin, 'sec-fetch-site': 'same-origin' } },
    );
    expect(ok.status).toBe(200);
  });

  it('rejects a Host that is not the BFF (DNS rebinding) with 421, on pages and API alike', async () => {
    const { hostname } = new URL(bff.origin);
    for (const host of ['evil.example', `evil.example:${port(bff.origin)}`, 'rebind.attacker.test']) {
      for (const path of ['/', '/api/users', '/bff/session']) {
        const reply = await rawRequest(hostname, port(bff.origin), 'GET', path, {
          host,
          'x-csrf': '1',
          cookie: admin.cookieHeader(),
        });
        expect(reply.status, `${host} ${path}`).toBe(421);
      }
    }
    const ok = await rawRequest(hostname, port(bff.origin), 'GET', '/api/users', {
      host: `localhost:${port(bff.origin)}`,
      'x-csrf': '1',
      cookie: admin.cookieHeader(),
    });
    expect(ok.status).toBe(200);
  });
});

describe('request headers the service must never see', () => {
  const forbidden: [string, Record<string, string>, string[]][] = [
    ['Cookie (besides the session)', { cookie: 'other=1; tracking=abc' }, ['cookie']],
    ['Authorization', { authorization: 'Bearer browser-chosen-token' }, []],
    ['Proxy-Authorization', { 'proxy-authorization': 'Basic Zm9vOmJhcg==' }, ['proxy-authorization']],
    ['Forwarded', { forwarded: 'for=1.2.3.4;host=evil.example' }, ['forwarded']],
    [
      'X-Forwarded-*',
      {
        'x-forwarded-for': '1.2.3.4',
        'x-forwarded-host': 'evil.example',
        'x-forwarded-proto': 'https',
        'x-real-ip': '1.2.3.4',
      },
      ['x-forwarded-for', 'x-forwarded-host', 'x-forwarded-proto', 'x-real-ip'],
    ],
    [
      'hop-by-hop headers',
      { 'keep-alive': 'timeout=5', te: 'trailers', 'proxy-connection': 'keep-alive', upgrade: 'websocket' },
      ['keep-alive', 'te', 'proxy-connection', 'upgrade'],
    ],
    [
      'headers named in Connection',
      { connection: 'keep-alive, accept-language, x-secret-hop', 'accept-language': 'de', 'x-secret-hop': '1' },
      ['accept-language', 'x-secret-hop'],
    ],
    ['Expect', { expect: '100-continue' }, ['expect']],
  ];

  for (const [name, headers, absent] of forbidden) {
    it(`never forwards ${name}`, async () => {
      const seen = await receivedDuring(async () => {
        const cookie = headers.cookie ? `${admin.cookieHeader()}; ${headers.cookie}` : admin.cookieHeader();
        const reply = await admin.request('/api/things', {
          method: 'POST',
          body: '{"a":1}',
          headers: { 'content-type': 'application/json', ...headers, cookie },
          noCookies: true,
        });
        expect(reply.status).toBe(200);
      });
      expect(seen).toHaveLength(1);
      const [received] = seen;
      for (const header of absent) expect(received.rawHeaderNames, header).not.toContain(header);
      // The one Authorization upstream is the BFF's own bearer token; Cookie never goes at all.
      expect(received.rawHeaderNames).not.toContain('cookie');
      expect(received.headers.authorization).toMatch(/^Bearer tok-/);
      expect(echo.issuedTokens).toContain(received.token);
      expect(received.headers.host).toBe(new URL(echo.origin).host);
      expect(received.body.toString()).toBe('{"a":1}');
    });
  }
});

describe('response headers and caching', () => {
  it('drops Set-Cookie, WWW-Authenticate, CORS, Location and unknown headers of the service', async () => {
    const reply = await admin.request('/api/set-cookie');
    expect(reply.status).toBe(200);
    for (const header of [
      'set-cookie',
      'www-authenticate',
      'access-control-allow-origin',
      'x-internal-debug',
      'location',
    ]) {
      expect(reply.headers[header], header).toBeUndefined();
    }
    expect(reply.json()).toEqual({ cookies: true });
    // A 401 the service insists on reaches the browser without its WWW-Authenticate challenge.
    const refused = await admin.request('/api/always-401');
    expect(refused.status).toBe(401);
    expect(refused.headers['www-authenticate']).toBeUndefined();
  });

  it('answers every /api response with cache-control: no-store', async () => {
    for (const [method, path] of [
      ['GET', '/api/users'],
      ['POST', '/api/users'],
      ['GET', '/api/always-401'],
      ['GET', '/api/users'.replace('users', '../x')],
    ]) {
      const reply = await admin.request(path, { method });
      expect(reply.headers['cache-control'], `${method} ${path}`).toBe('no-store');
    }
    expect((await admin.request('/api/users', { noCsrf: true })).headers['cache-control']).toBe('no-store');
  });
});

describe('request targets', () => {
  const badTargets = [
    '/api/users/..',
    '/api/users/../../oauth2/token',
    '/api/users/%2e%2e/%2e%2e/oauth2/token',
    '/api/%2E%2E/oauth2/token',
    '/api/users/.%2e/x',
    '/api/users/%252e%252e/x',
    '/api/./users',
    '/api//users',
    '/api/users//x',
    '/api/users%2f..%2f..%2foauth2',
    '/api/users%5c..%5cx',
    '/api/users\\..\\x',
  ];

  it('refuses dot segments (raw, percent-encoded, double-encoded), empty segments and encoded separators with 400', async () => {
    const seen = await receivedDuring(async () => {
      for (const target of badTargets) {
        const raw = await rawSocketRequest(
          port(bff.origin),
          `GET ${target} HTTP/1.1\r\nHost: 127.0.0.1:${port(bff.origin)}\r\nX-CSRF: 1\r\nCookie: ${admin.cookieHeader()}\r\nConnection: close\r\n\r\n`,
        );
        expect(raw.split('\r\n')[0], target).toMatch(/^HTTP\/1\.1 400 /);
      }
    });
    expect(seen).toEqual([]);
  });

  it('refuses a path that percent-encodes letters, digits or -._~, so /api and /bff have one spelling the rules see', async () => {
    const seen = await receivedDuring(async () => {
      // Without a session or X-CSRF: these spellings reach the /api/* and /bff/* routes once decoded.
      for (const target of [
        '/%61pi/%2e%2e/v1/appClients',
        '/%61pi/users',
        '/a%70i/users',
        '/%62ff/audit?limit=2',
        '/b%66f/session',
        '/%62ff/file?url=x',
      ]) {
        const raw = await rawSocketRequest(
          port(bff.origin),
          `GET ${target} HTTP/1.1\r\nHost: 127.0.0.1:${port(bff.origin)}\r\nConnection: close\r\n\r\n`,
        );
        expect(raw.split('\r\n')[0], target).toMatch(/^HTTP\/1\.1 400 /);
      }
      const write = await rawSocketRequest(
        port(bff.origin),
        `POST /%61pi/appClients HTTP/1.1\r\nHost: 127.0.0.1:${port(bff.origin)}\r\nContent-Type: application/json\r\nContent-Length: 2\r\nConnection: close\r\n\r\n{}`,
      );
      expect(write.split('\r\n')[0]).toMatch(/^HTTP\/1\.1 400 /);
      // Signed in, inside /api: still one spelling.
      const inner = await rawSocketRequest(
        port(bff.origin),
        `GET /api/%75sers HTTP/1.1\r\nHost: 127.0.0.1:${port(bff.origin)}\r\nX-CSRF: 1\r\nCookie: ${admin.cookieHeader()}\r\nConnection: close\r\n\r\n`,
      );
      expect(inner.split('\r\n')[0]).toMatch(/^HTTP\/1\.1 400 /);
    });
    expect(seen).toEqual([]);
    // Reserved characters stay encodable: ids carry ":" as %3A (the echo upstream answers 200).
    expect((await admin.request('/api/users/svc%3Auser%3Anobody')).status).toBe(200);
  });

  it('refuses absolute-form and //-prefixed targets with 400', async () => {
    const seen = await receivedDuring(async () => {
      for (const line of [
        `GET ${echo.origin}/v1/users HTTP/1.1`,
        `GET http://127.0.0.1:${port(bff.origin)}/api/users HTTP/1.1`,
        `GET //evil.example/api/users HTTP/1.1`,
      ]) {
        const raw = await rawSocketRequest(
          port(bff.origin),
          `${line}\r\nHost: 127.0.0.1:${port(bff.origin)}\r\nX-CSRF: 1\r\nCookie: ${admin.cookieHeader()}\r\nConnection: close\r\n\r\n`,
        );
        expect(raw.split('\r\n')[0], line).toMatch(/^HTTP\/1\.1 400 /);
      }
    });
    expect(seen).toEqual([]);
  });

  it('forwards a clean path and its query to exactly {base_url}/<path>', async () => {
    const seen = await receivedDuring(() =>
      admin.request('/api/agents/svc%3Aagent%3Aabc/runs?status=a&status=b&maxResults=5'),
    );
    expect(seen.map((r) => r.url)).toEqual(['/v1/agents/svc%3Aagent%3Aabc/runs?status=a&status=b&maxResults=5']);
  });
});

describe('body limits', () => {
  it('answers 413 above 1 MiB on ordinary routes and above 10 MiB on document routes', async () => {
    const seen = await receivedDuring(async () => {
      const big = (n: number) => Buffer.alloc(n, 'a');
      const ordinary = await admin.request('/api/users', {
        method: 'POST',
        body: big(MIB + 1),
        headers: { 'content-type': 'application/json' },
      });
      expect(ordinary.status).toBe(413);
      expect(ordinary.json().message).toMatch(/1 MiB/);
      const documents = await admin.request('/api/documents', {
        method: 'POST',
        body: big(10 * MIB + 1),
        headers: { 'content-type': 'application/json' },
      });
      expect(documents.status).toBe(413);
      expect(documents.json().message).toMatch(/10 MiB/);
      const file = await admin.request('/api/documents/svc%3Adocument%3Ax/file', {
        method: 'PUT',
        body: big(10 * MIB + 1),
        headers: { 'content-type': 'application/pdf' },
      });
      expect(file.status).toBe(413);
    });
    expect(seen).toEqual([]);
    const fits = await receivedDuring(async () => {
      expect(
        (
          await admin.request('/api/users', {
            method: 'POST',
            body: Buffer.alloc(MIB, 'a'),
            headers: { 'content-type': 'application/json' },
          })
        ).status,
      ).toBe(200);
      expect(
        (
          await admin.request('/api/documents', {
            method: 'POST',
            body: Buffer.alloc(10 * MIB, 'a'),
            headers: { 'content-type': 'application/json' },
          })
        ).status,
      ).toBe(200);
    });
    expect(fits.map((r) => r.body.length)).toEqual([MIB, 10 * MIB]);
  });
});

describe('upstream failures', () => {
  it('answers 504 with a {message} when the service does not answer in time', async () => {
    const reply = await admin.request('/api/slow?ms=5000');
    expect(reply.status).toBe(504);
    expect(reply.json().message).toMatch(/did not answer/);
  });

  it('ends the call to the service when the browser leaves a read before its answer', async () => {
    const patient = await startBff(echo, { config: { upstreamReadTimeoutMs: 20_000, upstreamTimeoutMs: 20_000 } });
    try {
      const browser = await signedIn(patient, 'admin-3', 'admin');
      const url = new URL('/api/slow?ms=15000', patient.origin);
      const reached = echo.nextRequest('/v1/slow');
      const abandoned = echo.nextAbandoned('/v1/slow');
      const leaving = http.get(url, { headers: { 'x-csrf': '1', cookie: browser.cookieHeader() } });
      leaving.on('error', () => {});
      await reached;
      leaving.destroy();
      // Long before the read timeout (20 s) or the service's answer (15 s): the BFF ended its call at once.
      const within = await Promise.race([
        abandoned.then(() => true),
        new Promise<false>((r) => setTimeout(() => r(false), 3_000)),
      ]);
      expect(within).toBe(true);
    } finally {
      await patient.close();
      patient.cleanup();
    }
  });

  it('answers 502 with a {message} when the service is unreachable', async () => {
    const closed = await startForeignServer();
    const deadOrigin = closed.origin;
    await closed.close();
    const broken = await startBff({ ...echo, baseUrl: `${deadOrigin}/v1` });
    try {
      const browser = await signedIn(broken, 'admin-2', 'admin');
      const reply = await browser.request('/api/users');
      expect(reply.status).toBe(502);
      expect(reply.json().message).toMatch(/unreachable/);
      // The token endpoint down is a 502 with a message too.
      const noAuth = await startBff({ ...echo, authUrl: deadOrigin }, { dataDir: broken.dataDir });
      try {
        const again = new TestBrowser(noAuth.origin);
        again.cookies.set('__Host-dps_session', browser.cookies.get('__Host-dps_session')!);
        const tokenDown = await again.request('/api/users');
        expect(tokenDown.status).toBe(502);
        expect(tokenDown.json().message).toMatch(/access token/);
      } finally {
        await noAuth.close();
      }
    } finally {
      await broken.close();
      broken.cleanup();
    }
  });
});

describe('file proxy', () => {
  const fileUrl = () => `${echo.baseUrl}/documents/svc:document:abc/file`;
  const viaBff = (browser: TestBrowser, url: string) => browser.request(`/bff/file?url=${encodeURIComponent(url)}`);

  it('serves a file of the configured service (also named localhost), without its cookies, sandboxed', async () => {
    for (const url of [fileUrl(), fileUrl().replace('127.0.0.1', 'localhost')]) {
      const reply = await viaBff(viewer, url);
      expect(reply.status, url).toBe(200);
      expect(reply.headers['content-type']).toBe('application/pdf');
      expect(reply.text).toContain('%PDF-1.4 file of svc:document:abc');
      expect(reply.headers['set-cookie']).toBeUndefined();
      expect(reply.headers['content-security-policy']).toMatch(/sandbox/);
      expect(reply.headers['cache-control']).toBe('no-store');
    }
    expect((await viewer.request(`/bff/file?url=${encodeURIComponent(fileUrl())}`, { noCsrf: true })).status).toBe(401);
  });

  it('never replays a streamed upload after a 401: the token is renewed and the console told to upload again', async () => {
    const [warmUp] = await receivedDuring(() => admin.request('/api/warm-up'));
    echo.revoke(warmUp.token!);
    const tokensBefore = echo.tokenRequests;
    const seen = await receivedDuring(async () => {
      const reply = await admin.request(`/bff/file?url=${encodeURIComponent(fileUrl())}`, {
        method: 'PUT',
        body: Buffer.from('%PDF-1.4 streamed'),
        headers: { 'content-type': 'application/pdf' },
      });
      expect(reply.status).toBe(502);
      expect(reply.json().message).toMatch(/upload again/);
    });
    expect(seen.map((r) => [r.method, r.token])).toEqual([['PUT', warmUp.token]]);
    // The next call gets a fresh token.
    expect((await admin.request('/api/users')).status).toBe(200);
    expect(echo.tokenRequests - tokensBefore).toBe(1);
  });

  it('refuses a foreign origin and SSRF tricks with 400 and contacts nothing', async () => {
    const foreign = await startForeignServer();
    const echoPort = port(echo.origin);
    try {
      const attempts = [
        `${foreign.origin}/v1/documents/x/file`,
        `http://evil.example/v1/documents/x/file`,
        `http://user:pass@127.0.0.1:${echoPort}/v1/documents/x/file`,
        `http://127.0.0.1:${echoPort}@${new URL(foreign.origin).host}/v1/documents/x/file`,
        `http://127.0.0.1:${port(foreign.origin)}/v1/documents/x/file`,
        `http://[::1]:${echoPort}/v1/documents/x/file`,
        `http://[::ffff:127.0.0.1]:${port(foreign.origin)}/v1/documents/x/file`,
        `http://127.0.0.2:${echoPort}/v1/documents/x/file`,
        `https://127.0.0.1:${echoPort}/v1/documents/x/file`,
        `file:///etc/passwd`,
        `http://127.0.0.1:${echoPort}/oauth2/token`,
        `http://127.0.0.1:${echoPort}/v1/../oauth2/token`,
        `http://127.0.0.1:${echoPort}/v1/documents/%2e%2e/%2e%2e/oauth2/token`,
        `/v1/documents/x/file`,
      ];
      const seen = await receivedDuring(async () => {
        for (const url of attempts) expect((await viaBff(admin, url)).status, url).toBe(400);
      });
      expect(seen).toEqual([]);
      // A redirect from the service is passed on as it is, never followed, and without its Location.
      const redirect = await viaBff(
        admin,
        `${echo.baseUrl}/redirect?to=${encodeURIComponent(`${foreign.origin}/stolen`)}`,
      );
      expect(redirect.status).toBe(302);
      expect(redirect.headers.location).toBeUndefined();
      expect(foreign.hits).toBe(0);
    } finally {
      await foreign.close();
    }
  });
});

describe('token manager', () => {
  it('100 concurrent cold requests share exactly one token request', async () => {
    const { cold, browser } = await coldBffWithBrowser();
    try {
      echo.settings.tokenDelayMs = 100;
      const before = echo.tokenRequests;
      const replies = await Promise.all(Array.from({ length: 100 }, (_, i) => browser.request(`/api/users?i=${i}`)));
      expect(replies.map((r) => r.status)).toEqual(Array(100).fill(200));
      expect(echo.tokenRequests - before).toBe(1);
      expect(cold.bff.tokenRequests()).toBe(1);
    } finally {
      echo.settings.tokenDelayMs = 0;
      await cold.close();
      cold.cleanup();
    }
  });

  it('an upstream 401 gets one fresh token and one replay, for GET and POST; a second 401 reaches the browser', async () => {
    for (const method of ['GET', 'POST']) {
      const [warmUp] = await receivedDuring(() => admin.request('/api/warm-up'));
      const current = warmUp.token!;
      echo.revoke(current);
      const tokensBefore = echo.tokenRequests;
      const body = method === 'POST' ? '{"replayed":true}' : undefined;
      const seen = await receivedDuring(async () => {
        const reply = await admin.request('/api/users', {
          method,
          body,
          headers: body ? { 'content-type': 'application/json' } : {},
        });
        expect(reply.status).toBe(200);
      });
      expect(echo.tokenRequests - tokensBefore).toBe(1);
      expect(seen).toHaveLength(2);
      expect(seen[0].token).toBe(current);
      expect(seen[1].token).not.toBe(current);
      expect(seen.map((r) => r.method)).toEqual([method, method]);
      if (body) expect(seen.map((r) => r.body.toString())).toEqual([body, body]);
    }
    const tokensBefore = echo.tokenRequests;
    const seen = await receivedDuring(async () => {
      const reply = await admin.request('/api/always-401', {
        method: 'POST',
        body: '{}',
        headers: { 'content-type': 'application/json' },
      });
      expect(reply.status).toBe(401);
    });
    expect(seen).toHaveLength(2);
    expect(echo.tokenRequests - tokensBefore).toBe(1);
  });

  it('does not cache a failed token request and retries it with back-off', async () => {
    const { cold, browser } = await coldBffWithBrowser({ config: { tokenRetryDelaysMs: [10, 20] } });
    try {
      // Two failures, then success: retried inside one request.
      echo.settings.failNextTokenRequests = 2;
      let before = echo.tokenRequests;
      expect((await browser.request('/api/users')).status).toBe(200);
      expect(echo.tokenRequests - before).toBe(3);

      const fresh = await startBff(echo, { config: { tokenRetryDelaysMs: [10, 20] }, dataDir: cold.dataDir });
      try {
        const other = new TestBrowser(fresh.origin);
        other.cookies.set('__Host-dps_session', browser.cookies.get('__Host-dps_session')!);
        // Three failures exhaust one request's attempts: 502 with a message, nothing cached.
        echo.settings.failNextTokenRequests = 3;
        before = echo.tokenRequests;
        const failed = await other.request('/api/users');
        expect(failed.status).toBe(502);
        expect(failed.json().message).toMatch(/access token/);
        expect(echo.tokenRequests - before).toBe(3);
        // The next request asks again (and succeeds).
        before = echo.tokenRequests;
        expect((await other.request('/api/users')).status).toBe(200);
        expect(echo.tokenRequests - before).toBe(1);
      } finally {
        await fresh.close();
      }
    } finally {
      echo.settings.failNextTokenRequests = 0;
      await cold.close();
      cold.cleanup();
    }
  });

  it('refreshes a token before it expires', async () => {
    let now = Date.now();
    const cold = await startBff(echo, { config: { now: () => now } });
    try {
      const browser = await signedIn(cold, 'admin-5', 'admin');
      const seen = await receivedDuring(async () => {
        await browser.request('/api/users');
        now += 3_000_000; // 50 of the 60 minutes: still valid, and not yet in the refresh margin
        await browser.request('/api/users');
        now += 560_000; // 59 min 20 s: inside the last minute
        await browser.request('/api/users');
      });
      expect(seen[0].token).toBe(seen[1].token);
      expect(seen[2].token).not.toBe(seen[1].token);
      expect(cold.bff.tokenRequests()).toBe(2);
    } finally {
      await cold.close();
      cold.cleanup();
    }
  });
});

describe('roles', () => {
  it('a viewer may read but every write through /api is 403 and never reaches the service', async () => {
    expect((await viewer.request('/api/users')).status).toBe(200);
    const seen = await receivedDuring(async () => {
      for (const method of ['POST', 'PUT', 'PATCH', 'DELETE']) {
        const reply = await viewer.request('/api/users/svc%3Auser%3Ax', {
          method,
          body: '{}',
          headers: { 'content-type': 'application/json' },
        });
        expect(reply.status, method).toBe(403);
        expect(reply.json().message).toMatch(/viewer/);
      }
    });
    expect(seen).toEqual([]);
  });
});

describe('access log', () => {
  it('writes one line per request when it ends: method, path (secret query values redacted), status and time', async () => {
    const before = bff.logs.length;
    const reply = await admin.request('/api/users?maxResults=5&token=leak-me');
    expect(reply.status).toBe(200);
    type AccessLine = {
      msg?: string;
      req?: { url?: string; method?: string };
      res?: { statusCode?: number };
      responseTime?: unknown;
    };
    const lines = bff.logs.slice(before).map((line) => JSON.parse(line) as AccessLine);
    const access = lines.filter((line) => line.req?.url?.startsWith('/api/users?maxResults=5'));
    expect(access).toHaveLength(1);
    expect(access[0]).toMatchObject({ msg: 'request completed', req: { method: 'GET' }, res: { statusCode: 200 } });
    expect(typeof access[0].responseTime).toBe('number');
    expect(JSON.stringify(access[0])).not.toContain('leak-me');
  });
});

describe('secrets', () => {
  it('the client secret and every issued token appear in no response body, header or log line of this suite', async () => {
    // A failing token request and a rejected launch token, so error paths are in the logs too.
    await admin.request(`/bff/launch?token=${'y'.repeat(43)}`, { noCsrf: true });
    const secrets = [
      echo.clientSecret,
      ...echo.issuedTokens,
      Buffer.from(`${echo.clientId}:${echo.clientSecret}`).toString('base64'),
    ];
    expect(echo.issuedTokens.length).toBeGreaterThan(3);
    const replies = [...admin.replies, ...viewer.replies];
    expect(replies.length).toBeGreaterThan(50);
    expect(bff.logs.length).toBeGreaterThan(50);
    for (const secret of secrets) {
      for (const reply of replies) {
        expect(reply.body.includes(secret)).toBe(false);
        expect(JSON.stringify(reply.headers)).not.toContain(secret);
      }
      for (const line of bff.logs) expect(line).not.toContain(secret);
    }
    for (const line of bff.logs) expect(line).not.toContain(admin.cookies.get('__Host-dps_session')!);
  });
});
