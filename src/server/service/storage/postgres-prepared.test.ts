/** Parameterised statements are prepared once per connection; texts without parameters run as before. */
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { prepareRepeatedStatements } from './postgres-prepared';

const url = process.env.DPS_DATABASE_URL;
let client: pg.Client;

beforeAll(async () => {
  if (!url) return;
  client = new pg.Client({ connectionString: url });
  await client.connect();
  prepareRepeatedStatements(client);
});
afterAll(() => client?.end());

const prepared = async () =>
  (await client.query<{ statement: string }>('SELECT statement FROM pg_prepared_statements')).rows.map(
    (row) => row.statement,
  );

describe.runIf(url)('prepared statements on PostgreSQL', () => {
  it('prepares a parameterised text once and answers each execution with its own values', async () => {
    const text = 'SELECT $1::int + 1 AS n';
    expect((await client.query({ text, values: [1] })).rows).toEqual([{ n: 2 }]);
    expect((await client.query(text, [41])).rows).toEqual([{ n: 42 }]);
    expect((await prepared()).filter((statement) => statement === text)).toHaveLength(1);
  });

  it('leaves a text without parameters alone, so several commands in one still run', async () => {
    const result = (await client.query('SELECT 1 AS a; SELECT 2 AS b')) as unknown as pg.QueryResult[];
    expect(result.map((r) => r.rows[0])).toEqual([{ a: 1 }, { b: 2 }]);
    expect(await prepared()).not.toContain('SELECT 1 AS a; SELECT 2 AS b');
  });

  it('keeps a name the caller gave', async () => {
    await client.query({ name: 'mine', text: 'SELECT $1::text AS t', values: ['x'] });
    expect((await client.query<{ name: string }>('SELECT name FROM pg_prepared_statements')).rows).toContainEqual({
      name: 'mine',
    });
  });
});
