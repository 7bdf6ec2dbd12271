/**
 * The BFF in front of the real embedded service (issue 3): the rules that matter end to end, and the last one —
 * the client secret and every token the service issued appear in no response, header, log line or built asset.
 * A recording pass-through in front of the token endpoint counts the token requests and keeps the issued tokens.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestService, type TestService } from '@/server/service/testing/start-test-service';
import { startBff, TestBrowser, type RunningBff } from '@/server/bff/testing/bff-harness';

const PASSWORD = 'correct-horse-battery';

interface TokenRecorder {
  authUrl: string;
  tokens: string[];
  requests: number;
  /** The next token answer carries a token the service never issued (as if revoked). */
  corruptNext: boolean;
  close(): Promise<void>;
}

async function startTokenRecorder(target: string): Promise<TokenRecorder> {
  const state = { requests: 0, corruptNext: false, tokens: [] as string[] };
  const server = http.createServer((request, response) => {
    state.requests++;
    const chunks: Buffer[] = [];
    request.on('data', (c: Buffer) => chunks.push(c));
    request.on('end', async () => {
      const upstream = await fetch(`${target}${request.url}`, {
        method: request.method,
        headers: {
          authorization: request.headers.authorization ?? '',
          'content-type': request.headers['content-type'] ?? '',
        },
        body: Buffer.concat(chunks),
      });
      const body = (await upstream.json()) as { access_token?: string };
      if (body.access_token) {
        state.tokens.push(body.access_token);
        if (state.corruptNext) {
          state.corruptNext = false;
          body.access_token = `revoked-${body.access_token.slice(8)}`;
          state.tokens.push(body.access_token);
        }
      }
      response.writeHead(upstream.status, { 'content-type': 'application/json' });
      response.end(JSON.stringify(body));
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    authUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    get tokens() {
      return state.tokens;
    },
    get requests() {
      return state.requests;
    },
    get corruptNext() {
      return state.corruptNext;
    },
    set corruptNext(value: boolean) {
      state.corruptNext = value;
    },
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}

let service: TestService;
let recorder: TokenRecorder;
let bff: RunningBff;
let admin: TestBrowser;
let viewer: TestBrowser;
const browsers: TestBrowser[] = [];

function track(browser: TestBrowser): TestBrowser {
  browsers.push(browser);
  return browser;
}

beforeAll(async () => {
  service = await startTestService();
  recorder = await startTokenRecorder(service.authUrl);
  bff = await startBff({ ...service.credentials, authUrl: recorder.authUrl });
  await bff.addOperator('viewer-1', 'viewer', PASSWORD);
  admin = track(new TestBrowser(bff.origin));
  const link = await bff.bff.issueLaunchLink();
  const url = new URL(link);
  expect((await admin.request(`${url.pathname}${url.search}`, { noCsrf: true })).headers.location).toBe('/');
  viewer = track(new TestBrowser(bff.origin));
  expect((await viewer.login('viewer-1', PASSWORD)).status).toBe(200);
});

afterAll(async () => {
  await bff?.close();
  bff?.cleanup();
  await recorder?.close();
  await service?.close();
});

describe('through the BFF to the embedded service', () => {
  it('tells the console who is signed in and which organization, and reads and writes the service', async () => {
    const session = (await admin.request('/bff/session')).json<{
      operator: unknown;
      upstream: { baseUrl: string };
      organization: { organizationId: string };
    }>();
    expect(session.operator).toEqual({ name: 'local-admin', role: 'admin', agents: null });
    expect(session.upstream.baseUrl).toBe(service.baseUrl);
    expect(session.organization.organizationId).toMatch(/^svc:organization:[0-9a-f]{32}$/);

    const created = await admin.json('/api/documents', 'POST', {
      content: Buffer.from('%PDF-1.4 hello').toString('base64'),
      contentType: 'application/pdf',
      name: 'through the BFF',
    });
    expect(created.status).toBe(200);
    const document = created.json<{ documentId: string; fileUrl: string }>();
    const patched = await admin.json(`/api/documents/${encodeURIComponent(document.documentId)}`, 'PATCH', {
      name: 'renamed',
    });
    expect(patched.status).toBe(200);
    expect(patched.json().name).toBe('renamed');
    const list = await viewer.request('/api/documents?maxResults=50');
    expect(list.status).toBe(200);
    expect(list.headers['cache-control']).toBe('no-store');
    expect(list.json<{ documents: { documentId: string }[] }>().documents.map((d) => d.documentId)).toContain(
      document.documentId,
    );
    // The service's validation errors come back as they are.
    const invalid = await admin.json('/api/documents', 'POST', { unknownField: 1 });
    expect(invalid.status).toBe(400);
    expect(invalid.json().message).toEqual(expect.any(String));
  });

  it('refuses what the rules refuse before the service is involved', async () => {
    expect((await admin.request('/api/documents', { noCsrf: true })).status).toBe(401);
    expect(
      (await admin.json('/api/documents', 'POST', { name: 'x' }, { headers: { 'sec-fetch-site': 'cross-site' } }))
        .status,
    ).toBe(403);
    expect((await admin.request('/api/../oauth2/token?grant_type=client_credentials', { method: 'POST' })).status).toBe(
      400,
    );
    expect(
      (await admin.request('/api/%2e%2e/oauth2/token?grant_type=client_credentials', { method: 'POST' })).status,
    ).toBe(400);
    expect((await new TestBrowser(bff.origin).request('/api/documents')).status).toBe(401);
    const before = (await viewer.request('/api/documents?maxResults=100')).json<{ documents: unknown[] }>().documents
      .length;
    expect((await viewer.json('/api/documents', 'POST', { name: 'viewer write' })).status).toBe(403);
    expect(
      (await viewer.request('/api/documents?maxResults=100')).json<{ documents: unknown[] }>().documents.length,
    ).toBe(before);
  });

  it('carries a 6 MB document through and serves its file from the service only', async () => {
    const bytes = Buffer.alloc(4_600_000, 7); // 6,133,336 base64 characters
    const created = await admin.json('/api/documents', 'POST', {
      content: bytes.toString('base64'),
      contentType: 'application/pdf',
    });
    expect(created.status).toBe(200);
    const { fileUrl } = created.json<{ fileUrl: string }>();
    const file = await viewer.request(`/bff/file?url=${encodeURIComponent(fileUrl)}`);
    expect(file.status).toBe(200);
    expect(file.body.equals(bytes)).toBe(true);
    const foreign = fileUrl.replace(/:\d+\//, ':1/');
    expect((await viewer.request(`/bff/file?url=${encodeURIComponent(foreign)}`)).status).toBe(400);
  });

  it('shares one token request among 100 concurrent cold requests', async () => {
    const cold = await startBff({ ...service.credentials, authUrl: recorder.authUrl }, { dataDir: bff.dataDir });
    try {
      const browser = track(new TestBrowser(cold.origin));
      browser.cookies.set('__Host-dps_session', admin.cookies.get('__Host-dps_session')!);
      const before = recorder.requests;
      const replies = await Promise.all(
        Array.from({ length: 100 }, () => browser.request('/api/documents?maxResults=5')),
      );
      expect(replies.map((r) => r.status)).toEqual(Array(100).fill(200));
      expect(recorder.requests - before).toBe(1);
      bff.logs.push(...cold.logs);
    } finally {
      await cold.close();
    }
  });

  it('answers a refused token with one fresh token and one replay of the write', async () => {
    const fresh = await startBff({ ...service.credentials, authUrl: recorder.authUrl }, { dataDir: bff.dataDir });
    try {
      const browser = track(new TestBrowser(fresh.origin));
      browser.cookies.set('__Host-dps_session', admin.cookies.get('__Host-dps_session')!);
      recorder.corruptNext = true;
      const before = recorder.requests;
      const created = await browser.json('/api/documents', 'POST', { name: 'replayed once' });
      expect(created.status).toBe(200);
      expect(recorder.requests - before).toBe(2);
      const list = (await browser.request('/api/documents?maxResults=100')).json<{
        documents: { name: string | null }[];
      }>();
      expect(list.documents.filter((d) => d.name === 'replayed once')).toHaveLength(1);
      bff.logs.push(...fresh.logs);
    } finally {
      await fresh.close();
    }
  });
});

/** Every file under `dir` (the built consoles). */
function filesUnder(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    try {
      return statSync(path).isDirectory() ? filesUnder(path) : [path];
    } catch {
      return []; // removed by a build running beside the tests
    }
  });
}

describe('secrets', () => {
  it('the client secret and every issued token appear in no response body, header, log line or built asset', async () => {
    // Make sure there are failures in the logs too (they are where secrets tend to leak).
    await admin.request('/api/documents/svc%3Adocument%3A00000000000000000000000000000000');
    await admin.request(`/bff/launch?token=${'x'.repeat(43)}`, { noCsrf: true });

    const secrets = [service.credentials.clientSecret, ...recorder.tokens];
    expect(recorder.tokens.length).toBeGreaterThanOrEqual(3);
    const replies = browsers.flatMap((b) => b.replies);
    expect(replies.length).toBeGreaterThan(100);
    expect(bff.logs.length).toBeGreaterThan(50);
    const basic = Buffer.from(`${service.credentials.clientId}:${service.credentials.clientSecret}`).toString('base64');
    for (const secret of [...secrets, basic]) {
      for (const reply of replies) {
        expect(reply.body.includes(secret)).toBe(false);
        expect(JSON.stringify(reply.headers)).not.toContain(secret);
      }
      for (const line of bff.logs) expect(line).not.toContain(secret);
    }
    // The operator's password and the session ids are not logged either.
    for (const line of bff.logs) {
      expect(line).not.toContain(PASSWORD);
      expect(line).not.toContain(admin.cookies.get('__Host-dps_session')!);
    }

    // Built consoles (every dist/console* present): no secret of this run, nor of the local data dir's client.
    const assets = filesUnder(resolve('dist'));
    const local = resolve('.data/credentials.json');
    const localSecret = existsSync(local)
      ? (JSON.parse(readFileSync(local, 'utf8')) as { clientSecret?: string }).clientSecret
      : undefined;
    for (const file of assets) {
      let content: Buffer;
      try {
        content = readFileSync(file);
      } catch {
        continue; // another build replaced it meanwhile
      }
      for (const secret of [...secrets, ...(localSecret ? [localSecret] : [])])
        expect(content.includes(secret), file).toBe(false);
    }
  });
});
