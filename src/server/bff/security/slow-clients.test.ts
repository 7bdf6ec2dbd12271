/**
 * Slow and greedy clients (issue 16 item 8): a request whose body stalls after the headers is closed instead of held
 * open forever, a slow body that keeps moving is not, and one address cannot hold more than its share of connections
 * while other addresses (127.0.0.2: Linux routes all of 127/8 to loopback) still get in.
 */
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultBffConfig, loadBffConfig } from '@/server/bff/config';
import { MIB } from '@/server/bff/proxy/body-limits';
import type { UpstreamCredentials } from '@/server/bff/proxy/upstream-client';
import { startEchoUpstream, type EchoUpstream } from '@/server/bff/testing/echo-upstream';
import { startBff, TestBrowser, type RunningBff } from '@/server/bff/testing/bff-harness';

const PASSWORD = 'correct-horse-battery';

let echo: EchoUpstream;
let bff: RunningBff;
let port: number;
let browser: TestBrowser;
let cookie: string;

beforeAll(async () => {
  echo = await startEchoUpstream();
  bff = await startBff(echo, {
    config: {
      clientConnections: {
        headersTimeoutMs: 1_000,
        requestTimeoutMs: 3_000,
        idleTimeoutMs: 1_000,
        keepAliveTimeoutMs: 1_000,
        maxPerAddress: 4,
      },
    },
  });
  port = Number(new URL(bff.origin).port);
  await bff.addOperator('sam', 'admin', PASSWORD);
  browser = new TestBrowser(bff.origin);
  expect((await browser.login('sam', PASSWORD)).status).toBe(200);
  cookie = browser.cookieHeader();
});

afterAll(async () => {
  await bff.close();
  bff.cleanup();
  await echo.close();
});

interface RawConnection {
  socket: net.Socket;
  /** Everything the BFF sent until it closed the connection. */
  closed: Promise<string>;
}

function connect(localAddress = '127.0.0.1'): Promise<RawConnection> {
  return new Promise((resolve, reject) => {
    const socket = net.connect({ host: '127.0.0.1', port, localAddress });
    const chunks: Buffer[] = [];
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    const closed = new Promise<string>((r) => socket.on('close', () => r(Buffer.concat(chunks).toString('latin1'))));
    socket.once('connect', () => resolve({ socket, closed }));
    socket.once('error', reject);
  });
}

function uploadHead(length: number): string {
  return [
    'POST /api/documents HTTP/1.1',
    `Host: 127.0.0.1:${port}`,
    `Cookie: ${cookie}`,
    'X-CSRF: 1',
    'Content-Type: application/json',
    `Content-Length: ${length}`,
    '',
    '',
  ].join('\r\n');
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('stalled requests', () => {
  it('closes a connection whose body stops after the headers, and forwards nothing', async () => {
    const before = echo.received.length;
    const { socket, closed } = await connect();
    socket.on('error', () => {});
    socket.write(`${uploadHead(4 * MIB)}{"content":"`);
    const answer = await closed;
    // Either a 408 or a bare close; never a forwarded request.
    if (answer) expect(answer).toMatch(/^HTTP\/1\.1 408 /);
    expect(echo.received.length).toBe(before);
  });

  it('closes a connection whose headers never end', async () => {
    const { socket, closed } = await connect();
    socket.on('error', () => {});
    socket.write(`GET /bff/sessions HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nX-Slow: `);
    const answer = await closed;
    if (answer) expect(answer).toMatch(/^HTTP\/1\.1 408 /);
  });

  it('does not cut a slow upload that keeps moving past the idle timeout', async () => {
    const body = Buffer.from(JSON.stringify({ name: 'slow.pdf', content: 'A'.repeat(2000) }));
    const { socket, closed } = await connect();
    socket.write(uploadHead(body.length));
    // 20 pieces, one every 100 ms: 2 s in all, twice the idle timeout, never idle for long.
    for (let i = 0; i < 20; i++) {
      socket.write(body.subarray((i * body.length) / 20, ((i + 1) * body.length) / 20));
      await sleep(100);
    }
    socket.end();
    const answer = await closed;
    expect(answer).toMatch(/^HTTP\/1\.1 200 /);
    expect(echo.received.at(-1)?.body.equals(body)).toBe(true);
  });
});

describe('waiting for the service', () => {
  it('is not cut by the idle timeout: the browser is silent while the BFF waits', async () => {
    // The service answers after 2.5 s, longer than the 1 s idle timeout of this BFF.
    const reply = await browser.request('/api/slow?ms=2500');
    expect(reply.status).toBe(200);
    expect(reply.json()).toEqual({ slow: true });
  });
});

describe('connections per address', () => {
  it('refuses connections beyond the cap from one address (503) while another address still gets in', async () => {
    const held = await Promise.all(Array.from({ length: 4 }, () => connect()));
    try {
      // Held connections are idle but open; the BFF counts them once its 'connection' event ran.
      await sleep(50);
      const extra = await connect();
      extra.socket.on('error', () => {});
      extra.socket.write(`GET /bff/sessions HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nConnection: close\r\n\r\n`);
      // The held connections have not answered a request yet (busy, not idle): the new one is refused, with an answer.
      const refused = await extra.closed;
      expect(refused).toMatch(/^HTTP\/1\.1 503 [\s\S]*\r\nretry-after: 1\r\n/i);
      // The same hardening headers as every other answer of the BFF.
      expect(refused).toMatch(/\r\nx-content-type-options: nosniff\r\n/i);
      expect(refused).toMatch(/\r\ncontent-security-policy: default-src 'none'/i);

      const other = await connect('127.0.0.2');
      other.socket.write(`GET /bff/sessions HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nConnection: close\r\n\r\n`);
      expect(await other.closed).toMatch(/^HTTP\/1\.1 401 /);
    } finally {
      for (const { socket } of held) socket.destroy();
    }
    // Closed connections no longer count.
    await Promise.all(held.map((h) => h.closed));
    await sleep(50);
    const again = await connect();
    again.socket.write(`GET /bff/sessions HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nConnection: close\r\n\r\n`);
    expect(await again.closed).toMatch(/^HTTP\/1\.1 401 /);
  });
  it('resets at once a connection beyond the cap when as many refused ones already wait for their request', async () => {
    // 4 admitted and 4 refused ones, all silent: the refused ones wait for a request to answer 503 to.
    const held = await Promise.all(Array.from({ length: 8 }, () => connect()));
    try {
      await sleep(50);
      const extra = await connect();
      extra.socket.on('error', () => {});
      extra.socket.write(`GET /bff/sessions HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nConnection: close\r\n\r\n`);
      expect(await extra.closed).toBe('');
    } finally {
      for (const { socket } of held) socket.destroy();
    }
  });
});

describe('connection limits configuration', () => {
  const upstream: UpstreamCredentials = {
    baseUrl: 'http://127.0.0.1:9/v1',
    authUrl: 'http://127.0.0.1:9',
    clientId: 'c',
    clientSecret: 's',
  };

  it('has finite defaults that still fit a 10 MiB upload at 64 KiB/s', () => {
    const limits = defaultBffConfig(upstream, '/tmp/x').clientConnections;
    expect(limits.requestTimeoutMs).toBeGreaterThanOrEqual(((10 * MIB) / (64 * 1024)) * 1000);
    for (const value of Object.values(limits)) expect(value).toBeGreaterThan(0);
  });

  it('reads DPS_MAX_CONNECTIONS_PER_ADDRESS, 0 meaning no cap', () => {
    expect(loadBffConfig({ DPS_MAX_CONNECTIONS_PER_ADDRESS: '200' }, upstream).clientConnections.maxPerAddress).toBe(
      200,
    );
    expect(loadBffConfig({ DPS_MAX_CONNECTIONS_PER_ADDRESS: '0' }, upstream).clientConnections.maxPerAddress).toBe(0);
    expect(() => loadBffConfig({ DPS_MAX_CONNECTIONS_PER_ADDRESS: 'many' }, upstream)).toThrow(
      'DPS_MAX_CONNECTIONS_PER_ADDRESS must be an integer from 0 to 100000',
    );
  });
});
