/**
 * Storage against the configured database (PGlite in a temp dir, or DPS_DATABASE_URL in a fresh schema): migrations
 * match schema.ts, the repository is organization-scoped, keyset pagination is stable while inserting, concurrent
 * patches lose nothing, counters enforce quotas.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { getTableConfig, PgTable } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { is, sql } from 'drizzle-orm';
import {
  bumpCounter,
  currentUsageMonth,
  defineRepository,
  dropSchema,
  listMigrations,
  openStore,
  rows,
  runMigrations,
  schema,
  type Store,
} from './index';

interface Thing {
  thingId: string;
  name: string;
  tag: string | null;
  n: number;
  createdTime: string;
}

let store: Store;
let dataDir: string;
const databaseUrl = process.env.DPS_DATABASE_URL;
const pgSchema = `t_storage_${process.pid}_${Date.now()}`;

const things = defineRepository<Thing>({
  table: schema.documents,
  idField: 'thingId',
  noun: 'Thing',
  columns: { datasetId: (t) => t.tag },
});

function thing(i: number, tag: string | null = null): Thing {
  return { thingId: `t-${i}`, name: `thing ${i}`, tag, n: 0, createdTime: new Date().toISOString() };
}

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'dps-storage-'));
  store = await openStore({ dataDir, databaseUrl, schema: databaseUrl ? pgSchema : undefined });
});

afterAll(async () => {
  await store?.close();
  if (databaseUrl) await dropSchema(databaseUrl, pgSchema);
  await rm(dataDir, { recursive: true, force: true });
});

describe('storage', () => {
  it('applies each migration once and the tables match schema.ts', async () => {
    expect(await runMigrations(store)).toEqual([]);
    const applied = await rows<{ name: string }>(store.db, sql`SELECT name FROM schema_migrations ORDER BY name`);
    expect(applied.map((r) => r.name)).toContain('0001_initial.sql');
    const columns = await rows<{ table_name: string; column_name: string }>(
      store.db,
      sql`SELECT table_name, column_name FROM information_schema.columns WHERE table_schema = current_schema()`,
    );
    const tables = Object.values(schema).filter((v) => is(v, PgTable));
    expect(tables.length).toBeGreaterThan(15);
    for (const table of tables) {
      const config = getTableConfig(table as never);
      const actual = columns
        .filter((c) => c.table_name === config.name)
        .map((c) => c.column_name)
        .sort();
      expect(actual, config.name).toEqual(config.columns.map((c) => c.name).sort());
    }
  });

  it('scopes every operation by organization', async () => {
    await things.create(store.db, 'org-a', thing(1));
    expect(await things.get(store.db, 'org-a', 't-1')).toMatchObject({ name: 'thing 1' });
    expect(await things.get(store.db, 'org-b', 't-1')).toBeUndefined();
    await expect(things.patch(store.db, 'org-b', 't-1', (c) => c)).rejects.toMatchObject({ statusCode: 404 });
    await expect(things.delete(store.db, 'org-b', 't-1')).rejects.toMatchObject({ statusCode: 404 });
    expect((await things.list(store.db, 'org-b')).items).toEqual([]);
    expect(await things.delete(store.db, 'org-a', 't-1')).toMatchObject({ thingId: 't-1' });
    expect(await things.get(store.db, 'org-a', 't-1')).toBeUndefined();
  });

  it('creates many rows at once, across statements, each as create would, with its derived columns', async () => {
    const many = Array.from({ length: 600 }, (_, i) => thing(1000 + i, i % 2 ? 'odd' : 'even'));
    await things.createMany(store.db, 'org-many', many);
    expect(await things.count(store.db, 'org-many')).toBe(600);
    expect(await things.count(store.db, 'org-many', { datasetId: 'odd' })).toBe(300);
    expect(await things.get(store.db, 'org-many', 't-1599')).toEqual(many[599]);
    await things.createMany(store.db, 'org-many', []);
    expect(await things.count(store.db, 'org-many')).toBe(600);
  });

  it('moves the data version of each scope a transaction wrote, once, at commit; every readable table counts', async () => {
    // A table added later without a data-version trigger would let the read cache serve answers it made stale.
    const untracked = await rows<{ relname: string }>(
      store.db,
      sql`SELECT c.relname FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
           WHERE n.nspname = current_schema() AND c.relkind IN ('r', 'p')
             AND NOT EXISTS (SELECT 1 FROM pg_trigger t WHERE t.tgrelid = c.oid AND t.tgname LIKE '%_data_version'
                               AND t.tgdeferrable AND t.tginitdeferred)
           ORDER BY 1`,
    );
    expect(untracked.map((r) => r.relname)).toEqual([
      // Written only by triggers on agent_runs, which is tracked, in the same transaction.
      'agent_insight_hours',
      'agent_run_status_counts',
      'data_versions',
      // Read only through their header row in document_files, which is tracked (migration 0011 says why).
      'document_file_chunks',
      'idempotency_keys',
      'recognition_turns',
      'schema_migrations',
    ]);

    const version = async (scope: string) =>
      Number(
        (
          await rows<{ v: string }>(
            store.db,
            sql`SELECT coalesce(sum(version), 0)::text AS v FROM data_versions WHERE scope = ${scope}`,
          )
        )[0].v,
      );
    const [a, b] = [await version('org-a'), await version('org-b')];
    await store.transaction(async (tx) => {
      await things.create(tx, 'org-a', thing(901));
      await things.create(tx, 'org-a', thing(902));
      await things.patch(tx, 'org-a', 't-901', (c) => ({ ...c, n: 1 }));
      // Not before commit, seen from another connection (PGlite has one: it would wait for this transaction).
      if (store.kind === 'postgres') expect(await version('org-a')).toBe(a);
    });
    expect([await version('org-a'), await version('org-b')]).toEqual([a + 1, b]);
    await expect(
      store.transaction(async (tx) => {
        await things.delete(tx, 'org-a', 't-901');
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(await version('org-a')).toBe(a + 1);
    await things.delete(store.db, 'org-a', 't-901');
    expect(await version('org-a')).toBe(a + 2);
    // Straight SQL from a session whose search_path leads elsewhere (an operator's psql) bumps this schema's version.
    const [{ here }] = await rows<{ here: string }>(store.db, sql`SELECT current_schema() AS here`);
    await store.transaction(async (tx) => {
      await tx.execute(sql`SET LOCAL search_path = pg_catalog`);
      await tx.execute(
        sql`DELETE FROM ${sql.identifier(here)}.documents WHERE organization_id = 'org-a' AND id = 't-902'`,
      );
    });
    expect(await version('org-a')).toBe(a + 3);
    // TRUNCATE fires no row trigger: it moves the service-wide version, which every caller's version includes.
    const all = await version('*');
    await store.db.execute(sql`TRUNCATE documents`);
    expect(await version('*')).toBe(all + 1);
  });

  it('paginates by keyset without repeats or gaps while rows are inserted, in both orders, with filters', async () => {
    const org = 'org-page';
    for (let i = 0; i < 25; i++) await things.create(store.db, org, thing(100 + i, i % 2 ? 'odd' : 'even'));
    for (const order of ['asc', 'desc'] as const) {
      const seen: string[] = [];
      let token: string | undefined;
      let inserted = 0;
      do {
        const page = await things.list(store.db, org, { maxResults: 4, nextToken: token, order });
        seen.push(...page.items.map((t) => t.thingId));
        token = page.nextToken ?? undefined;
        await things.create(store.db, org, thing(1000 + inserted++ + (order === 'asc' ? 0 : 500)));
      } while (token);
      expect(new Set(seen).size).toBe(seen.length);
      for (let i = 0; i < 25; i++) expect(seen).toContain(`t-${100 + i}`);
      if (order === 'desc') expect(seen.indexOf('t-124')).toBeLessThan(seen.indexOf('t-100'));
    }
    const odd = await things.list(store.db, org, { where: { datasetId: 'odd' }, maxResults: 1000 });
    expect(odd.items).toHaveLength(12);
    expect(odd.nextToken).toBeNull();
    const either = await things.list(store.db, org, { where: { datasetId: ['odd', 'even'] }, maxResults: 1000 });
    expect(either.items).toHaveLength(25);
    await expect(things.list(store.db, org, { nextToken: 'garbage' })).rejects.toMatchObject({ statusCode: 400 });
  });

  it('serializes concurrent patches of one row: no lost update', async () => {
    await things.create(store.db, 'org-c', thing(7));
    await Promise.all(
      Array.from({ length: 30 }, () => things.patch(store.db, 'org-c', 't-7', (c) => ({ ...c, n: c.n + 1 }))),
    );
    expect((await things.get(store.db, 'org-c', 't-7'))?.n).toBe(30);
  });

  it('bumps counters in the caller transaction and refuses over quota', async () => {
    const org = 'svc:organization:counters';
    await store.db.insert(schema.organizations).values({
      organizationId: org,
      id: org,
      data: { organizationId: org },
      counters: { numberOfUsersAllowed: 2 },
      usageMonth: currentUsageMonth(),
    });
    await bumpCounter(store.db, org, 'numberOfUsersCreated', 1);
    await expect(
      store.transaction(async (tx) => {
        await bumpCounter(tx, org, 'numberOfUsersCreated', 1);
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    const counters = await bumpCounter(store.db, org, 'numberOfUsersCreated', 1);
    expect(counters.numberOfUsersCreated).toBe(2);
    await expect(bumpCounter(store.db, org, 'numberOfUsersCreated', 1)).rejects.toMatchObject({
      statusCode: 429,
      message: 'Limit Exceeded',
    });
    expect((await bumpCounter(store.db, org, 'numberOfUsersCreated', -5)).numberOfUsersCreated).toBe(0);
  });
});

describe('migration 0008 (user profiles)', () => {
  it('gives a user created before it a profile, keeping every other key of the stored user in its place', async () => {
    const org = `svc:organization:${'0'.repeat(31)}8`;
    const user = {
      userId: 'svc:user:before-profiles',
      name: 'Old',
      description: null,
      metadata: { note: '"profileId":null' },
      roleIds: [],
      profileId: null,
      status: 'invite_pending',
      statusReason: null,
      createdTime: '2026-01-01T00:00:00.000Z',
      updatedTime: null,
      createdBy: 'test',
      updatedBy: null,
    };
    // As an earlier version wrote it: no profile column value.
    await store.db
      .insert(schema.users)
      .values({ organizationId: org, id: user.userId, data: user, email: 'old@example.com' });
    const migration = (await listMigrations()).find((m) => m.name === '0008_user_profiles.sql')!;
    const backfill = migration.statements.find((statement) => statement.startsWith('UPDATE'))!;
    await store.db.execute(sql.raw(backfill));
    const [row] = await rows<{ profile_id: string; data: string }>(
      store.db,
      sql`SELECT profile_id, data::text AS data FROM users WHERE organization_id = ${org}`,
    );
    expect(row.profile_id).toMatch(/^svc:profile:[0-9a-f]{32}$/);
    const stored = JSON.parse(row.data) as Record<string, unknown>;
    expect(Object.keys(stored)).toEqual(Object.keys(user));
    expect(stored).toEqual({ ...user, profileId: row.profile_id });
  });
});
