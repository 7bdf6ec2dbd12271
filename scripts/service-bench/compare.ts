/**
 * The service beside a bare server, in one run (issue 13's yardstick). For one storage at a time, the embedded
 * service runs as `npm run service` runs it (its own process, fresh data dir, demo data off); every measured request
 * is first sent to it and its answer recorded; then a bare `node:http` server (./bare-server.ts, its own process)
 * answers the same requests with those recorded bytes. This process only drives load, identically for both.
 *
 * Per workload: requests/s with 16 in flight, p50/p99 one at a time, and the ratio service / bare of each.
 * Then a 6 MB document POST (6,250,000 base64 characters) one at a time, which has no bare counterpart: on an idle
 * service and back to back (with the previous upload's text recognition still running).
 */
import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { serviceToken } from './service-token';
import { startChild } from '../bench/support/child-process';

const IN_FLIGHT = 16;
const THROUGHPUT_SECONDS = 4;
const SEQUENTIAL = 300;
const WARMUP = 100;

export interface Answer {
  status: number;
  contentType: string;
  body: Buffer;
}

interface Workload {
  name: string;
  method: 'GET' | 'POST' | 'PATCH';
  path: string;
  /** A fresh body per request (create user needs a unique email). */
  body?: (i: number) => unknown;
}

export function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((r) => {
    child.once('exit', () => r());
    child.kill('SIGTERM');
  });
}

export function client(origin: string, token?: string) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: IN_FLIGHT });
  return {
    send(method: string, path: string, body?: unknown): Promise<Answer> {
      const payload = body === undefined ? undefined : Buffer.from(JSON.stringify(body));
      return new Promise((resolvePromise, reject) => {
        const request = http.request(
          new URL(path, origin),
          {
            method,
            agent,
            headers: {
              ...(token ? { authorization: `Bearer ${token}` } : {}),
              ...(payload ? { 'content-type': 'application/json', 'content-length': String(payload.length) } : {}),
            },
          },
          (response) => {
            const chunks: Buffer[] = [];
            response.on('data', (c: Buffer) => chunks.push(c));
            response.on('end', () =>
              resolvePromise({
                status: response.statusCode ?? 0,
                contentType: String(response.headers['content-type'] ?? ''),
                body: Buffer.concat(chunks),
              }),
            );
            response.on('error', reject);
          },
        );
        request.on('error', reject);
        request.end(payload);
      });
    },
    close: () => agent.destroy(),
  };
}

export type Client = ReturnType<typeof client>;

export function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

let sequence = 0;
async function once(c: Client, w: Workload): Promise<void> {
  const answer = await c.send(w.method, w.path, w.body?.(sequence++));
  if (answer.status !== 200)
    throw new Error(`${w.method} ${w.path} → ${answer.status} ${answer.body.toString().slice(0, 200)}`);
}

async function measure(c: Client, w: Workload) {
  for (let i = 0; i < WARMUP; i++) await once(c, w);
  const samples: number[] = [];
  for (let i = 0; i < SEQUENTIAL; i++) {
    const start = performance.now();
    await once(c, w);
    samples.push(performance.now() - start);
  }
  samples.sort((a, b) => a - b);
  let done = 0;
  const until = performance.now() + THROUGHPUT_SECONDS * 1000;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: IN_FLIGHT }, async () => {
      while (performance.now() < until) {
        await once(c, w);
        done++;
      }
    }),
  );
  return {
    rps: done / ((performance.now() - started) / 1000),
    p50: percentile(samples, 50),
    p99: percentile(samples, 99),
  };
}

async function seed(api: Client) {
  let documentId = '';
  for (let i = 0; i < 60; i++) {
    const answer = await api.send('POST', '/v1/documents', { name: `bench ${i}`, metadata: { i } });
    if (answer.status !== 200) throw new Error(`seed document → ${answer.status}`);
    documentId = JSON.parse(answer.body.toString()).documentId;
  }
  return { documentId };
}

function workloads(documentId: string, run: string): Workload[] {
  return [
    { name: 'list 50 documents', method: 'GET', path: '/v1/documents?maxResults=50' },
    { name: 'get document by id', method: 'GET', path: `/v1/documents/${documentId}` },
    { name: 'organizations/me', method: 'GET', path: '/v1/organizations/me' },
    {
      name: 'PATCH groundTruth',
      method: 'PATCH',
      path: `/v1/documents/${documentId}`,
      body: (i) => ({
        groundTruth: [
          { label: 'total_amount', value: String(i), pages: [0] },
          { label: 'invoice_id', value: `INV-${i}` },
        ],
      }),
    },
    {
      name: 'create user',
      method: 'POST',
      path: '/v1/users',
      body: (i) => ({ email: `bench-${run}-${i}@example.com`, name: `Bench ${i}` }),
    },
  ];
}

/** Waits until the document's text recognition (started by its upload) has finished, so the service is idle. */
async function recognitionSettled(api: Client, documentId: string) {
  for (let i = 0; i < 200; i++) {
    const answer = await api.send('GET', `/v1/documents/${documentId}/ocr`);
    const status = answer.status === 200 ? (JSON.parse(answer.body.toString()) as { status: string }).status : '';
    if (status !== 'pending' && status !== 'running') return;
    await new Promise((resolveWait) => setTimeout(resolveWait, 50));
  }
}

/**
 * 6 MB POSTs one at a time, twice: back to back (each upload's text recognition still running during the next
 * POST), then each on an idle service (after the previous upload's recognition finished). Then its file GET.
 */
async function largeDocumentPost(api: Client) {
  const content = randomBytes(4_687_500).toString('base64'); // 6,250,000 characters
  const post = async () => {
    const start = performance.now();
    const answer = await api.send('POST', '/v1/documents', { name: 'large', contentType: 'application/pdf', content });
    if (answer.status !== 200) throw new Error(`6 MB POST → ${answer.status} ${answer.body.toString().slice(0, 200)}`);
    return {
      ms: performance.now() - start,
      documentId: (JSON.parse(answer.body.toString()) as { documentId: string }).documentId,
    };
  };
  const backToBack: number[] = [];
  let documentId = (await post()).documentId; // warms the path
  for (let i = 0; i < 5; i++) backToBack.push((await post()).ms);
  const idle: number[] = [];
  for (let i = 0; i < 5; i++) {
    await recognitionSettled(api, documentId);
    const sample = await post();
    idle.push(sample.ms);
    documentId = sample.documentId;
  }
  const downloads: number[] = [];
  for (let i = 0; i < 5; i++) {
    const start = performance.now();
    const answer = await api.send('GET', `/v1/documents/${documentId}/file`);
    if (answer.status !== 200 || answer.body.length !== 4_687_500) throw new Error(`6 MB file GET → ${answer.status}`);
    downloads.push(performance.now() - start);
  }
  for (const samples of [backToBack, idle, downloads]) samples.sort((a, b) => a - b);
  return {
    backToBack: percentile(backToBack, 50),
    idle: percentile(idle, 50),
    idleMax: idle[idle.length - 1],
    download: percentile(downloads, 50),
  };
}

export async function compareWithBare(storage: 'PGlite' | 'PostgreSQL', { readCache = true } = {}): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), 'dps-bench-service-'));
  const run = randomBytes(4).toString('hex');
  const env: NodeJS.ProcessEnv = {
    DPS_SERVICE_HOST: '127.0.0.1',
    DPS_SERVICE_PORT: '0',
    DPS_DATA_DIR: dataDir,
    DPS_DEMO: '0',
    DPS_SERVICE_LOG: '0',
    DPS_SERVICE_READ_CACHE: readCache ? '1' : '0',
    DPS_DEFAULT_QUOTAS: JSON.stringify({ numberOfUsersAllowed: 10_000_000 }),
    DPS_DATABASE_URL: storage === 'PostgreSQL' ? process.env.DPS_DATABASE_URL : '',
    DPS_DATABASE_SCHEMA: storage === 'PostgreSQL' ? `bench_${run}` : '',
  };
  const service = await startChild(['src/server/service/main.ts'], env, /base URL (http:\/\/\S+?)\/v1\b/);
  let bare: ChildProcess | undefined;
  try {
    const origin = service.match[1];
    const token = await serviceToken(origin, dataDir);
    const api = client(origin, token);
    const { documentId } = await seed(api);
    const list = workloads(documentId, run);

    const recorded: Record<string, { status: number; contentType: string; body: string }> = {};
    for (const w of list) {
      const answer = await api.send(w.method, w.path, w.body?.(sequence++));
      recorded[`${w.method} ${w.path.split('?')[0]}`] = {
        status: answer.status,
        contentType: answer.contentType,
        body: answer.body.toString('base64'),
      };
    }
    const recordFile = join(dataDir, 'recorded.json');
    writeFileSync(recordFile, JSON.stringify(recorded));
    const started = await startChild(['scripts/service-bench/bare-server.ts', recordFile], {}, /bare server on (\d+)/);
    bare = started.child;
    const bareClient = client(`http://127.0.0.1:${started.match[1]}`);

    console.log(
      `\nservice (${storage}, read cache ${readCache ? 'on' : 'off'}) vs bare node:http answering the service's recorded bytes — ${IN_FLIGHT} in flight for ${THROUGHPUT_SECONDS} s; p50/p99 of ${SEQUENTIAL} one at a time`,
    );
    console.log(
      ['workload'.padEnd(30), 'service rps', 'bare rps', 'ratio', 'svc p50', 'svc p99', 'bare p50', 'bare p99']
        .map((h, i) => (i ? h.padStart(11) : h))
        .join(''),
    );
    for (const w of list) {
      const s = await measure(api, w);
      const b = await measure(bareClient, w);
      const size = recorded[`${w.method} ${w.path.split('?')[0]}`].body.length * 0.75;
      console.log(
        [
          `${w.name} (${(size / 1024).toFixed(1)} KB)`.padEnd(30),
          s.rps.toFixed(0),
          b.rps.toFixed(0),
          (s.rps / b.rps).toFixed(3),
          s.p50.toFixed(2),
          s.p99.toFixed(2),
          b.p50.toFixed(2),
          b.p99.toFixed(2),
        ]
          .map((c, i) => (i ? c.padStart(11) : c))
          .join(''),
      );
    }
    bareClient.close();
    const large = await largeDocumentPost(api);
    console.log(
      `6 MB document POST (6,250,000 base64 characters), one at a time, p50 of 5: on an idle service ${large.idle.toFixed(0)} ms (max ${large.idleMax.toFixed(0)}), back to back with the previous upload's recognition running ${large.backToBack.toFixed(0)} ms; its file GET ${large.download.toFixed(0)} ms`,
    );
    api.close();
  } finally {
    if (bare) await stop(bare);
    await stop(service.child);
    rmSync(dataDir, { recursive: true, force: true });
  }
}
