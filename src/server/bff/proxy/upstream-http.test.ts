import { createServer, type Server } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readResponseBody } from '@/server/bff/foundation/response-body';
import { sendUpstream, UpstreamTimeoutError } from './upstream-http';

let server: Server;
let base: URL;
const sockets = new Set<Socket>();

beforeAll(async () => {
  server = createServer((request, response) => {
    if (request.url === '/stall') {
      response.writeHead(200, { 'content-type': 'text/plain' });
      response.write('first part'); // and never the rest
      return;
    }
    response.end('ok');
  });
  server.on('connection', (socket) => sockets.add(socket));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = new URL(`http://127.0.0.1:${(server.address() as AddressInfo).port}`);
});

afterAll(async () => {
  for (const socket of sockets) socket.destroy();
  await new Promise((resolve) => server.close(resolve));
});

describe('sendUpstream', () => {
  it('leaves no timeout listener behind on a reused keep-alive socket', async () => {
    const used = new Set<Socket>();
    for (let i = 0; i < 25; i++) {
      const response = await sendUpstream({
        url: new URL('/ok', base),
        method: 'GET',
        headers: {},
        timeoutMs: 5_000,
        what: 'the echo server',
      });
      const socket = response.socket;
      expect((await readResponseBody(response)).toString()).toBe('ok');
      used.add(socket);
      // The agent's own listener and the BFF's one per socket (not one per response).
      expect(socket.listenerCount('timeout')).toBeLessThanOrEqual(2);
    }
    // Sequential requests reuse one connection; 25 of them must not have added 25 listeners to it.
    expect(used.size).toBeLessThan(25);
  });

  it('ends a response whose body stalls after the headers', async () => {
    const response = await sendUpstream({
      url: new URL('/stall', base),
      method: 'GET',
      headers: {},
      timeoutMs: 200,
      what: 'the echo server',
    });
    await expect(readResponseBody(response)).rejects.toBeInstanceOf(UpstreamTimeoutError);
  });

  it('still ends a stalled body on a keep-alive socket that answered before', async () => {
    const first = await sendUpstream({
      url: new URL('/ok', base),
      method: 'GET',
      headers: {},
      timeoutMs: 200,
      what: 'the echo server',
    });
    const socket = first.socket;
    expect((await readResponseBody(first)).toString()).toBe('ok');
    const stalled = await sendUpstream({
      url: new URL('/stall', base),
      method: 'GET',
      headers: {},
      timeoutMs: 200,
      what: 'the echo server',
    });
    expect(stalled.socket).toBe(socket);
    await expect(readResponseBody(stalled)).rejects.toBeInstanceOf(UpstreamTimeoutError);
  });
});
