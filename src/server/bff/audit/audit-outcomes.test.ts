/**
 * The audit log cannot be dodged (issue 16 item 9): a write is recorded when it is sent to the service and completed
 * with its outcome, whatever the browser does meanwhile; the log rotates by size, keeps the configured number of
 * files, and `/bff/audit` pages across them.
 */
import { existsSync, mkdirSync, readdirSync, statSync } from 'node:fs';
import net from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditEntry, AuditPage } from '@/contract/bff-audit';
import { FileAuditLog, type AuditLog } from './audit-log';
import { loadBffConfig } from '@/server/bff/config';
import type { UpstreamCredentials } from '@/server/bff/proxy/upstream-client';
import { startEchoUpstream, type EchoUpstream } from '@/server/bff/testing/echo-upstream';
import { freshDataDir, startBff, TestBrowser, type RunningBff } from '@/server/bff/testing/bff-harness';

const PASSWORD = 'correct-horse-battery';

let echo: EchoUpstream;
const started: RunningBff[] = [];

beforeAll(async () => {
  echo = await startEchoUpstream();
});

afterAll(async () => {
  echo.release();
  for (const bff of started) {
    await bff.close();
    bff.cleanup();
  }
  await echo.close();
});

async function adminOf(options: Parameters<typeof startBff>[1] = {}): Promise<{ bff: RunningBff; admin: TestBrowser }> {
  const bff = await startBff(echo, options);
  started.push(bff);
  await bff.addOperator('ada', 'admin', PASSWORD);
  const admin = new TestBrowser(bff.origin);
  expect((await admin.login('ada', PASSWORD)).status).toBe(200);
  return { bff, admin };
}

async function until<T>(what: string, probe: () => Promise<T | undefined>): Promise<T> {
  for (let i = 0; i < 200; i++) {
    const value = await probe();
    if (value !== undefined) return value;
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error(`gave up waiting for ${what}`);
}

async function auditEntries(admin: TestBrowser, query = ''): Promise<AuditEntry[]> {
  const reply = await admin.request(`/bff/audit?limit=500${query}`);
  expect(reply.status).toBe(200);
  return reply.json<AuditPage>().entries;
}

function openConnections(bff: RunningBff): Promise<number> {
  return new Promise((resolve, reject) =>
    bff.bff.app.server.getConnections((error, count) => (error ? reject(error) : resolve(count))),
  );
}

/** Sends `head` and `body` (all or part) on a raw socket; resolves once written. */
function rawUpload(port: number, head: string, body: Buffer): Promise<net.Socket> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1', () => {
      socket.write(head);
      socket.write(body, () => resolve(socket));
    });
    socket.on('error', reject);
  });
}

function uploadHead(port: number, cookie: string, length: number): string {
  return `POST /api/documents HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nCookie: ${cookie}\r\nX-CSRF: 1\r\nContent-Type: application/json\r\nContent-Length: ${length}\r\n\r\n`;
}

describe('a write the browser walks away from', () => {
  it('is recorded when sent to the service, and completed with the service answer after the browser left', async () => {
    const { bff, admin } = await adminOf();
    const port = Number(new URL(bff.origin).port);
    const body = Buffer.from(JSON.stringify({ contentType: 'application/pdf', content: 'A'.repeat(4_500_000) }));
    echo.hold();
    const sent = echo.received.length;
    const socket = await rawUpload(port, uploadHead(port, admin.cookieHeader(), body.length), body);
    // The whole document reached the service, which has not answered yet.
    await until('the upload to reach the service', async () => (echo.received.length > sent ? true : undefined));
    expect(echo.received.at(-1)!.body.length).toBe(body.length);

    const pending = await auditEntries(admin, '&method=POST');
    expect(pending).toHaveLength(1);
    expect(pending[0]).toMatchObject({
      operator: 'ada',
      method: 'POST',
      path: '/api/documents',
      outcome: 'pending',
      status: null,
      completedTime: null,
    });

    socket.destroy();
    // Only the BFF's side of that connection is left to close.
    await until('the BFF to see the browser leave', async () =>
      (await openConnections(bff)) === 0 ? true : undefined,
    );
    echo.release();

    const done = await until('the outcome', async () => {
      const [entry] = await auditEntries(admin, '&method=POST');
      return entry.outcome === 'pending' ? undefined : entry;
    });
    expect(done).toMatchObject({
      path: '/api/documents',
      outcome: 'answered',
      status: 200,
      clientClosed: true,
      time: pending[0].time,
    });
    expect(Date.parse(done.completedTime!)).toBeGreaterThanOrEqual(Date.parse(done.time));
  });

  it('records no write as sent when the browser leaves before its body arrived: nothing reached the service', async () => {
    const { bff, admin } = await adminOf();
    const port = Number(new URL(bff.origin).port);
    const sent = echo.received.length;
    const socket = await rawUpload(
      port,
      uploadHead(port, admin.cookieHeader(), 4_500_000),
      Buffer.alloc(100_000, 0x41),
    );
    socket.destroy();
    await until('the BFF to see the browser leave', async () =>
      (await openConnections(bff)) === 0 ? true : undefined,
    );
    expect(echo.received.length).toBe(sent);
    // The BFF may record the broken request as one it answered itself, never as one the service received.
    for (const entry of await auditEntries(admin))
      expect(entry).toMatchObject({ path: '/api/documents', outcome: 'not-forwarded' });
  });
});

describe('outcomes', () => {
  it('records a write the service did not answer in time as sent with an unknown result', async () => {
    const { admin } = await adminOf({ config: { upstreamTimeoutMs: 300 } });
    const reply = await admin.json('/api/slow?ms=5000', 'POST', { name: 'x' });
    expect(reply.status).toBe(504);
    const [entry] = await auditEntries(admin);
    expect(entry).toMatchObject({
      method: 'POST',
      path: '/api/slow',
      outcome: 'timeout',
      status: null,
      clientClosed: false,
    });
  });

  it('records a write the BFF refused as not forwarded, with the BFF answer', async () => {
    const { bff, admin } = await adminOf();
    await bff.addOperator('vic', 'viewer', PASSWORD);
    const viewer = new TestBrowser(bff.origin);
    await viewer.login('vic', PASSWORD);
    expect((await viewer.json('/api/users', 'POST', { email: 'a@b.co' })).status).toBe(403);
    const [entry] = await auditEntries(admin);
    expect(entry).toMatchObject({
      operator: 'vic',
      method: 'POST',
      path: '/api/users',
      outcome: 'not-forwarded',
      status: 403,
    });
  });

  it('sends no write it cannot record: 503 and nothing reaches the service', async () => {
    const { bff, admin } = await adminOf();
    mkdirSync(join(bff.dataDir, 'bff', 'audit.jsonl')); // appending to a directory fails
    const sent = echo.received.length;
    const reply = await admin.json('/api/users', 'POST', { email: 'a@b.co' });
    expect(reply.status).toBe(503);
    expect(reply.json()).toEqual({ message: 'The write was not sent: the audit log cannot be written' });
    expect(echo.received.length).toBe(sent);
    expect((await admin.request('/api/users')).status).toBe(200); // reads are not audited and still go through
  });
});

describe('rotation and retention', () => {
  const write = (i: number) => ({
    operator: 'ned',
    method: 'PATCH',
    path: `/api/models/m${String(i).padStart(4, '0')}`,
  });

  async function allPages(log: AuditLog, limit: number): Promise<AuditEntry[]> {
    const entries: AuditEntry[] = [];
    let cursor: string | undefined;
    for (let pages = 0; pages < 1000; pages++) {
      const page = await log.page({ limit, cursor });
      entries.push(...page.entries);
      if (!page.nextCursor) return entries;
      cursor = page.nextCursor;
    }
    throw new Error('too many pages');
  }

  it('rotates the file before it passes the size and pages across the files, newest first', async () => {
    const dataDir = freshDataDir();
    const log = new FileAuditLog(dataDir, { maxBytes: 1024, keepFiles: 100 });
    for (let i = 0; i < 60; i++) await log.append({ ...write(i), status: 200 });
    const dir = join(dataDir, 'bff');
    const files = readdirSync(dir).filter((name) => name.startsWith('audit.'));
    expect(files.length).toBeGreaterThan(5);
    for (const name of files) expect(statSync(join(dir, name)).size).toBeLessThanOrEqual(1024);
    const paths = (await allPages(log, 7)).map((e) => e.path);
    expect(paths).toEqual(Array.from({ length: 60 }, (_, i) => write(59 - i).path));
  });

  it('joins a write with its outcome when a rotation and a page boundary fall between them', async () => {
    const log = new FileAuditLog(freshDataDir(), { maxBytes: 1024, keepFiles: 100 });
    const first = await log.forwarded(write(0));
    const never = await log.forwarded(write(1)); // the BFF stopped before this one's answer
    for (let i = 2; i < 40; i++) await log.append({ ...write(i), status: 201 });
    await log.completed(first, { outcome: 'answered', status: 200, clientClosed: true });
    expect(never).not.toBe(first);
    const entries = await allPages(log, 5);
    expect(entries).toHaveLength(40);
    expect(entries.at(-1)).toMatchObject({ path: write(0).path, outcome: 'answered', status: 200, clientClosed: true });
    expect(entries.at(-2)).toMatchObject({ path: write(1).path, outcome: 'pending', status: null });
  });

  it('deletes the oldest rotated files beyond the retention count', async () => {
    const dataDir = freshDataDir();
    const log = new FileAuditLog(dataDir, { maxBytes: 1024, keepFiles: 2 });
    for (let i = 0; i < 60; i++) await log.append({ ...write(i), status: 200 });
    const dir = join(dataDir, 'bff');
    const rotated = readdirSync(dir)
      .filter((name) => /^audit\.\d+\.jsonl$/.test(name))
      .sort();
    expect(rotated).toHaveLength(2);
    expect(existsSync(join(dir, 'audit.1.jsonl'))).toBe(false);
    const entries = await allPages(log, 10);
    // The newest entries are all there, in order; the oldest are gone.
    expect(entries.length).toBeLessThan(60);
    expect(entries.map((e) => e.path)).toEqual(Array.from({ length: entries.length }, (_, i) => write(59 - i).path));
  });

  it('/bff/audit pages across rotated files', async () => {
    const { bff, admin } = await adminOf({ config: { audit: { maxBytes: 1024, keepFiles: 100 } } });
    for (let i = 0; i < 25; i++)
      expect((await admin.json(`/api/models/m${i}`, 'PATCH', { name: `n${i}` })).status).toBe(200);
    expect(
      readdirSync(join(bff.dataDir, 'bff')).filter((name) => /^audit\.\d+\.jsonl$/.test(name)).length,
    ).toBeGreaterThan(3);
    const seen: AuditEntry[] = [];
    let cursor = '';
    for (let pages = 0; pages < 100; pages++) {
      const page = (await admin.request(`/bff/audit?limit=4${cursor}`)).json<AuditPage>();
      seen.push(...page.entries);
      if (!page.nextCursor) break;
      cursor = `&cursor=${page.nextCursor}`;
    }
    expect(seen.map((e) => [e.path, e.outcome, e.status])).toEqual(
      Array.from({ length: 25 }, (_, i) => [`/api/models/m${24 - i}`, 'answered', 200]),
    );
  });

  it('reads DPS_AUDIT_MAX_BYTES and DPS_AUDIT_KEEP_FILES', () => {
    const upstream: UpstreamCredentials = {
      baseUrl: 'http://127.0.0.1:9/v1',
      authUrl: 'http://127.0.0.1:9',
      clientId: 'c',
      clientSecret: 's',
    };
    expect(loadBffConfig({}, upstream).audit).toEqual({ maxBytes: 10 * 1024 * 1024, keepFiles: 20 });
    expect(loadBffConfig({ DPS_AUDIT_MAX_BYTES: '1048576', DPS_AUDIT_KEEP_FILES: '3' }, upstream).audit).toEqual({
      maxBytes: 1048576,
      keepFiles: 3,
    });
    expect(() => loadBffConfig({ DPS_AUDIT_KEEP_FILES: '0' }, upstream)).toThrow(
      'DPS_AUDIT_KEEP_FILES must be an integer from 1 to 100000',
    );
    expect(() => loadBffConfig({ DPS_AUDIT_MAX_BYTES: '10MB' }, upstream)).toThrow(
      'DPS_AUDIT_MAX_BYTES must be an integer from 4096',
    );
  });
});
