/**
 * The BFF's state stores against one contract: the files in the data dir (the embedded default, the sign-in limit in
 * memory) and, when DPS_DATABASE_URL names a PostgreSQL server, the PostgreSQL stores in a fresh schema per store
 * (dropped at the end). Two store objects on one backing stand for two BFF instances.
 */
import { randomBytes } from 'node:crypto';
import { rmSync } from 'node:fs';
import { readdir, utimes, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import type { AuditEntry } from '@/contract/bff-audit';
import type { AuditLog, AuditQuery } from '@/server/bff/audit/audit-log';
import { openBffStores, type BffStores } from './bff-stores';
import { defaultBffConfig, type BffConfig } from '@/server/bff/config';
import { dropBffSchema } from '@/server/bff/state/postgres/bff-database';
import { freshDataDir } from '@/server/bff/testing/bff-harness';

const MINUTE = 60_000;
const PASSWORD = 'correct-horse-battery';
const databaseUrl = process.env.DPS_DATABASE_URL;
const upstream = { baseUrl: 'http://127.0.0.1:9/v1', authUrl: 'http://127.0.0.1:9', clientId: 'c', clientSecret: 's' };

const opened: BffStores[] = [];
const dataDirs: string[] = [];
const schemas: string[] = [];

afterAll(async () => {
  for (const stores of opened) await stores.close();
  for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
  for (const schema of schemas) await dropBffSchema(databaseUrl!, schema);
});

/** A new empty backing (a data dir, or a schema) and a clock the tests move; `open` makes one more instance on it. */
function backing(kind: 'files' | 'postgres') {
  let now = Date.now();
  const dataDir = freshDataDir();
  dataDirs.push(dataDir);
  const schema = `bff_t_${randomBytes(6).toString('hex')}`;
  if (kind === 'postgres') schemas.push(schema);
  const config: BffConfig = {
    ...defaultBffConfig(upstream, dataDir),
    sessionIdleMs: 60 * MINUTE,
    sessionAbsoluteMs: 12 * 60 * MINUTE,
    loginRateLimit: { windowMs: 15 * MINUTE, maxFailuresPerName: 5, maxFailuresPerIp: 20 },
    database: kind === 'postgres' ? { url: databaseUrl!, schema } : undefined,
    now: () => now,
  };
  return {
    dataDir,
    advance: (ms: number) => (now += ms),
    now: () => now,
    /** How many logout tokens the backing holds (files in the data dir, or rows). */
    async seenLogoutTokenCount(): Promise<number> {
      if (kind === 'files') return (await readdir(join(dataDir, 'bff', 'oidc-seen-logout'))).length;
      const client = new pg.Client({ connectionString: databaseUrl });
      await client.connect();
      try {
        const { rows } = await client.query<{ n: number }>(
          `SELECT count(*)::int AS n FROM "${schema}".oidc_seen_logout_tokens`,
        );
        return rows[0].n;
      } finally {
        await client.end();
      }
    },
    async open(): Promise<BffStores> {
      const stores = await openBffStores(config);
      opened.push(stores);
      return stores;
    },
  };
}

async function allPages(log: AuditLog, query: Omit<AuditQuery, 'cursor'>): Promise<AuditEntry[]> {
  const entries: AuditEntry[] = [];
  let cursor: string | undefined;
  for (let pages = 0; pages < 100; pages++) {
    const page = await log.page({ ...query, cursor });
    entries.push(...page.entries);
    if (!page.nextCursor) return entries;
    expect(log.isCursor(page.nextCursor)).toBe(true);
    cursor = page.nextCursor;
  }
  throw new Error('too many pages');
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const kinds = (['files', 'postgres'] as const).filter((kind) => kind === 'files' || databaseUrl);

describe.each(kinds)('%s store', (kind) => {
  it.skipIf(kind === 'files')('migrates once when several instances start at once', async () => {
    const state = backing(kind);
    const instances = await Promise.all(Array.from({ length: 5 }, () => state.open()));
    const { id } = await instances[0].sessions.create({ accountId: 'ann-id', name: 'ann', role: 'admin' }, 'x');
    for (const stores of instances) expect(await stores.sessions.get(id)).not.toBeNull();
  });

  describe('sessions', () => {
    it('are seen by every instance, and end everywhere at once', async () => {
      const state = backing(kind);
      const [a, b] = [await state.open(), await state.open()];
      const { id, session } = await a.sessions.create(
        { accountId: 'ann-id', name: 'ann', role: 'admin' },
        'Firefox 130 on Linux',
      );
      const seen = await b.sessions.get(id);
      expect(seen).toMatchObject({
        operator: session.operator,
        createdAt: session.createdAt,
        userAgent: session.userAgent,
      });
      expect(Math.abs(seen!.lastSeenAt - session.lastSeenAt)).toBeLessThan(1); // a file's mtime is not whole ms
      expect(b.sessions.handleOf(id)).toBe(a.sessions.handleOf(id));
      await b.sessions.destroy(id);
      expect(await a.sessions.get(id)).toBeNull();
      expect(await a.sessions.get('not an id')).toBeNull();
      expect(await a.sessions.get(undefined)).toBeNull();
    });

    it.skipIf(kind !== 'files')(
      'are answered at once only while the file says so: an end by another instance is seen on the very next ask',
      async () => {
        const state = backing(kind);
        const [a, b] = [await state.open(), await state.open()];
        const owner = { accountId: 'ann-id', name: 'ann', role: 'admin' } as const;
        const { id } = await a.sessions.create(owner, 'x');
        // Not read yet by b: only get() can tell; once read, the answer comes at once, and agrees with get().
        expect(b.sessions.getNow?.(id)).toBeUndefined();
        const read = await b.sessions.get(id);
        expect(b.sessions.getNow?.(id)).toEqual(read);
        expect(b.sessions.getNow?.('not an id')).toBeNull();
        // Ended by the other instance (its file removed): the very next ask says so, without get().
        await a.sessions.destroy(id);
        expect(b.sessions.getNow?.(id)).toBeNull();
        expect(await b.sessions.get(id)).toBeNull();
        // Due for its last-seen touch, or expired: get() decides (it touches, or removes).
        const other = await a.sessions.create(owner, 'x');
        await b.sessions.get(other.id);
        state.advance(MINUTE);
        expect(b.sessions.getNow?.(other.id)).toBeUndefined();
        expect(await b.sessions.get(other.id)).not.toBeNull(); // touched
        expect(b.sessions.getNow?.(other.id)).not.toBeUndefined();
        state.advance(60 * MINUTE);
        expect(b.sessions.getNow?.(other.id)).toBeUndefined();
        expect(await b.sessions.get(other.id)).toBeNull(); // removed, and forgotten: get() answers from now on
        expect(b.sessions.getNow?.(other.id)).toBeUndefined();
      },
    );

    it("carry a reviewer's agent limit to every instance, and none for an operator without one", async () => {
      const state = backing(kind);
      const [a, b] = [await state.open(), await state.open()];
      const agents = ['svc:agent:0000000000000000000000000000000a', 'svc:agent:0000000000000000000000000000000b'];
      const limited = await a.sessions.create({ accountId: 'rex-id', name: 'rex', role: 'reviewer', agents }, 'x');
      expect(limited.session.operator).toEqual({ accountId: 'rex-id', name: 'rex', role: 'reviewer', agents });
      expect((await b.sessions.get(limited.id))?.operator).toEqual(limited.session.operator);
      const every = await a.sessions.create({ accountId: 'ria-id', name: 'ria', role: 'reviewer' }, 'x');
      expect((await b.sessions.get(every.id))?.operator).toEqual({
        accountId: 'ria-id',
        name: 'ria',
        role: 'reviewer',
        agents: null,
      });
      const listed = (await b.sessions.list()).map(({ session }) => session.operator);
      expect(listed).toEqual(expect.arrayContaining([limited.session.operator]));
    });

    it('end after the idle time, and at the absolute lifetime even when active', async () => {
      const state = backing(kind);
      const stores = await state.open();
      const idle = await stores.sessions.create({ accountId: 'ann-id', name: 'ann', role: 'admin' }, 'x');
      const active = await stores.sessions.create({ accountId: 'bob-id', name: 'bob', role: 'viewer' }, 'x');
      state.advance(59 * MINUTE);
      expect(await stores.sessions.get(active.id)).not.toBeNull(); // last seen moves on
      state.advance(MINUTE);
      expect(await stores.sessions.get(idle.id)).toBeNull();
      // Seen every 50 minutes up to 710 minutes: never idle for an hour.
      for (let step = 0; step < 13; step++) {
        state.advance(50 * MINUTE);
        expect(await stores.sessions.get(active.id)).not.toBeNull();
      }
      state.advance(10 * MINUTE); // 12 hours since sign-in, 10 minutes since last seen
      expect(await stores.sessions.get(active.id)).toBeNull();
    });

    it('are listed by handle, and ended by handle or by predicate', async () => {
      const state = backing(kind);
      const [a, b] = [await state.open(), await state.open()];
      const ann1 = await a.sessions.create({ accountId: 'ann-id', name: 'ann', role: 'admin' }, 'one');
      const ann2 = await a.sessions.create({ accountId: 'ann-id', name: 'ann', role: 'admin' }, 'two');
      const bob = await a.sessions.create({ accountId: 'bob-id', name: 'bob', role: 'viewer' }, 'three');
      const listed = await b.sessions.list();
      expect(listed.map((s) => s.session.userAgent).sort()).toEqual(['one', 'three', 'two']);
      expect(listed.find((s) => s.session.userAgent === 'one')?.handle).toBe(a.sessions.handleOf(ann1.id));
      expect(await b.sessions.destroyHandle(a.sessions.handleOf(ann1.id)!)).toBe(true);
      expect(await b.sessions.destroyHandle(a.sessions.handleOf(ann1.id)!)).toBe(false);
      expect(await b.sessions.destroyWhere((s) => s.operator.name === 'ann')).toBe(1);
      expect(await a.sessions.get(ann2.id)).toBeNull();
      expect(await a.sessions.get(bob.id)).not.toBeNull();
      state.advance(61 * MINUTE);
      expect(await a.sessions.list()).toEqual([]);
    });
  });

  describe('launch links', () => {
    it('sign in exactly once, whichever instances redeem them at once', async () => {
      const state = backing(kind);
      const [a, b] = [await state.open(), await state.open()];
      const token = await a.launchLinks.issue();
      const redeemed = await Promise.all(
        Array.from({ length: 10 }, (_, i) => (i % 2 ? a : b).launchLinks.redeem(token)),
      );
      expect(redeemed.filter(Boolean)).toHaveLength(1);
      expect(await a.launchLinks.redeem('AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA')).toBe(false);
      expect(await a.launchLinks.redeem(42)).toBe(false);
    });

    it('expire unused after their lifetime', async () => {
      const state = backing(kind);
      const stores = await state.open();
      const token = await stores.launchLinks.issue();
      state.advance(10 * MINUTE);
      expect(await stores.launchLinks.redeem(token)).toBe(false);
    });
  });

  describe('seen logout tokens', () => {
    const issuer = 'https://idp.example/realms/ops';

    it('answer a token once, whichever instance saw it, and once only when instances remember it at once', async () => {
      const state = backing(kind);
      const [a, b] = [await state.open(), await state.open()];
      const until = state.now() + 6 * MINUTE;
      expect(await a.seenLogoutTokens.remember(issuer, 'jti-1', until)).toBe(true);
      expect(await b.seenLogoutTokens.remember(issuer, 'jti-1', until)).toBe(false);
      expect(await a.seenLogoutTokens.remember(issuer, 'jti-1', until)).toBe(false);
      // The same jti from another issuer, and another jti, are other tokens.
      expect(await b.seenLogoutTokens.remember('https://other.example', 'jti-1', until)).toBe(true);
      expect(await b.seenLogoutTokens.remember(issuer, 'jti-2', until)).toBe(true);
      const remembered = await Promise.all(
        Array.from({ length: 10 }, (_, i) => (i % 2 ? a : b).seenLogoutTokens.remember(issuer, 'jti-3', until)),
      );
      expect(remembered.filter(Boolean)).toHaveLength(1);
    });

    it('are kept until their expiry only, and removed on the way', async () => {
      const state = backing(kind);
      const [a, b] = [await state.open(), await state.open()];
      expect(await a.seenLogoutTokens.remember(issuer, 'short', state.now() + MINUTE)).toBe(true);
      expect(await a.seenLogoutTokens.remember(issuer, 'long', state.now() + 6 * MINUTE)).toBe(true);
      state.advance(MINUTE - 1);
      expect(await b.seenLogoutTokens.remember(issuer, 'short', state.now() + MINUTE)).toBe(false);
      state.advance(1);
      expect(await b.seenLogoutTokens.remember(issuer, 'short', state.now() + MINUTE)).toBe(true);
      expect(await a.seenLogoutTokens.remember(issuer, 'long', state.now() + 6 * MINUTE)).toBe(false);
      expect(await state.seenLogoutTokenCount()).toBe(2);
      state.advance(6 * MINUTE);
      expect(await a.seenLogoutTokens.remember(issuer, 'new', state.now() + MINUTE)).toBe(true);
      expect(await state.seenLogoutTokenCount()).toBe(1);
    });

    it.runIf(kind === 'files')(
      'remove a file a writer left empty, once it is older than any writer takes',
      async () => {
        const state = backing(kind);
        const stores = await state.open();
        expect(await stores.seenLogoutTokens.remember(issuer, 'first', state.now() + MINUTE)).toBe(true);
        const dir = join(state.dataDir, 'bff', 'oidc-seen-logout');
        const [entry] = await readdir(dir);
        await writeFile(join(dir, entry), ''); // as if its writer stopped between create and write
        expect(await stores.seenLogoutTokens.remember(issuer, 'first', state.now() + MINUTE)).toBe(false);
        expect(await state.seenLogoutTokenCount()).toBe(1);
        const longAgo = new Date(Date.now() - 2 * MINUTE);
        await utimes(join(dir, entry), longAgo, longAgo);
        expect(await stores.seenLogoutTokens.remember(issuer, 'second', state.now() + MINUTE)).toBe(true);
        expect(await readdir(dir)).not.toContain(entry);
      },
    );
  });

  describe('operator accounts', () => {
    it('are added, verified, reset and removed with scrypt hashes', async () => {
      const state = backing(kind);
      const [a, b] = [await state.open(), await state.open()];
      const added = await a.operators.add('ann', 'admin', PASSWORD);
      expect(added).toMatchObject({ name: 'ann', role: 'admin' });
      expect(added.passwordHash).toMatch(/^scrypt\$/);
      await expect(b.operators.add('ann', 'viewer', PASSWORD)).rejects.toThrow('operator "ann" already exists');
      await expect(b.operators.add('bad name', 'viewer', PASSWORD)).rejects.toThrow(/name must be/);
      await expect(b.operators.add('bob', 'viewer', 'short')).rejects.toThrow(/password must be/);
      expect((await b.operators.verify('ann', PASSWORD))?.role).toBe('admin');
      expect(await b.operators.verify('ann', `${PASSWORD}!`)).toBeUndefined();
      expect(await b.operators.verify('nobody', PASSWORD)).toBeUndefined();
      await b.operators.resetPassword('ann', 'another-long-password');
      expect(await a.operators.verify('ann', PASSWORD)).toBeUndefined();
      expect((await a.operators.verify('ann', 'another-long-password'))?.name).toBe('ann');
      await expect(a.operators.resetPassword('nobody', PASSWORD)).rejects.toThrow('operator "nobody" does not exist');
      expect((await a.operators.list()).map((o) => o.name)).toEqual(['ann']);
      expect(await b.operators.remove('ann')).toBe(true);
      expect(await b.operators.remove('ann')).toBe(false);
      expect(await a.operators.list()).toEqual([]);
    });
  });

  describe('reviewer accounts', () => {
    const agent = (n: number) => `svc:agent:${String(n).padStart(32, '0')}`;
    it('keep the agents a reviewer is limited to, and nobody else is limited', async () => {
      const state = backing(kind);
      const [a, b] = [await state.open(), await state.open()];
      const rex = await a.operators.add('rex', 'reviewer', PASSWORD, { agents: [agent(1), agent(2)] });
      expect(rex).toMatchObject({ name: 'rex', role: 'reviewer', agents: [agent(1), agent(2)] });
      await a.operators.add('ria', 'reviewer', PASSWORD);
      expect(await b.operators.verify('rex', PASSWORD)).toMatchObject({
        role: 'reviewer',
        agents: [agent(1), agent(2)],
      });
      expect(await b.operators.verify('ria', PASSWORD)).toMatchObject({ role: 'reviewer', agents: null });
      expect((await b.operators.list()).map((o) => [o.name, o.role, o.agents])).toEqual([
        ['rex', 'reviewer', [agent(1), agent(2)]],
        ['ria', 'reviewer', null],
      ]);
    });

    it('refuse a limit that names no agent, a malformed or repeated id, or limits another role', async () => {
      const stores = await backing(kind).open();
      const add = (role: 'admin' | 'reviewer' | 'viewer', agents: string[]) =>
        stores.operators.add('rex', role, PASSWORD, { agents });
      await expect(add('reviewer', [])).rejects.toThrow('agents must name 1 to 100 agent ids');
      await expect(add('reviewer', ['svc:agent:1'])).rejects.toThrow(
        'agents: "svc:agent:1" is not an agent id (svc:agent:<32 lowercase hex>)',
      );
      await expect(add('reviewer', [agent(1), agent(1)])).rejects.toThrow(`agents: "${agent(1)}" is named twice`);
      await expect(add('viewer', [agent(1)])).rejects.toThrow('agents may only limit a reviewer (the role is viewer)');
      await expect(add('admin', [agent(1)])).rejects.toThrow('agents may only limit a reviewer (the role is admin)');
      await expect(stores.operators.add('rex', 'root' as 'admin', PASSWORD)).rejects.toThrow(
        'role must be admin, reviewer or viewer',
      );
      expect(await stores.operators.list()).toEqual([]);
    });
  });

  describe('sign-in limit', () => {
    it('locks a name after five failures for the window; a success takes its own attempt back', async () => {
      const state = backing(kind);
      const stores = await state.open();
      const limit = stores.loginRateLimit;
      const ok = await limit.begin('10.0.0.1', 'Ann');
      expect(ok.wait).toBe(0);
      await ok.succeeded();
      for (let i = 0; i < 5; i++) expect((await limit.begin(`10.0.0.${i}`, 'ann')).wait).toBe(0);
      const refused = await limit.begin('10.0.0.9', 'ANN');
      expect(refused.wait).toBe(15 * 60);
      expect((await limit.begin('10.0.0.9', 'bob')).wait).toBe(0);
      state.advance(15 * MINUTE);
      const after = await limit.begin('10.0.0.9', 'ann');
      expect(after.wait).toBe(0);
      await after.succeeded();
    });

    it('counts attempts sent at once before any password is checked', async () => {
      const state = backing(kind);
      const stores = await state.open();
      const attempts = await Promise.all(
        Array.from({ length: 12 }, (_, i) => stores.loginRateLimit.begin(`10.1.0.${i}`, 'ann')),
      );
      expect(attempts.filter((a) => a.wait === 0)).toHaveLength(5);
    });

    it.skipIf(kind === 'files')('is one limit for every instance', async () => {
      const state = backing(kind);
      const [a, b] = [await state.open(), await state.open()];
      const attempts = await Promise.all(
        Array.from({ length: 10 }, (_, i) => (i % 2 ? a : b).loginRateLimit.begin(`10.3.0.${i}`, 'ann')),
      );
      expect(attempts.filter((attempt) => attempt.wait === 0)).toHaveLength(5);
      expect((await a.loginRateLimit.begin('10.3.0.99', 'ann')).wait).toBeGreaterThan(0);
    });

    it('limits an IP after twenty failures, and one success does not launder its other failures', async () => {
      const state = backing(kind);
      const stores = await state.open();
      const limit = stores.loginRateLimit;
      for (let i = 0; i < 19; i++) expect((await limit.begin('10.2.0.1', `name${i}`)).wait).toBe(0);
      const success = await limit.begin('10.2.0.1', 'ann');
      await success.succeeded();
      expect((await limit.begin('10.2.0.1', 'bob')).wait).toBe(0);
      expect((await limit.begin('10.2.0.1', 'carl')).wait).toBeGreaterThan(0);
    });
  });

  describe('audit log', () => {
    const write = (i: number, operator = 'ned') => ({ operator, method: 'PATCH', path: `/api/models/m${i}` });

    it('joins forwarded writes with their outcomes and pages newest first across instances', async () => {
      const state = backing(kind);
      const [a, b] = [await state.open(), await state.open()];
      const first = await a.auditLog.forwarded(write(0));
      await pause(2);
      await b.auditLog.forwarded(write(1)); // never completed
      for (let i = 2; i < 9; i++) {
        await pause(2);
        await (i % 2 ? a : b).auditLog.append({ ...write(i), status: 403 });
      }
      await b.auditLog.completed(first, { outcome: 'answered', status: 200, clientClosed: true });
      const entries = await allPages(a.auditLog, { limit: 3 });
      expect(entries.map((e) => e.path)).toEqual(Array.from({ length: 9 }, (_, i) => write(8 - i).path));
      const times = entries.map((e) => e.time);
      expect(times).toEqual([...times].sort().reverse());
      expect(entries.at(-1)).toMatchObject({ outcome: 'answered', status: 200, clientClosed: true });
      expect(entries.at(-1)?.completedTime).not.toBeNull();
      expect(entries.at(-2)).toMatchObject({ outcome: 'pending', status: null, completedTime: null });
      expect(entries[0]).toMatchObject({ outcome: 'not-forwarded', status: 403, clientClosed: false });
      expect(a.auditLog.isCursor('nonsense')).toBe(false);
    });

    it('filters by operator, method, exact path, and time (after inclusive, before exclusive)', async () => {
      const state = backing(kind);
      const stores = await state.open();
      const log = stores.auditLog;
      for (let i = 0; i < 6; i++) {
        await log.append({ ...write(i, i % 2 ? 'ann' : 'ned'), status: 200 });
        await pause(3);
      }
      await log.append({ operator: 'ned', method: 'DELETE', path: '/api/models/m1', status: 204 });
      const all = await allPages(log, { limit: 50 });
      expect(all).toHaveLength(7);
      const paths = (query: Omit<AuditQuery, 'cursor' | 'limit'>, limit = 2) =>
        allPages(log, { ...query, limit }).then((entries) => entries.map((e) => `${e.method} ${e.path}`));

      expect(await paths({ operator: 'ann' })).toEqual([
        'PATCH /api/models/m5',
        'PATCH /api/models/m3',
        'PATCH /api/models/m1',
      ]);
      expect(await paths({ method: 'DELETE' })).toEqual(['DELETE /api/models/m1']);
      expect(await paths({ path: '/api/models/m1' })).toEqual(['DELETE /api/models/m1', 'PATCH /api/models/m1']);
      expect(await paths({ path: '/api/models/m' })).toEqual([]);
      expect(await paths({ path: '/api/models/m1', method: 'PATCH', operator: 'ann' })).toEqual([
        'PATCH /api/models/m1',
      ]);

      // Oldest first: m0 … m5, then the DELETE.
      const time = (path: string, method = 'PATCH') =>
        Date.parse(all.find((e) => e.path === path && e.method === method)!.time);
      const m2 = time('/api/models/m2');
      const m4 = time('/api/models/m4');
      expect(await paths({ after: m2, before: m4 }, 1)).toEqual(['PATCH /api/models/m3', 'PATCH /api/models/m2']);
      expect(await paths({ after: m4 })).toEqual([
        'DELETE /api/models/m1',
        'PATCH /api/models/m5',
        'PATCH /api/models/m4',
      ]);
      expect(await paths({ before: m2 })).toEqual(['PATCH /api/models/m1', 'PATCH /api/models/m0']);
      expect(await paths({ after: m2, operator: 'ann' })).toEqual(['PATCH /api/models/m5', 'PATCH /api/models/m3']);
      expect(await paths({ after: Date.now() + MINUTE })).toEqual([]);
    });
  });
});
