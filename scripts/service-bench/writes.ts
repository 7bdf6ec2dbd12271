/**
 * The three writes of issue 40 beside pgbench running the very statements the service sends (PostgreSQL only:
 * DPS_DATABASE_URL). For each write — a document PATCH of groundTruth, an agent run status change (PATCH
 * {status: archived}) and a review confirmation (PATCH of the run's validation task to succeeded with the reviewer's
 * groundTruth, which moves the run to review-completed) — the service runs in its own process as compare.ts starts it,
 * with ./statement-capture.ts preloaded. The bench sends one request of the write and records every statement the
 * service sent for it (the caller lookup included), then:
 *
 *  - the service: p50 of 300 requests one at a time, and requests/s of 3,000 with 16 in flight;
 *  - pgbench (`-n -f`, simple protocol, in the same schema): the recorded statements with the recorded parameters
 *    written in, average latency of 1,000 transactions from 1 client and tps of 500 from each of 16 clients;
 *  - the request floor: a bare `node:http` server (./bare-write-server.ts) that sends the same statements with the
 *    same parameters for each request and answers the service's recorded response, measured as the service is.
 *
 * Every request and every pgbench transaction writes its own row: the rows are copies of one template made in SQL
 * (ids `svc:<type>:<24 zeros><8 digits>`, where pgbench's `:n_row` stands for the digits), so concurrent writes measure
 * what a write costs, not one row's lock, and a status change always finds its run in the status it moves from.
 */
import type { ChildProcess } from 'node:child_process';
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { serviceToken } from './service-token';
import { startChild } from '../bench/support/child-process';
import { client, percentile, stop, type Answer, type Client } from './compare';
import type { BareWriteSetup } from './bare-write-server';

const IN_FLIGHT = 16;
const BASE = 10_000_000;
/** Row offsets from BASE: the recorded request's row, then disjoint ranges for every phase. */
const CAPTURE_ROW = 0;
const WARMUP = 50;
const SEQUENTIAL = 300;
const SEQUENTIAL_FROM = 1;
const CONCURRENT = 3_000;
const CONCURRENT_FROM = 1_000;
const PGBENCH_LATENCY = 1_000;
const PGBENCH_LATENCY_FROM = 5_000;
const PGBENCH_EACH = 500;
const PGBENCH_STRIDE = 600;
const PGBENCH_THROUGHPUT_FROM = 7_000;
/** The bare write server's rows: the service's phases again, this far on. */
const BARE_OFFSET = PGBENCH_THROUGHPUT_FROM + IN_FLIGHT * PGBENCH_STRIDE + 1;
const ROWS = BARE_OFFSET + CONCURRENT_FROM + CONCURRENT;

/**
 * The ids of seeded rows: `prefix` + the row number's 8 digits padded with zeros to `width` (the prefix and the
 * digits together 32 lowercase hex, as ids must be). pgbench's `:n_row` stands for the digits.
 */
interface IdFamily {
  prefix: string;
  width: number;
}
const seededId = ({ prefix, width }: IdFamily, row: number) => `${prefix}${String(BASE + row).padStart(width, '0')}`;
const pgbenchId = ({ prefix, width }: IdFamily) => `${prefix}${'0'.repeat(width - 8)}:n_row`;
const DOCUMENTS: IdFamily = { prefix: 'svc:document:', width: 32 };
const RUNS_WAITING: IdFamily = { prefix: 'svc:run:', width: 32 };
/** Runs in review: a 1 after the prefix keeps them apart from the runs waiting. */
const RUNS_IN_REVIEW: IdFamily = { prefix: 'svc:run:1', width: 31 };
const TASKS: IdFamily = { prefix: 'svc:validation-task:', width: 32 };

interface Write {
  name: string;
  /** The id families of the rows one request writes (each seeded row number gives one id of each). */
  families: IdFamily[];
  /** The table whose rows of `family` each request rewrites (checked after pgbench: it wrote every row it was given). */
  written: { table: string; family: IdFamily };
  request(row: number): { path: string; body: unknown };
}

type Statement = { text: string; params: unknown[]; name?: string };

function literal(value: unknown): string {
  if (value === null || value === undefined) return 'NULL';
  if (value instanceof Date) return `'${value.toISOString()}'`;
  const text = typeof value === 'object' ? JSON.stringify(value) : String(value);
  return `'${text.replaceAll("'", "''")}'`;
}

/** A recorded statement as pgbench runs it: its parameters written in, on one line. */
function inlined({ text, params }: Statement): string {
  const sql = text.replace(/\$(\d+)/g, (_, n: string) => literal(params[Number(n) - 1]));
  return sql
    .replace(/--[^\n]*/g, '')
    .replace(/\s+/g, ' ')
    .trim();
}

/** Copies the template row `count` times into rows of seededId ids, every text and JSON column's ids replaced. */
async function cloneRows(
  db: pg.Client,
  schema: string,
  table: string,
  template: string,
  replacements: [from: string, family: IdFamily][],
) {
  const { rows: columns } = await db.query<{ name: string; type: string }>(
    `SELECT column_name AS name, data_type AS type FROM information_schema.columns
      WHERE table_schema = $1 AND table_name = $2 AND is_generated = 'NEVER' AND is_identity = 'NO'
      ORDER BY ordinal_position`,
    [schema, table],
  );
  const quote = (s: string) => `'${s.replaceAll("'", "''")}'`;
  const replaced = (expression: string) =>
    replacements.reduce(
      (inner, [from, { prefix, width }]) =>
        `replace(${inner}, ${quote(from)}, ${quote(prefix)} || lpad(g.i::text, ${width}, '0'))`,
      expression,
    );
  const values = columns.map(({ name, type }) => {
    const column = `t."${name}"`;
    if (type === 'text') return replaced(column);
    if (type === 'json' || type === 'jsonb') return `${replaced(`${column}::text`)}::${type}`;
    return column;
  });
  await db.query(
    `INSERT INTO "${table}" (${columns.map((c) => `"${c.name}"`).join(', ')})
     SELECT ${values.join(', ')} FROM "${table}" t, generate_series(${BASE}, ${BASE + ROWS - 1}) AS g(i)
      WHERE t.id = ${quote(template)}`,
  );
}

async function pgbench(url: string, schema: string, file: string, args: string[]): Promise<string> {
  return execFileSync('pgbench', ['-n', '-f', file, ...args, url], {
    encoding: 'utf8',
    env: { ...process.env, PGOPTIONS: `-c search_path=${schema}` },
  });
}

/** p50 one at a time and req/s with IN_FLIGHT in flight of `write` sent to `api` (the service or the bare floor). */
async function serviceFigures(api: Client, write: Write, rowOffset = 0) {
  const send = async (row: number) => {
    const { path, body } = write.request(rowOffset + row);
    const answer = await api.send('PATCH', path, body);
    if (answer.status !== 200)
      throw new Error(`${write.name} → ${answer.status} ${answer.body.toString().slice(0, 300)}`);
  };
  for (let i = 0; i < WARMUP; i++) await send(SEQUENTIAL_FROM + i);
  const samples: number[] = [];
  for (let i = 0; i < SEQUENTIAL; i++) {
    const start = performance.now();
    await send(SEQUENTIAL_FROM + WARMUP + i);
    samples.push(performance.now() - start);
  }
  samples.sort((a, b) => a - b);
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: IN_FLIGHT }, async () => {
      while (next < CONCURRENT) await send(CONCURRENT_FROM + next++);
    }),
  );
  return { p50: percentile(samples, 50), rps: CONCURRENT / ((performance.now() - started) / 1000) };
}

async function pgbenchFigures(url: string, schema: string, script: string) {
  const file = join(tmpdir(), `writes-bench-${process.pid}.sql`);
  writeFileSync(file, script);
  try {
    const single = await pgbench(url, schema, file, [
      '-c',
      '1',
      '-t',
      String(PGBENCH_LATENCY),
      '-D',
      'k=0',
      '-D',
      `off=${BASE + PGBENCH_LATENCY_FROM}`,
    ]);
    const many = await pgbench(url, schema, file, [
      '-c',
      String(IN_FLIGHT),
      '-j',
      '2',
      '-t',
      String(PGBENCH_EACH),
      '-D',
      'k=0',
      '-D',
      `off=${BASE + PGBENCH_THROUGHPUT_FROM}`,
    ]);
    for (const out of [single, many]) {
      const failed = /number of failed transactions: (\d+)/.exec(out)?.[1];
      if (failed && failed !== '0') throw new Error(`pgbench: ${failed} failed transactions\n${out}`);
    }
    return {
      latency: Number(/latency average = ([\d.]+) ms/.exec(single)?.[1] ?? NaN),
      tps: Number(/tps = ([\d.]+)/.exec(many)?.[1] ?? NaN),
    };
  } finally {
    rmSync(file, { force: true });
  }
}

export async function benchWrites(): Promise<void> {
  const url = process.env.DPS_DATABASE_URL;
  if (!url) throw new Error('the writes bench needs PostgreSQL: set DPS_DATABASE_URL');
  const dataDir = mkdtempSync(join(tmpdir(), 'dps-bench-writes-'));
  const schema = `bench_${randomBytes(4).toString('hex')}`;
  const captureFile = join(dataDir, 'statements.jsonl');
  const service = await startChild(
    ['--import', './scripts/service-bench/statement-capture.ts', 'src/server/service/main.ts'],
    {
      DPS_SERVICE_HOST: '127.0.0.1',
      DPS_SERVICE_PORT: '0',
      DPS_DATA_DIR: dataDir,
      DPS_DEMO: '0',
      DPS_SERVICE_LOG: '0',
      DPS_DATABASE_URL: url,
      DPS_DATABASE_SCHEMA: schema,
      DPS_BENCH_CAPTURE_FILE: captureFile,
    },
    /base URL (http:\/\/\S+?)\/v1\b/,
  );
  const db = new pg.Client({ connectionString: url, options: `-c search_path=${schema}` });
  let api: Client | undefined;
  try {
    await db.connect();
    const origin = service.match[1];
    api = client(origin, await serviceToken(origin, dataDir));
    const writes = await seed(api, db, schema);

    console.log(
      `\nwrites: service (PostgreSQL) vs pgbench running the statements the service sent for one request, same schema, every write on its own row` +
        `\n  one at a time: service p50 of ${SEQUENTIAL} vs pgbench average of ${PGBENCH_LATENCY} (1 client); ${IN_FLIGHT} in flight: service req/s of ${CONCURRENT.toLocaleString('en')} vs pgbench tps (${IN_FLIGHT} clients × ${PGBENCH_EACH}, -j 2)`,
    );
    const rows: string[][] = [];
    for (const write of writes) {
      const captured = Date.now();
      const { statements, answer } = await capture(api, service.child, captureFile, write);
      const script =
        `\\set k :k + 1\n\\set n_row :off + :client_id * ${PGBENCH_STRIDE} + :k\n` +
        statements
          .map((statement) => {
            let sql = inlined(statement);
            for (const family of write.families) sql = sql.replaceAll(seededId(family, CAPTURE_ROW), pgbenchId(family));
            return `${sql};`;
          })
          .join('\n') +
        '\n';
      console.log(`\n${write.name}: ${statements.length} statements`);
      for (const statement of statements) {
        const text = statement.text.replace(/\s+/g, ' ').trim();
        console.log(`  ${text.length > 220 ? `${text.slice(0, 217)}...` : text}`);
      }
      const s = await serviceFigures(api, write);
      const f = await bareFigures(dataDir, schema, write, statements, answer);
      const b = await pgbenchFigures(url, schema, script);
      // The floor's requests and pgbench's transactions each rewrote their row (a statement that matched none would
      // have been cheaper).
      const bareRows = WARMUP + SEQUENTIAL + CONCURRENT;
      await checkRewritten(db, write, BARE_OFFSET, ROWS, bareRows, captured);
      await checkRewritten(
        db,
        write,
        PGBENCH_LATENCY_FROM,
        BARE_OFFSET,
        PGBENCH_LATENCY + IN_FLIGHT * PGBENCH_EACH,
        captured,
      );
      rows.push([
        write.name,
        String(statements.length),
        s.p50.toFixed(2),
        f.p50.toFixed(2),
        b.latency.toFixed(2),
        (f.p50 / s.p50).toFixed(2),
        (b.latency / s.p50).toFixed(2),
        s.rps.toFixed(0),
        f.rps.toFixed(0),
        b.tps.toFixed(0),
        (s.rps / f.rps).toFixed(2),
        (s.rps / b.tps).toFixed(2),
      ]);
    }
    console.log('');
    console.log(
      [
        'write'.padEnd(22),
        'stmts',
        'svc p50',
        'bare p50',
        'pgb avg',
        '× bare',
        '× pgb',
        'svc req/s',
        'bare req/s',
        'pgb tps',
        '× bare',
        '× pgb',
      ]
        .map((h, i) => (i ? h.padStart(11) : h))
        .join(''),
    );
    for (const row of rows) console.log(row.map((c, i) => (i ? c.padStart(11) : c.padEnd(22))).join(''));
    console.log(
      '  (× pgb: pgbench latency / service p50, and service req/s / pgbench tps: 1.00 is the database speed;' +
        '\n   × bare: the same against a bare node:http server sending the same statements per request: 1.00 is the' +
        '\n   floor of any HTTP server doing this write)',
    );
  } finally {
    api?.close();
    await stop(service.child as ChildProcess);
    // Only its own schema: another bench may be running beside it.
    await db.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`).catch(() => undefined);
    await db.end();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** The statements the service sends for one request of `write` (on the capture row). */
async function capture(
  api: Client,
  child: ChildProcess,
  file: string,
  write: Write,
): Promise<{ statements: Statement[]; answer: Answer }> {
  const settle = () => new Promise((r) => setTimeout(r, 200));
  writeFileSync(file, '');
  child.kill('SIGUSR2');
  await settle();
  const { path, body } = write.request(CAPTURE_ROW);
  const answer = await api.send('PATCH', path, body);
  child.kill('SIGUSR2');
  await settle();
  if (answer.status !== 200)
    throw new Error(`${write.name} → ${answer.status} ${answer.body.toString().slice(0, 300)}`);
  const statements = readFileSync(file, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as Statement);
  return { statements, answer };
}

/** The bare write server's figures for `write`: the same statements per request, on its own rows. */
async function bareFigures(dataDir: string, schema: string, write: Write, statements: Statement[], answer: Answer) {
  const setup: BareWriteSetup = {
    statements,
    replace: write.families.map((family) => [
      seededId(family, CAPTURE_ROW),
      family.prefix + '0'.repeat(family.width - 8),
    ]),
    response: { status: answer.status, contentType: answer.contentType, body: answer.body.toString('base64') },
  };
  const file = join(dataDir, 'bare-write.json');
  writeFileSync(file, JSON.stringify(setup));
  const bare = await startChild(
    ['scripts/service-bench/bare-write-server.ts', file],
    { DPS_DATABASE_SCHEMA: schema },
    /bare write server on (\d+)/,
  );
  const api = client(`http://127.0.0.1:${bare.match[1]}`);
  try {
    return await serviceFigures(api, write, BARE_OFFSET);
  } finally {
    api.close();
    await stop(bare.child);
  }
}

/** Checks that the rows `from`..`to` (seeded row numbers) of `write` were each rewritten since `since`. */
async function checkRewritten(db: pg.Client, write: Write, from: number, to: number, expected: number, since: number) {
  const { table, family } = write.written;
  const { rows } = await db.query<{ n: string }>(
    `SELECT count(*) AS n FROM "${table}" WHERE id >= $1 AND id < $2 AND updated_time >= $3`,
    [seededId(family, from), seededId(family, to), new Date(since - 1000).toISOString()],
  );
  if (Number(rows[0].n) !== expected) throw new Error(`${write.name}: ${rows[0].n} rows rewritten, not ${expected}`);
}

/**
 * An agent (a model and a validation that sends every run to review), a template document, a template run waiting
 * for review and a template run in review with its task taken; each copied ROWS times in SQL.
 */
async function seed(api: Client, db: pg.Client, schema: string): Promise<Write[]> {
  const post = async (path: string, body: unknown, method = 'POST') => {
    const answer = await api.send(method, path, body);
    if (answer.status !== 200) throw new Error(`${method} ${path} → ${answer.status} ${answer.body.toString()}`);
    return JSON.parse(answer.body.toString()) as Record<string, string>;
  };
  const { modelId } = await post('/v1/models', {
    name: 'bench model',
    fieldConfig: { invoice_id: { type: 'string' }, total_amount: { type: 'amount' } },
  });
  const { validationId } = await post('/v1/validations', {
    name: 'bench validation',
    config: { rules: [{ type: 'confidenceThreshold', threshold: 1 }] },
  });
  const { agentId } = await post('/v1/agents', {
    name: 'bench agent',
    description: 'writes bench',
    resourceIds: [modelId, validationId],
  });
  const groundTruth = (i: number) => [
    { label: 'total_amount', value: String(i), pages: [0] },
    { label: 'invoice_id', value: `INV-${i}` },
  ];
  const { documentId } = await post('/v1/documents', { name: 'bench.pdf', groundTruth: groundTruth(0) });
  const waiting = await post(`/v1/agents/${agentId}/runs`, { documentId });
  const inReview = await post(`/v1/agents/${agentId}/runs`, { documentId });
  const variables = await post(`/v1/agents/${agentId}/runs/${inReview.runId}/variables`, undefined, 'GET');
  const taskId = variables.validationTaskId;
  await post(`/v1/validations/${validationId}/tasks/${taskId}`, { status: 'in-progress' }, 'PATCH');

  const started = performance.now();
  await db.query('BEGIN');
  await cloneRows(db, schema, 'documents', documentId, [[documentId, DOCUMENTS]]);
  await cloneRows(db, schema, 'agent_runs', waiting.runId, [[waiting.runId, RUNS_WAITING]]);
  await db.query('COMMIT');
  // A run in review and its task: copied in one transaction.
  await db.query('BEGIN');
  const inReviewIds: [string, IdFamily][] = [
    [inReview.runId, RUNS_IN_REVIEW],
    [taskId, TASKS],
  ];
  await cloneRows(db, schema, 'agent_runs', inReview.runId, inReviewIds);
  await cloneRows(db, schema, 'validation_tasks', taskId, inReviewIds);
  await db.query('COMMIT');
  await db.query('ANALYZE');
  console.log(
    `\nwrites bench: seeded ${ROWS.toLocaleString('en')} documents, runs waiting for review, and runs in review with their tasks in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
  return [
    {
      name: 'PATCH groundTruth',
      families: [DOCUMENTS],
      written: { table: 'documents', family: DOCUMENTS },
      request: (row) => ({
        path: `/v1/documents/${seededId(DOCUMENTS, row)}`,
        body: { groundTruth: groundTruth(row) },
      }),
    },
    {
      name: 'run status → archived',
      families: [RUNS_WAITING],
      written: { table: 'agent_runs', family: RUNS_WAITING },
      request: (row) => ({
        path: `/v1/agents/${agentId}/runs/${seededId(RUNS_WAITING, row)}`,
        body: { status: 'archived' },
      }),
    },
    {
      name: 'review confirmation',
      families: [RUNS_IN_REVIEW, TASKS],
      written: { table: 'validation_tasks', family: TASKS },
      request: (row) => ({
        path: `/v1/validations/${validationId}/tasks/${seededId(TASKS, row)}`,
        body: { status: 'succeeded', output: { groundTruth: groundTruth(row) } },
      }),
    },
  ];
}
