/**
 * Runs a BFF in-process on 127.0.0.1:0 against a given upstream, in a fresh temp data dir, capturing its log lines;
 * and a minimal browser-like HTTP client (cookie jar, full control over headers, raw request targets).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createBffApp, type BffApp } from '@/server/bff/app';
import { defaultBffConfig, type BffConfig } from '@/server/bff/config';
import type { UpstreamCredentials } from '@/server/bff/proxy/upstream-client';
import { bffSessionSchema, type OperatorRole } from '@/contract/bff-session';

export interface RunningBff {
  bff: BffApp;
  origin: string;
  dataDir: string;
  logs: string[];
  addOperator(name: string, role: OperatorRole, password: string): Promise<void>;
  /** Stops the BFF; the data dir stays until `cleanup` (so a second BFF can reuse it). */
  close(): Promise<void>;
  cleanup(): void;
}

export function freshDataDir(): string {
  return mkdtempSync(join(tmpdir(), 'dps-bff-test-'));
}

export async function startBff(
  upstream: UpstreamCredentials,
  options: { dataDir?: string; config?: Partial<BffConfig> } = {},
): Promise<RunningBff> {
  const dataDir = options.dataDir ?? freshDataDir();
  const logs: string[] = [];
  const config: BffConfig = {
    ...defaultBffConfig(upstream, dataDir),
    port: 0,
    consoleDir: join(dataDir, 'no-console-here'),
    logLevel: 'debug',
    logStream: { write: (line: string) => logs.push(line) },
    tokenRetryDelaysMs: [10, 20],
    // Test clients open a connection per request, a hundred at once from one address: far more than a browser.
    clientConnections: { ...defaultBffConfig(upstream, dataDir).clientConnections, maxPerAddress: 1_000 },
    ...options.config,
  };
  const bff = await createBffApp(config);
  const origin = await bff.listen();
  let closed = false;
  return {
    bff,
    origin,
    dataDir,
    logs,
    addOperator: async (name, role, password) => {
      await bff.app.operatorAccounts.add(name, role, password);
    },
    close: async () => {
      if (closed) return;
      closed = true;
      await bff.close();
    },
    cleanup: () => rmSync(dataDir, { recursive: true, force: true }),
  };
}

export interface Reply {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
  text: string;
  json<T = Record<string, unknown>>(): T;
}

export interface RequestOptions {
  method?: string;
  headers?: Record<string, string>;
  body?: string | Buffer;
  /** Skip the X-CSRF header the console always sends. */
  noCsrf?: boolean;
  /** Send no cookies from the jar. */
  noCookies?: boolean;
}

/** Like the console in a browser: same-origin, X-CSRF: 1 on every call, cookies kept. Records every reply. */
export class TestBrowser {
  readonly cookies = new Map<string, string>();
  readonly replies: Reply[] = [];

  constructor(readonly origin: string) {}

  cookieHeader(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }

  async request(path: string, options: RequestOptions = {}): Promise<Reply> {
    const url = new URL(this.origin);
    const body = typeof options.body === 'string' ? Buffer.from(options.body) : options.body;
    const headers: Record<string, string> = {
      ...(options.noCsrf ? {} : { 'x-csrf': '1' }),
      ...(this.cookies.size && !options.noCookies ? { cookie: this.cookieHeader() } : {}),
      ...(body ? { 'content-length': String(body.length) } : {}),
      ...options.headers,
    };
    const reply = await rawRequest(url.hostname, Number(url.port), options.method ?? 'GET', path, headers, body);
    for (const line of ([] as string[]).concat(reply.headers['set-cookie'] ?? [])) {
      const [pair, ...attributes] = line.split(';');
      const [name, value] = [pair.slice(0, pair.indexOf('=')).trim(), pair.slice(pair.indexOf('=') + 1).trim()];
      const expired = attributes.some((a) => /^\s*max-age=0\s*$/i.test(a) || /^\s*expires=thu, 01 jan 1970/i.test(a));
      if (expired || value === '') this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    this.replies.push(reply);
    return reply;
  }

  /**
   * Whether `GET /bff/session` says this browser is signed in. Signed in or out, it answers 200 with a body of the
   * contract's shape; anything else fails the test.
   */
  async signedIn(options: RequestOptions = {}): Promise<boolean> {
    const reply = await this.request('/bff/session', options);
    if (reply.status !== 200) throw new Error(`GET /bff/session answered ${reply.status}: ${reply.text}`);
    return bffSessionSchema.parse(reply.json()).signedIn;
  }

  json(path: string, method: string, value: unknown, options: RequestOptions = {}): Promise<Reply> {
    return this.request(path, {
      ...options,
      method,
      body: JSON.stringify(value),
      headers: { 'content-type': 'application/json', ...options.headers },
    });
  }

  async login(name: string, password: string): Promise<Reply> {
    return this.json('/bff/login', 'POST', { name, password });
  }
}

/** One HTTP/1.1 request with exactly these headers (Host defaults to host:port) and this raw target. */
export function rawRequest(
  host: string,
  port: number,
  method: string,
  target: string,
  headers: Record<string, string>,
  body?: Buffer,
): Promise<Reply> {
  return new Promise((resolvePromise, reject) => {
    const request = http.request({
      host,
      port,
      method,
      path: target,
      headers: { host: `${host}:${port}`, ...headers },
      agent: false,
    });
    request.on('response', (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (c: Buffer) => chunks.push(c));
      response.on('end', () => {
        const buffer = Buffer.concat(chunks);
        const text = buffer.toString('utf8');
        resolvePromise({
          status: response.statusCode ?? 0,
          headers: response.headers,
          body: buffer,
          text,
          json: () => JSON.parse(text),
        });
      });
      response.on('error', reject);
    });
    request.on('error', reject);
    request.end(body);
  });
}

/** Writes raw bytes on a socket and returns the raw answer (for request targets node:http will not send). */
/** The request should say `Connection: close`: the answer is complete when the BFF closes the connection. */
export function rawSocketRequest(port: number, requestText: string): Promise<string> {
  return new Promise((resolvePromise, reject) => {
    const socket = net.connect(port, '127.0.0.1', () => socket.write(requestText));
    const chunks: Buffer[] = [];
    socket.on('data', (c: Buffer) => chunks.push(c));
    socket.on('close', () => resolvePromise(Buffer.concat(chunks).toString('latin1')));
    socket.on('error', reject);
  });
}
