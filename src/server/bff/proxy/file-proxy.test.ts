/**
 * Document files on another origin than the API (issue 24 items 1, 2, 4): the embedded service names its files on a
 * second loopback server (DPS_SERVICE_FILE_BASE_URL) that passes them on to it, as a real deployment's files host
 * does. Through the BFF with that origin in DPS_FILE_ORIGINS, files are fetched (ranges too) and uploaded (streamed, up
 * to 64 MiB); a third server records anything that reaches it: the token never must.
 */
import http, { type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestService, type TestService } from '@/server/service/testing/start-test-service';
import { FILE_UPLOAD_LIMIT, MIB } from '@/server/bff/proxy/body-limits';
import { startBff, TestBrowser, type RunningBff } from '@/server/bff/testing/bff-harness';

const PASSWORD = 'correct-horse-battery';

interface Seen {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  /** Bytes of the request body received so far. */
  received: number;
  complete: boolean;
  /** The request's connection is gone (answered, or dropped). */
  closed: boolean;
}

interface Listener {
  origin: string;
  seen: Seen[];
  close(): Promise<void>;
}

async function listen(handler: (request: http.IncomingMessage, response: http.ServerResponse, seen: Seen) => void) {
  const seen: Seen[] = [];
  const server = http.createServer((request, response) => {
    const entry: Seen = {
      method: request.method ?? '',
      url: request.url ?? '',
      headers: request.headers,
      received: 0,
      complete: false,
      closed: false,
    };
    seen.push(entry);
    request.on('data', (chunk: Buffer) => (entry.received += chunk.length));
    request.on('end', () => (entry.complete = true));
    request.on('close', () => (entry.closed = true));
    handler(request, response, entry);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    server,
    listener: {
      origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
      seen,
      close: () =>
        new Promise<void>((r) => {
          server.closeAllConnections();
          server.close(() => r());
        }),
    } satisfies Listener,
  };
}

/** A server that must never be reached with the token: records what reaches it. */
async function startRecorder(): Promise<Listener> {
  return (await listen((request, response) => request.on('end', () => response.end('recorded')).resume())).listener;
}

/**
 * The files host: passes every request to the service (streamed both ways), except `/v1/redirect` (a redirect to
 * `redirectTo`) and `/v1/ranged` (answers ranges itself: the service may not yet).
 */
async function startFilesHost(state: { target: string; redirectTo: string }): Promise<Listener> {
  const ranged = Buffer.from('0123456789abcdefghijklmnopqrstuvwxyz');
  const { listener } = await listen((request, response) => {
    if (request.url?.startsWith('/v1/redirect')) {
      request.resume();
      response.writeHead(302, { location: `${state.redirectTo}/stolen` }).end();
      return;
    }
    if (request.url?.startsWith('/v1/ranged')) {
      request.resume();
      const match = /^bytes=(\d+)-(\d+)$/.exec(String(request.headers.range ?? ''));
      if (!match) return response.writeHead(200, { 'accept-ranges': 'bytes' }).end(ranged);
      const [start, end] = [Number(match[1]), Number(match[2])];
      response.writeHead(206, {
        'accept-ranges': 'bytes',
        'content-range': `bytes ${start}-${end}/${ranged.length}`,
        'content-type': 'application/pdf',
      });
      return response.end(ranged.subarray(start, end + 1));
    }
    const target = new URL(request.url ?? '/', state.target);
    const upstream = http.request(target, { method: request.method, headers: request.headers }, (answer) => {
      response.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(response);
    });
    upstream.on('error', () => response.destroy());
    request.pipe(upstream);
  });
  return listener;
}

/**
 * A PUT of `size` bytes through the BFF, sent in 1 MiB chunks; `pauseAfter` bytes in, it waits for `waitFor` before
 * sending the rest (or, with `abort`, stops there and drops the connection).
 */
function streamedPut(
  browser: TestBrowser,
  target: string,
  size: number,
  options: { pauseAfter?: number; waitFor?: () => Promise<void>; abort?: boolean; chunked?: boolean } = {},
): Promise<{ status: number; text: string } | 'aborted'> {
  const url = new URL(browser.origin);
  return new Promise((resolvePromise, reject) => {
    const request = http.request({
      host: url.hostname,
      port: Number(url.port),
      method: 'PUT',
      path: target,
      agent: false,
      headers: {
        host: url.host,
        'x-csrf': '1',
        cookie: browser.cookieHeader(),
        'content-type': 'application/pdf',
        ...(options.chunked ? {} : { 'content-length': String(size) }),
      },
    });
    request.on('response', (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (c: Buffer) => chunks.push(c));
      response.on('end', () =>
        resolvePromise({ status: response.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8') }),
      );
    });
    request.on('error', (error) => (options.abort ? resolvePromise('aborted') : reject(error)));
    const chunk = Buffer.alloc(MIB, 0x25);
    void (async () => {
      let sent = 0;
      while (sent < size) {
        if (options.pauseAfter !== undefined && sent >= options.pauseAfter) {
          await options.waitFor?.();
          if (options.abort) {
            request.destroy();
            return;
          }
          options.pauseAfter = undefined;
        }
        const part = chunk.subarray(0, Math.min(MIB, size - sent));
        sent += part.length;
        if (!request.write(part)) await new Promise((r) => request.once('drain', r));
      }
      request.end();
    })();
  });
}

async function until(condition: () => boolean, what: string): Promise<void> {
  for (let waited = 0; !condition(); waited += 20) {
    if (waited > 10_000) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

const state = { target: '', redirectTo: '' };
let filesHost: Listener;
let foreign: Listener;
let service: TestService;
let bff: RunningBff;
let admin: TestBrowser;
let viewer: TestBrowser;

const viaBff = (url: string) => `/bff/file?url=${encodeURIComponent(url)}`;

async function createMetadataOnly(name: string): Promise<{ documentId: string; fileUrl: string }> {
  const created = await admin.json('/api/documents', 'POST', { contentType: 'application/pdf', name });
  expect(created.status, created.text).toBe(200);
  return created.json<{ documentId: string; fileUrl: string }>();
}

beforeAll(async () => {
  filesHost = await startFilesHost(state);
  foreign = await startRecorder();
  state.redirectTo = foreign.origin;
  service = await startTestService({ env: { DPS_SERVICE_FILE_BASE_URL: `${filesHost.origin}/v1` } });
  state.target = new URL(service.baseUrl).origin;
  bff = await startBff(service.credentials, { config: { fileOrigins: [filesHost.origin] } });
  await bff.addOperator('admin-1', 'admin', PASSWORD);
  await bff.addOperator('viewer-1', 'viewer', PASSWORD);
  admin = new TestBrowser(bff.origin);
  expect((await admin.login('admin-1', PASSWORD)).status).toBe(200);
  viewer = new TestBrowser(bff.origin);
  expect((await viewer.login('viewer-1', PASSWORD)).status).toBe(200);
}, 60_000);

afterAll(async () => {
  await bff?.close();
  bff?.cleanup();
  await service?.close();
  await filesHost?.close();
  await foreign?.close();
});

describe('files on another origin (DPS_FILE_ORIGINS)', () => {
  it('uploads a document by PUT to its fileUrl on the files host and reads it back, with the token only there', async () => {
    const document = await createMetadataOnly('on the files host');
    expect(new URL(document.fileUrl).origin).toBe(filesHost.origin);
    const bytes = Buffer.from('%PDF-1.4 stored on the files host');
    const put = await admin.request(viaBff(document.fileUrl), {
      method: 'PUT',
      body: bytes,
      headers: { 'content-type': 'application/pdf' },
    });
    expect(put.status, put.text).toBe(200);
    expect(put.json().contentMD5).toEqual(expect.any(String));

    const read = await viewer.request(viaBff(document.fileUrl));
    expect(read.status, read.text).toBe(200);
    expect(read.body.equals(bytes)).toBe(true);
    expect(read.headers['content-type']).toBe('application/pdf');

    const onFilesHost = filesHost.seen.filter((s) => s.url === new URL(document.fileUrl).pathname);
    expect(onFilesHost.map((s) => s.method)).toEqual(['PUT', 'GET']);
    for (const request of onFilesHost) {
      expect(request.headers.authorization).toMatch(/^Bearer .+/);
      expect(request.headers.cookie).toBeUndefined();
    }
    // The upload is a write: audited with the file URL it went to.
    const audit = await admin.request('/bff/audit?method=PUT');
    expect(audit.text).toContain(document.fileUrl);
  });

  it('fetches the recognised words from the ocrFileUrl on the files host', async () => {
    const document = await createMetadataOnly('words');
    const detail = (await admin.request(`/api/documents/${encodeURIComponent(document.documentId)}`)).json<{
      ocrFileUrl: string;
    }>();
    expect(new URL(detail.ocrFileUrl).origin).toBe(filesHost.origin);
    // No file yet: the service's own 404 comes through (not the BFF's refusal).
    const reply = await viewer.request(viaBff(detail.ocrFileUrl));
    expect(reply.status).toBe(404);
    expect(reply.json().message).toMatch(/no file yet/);
  });

  it('refuses a files host that is not listed, naming DPS_FILE_ORIGINS, and contacts nothing', async () => {
    const unlisted = await startBff(service.credentials, { config: { fileOrigins: [] } });
    try {
      await unlisted.addOperator('admin-2', 'admin', PASSWORD);
      const browser = new TestBrowser(unlisted.origin);
      expect((await browser.login('admin-2', PASSWORD)).status).toBe(200);
      const document = await createMetadataOnly('unlisted');
      const before = filesHost.seen.length;
      for (const method of ['GET', 'PUT']) {
        const reply = await browser.request(viaBff(document.fileUrl), { method, body: Buffer.from('%PDF-1.4') });
        expect(reply.status).toBe(400);
        expect(reply.json().message).toContain('DPS_FILE_ORIGINS');
        expect(reply.json().message).toContain(filesHost.origin);
      }
      expect(filesHost.seen.length).toBe(before);
    } finally {
      await unlisted.close();
      unlisted.cleanup();
    }
  });

  it('never sends the token to an origin that is not listed, nor follows a redirect to one', async () => {
    for (const url of [
      `${foreign.origin}/v1/documents/x/file`,
      `${foreign.origin.replace('127.0.0.1', 'localhost')}/x`,
    ]) {
      expect((await admin.request(viaBff(url))).status, url).toBe(400);
      expect((await admin.request(viaBff(url), { method: 'PUT', body: Buffer.from('x') })).status, url).toBe(400);
    }
    for (const url of [
      `${filesHost.origin}/v1/../oauth2/token`,
      `${filesHost.origin}/v1/documents/%2e%2e/x`,
      `${filesHost.origin}//x`,
      `${filesHost.origin.replace('http:', 'https:')}/v1/x`,
      `http://user:pass@${new URL(filesHost.origin).host}/v1/x`,
    ]) {
      expect((await admin.request(viaBff(url))).status, url).toBe(400);
    }
    const redirect = await admin.request(viaBff(`${filesHost.origin}/v1/redirect`));
    expect(redirect.status).toBe(302);
    expect(redirect.headers.location).toBeUndefined();
    expect(foreign.seen).toEqual([]);
  });

  it('passes ranges through: Range and If-Range to the files host, 206 with Content-Range back', async () => {
    const reply = await viewer.request(viaBff(`${filesHost.origin}/v1/ranged`), {
      headers: { range: 'bytes=10-19', 'if-range': '"v1"' },
    });
    expect(reply.status).toBe(206);
    expect(reply.text).toBe('abcdefghij');
    expect(reply.headers['content-range']).toBe('bytes 10-19/36');
    expect(reply.headers['accept-ranges']).toBe('bytes');
    const seen = filesHost.seen.at(-1)!;
    expect(seen.headers.range).toBe('bytes=10-19');
    expect(seen.headers['if-range']).toBe('"v1"');
  });
});

describe('file uploads through the BFF', () => {
  it('streams the body: the files host receives bytes before the browser has sent them all', async () => {
    const document = await createMetadataOnly('streamed');
    const path = new URL(document.fileUrl).pathname;
    const upload = streamedPut(admin, viaBff(document.fileUrl), 12 * MIB, {
      pauseAfter: 4 * MIB,
      // Holds the rest back until the first bytes arrived upstream: a BFF that buffers the body would wait forever.
      waitFor: () => until(() => filesHost.seen.some((s) => s.url === path && s.received > 0), 'the first bytes'),
    });
    const result = await upload;
    expect(result).not.toBe('aborted');
    expect((result as { status: number }).status).toBe(200);
    const read = await admin.request(viaBff(document.fileUrl));
    expect(read.body.length).toBe(12 * MIB);
  });

  it(`takes exactly ${FILE_UPLOAD_LIMIT / MIB} MiB and refuses one byte more with 413 before contacting the service`, async () => {
    const document = await createMetadataOnly('the largest');
    const full = await streamedPut(admin, viaBff(document.fileUrl), FILE_UPLOAD_LIMIT);
    expect(full).toMatchObject({ status: 200 });
    const before = filesHost.seen.length;
    const tooLarge = await streamedPut(admin, viaBff(document.fileUrl), FILE_UPLOAD_LIMIT + 1, {
      pauseAfter: 0,
      waitFor: () => Promise.resolve(),
    });
    expect(tooLarge).toMatchObject({ status: 413 });
    expect((tooLarge as { text: string }).text).toContain('64 MiB');
    expect(filesHost.seen.length).toBe(before);
  }, 120_000);

  it('ends the upstream request when the browser goes away mid-upload: no file is stored', async () => {
    const document = await createMetadataOnly('cancelled');
    const path = new URL(document.fileUrl).pathname;
    const result = await streamedPut(admin, viaBff(document.fileUrl), 8 * MIB, {
      pauseAfter: 2 * MIB,
      waitFor: () => until(() => filesHost.seen.some((s) => s.url === path && s.received > 0), 'the first bytes'),
      abort: true,
    });
    expect(result).toBe('aborted');
    const put = filesHost.seen.find((s) => s.url === path && s.method === 'PUT')!;
    await until(() => put.closed, 'the upstream request to end');
    expect(put.complete).toBe(false);
    const file = await admin.request(viaBff(document.fileUrl));
    expect(file.status).toBe(404);
  });

  it('lets only admins upload, with X-CSRF, same-site, and a Content-Length', async () => {
    const document = await createMetadataOnly('viewer may not');
    const before = filesHost.seen.length;
    const put = (browser: TestBrowser, options: Parameters<TestBrowser['request']>[1] = {}) =>
      browser.request(viaBff(document.fileUrl), { method: 'PUT', body: Buffer.from('%PDF'), ...options });
    expect((await put(viewer)).status).toBe(403);
    expect((await put(admin, { noCsrf: true })).status).toBe(401);
    expect((await put(admin, { headers: { 'sec-fetch-site': 'cross-site' } })).status).toBe(403);
    expect(filesHost.seen.length).toBe(before);
    const chunked = await streamedPut(admin, viaBff(document.fileUrl), 10, { chunked: true });
    expect(chunked).toMatchObject({ status: 411 });
  });
});
