/**
 * Hostile input never costs a 5xx or an answer outside the house shape: each request below — sent as raw bytes over
 * a socket, so nothing normalizes it on the way — must get a 4xx, a JSON `{message}` body and the CORS headers,
 * whether the error is raised by Node's HTTP parser, Fastify's router, the JSON parser or a contract schema.
 */
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod/mini';
import { errorBodySchema, MAX_JSON_DEPTH } from '@/contract';
import { startTestService, type TestService } from '@/server/service/testing/start-test-service';
import { apiClient } from '@/server/service/testing/http';

let svc: TestService;
let token: string;
let port: number;
let agentRuns: string;

beforeAll(async () => {
  svc = await startTestService();
  token = await svc.getToken();
  port = Number(new URL(svc.baseUrl).port);
  const agent = await apiClient(svc.baseUrl, token).post('/agents', { name: 'hostile input' });
  agentRuns = `/v1/agents/${agent.body.agentId}/runs`;
});
afterAll(() => svc?.close());

interface RawResponse {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/** Sends `raw` as is and reads one response (the server closes the connection: every request says so or is refused). */
function sendRaw(raw: string | Buffer): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const socket = net.connect({ host: '127.0.0.1', port });
    const chunks: Buffer[] = [];
    socket.on('data', (chunk) => chunks.push(chunk));
    // The server may reset a connection whose request it refused once it has answered: keep what arrived.
    socket.on('error', (error) => (chunks.length ? socket.destroy() : reject(error)));
    socket.on('close', () => {
      const text = Buffer.concat(chunks).toString('latin1');
      const headEnd = text.indexOf('\r\n\r\n');
      if (headEnd < 0) return reject(new Error(`no HTTP response head in ${JSON.stringify(text.slice(0, 200))}`));
      const [statusLine, ...lines] = text.slice(0, headEnd).split('\r\n');
      const headers: Record<string, string> = {};
      for (const line of lines) {
        const colon = line.indexOf(':');
        headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
      }
      let body = text.slice(headEnd + 4);
      if (headers['content-length'] !== undefined) body = body.slice(0, Number(headers['content-length']));
      resolve({
        status: Number(statusLine.split(' ')[1]),
        headers,
        body: Buffer.from(body, 'latin1').toString('utf8'),
      });
    });
    // Not end(): a half-closed connection makes Node drop a request still in flight.
    socket.write(raw);
  });
}

function request(
  method: string,
  target: string,
  opts: { body?: string; headers?: Record<string, string>; auth?: boolean } = {},
): string {
  const headers: Record<string, string> = { host: `127.0.0.1:${port}`, connection: 'close', ...opts.headers };
  if (opts.auth !== false) headers.authorization = `Bearer ${token}`;
  if (opts.body !== undefined) {
    headers['content-type'] ??= 'application/json';
    headers['content-length'] = String(Buffer.byteLength(opts.body));
  }
  const head = Object.entries(headers)
    .map(([name, value]) => `${name}: ${value}\r\n`)
    .join('');
  return `${method} ${target} HTTP/1.1\r\n${head}\r\n${opts.body ?? ''}`;
}

const nested = (depth: number, leaf = '1') => `${'{"a":'.repeat(depth)}${leaf}${'}'.repeat(depth)}`;
const nestedArray = (depth: number) => `${'['.repeat(depth)}${']'.repeat(depth)}`;
/** Letters and digits that do not repeat (a database compresses `aaaa…` far below the index's row limit). */
function incompressible(length: number): string {
  const alphabet = 'abcdefghijklmnopqrstuvwxyz0123456789';
  let state = 12345;
  let text = '';
  for (let i = 0; i < length; i += 1) {
    state = (state * 1103515245 + 12345) % 2147483648;
    text += alphabet[state % alphabet.length];
  }
  return text;
}

/** [what it is, raw request, expected status, message pattern]. */
const HOSTILE: Array<[string, () => string, number, RegExp]> = [
  ['a lone % in the path', () => request('GET', '/v1/users/%'), 400, /path|url|encod/i],
  ['%ff in the path (not UTF-8)', () => request('GET', '/v1/users/%ff'), 400, /path|url|encod/i],
  ['a cut-off UTF-8 sequence in the path', () => request('GET', '/v1/users/%E0%A4%A'), 400, /path|url|encod/i],
  [
    'a URL longer than the header limit',
    () => request('GET', `/v1/users/${'a'.repeat(20_000)}`),
    431,
    /header|large|long/i,
  ],
  [
    'a header longer than the header limit',
    () => request('GET', '/v1/users', { headers: { 'x-filler': 'b'.repeat(20_000) } }),
    431,
    /header|large|long/i,
  ],
  ['a malformed request line', () => 'NOT A REQUEST\r\n\r\n', 400, /request/i],
  ['an unknown method', () => request('BREW', '/v1/users'), 400, /request/i],
  [
    'a non-numeric Content-Length',
    () => request('POST', '/v1/users', { headers: { 'content-length': 'abc' } }),
    400,
    /Content-Length/,
  ],
  [
    'a NUL byte in a header value',
    () => request('GET', '/v1/users', { headers: { 'x-nul': 'a\u0000b' } }),
    400,
    /header/,
  ],
  ['no Host header', () => 'GET /v1/users HTTP/1.1\r\nconnection: close\r\n\r\n', 400, /Host/],
  [
    'a malformed chunked body',
    () =>
      request('POST', '/v1/validations', {
        headers: { 'transfer-encoding': 'chunked', 'content-type': 'application/json' },
      }) + 'zz\r\n{}\r\n0\r\n\r\n',
    400,
    /chunk/,
  ],
  ['a lone % in the query', () => request('GET', '/v1/users?nextToken=%'), 400, /nextToken/],
  [
    'metadata nested 5,000 deep',
    () => request('POST', '/v1/users', { body: `{"email":"deep@example.com","metadata":${nested(5000)}}` }),
    400,
    new RegExp(`body nests deeper than ${MAX_JSON_DEPTH} levels`),
  ],
  [
    'validation config nested 5,000 deep',
    () => request('POST', '/v1/validations', { body: `{"config":${nested(5000)}}` }),
    400,
    /body nests deeper than/,
  ],
  [
    'run variables nested 5,000 deep',
    () => request('POST', agentRuns, { body: `{"variables":${nested(5000)}}` }),
    400,
    /body nests deeper than/,
  ],
  [
    'a bare array nested 5,000 deep',
    () => request('POST', '/v1/validations', { body: nestedArray(5000) }),
    400,
    /body nests deeper than/,
  ],
  [
    'an impossible date (February 30)',
    () => request('GET', `${agentRuns}?createdTimeAfter=2026-02-30T00:00:00Z`),
    400,
    /createdTimeAfter/,
  ],
  [
    'an impossible hour',
    () => request('GET', `${agentRuns}?createdTimeBefore=2026-01-01T24:30:00Z`),
    400,
    /createdTimeBefore/,
  ],
  ['month 13', () => request('GET', `${agentRuns}?createdTimeBefore=2026-13-01T00:00:00Z`), 400, /createdTimeBefore/],
  [
    'a 4,123-character email',
    () => request('POST', '/v1/users', { body: JSON.stringify({ email: `${incompressible(4111)}@example.com` }) }),
    400,
    /email/,
  ],
  [
    'a 100,000-character name',
    () => request('POST', '/v1/validations', { body: JSON.stringify({ name: 'n'.repeat(100_000) }) }),
    400,
    /name/,
  ],
  [
    'a 100,000-character id in the path',
    () => request('GET', `/v1/users/svc:user:${'a'.repeat(100_000)}`),
    431,
    /header|large|long/i,
  ],
  ['a long nextToken', () => request('GET', `/v1/users?nextToken=${'t'.repeat(10_000)}`), 400, /nextToken/],
  [
    'a catastrophic pattern rule',
    () =>
      request('POST', '/v1/validations', {
        body: JSON.stringify({ config: { rules: [{ type: 'pattern', field: 'x', pattern: '(a)\\1' }] } }),
      }),
    400,
    /config\.rules\[0\]\.pattern/,
  ],
  [
    'a 10,000-character pattern',
    () =>
      request('POST', '/v1/validations', {
        body: JSON.stringify({ config: { rules: [{ type: 'pattern', field: 'x', pattern: 'a'.repeat(10_000) }] } }),
      }),
    400,
    /config\.rules\[0\]\.pattern/,
  ],
  ['invalid JSON', () => request('POST', '/v1/validations', { body: '{"name":' }), 400, /JSON/],
  [
    'U+0000 in a search text',
    () => request('GET', '/v1/users/search?text=a%00b'),
    400,
    /^text must not contain the NUL/,
  ],
  [
    'U+0000 in a nextToken',
    () => request('GET', '/v1/users?nextToken=%00'),
    400,
    /^nextToken must not contain the NUL/,
  ],
  ['U+0000 in a path id', () => request('GET', '/v1/users/svc:user:a%00b'), 400, /userId must not contain the NUL/],
  [
    'U+0000 in a name',
    () => request('POST', '/v1/users', { body: '{"email":"nul@example.com","name":"a\\u0000b"}' }),
    400,
    /^name must not contain the NUL/,
  ],
  [
    'U+0000 deep in metadata',
    () => request('POST', '/v1/users', { body: '{"email":"nul@example.com","metadata":{"k":[{"v":"\\u0000"}]}}' }),
    400,
    /^metadata\.k must not contain the NUL/,
  ],
  [
    'U+0000 in a metadata key',
    () => request('POST', '/v1/users', { body: '{"email":"nul@example.com","metadata":{"a\\u0000":1}}' }),
    400,
    /^metadata\.a\\u0000 is not a valid key: it must not contain the NUL/,
  ],
  [
    'U+0000 in the name of an unknown field',
    () => request('POST', '/v1/users', { body: '{"email":"nul@example.com","x\\u0000":1}' }),
    400,
    /^x\\u0000 is not an allowed field/,
  ],
  [
    'U+0000 in a form client_id',
    () =>
      request('POST', '/oauth2/token', {
        auth: false,
        body: 'grant_type=client_credentials&client_id=a%00b&client_secret=s',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      }),
    400,
    /^client_id must not contain the NUL/,
  ],
  [
    'U+0000 in a Basic client_id',
    () =>
      request('POST', '/oauth2/token?grant_type=client_credentials', {
        auth: false,
        headers: { authorization: `Basic ${Buffer.from('a\u0000b:s').toString('base64')}`, 'content-length': '0' },
      }),
    400,
    /^client_id must not contain the NUL/,
  ],
];

describe('hostile requests get a 4xx {message} with the CORS headers', () => {
  it.each(HOSTILE)('%s', async (_what, build, status, message) => {
    const response = await sendRaw(build());
    expect({ status: response.status, body: response.body.slice(0, 300) }).toMatchObject({ status });
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    const body = z.parse(z.strictObject(errorBodySchema.shape), JSON.parse(response.body));
    expect(body.message).toMatch(message);
    expect(response.headers['access-control-allow-origin']).toBe('*');
    expect(response.headers['access-control-allow-headers']).toBeTruthy();
  });
});
