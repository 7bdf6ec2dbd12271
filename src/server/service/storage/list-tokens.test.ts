/**
 * List continuation tokens against the configured database (PGlite in a temp dir, or DPS_DATABASE_URL in a fresh
 * schema): they carry no service-wide counter, are signed with a key kept in the database, are bound to the
 * organization and to the list they were issued for, and page without repeats or gaps while rows are inserted.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defineRepository, dropSchema, openStore, schema, type ListOptions, type Store } from './index';

interface Thing {
  thingId: string;
  tag: string | null;
  createdTime: string;
}

let store: Store;
let dataDir: string;
const databaseUrl = process.env.DPS_DATABASE_URL;
const pgSchema = `t_list_tokens_${process.pid}_${Date.now()}`;
const open = () => openStore({ dataDir, databaseUrl, schema: databaseUrl ? pgSchema : undefined });

const documents = defineRepository<Thing>({
  table: schema.documents,
  idField: 'thingId',
  noun: 'Thing',
  columns: { datasetId: (t) => t.tag },
});
const models = defineRepository<Thing>({ table: schema.models, idField: 'thingId', noun: 'Thing' });

let counter = 0;
function thing(tag: string | null = null, createdTime = new Date().toISOString()): Thing {
  return { thingId: `thing-${++counter}`, tag, createdTime };
}

async function fill(organizationId: string, count: number, tag: string | null = null) {
  for (let i = 0; i < count; i++) await documents.create(store.db, organizationId, thing(tag));
}

async function tokenFor(organizationId: string, options: ListOptions = {}): Promise<string> {
  const page = await documents.list(store.db, organizationId, { maxResults: 1, ...options });
  expect(page.nextToken).toEqual(expect.any(String));
  return page.nextToken!;
}

const refusedWith400 = (promise: Promise<unknown>) =>
  expect(promise).rejects.toMatchObject({ statusCode: 400, message: expect.stringMatching(/nextToken/) });

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'dps-list-tokens-'));
  store = await open();
});

afterAll(async () => {
  await store?.close();
  if (databaseUrl) await dropSchema(databaseUrl, pgSchema);
  await rm(dataDir, { recursive: true, force: true });
});

describe('list continuation tokens', () => {
  it('do not contain the row sequence (a service-wide counter)', async () => {
    await store.db.execute(sql`ALTER TABLE documents ALTER COLUMN seq RESTART WITH 7340000000123`);
    await fill('org-seq', 3);
    const [first] = await store.db
      .select({ seq: schema.documents.seq })
      .from(schema.documents)
      .where(sql`organization_id = 'org-seq'`)
      .limit(1);
    expect(first.seq).toBeGreaterThanOrEqual(7340000000123);
    const token = await tokenFor('org-seq');
    const readings = [token, ...token.split(/[^A-Za-z0-9_-]/)].map((part) =>
      Buffer.from(part, 'base64url').toString('latin1'),
    );
    for (const text of [token, ...readings]) expect(text).not.toMatch(/73400000001\d\d/);
  });

  it('refuse any change to a token, and malformed ones, with 400 naming nextToken', async () => {
    await fill('org-tamper', 3);
    const token = await tokenFor('org-tamper');
    expect((await documents.list(store.db, 'org-tamper', { maxResults: 1, nextToken: token })).items).toHaveLength(1);
    for (let i = 0; i < token.length; i++) {
      const swapped = token[i] === 'A' ? 'B' : 'A';
      await refusedWith400(
        documents.list(store.db, 'org-tamper', {
          maxResults: 1,
          nextToken: `${token.slice(0, i)}${swapped}${token.slice(i + 1)}`,
        }),
      );
    }
    for (const malformed of [
      'garbage',
      '.',
      'a.b',
      `${token}x`,
      `${token}.${token}`,
      't'.repeat(10_000),
      Buffer.from('{"v":1,"s":1,"o":"asc"}').toString('base64url'),
    ]) {
      await refusedWith400(documents.list(store.db, 'org-tamper', { maxResults: 1, nextToken: malformed }));
    }
  });

  it("of one organization are refused for another's list", async () => {
    await fill('org-a', 3);
    await fill('org-b', 3);
    await refusedWith400(documents.list(store.db, 'org-b', { maxResults: 1, nextToken: await tokenFor('org-a') }));
  });

  it('of one list are refused on another: family, filters, order and time bounds', async () => {
    const org = 'org-lists';
    await fill(org, 3, 'x');
    await fill(org, 3, 'y');
    await models.create(store.db, org, thing());
    await models.create(store.db, org, thing());
    const token = await tokenFor(org, { where: { datasetId: 'x' } });
    await refusedWith400(documents.list(store.db, org, { nextToken: token, where: { datasetId: 'y' } }));
    await refusedWith400(documents.list(store.db, org, { nextToken: token }));
    await refusedWith400(documents.list(store.db, org, { nextToken: token, where: { datasetId: ['x', 'y'] } }));
    await refusedWith400(documents.list(store.db, org, { nextToken: token, where: { datasetId: 'x' }, order: 'desc' }));
    await refusedWith400(
      documents.list(store.db, org, {
        nextToken: token,
        where: { datasetId: 'x' },
        createdTimeAfter: '2000-01-01T00:00:00Z',
      }),
    );
    await refusedWith400(models.list(store.db, org, { nextToken: token }));
    expect((await documents.list(store.db, org, { nextToken: token, where: { datasetId: 'x' } })).items).toHaveLength(
      2,
    );
    // The same list however its filter values are written: order and repeats of a multi-valued filter do not matter.
    const either = await tokenFor(org, { where: { datasetId: ['x', 'y'] } });
    expect(
      (await documents.list(store.db, org, { nextToken: either, where: { datasetId: ['y', 'x', 'y'] } })).items,
    ).toHaveLength(5);
  });

  it('are signed with a key kept in the database: another service instance on it accepts them', async () => {
    await fill('org-restart', 3);
    const token = await tokenFor('org-restart');
    await store.close();
    store = await open();
    expect((await documents.list(store.db, 'org-restart', { nextToken: token, maxResults: 10 })).items).toHaveLength(2);
  });

  it('page by creation time without repeats or gaps while rows are inserted concurrently, in both orders', async () => {
    const org = 'org-concurrent';
    // Rows sharing one creation time are ordered among themselves too (by id).
    const tied = new Date(Date.now() - 60_000).toISOString();
    for (let i = 0; i < 8; i++) await documents.create(store.db, org, thing(null, tied));
    await fill(org, 17);
    const existing = (await documents.list(store.db, org, { maxResults: 1000 })).items;
    expect(existing).toHaveLength(25);
    for (const order of ['asc', 'desc'] as const) {
      const seen: Thing[] = [];
      let token: string | undefined;
      do {
        const [page] = await Promise.all([
          documents.list(store.db, org, { maxResults: 4, nextToken: token, order }),
          documents.create(store.db, org, thing()),
          documents.create(store.db, org, thing(null, tied)),
          documents.create(store.db, org, thing()),
        ]);
        seen.push(...page.items);
        token = page.nextToken ?? undefined;
      } while (token);
      const ids = seen.map((t) => t.thingId);
      expect(new Set(ids).size).toBe(ids.length);
      for (const row of existing) expect(ids).toContain(row.thingId);
      const times = seen.map((t) => t.createdTime);
      expect(times).toEqual([...times].sort((a, b) => (order === 'asc' ? a.localeCompare(b) : b.localeCompare(a))));
    }
  });

  it('name the last row by the time the database formats, whatever the session’s zone and date style', async () => {
    const times = [
      '2026-03-29T01:59:59.999999Z',
      '2026-03-29T02:00:00Z',
      '2024-02-29T23:30:00.5Z',
      '1900-01-01T00:00:00.000001Z',
      '2099-12-31T23:59:59.123Z',
    ];
    for (const time of times) await documents.create(store.db, 'org-zones', thing(null, time));
    const result = (await store.db.execute(
      sql`SELECT to_char(created_time AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') AS position
            FROM documents WHERE organization_id = 'org-zones' ORDER BY created_time, id`,
    )) as unknown as { rows: { position: string }[] };
    const expected = result.rows.map((row) => row.position);
    expect(expected).toHaveLength(times.length);
    const settings = [
      ['UTC', 'ISO, MDY'],
      ['Asia/Kolkata', 'ISO, MDY'],
      ['America/St_Johns', 'ISO, DMY'],
      ['Pacific/Chatham', 'ISO, YMD'],
      ['Europe/Amsterdam', 'ISO, MDY'], // 1900: local mean time, an offset with seconds
      ['Europe/Paris', 'SQL, DMY'], // not ISO: formatted by the database
      ['UTC', 'Postgres, MDY'],
    ];
    for (const [zone, style] of settings) {
      const positions = await store.transaction(async (tx) => {
        await tx.execute(sql`SELECT set_config('TimeZone', ${zone}, true), set_config('DateStyle', ${style}, true)`);
        const found: string[] = [];
        let token: string | undefined;
        do {
          const page = await documents.list(tx, 'org-zones', { maxResults: 1, nextToken: token });
          token = page.nextToken ?? undefined;
          if (token) found.push(JSON.parse(Buffer.from(token.split('.')[0], 'base64url').toString())[0]);
        } while (token);
        return found;
      });
      expect({ zone, style, positions }).toEqual({ zone, style, positions: expected.slice(0, -1) });
    }
  });
});
