/**
 * `npm run bench:service`: first the service beside a bare server answering its recorded bytes
 * (./service-bench/compare.ts), on PGlite and, with DPS_DATABASE_URL, on PostgreSQL, each with the read cache on, then off;
 * then the embedded service on
 * loopback (PGlite, or PostgreSQL with DPS_DATABASE_URL): list latency (p50/p99, first page and a deep page reached through nextToken) at 1,000 and at 10,000
 * documents side by side — keyset pagination should keep them flat — and PATCH throughput. With PostgreSQL, `compare`
 * also runs ./service-bench/writes.ts (`-- writes` alone): three writes beside pgbench running their very statements.
 * A script, not a test.
 */
import pg from 'pg';
import { startTestService } from '../src/server/service/testing/start-test-service';
import { compareWithBare } from './service-bench/compare';
import { benchBacklog } from './service-bench/backlog';
import { benchInsights } from './service-bench/insights';
import { benchWrites } from './service-bench/writes';
import { apiClient, type ApiClient } from '../src/server/service/testing/http';

const LIST_SAMPLES = 200;
const PAGE_SIZE = 50;

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

async function timed(fn: () => Promise<unknown>): Promise<number> {
  const start = performance.now();
  await fn();
  return performance.now() - start;
}

/** Runs `count` calls of `fn` with `concurrency` in flight. */
async function pool(count: number, concurrency: number, fn: (i: number) => Promise<void>) {
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < count) await fn(next++);
    }),
  );
}

async function fillTo(api: ApiClient, target: number, have: number) {
  await pool(target - have, 8, async (i) => {
    const result = await api.post('/documents', { name: `bench ${have + i}`, metadata: { i: have + i } });
    if (result.status !== 200) throw new Error(`POST /documents → ${result.status}`);
  });
}

async function deepToken(api: ApiClient, pages: number): Promise<string> {
  let token = '';
  for (let i = 0; i < pages; i++) {
    const { body } = await api.get(
      `/documents?maxResults=${PAGE_SIZE}${token ? `&nextToken=${encodeURIComponent(token)}` : ''}`,
    );
    token = body.nextToken;
  }
  return token;
}

async function listLatency(api: ApiClient, query: string) {
  const samples: number[] = [];
  for (let i = 0; i < LIST_SAMPLES; i++) {
    samples.push(
      await timed(async () => {
        const result = await api.get(`/documents?${query}`);
        if (result.status !== 200) throw new Error(`list → ${result.status}`);
      }),
    );
  }
  samples.sort((a, b) => a - b);
  return { p50: percentile(samples, 50), p99: percentile(samples, 99) };
}

export default async function benchService() {
  const svc = await startTestService();
  try {
    const api = apiClient(svc.baseUrl, await svc.getToken());
    const rows: string[][] = [];
    let have = 0;
    for (const size of [1_000, 10_000]) {
      await fillTo(api, size, have);
      have = size;
      const first = await listLatency(api, `maxResults=${PAGE_SIZE}`);
      const token = await deepToken(api, Math.floor(size / PAGE_SIZE / 2));
      const deep = await listLatency(api, `maxResults=${PAGE_SIZE}&nextToken=${encodeURIComponent(token)}`);
      rows.push([
        size.toLocaleString('en'),
        first.p50.toFixed(2),
        first.p99.toFixed(2),
        deep.p50.toFixed(2),
        deep.p99.toFixed(2),
      ]);
    }
    console.log(`GET /documents?maxResults=${PAGE_SIZE} latency in ms (${LIST_SAMPLES} sequential requests each)`);
    console.log(
      ['documents', 'first p50', 'first p99', 'middle p50', 'middle p99'].map((h) => h.padStart(11)).join(''),
    );
    for (const row of rows) console.log(row.map((c) => c.padStart(11)).join(''));

    const { body } = await api.get('/documents?maxResults=200');
    const ids: string[] = body.documents.map((d: { documentId: string }) => d.documentId);
    const patches = 2_000;
    const started = performance.now();
    await pool(patches, 8, async (i) => {
      const result = await api.patch(`/documents/${ids[i % ids.length]}`, { metadata: { patched: i } });
      if (result.status !== 200) throw new Error(`PATCH → ${result.status}`);
    });
    const seconds = (performance.now() - started) / 1000;
    console.log(`PATCH /documents/{id}: ${patches} requests, 8 in flight, ${(patches / seconds).toFixed(0)} req/s`);
  } finally {
    await svc.close();
  }
}

/** The comparison leaves its PostgreSQL schemas behind while it runs; drop them after. */
async function dropBenchSchemas(url: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ name: string }>(
      "select nspname as name from pg_namespace where nspname like 'bench\\_%'",
    );
    for (const { name } of rows) await client.query(`drop schema "${name}" cascade`);
  } finally {
    await client.end();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  // `npm run bench:service -- compare` or `-- lists` runs one part.
  const parts = process.argv.slice(2);
  if (parts.length === 0 || parts.includes('compare')) {
    await compareWithBare('PGlite');
    await compareWithBare('PGlite', { readCache: false });
    if (process.env.DPS_DATABASE_URL) {
      await compareWithBare('PostgreSQL');
      await compareWithBare('PostgreSQL', { readCache: false });
      // The three writes of issue 40 beside pgbench running the statements the service sends for them.
      await benchWrites();
      await dropBenchSchemas(process.env.DPS_DATABASE_URL);
    }
  }
  // Only the writes beside pgbench (PostgreSQL: DPS_DATABASE_URL).
  if (parts.includes('writes')) await benchWrites();
  if (parts.length === 0 || parts.includes('lists')) await benchService();
  // A million runs: only when asked for by name.
  if (parts.includes('insights')) await benchInsights();
  // Reads and a write while recognition drains 2,000 uploads (PGlite, or PostgreSQL with DPS_DATABASE_URL).
  if (parts.length === 0 || parts.includes('backlog')) await benchBacklog();
}
