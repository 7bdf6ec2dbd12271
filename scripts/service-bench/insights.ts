/**
 * `npm run bench:service -- insights` (PostgreSQL: DPS_DATABASE_URL): seeds 1,000,000 runs of one agent over a year
 * with generate_series (a tenth each straight through ×6, reviewed ×2 — a third of them with a corrected total —
 * error, archived while waiting; five predicted fields each), then times GET /agents/{agentId}/insights for a 30-day
 * window through the API beside its bare SQL through pgbench (the floor), then the runs behind a fields or confidence
 * figure (the runs list's insight filters), then what 10,000 run inserts and status changes cost each (pgbench). A
 * script, not a test.
 */
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { PgDialect } from 'drizzle-orm/pg-core';
import { agentInsightsQuery } from '../../src/server/service/storage/repositories/agent-insights';
import { startTestService } from '../../src/server/service/testing/start-test-service';
import { apiClient } from '../../src/server/service/testing/http';

const RUNS = 1_000_000;
const SAMPLES = 5;
const DAY_MS = 86_400_000;

/** The runs, built in SQL: event times and confidences derive from the row number so every run differs. */
const SEED_SQL = `
INSERT INTO agent_runs (organization_id, id, created_time, updated_time, data, agent_id, status)
SELECT $1, 'svc:run:' || lpad(to_hex(i), 32, '0'), t, t, json_build_object(
  'agentId', $2::text, 'runId', 'svc:run:' || lpad(to_hex(i), 32, '0'), 'status', status,
  'createdTime', t, 'createdBy', 'bench', 'updatedTime', t, 'updatedBy', 'bench', 'resourceIds', json_build_array(),
  'events', CASE
    WHEN kind < 6 THEN json_build_array(pg_temp.ev('run-started', 'running', t), pg_temp.ev('predictions-requested', 'pending-predictions', t),
      pg_temp.ev('predictions-auto-validated', 'succeeded-predictions', t))
    WHEN kind < 8 THEN json_build_array(pg_temp.ev('run-started', 'running', t), pg_temp.ev('predictions-requested', 'pending-predictions', t),
      pg_temp.ev('review-requested', 'ready-for-review', t), pg_temp.ev('review-started', 'review-in-progress', t + (i % 3600) * interval '1 s'),
      pg_temp.ev('review-completed', 'review-completed', t + (i % 3600 + 30 + i % 300) * interval '1 s'))
    WHEN kind = 8 THEN json_build_array(pg_temp.ev('run-started', 'running', t), pg_temp.ev('error', 'error', t))
    ELSE json_build_array(pg_temp.ev('run-started', 'running', t), pg_temp.ev('predictions-requested', 'pending-predictions', t),
      pg_temp.ev('review-requested', 'ready-for-review', t), pg_temp.ev('archived', 'archived', t + interval '2 hours'))
  END,
  'internal', json_build_object(
    'predictions', (SELECT json_agg(json_build_object('label', 'field_' || f, 'value', 'v' || f, 'pages', json_build_array(0),
      'confidence', ((i * (f + 7)) % 1000) / 1000.0)) FROM generate_series(1, 5) f),
    'review', CASE WHEN kind IN (6, 7) THEN json_build_object('groundTruth', (SELECT json_agg(json_build_object('label',
      'field_' || f, 'value', CASE WHEN f = 5 AND i % 3 = 0 THEN 'corrected' ELSE 'v' || f END)) FROM generate_series(1, 5) f))
    END)
), $2, status
FROM generate_series(1, ${RUNS}) i,
  LATERAL (SELECT i % 10 AS kind, now() - (i % 365) * interval '1 day' - (i % 86400) * interval '1 s' AS t) k,
  LATERAL (SELECT CASE WHEN kind < 6 THEN 'succeeded-predictions' WHEN kind < 8 THEN 'review-completed'
    WHEN kind = 8 THEN 'error' ELSE 'archived' END AS status) s`;

/**
 * What a write of a run costs with the triggers on agent_runs: one-statement transactions, each on a random run —
 * a new run (a copy of one, created now), and a status change (archived ↔ error) that rewrites its data.
 */
const WRITES_EACH = 10_000;
const RUN_ID = `'svc:run:' || lpad(to_hex(:i), 32, '0')`;
const WRITES: Record<string, (organizationId: string) => string> = {
  'run inserts': (org) =>
    `INSERT INTO agent_runs (organization_id, id, created_time, updated_time, data, agent_id, status) ` +
    `SELECT organization_id, 'svc:run:w' || md5(random()::text), now(), now(), data, agent_id, status ` +
    `FROM agent_runs WHERE organization_id = '${org}' AND id = ${RUN_ID};`,
  'status changes': (org) =>
    `UPDATE agent_runs SET data = data, status = CASE WHEN status = 'archived' THEN 'error' ELSE 'archived' END ` +
    `WHERE organization_id = '${org}' AND id = ${RUN_ID};`,
};

const EV_FUNCTION = `CREATE FUNCTION pg_temp.ev(type text, status text, at timestamptz) RETURNS json LANGUAGE sql AS
  $$ SELECT json_build_object('type', type, 'status', status, 'time', at, 'by', 'bench') $$`;

function median(samples: number[]): number {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

/** The statement with its parameters written in, as pgbench runs it. */
function bareSql(schema: string, window: Parameters<typeof agentInsightsQuery>[0]): string {
  const { sql, params } = new PgDialect().sqlToQuery(agentInsightsQuery(window));
  const literal = (value: unknown) => `'${String(value).replaceAll("'", "''")}'`;
  const text = sql.replace(/\$(\d+)/g, (_, n: string) => literal(params[Number(n) - 1]));
  // pgbench reads one command per line: comments go, whitespace folds.
  return `SET search_path TO "${schema}";\n${text.replace(/--[^\n]*/g, '').replace(/\s+/g, ' ')};\n`;
}

/**
 * The runs behind a fields or confidence figure, as its link asks for them: the runs list's insight filters over the
 * same 30-day window, counts and the first page, through the API; beside them the floor: counting the window's runs
 * with no filter (the index range every filtered query reads), in SQL.
 */
const FIGURE_FILTERS: Record<string, Record<string, string>> = {
  'a field changed (predictionLabel + predictionChanged)': { predictionLabel: 'field_5', predictionChanged: 'true' },
  'a calibration bucket (predictionConfidence)': { predictionConfidence: '0.3-0.4' },
  'runs to review at 0.8 (lowestConfidence)': { lowestConfidence: '0-0.8' },
};

async function benchRunsBehindFigures(
  api: ReturnType<typeof apiClient>,
  client: pg.Client,
  { agentId, organizationId, from, to }: { agentId: string; organizationId: string; from: Date; to: Date },
) {
  // Each request a millisecond apart (`i`), so that the read cache answers none of them.
  const time = async (run: (i: number) => Promise<unknown>) => {
    const samples: number[] = [];
    for (let i = 0; i < SAMPLES + 1; i++) {
      const started = performance.now();
      await run(i);
      if (i >= 1) samples.push(performance.now() - started);
    }
    return median(samples);
  };
  const window = (i: number) => ({
    createdTimeAfter: from.toISOString(),
    createdTimeBefore: new Date(to.getTime() - i).toISOString(),
  });
  const floor = await time(() =>
    client.query(
      'SELECT count(*) FROM agent_runs WHERE organization_id = $1 AND agent_id = $2 AND created_time BETWEEN $3 AND $4',
      [organizationId, agentId, from.toISOString(), to.toISOString()],
    ),
  );
  console.log(`The runs behind a figure, same window, median of ${SAMPLES}:`);
  console.log(`  floor: counting the window's runs without a filter (SQL): ${floor.toFixed(0)} ms`);
  for (const [what, filter] of Object.entries(FIGURE_FILTERS)) {
    const query = (i: number) => new URLSearchParams({ ...window(i), ...filter });
    let matched = 0;
    const counts = await time(async (i) => {
      const result = await api.get(`/agents/${agentId}/runs/counts?${query(i)}`);
      if (result.status !== 200) throw new Error(`counts → ${result.status}: ${JSON.stringify(result.body)}`);
      matched = Object.values(result.body.counts as Record<string, number>).reduce((n, c) => n + c, 0);
    });
    const page = await time(async (i) => {
      const result = await api.get(`/agents/${agentId}/runs?${query(i)}&maxResults=50`);
      if (result.status !== 200) throw new Error(`list → ${result.status}: ${JSON.stringify(result.body)}`);
    });
    console.log(
      `  ${what}: ${matched.toLocaleString('en')} runs; counts ${counts.toFixed(0)} ms, first page of 50 ${page.toFixed(0)} ms`,
    );
  }
}

export async function benchInsights() {
  const url = process.env.DPS_DATABASE_URL;
  if (!url) throw new Error('the insights bench needs PostgreSQL: set DPS_DATABASE_URL');
  const svc = await startTestService();
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const api = apiClient(svc.baseUrl, await svc.getToken());
    const agent = await api.post('/agents', { name: 'Bench agent', description: 'insights bench', resourceIds: [] });
    const agentId: string = agent.body.agentId;
    const found = await client.query<{ schema: string; org: string }>(
      `SELECT n.nspname AS schema FROM pg_namespace n WHERE n.nspname LIKE 't\\_%'`,
    );
    let schema = '';
    let organizationId = '';
    for (const { schema: candidate } of found.rows) {
      const owner = await client.query<{ org: string }>(
        `SELECT organization_id AS org FROM "${candidate}".agents WHERE id = $1`,
        [agentId],
      );
      if (owner.rows.length) [schema, organizationId] = [candidate, owner.rows[0].org];
    }
    if (!schema) throw new Error('the test service schema was not found');
    await client.query(`SET search_path TO "${schema}"`);
    await client.query(EV_FUNCTION);
    let started = performance.now();
    await client.query(SEED_SQL, [organizationId, agentId]);
    await client.query('ANALYZE agent_runs');
    console.log(`seeded ${RUNS.toLocaleString('en')} runs in ${((performance.now() - started) / 1000).toFixed(1)} s`);

    const to = new Date();
    const from = new Date(to.getTime() - 30 * DAY_MS);
    const query = new URLSearchParams({ from: from.toISOString(), to: to.toISOString(), bucket: 'day' });
    const api30: number[] = [];
    let inWindow = 0;
    for (let i = 0; i < SAMPLES + 2; i++) {
      // Each request a millisecond apart, so that the read cache answers none of them.
      query.set('to', new Date(to.getTime() - i).toISOString());
      started = performance.now();
      const result = await api.get(`/agents/${agentId}/insights?${query}`);
      if (result.status !== 200) throw new Error(`insights → ${result.status}: ${JSON.stringify(result.body)}`);
      if (i >= 2) api30.push(performance.now() - started); // the first two warm the caches
      inWindow = (result.body.runs as Record<string, number>[]).reduce(
        (n, b) => n + b.straightThrough + b.reviewed + b.error + b.archived + b.inProgress,
        0,
      );
    }

    const file = path.join(tmpdir(), `insights-bench-${process.pid}.sql`);
    writeFileSync(
      file,
      bareSql(schema, { organizationId, agentId, from: from.toISOString(), to: to.toISOString(), bucket: 'day' }),
    );
    const out = execFileSync('pgbench', ['-n', '-t', String(SAMPLES), '-f', file, url], { encoding: 'utf8' });
    const floor = /latency average = ([\d.]+) ms/.exec(out)?.[1] ?? '?';
    console.log(
      `GET /agents/{agentId}/insights, 30-day window (${inWindow.toLocaleString('en')} of ${RUNS.toLocaleString('en')} runs), ${SAMPLES} requests:`,
    );
    console.log(`  API median ${median(api30).toFixed(0)} ms (min ${Math.min(...api30).toFixed(0)} ms)`);
    console.log(`  bare SQL through pgbench (floor): average ${Number(floor).toFixed(0)} ms`);
    await benchRunsBehindFigures(api, client, { agentId, organizationId, from, to });
    for (const [what, statement] of Object.entries(WRITES)) {
      writeFileSync(
        file,
        `SET search_path TO "${schema}";\n\\set i random(1, ${RUNS})\n${statement(organizationId)}\n`,
      );
      const written = execFileSync('pgbench', ['-n', '-t', String(WRITES_EACH), '-f', file, url], { encoding: 'utf8' });
      const average = /latency average = ([\d.]+) ms/.exec(written)?.[1] ?? '?';
      console.log(`  ${WRITES_EACH.toLocaleString('en')} ${what} through pgbench: average ${average} ms each`);
    }
  } finally {
    await client.end();
    await svc.close();
  }
}
