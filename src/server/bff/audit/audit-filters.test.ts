/**
 * `GET /bff/audit` filters (issue 14 item 2): operator, method, exact path, and a time range (`after` inclusive,
 * `before` exclusive), each refused with a 400 `{message}` naming the parameter and its rule. Against the file store,
 * and the PostgreSQL store too when DPS_DATABASE_URL names a server.
 */
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { AuditPage } from '@/contract/bff-audit';
import { FileAuditLog } from './audit-log';
import { bffsOnEachStore, STORE_KINDS } from '@/server/bff/testing/bffs-on-each-store';
import { freshDataDir, TestBrowser } from '@/server/bff/testing/bff-harness';

const PASSWORD = 'correct-horse-battery';
const bffs = bffsOnEachStore();
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe.each(STORE_KINDS)('%s store', (kind) => {
  let admin: TestBrowser;

  beforeAll(async () => {
    const bff = await bffs.start(kind);
    await bff.addOperator('ned', 'admin', PASSWORD);
    await bff.addOperator('ann', 'admin', PASSWORD);
    admin = new TestBrowser(bff.origin);
    await admin.login('ned', PASSWORD);
    const other = new TestBrowser(bff.origin);
    await other.login('ann', PASSWORD);
    for (const [browser, path] of [
      [admin, '/api/users/svc:user:abc'],
      [other, '/api/users/svc:user:abc'],
      [admin, '/api/users/svc:user:abcd'],
      [admin, '/api/models/m1'],
    ] as const) {
      expect((await browser.json(path, 'PATCH', { name: 'x' })).status).toBe(200);
      await pause(3);
    }
  });

  async function entries(query: string): Promise<string[]> {
    const reply = await admin.request(`/bff/audit?${query}`);
    expect(reply.status, reply.text).toBe(200);
    return reply.json<AuditPage>().entries.map((e) => `${e.operator} ${e.path}`);
  }

  it('path matches the recorded path exactly', async () => {
    expect(await entries('path=/api/users/svc:user:abc')).toEqual([
      'ann /api/users/svc:user:abc',
      'ned /api/users/svc:user:abc',
    ]);
    expect(await entries('path=/api/users/svc:user:abc&operator=ned')).toEqual(['ned /api/users/svc:user:abc']);
    expect(await entries('path=/api/users')).toEqual([]);
  });

  it('after and before select a time range: after inclusive, before exclusive', async () => {
    const all = (await admin.request('/bff/audit')).json<AuditPage>().entries;
    expect(all).toHaveLength(4);
    const [newest, , second] = all;
    const range = `after=${encodeURIComponent(second.time)}&before=${encodeURIComponent(newest.time)}`;
    expect(await entries(range)).toEqual(['ned /api/users/svc:user:abcd', 'ann /api/users/svc:user:abc']);
    expect(await entries(`after=${encodeURIComponent(newest.time)}`)).toEqual(['ned /api/models/m1']);
    // Another zone, the same instant.
    const shifted = new Date(Date.parse(newest.time) + 2 * 3600_000).toISOString().replace('Z', '+02:00');
    expect(await entries(`before=${encodeURIComponent(shifted)}&limit=1`)).toEqual(['ned /api/users/svc:user:abcd']);
  });

  it('refuses malformed filters with a 400 naming the parameter and its rule', async () => {
    const refused = async (query: string) => {
      const reply = await admin.request(`/bff/audit?${query}`);
      expect(reply.status).toBe(400);
      return reply.json<{ message: string }>().message;
    };
    const isoRule = 'must be an ISO 8601 date-time with a time zone, e.g. 2026-01-31T09:00:00Z';
    expect(await refused('after=yesterday')).toBe(`after ${isoRule}`);
    expect(await refused('after=2026-01-31')).toBe(`after ${isoRule}`);
    expect(await refused('before=2026-01-31T09:00:00')).toBe(`before ${isoRule}`);
    expect(await refused('before=2026-02-30T09:00:00Z')).toBe(`before ${isoRule}`);
    expect(await refused('before=2026-01-31T24:00:00Z')).toBe(`before ${isoRule}`);
    expect(await refused('after=2026-01-31T10:00:00Z&before=2026-01-31T09:00:00Z')).toBe(
      'after must be earlier than before',
    );
    expect(await refused('path=api/users')).toBe(
      'path must be a recorded path starting with "/", at most 8192 characters',
    );
    expect(await refused('method=GET')).toBe('method must be one of POST, PUT, PATCH, DELETE');
    expect(await refused('cursor=abc')).toBe('cursor must be a nextCursor value from a previous page');
  });
});

describe('the file store', () => {
  it('stops reading backwards at the first line older than `after`', async () => {
    const dataDir = freshDataDir();
    mkdirSync(join(dataDir, 'bff'), { mode: 0o700 });
    const line = (time: string, path: string) =>
      JSON.stringify({ event: 'not-forwarded', time, operator: 'ned', method: 'PATCH', path, status: 200 });
    // A line stamped by an instance whose clock ran behind sits between newer ones: the scan ends there.
    const lines = [
      line('2026-01-31T10:00:00.000Z', '/api/a'),
      line('2026-01-31T09:00:00.000Z', '/api/behind'),
      line('2026-01-31T11:00:00.000Z', '/api/b'),
    ];
    writeFileSync(join(dataDir, 'bff', 'audit.jsonl'), `${lines.join('\n')}\n`, { mode: 0o600 });
    const log = new FileAuditLog(dataDir);
    const page = await log.page({ limit: 10, after: Date.parse('2026-01-31T09:30:00Z') });
    expect(page).toEqual({ entries: [expect.objectContaining({ path: '/api/b' })], nextCursor: null });
    const all = await log.page({ limit: 10, after: Date.parse('2026-01-31T08:00:00Z') });
    expect(all.entries.map((e) => e.path)).toEqual(['/api/b', '/api/behind', '/api/a']);
    rmSync(dataDir, { recursive: true, force: true });
  });
});
