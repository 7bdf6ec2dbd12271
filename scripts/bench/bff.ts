/**
 * BFF overhead, side by side in one run on loopback: the embedded service called directly with a bearer token vs the
 * same calls through the BFF with an operator session (X-CSRF, session lookup, header allowlists, token, streaming),
 * beside two floors: a bare node:http pass-through proxy and the same pass-through as one Fastify route.
 * The service and the BFF run as separate processes, as in `npm start`; this process only drives load.
 *
 * Per workload: requests/s at a fixed concurrency, and p50/p99 of sequential requests (one at a time, so the added
 * latency is the BFF's own, not queueing). Plus the number of token requests the BFF made during the whole run
 * (a recording pass-through in front of the token endpoint counts them).
 * Aims (issue 13): BFF ≥ 90% of direct throughput on list GET and PATCH, ≤ 2 ms added at p99, one token request.
 * Throughput is the median of three alternating rounds per target.
 * Run alone with `npx tsx scripts/bench/bff.ts`, or as part of `npm run bench`; BENCH_BFF_WORKLOADS=list (or patch, post,
 * comma-separated) runs only those workloads, e.g. to profile one with DPS_BENCH_NODE_ARGS="--cpu-prof …".
 */
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { startChild } from './support/child-process';

interface Target {
  name: 'direct' | 'bare proxy' | 'bare Fastify' | 'BFF';
  origin: string;
  /** Path prefix that maps to `{base_url}`. */
  prefix: string;
  headers: Record<string, string>;
}

interface Answer {
  status: number;
  body: Buffer;
}

/** The embedded service as `npm run service` starts it (PGlite, no demo data) in `dataDir`. */
export async function startServiceChild(dataDir: string) {
  const service = await startChild(
    ['src/server/service/main.ts'],
    {
      DPS_SERVICE_HOST: '127.0.0.1',
      DPS_SERVICE_PORT: '0',
      DPS_DATA_DIR: dataDir,
      DPS_DEMO: '0',
      DPS_SERVICE_LOG: '0',
      DPS_DATABASE_URL: '',
    },
    /^DPS service: base URL (\S+) \(token endpoint (\S+)\/oauth2\/token\)/,
  );
  const [, baseUrl, authUrl] = service.match;
  const credentials = JSON.parse(readFileSync(join(dataDir, 'credentials.json'), 'utf8')) as {
    clientId: string;
    clientSecret: string;
  };
  return { service, baseUrl, authUrl, credentials };
}

/** The environment of a BFF in front of that service, with its own data dir and no console. */
export function bffEnv(options: {
  dataDir: string;
  baseUrl: string;
  authUrl: string;
  credentials: { clientId: string; clientSecret: string };
}): NodeJS.ProcessEnv {
  return {
    HOST: '127.0.0.1',
    PORT: '0',
    DPS_DATA_DIR: options.dataDir,
    DPS_BASE_URL: options.baseUrl,
    DPS_AUTH_URL: options.authUrl,
    DPS_CLIENT_ID: options.credentials.clientId,
    DPS_CLIENT_SECRET: options.credentials.clientSecret,
    DPS_CONSOLE_DIR: join(options.dataDir, 'no-console'),
    LOG_LEVEL: 'warn',
  };
}

/** Counts token requests on their way to the service's token endpoint. */
async function startTokenCounter(target: string): Promise<{ url: string; count: () => number; close: () => void }> {
  let count = 0;
  const server = http.createServer((request, response) => {
    count++;
    const chunks: Buffer[] = [];
    request.on('data', (c: Buffer) => chunks.push(c));
    request.on('end', async () => {
      const upstream = await fetch(`${target}${request.url}`, {
        method: 'POST',
        headers: {
          authorization: request.headers.authorization ?? '',
          'content-type': request.headers['content-type'] ?? '',
        },
        body: Buffer.concat(chunks),
      });
      response.writeHead(upstream.status, { 'content-type': 'application/json' });
      response.end(Buffer.from(await upstream.arrayBuffer()));
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    count: () => count,
    close: () => server.close(),
  };
}

function makeClient(maxSockets: number) {
  const agent = new http.Agent({ keepAlive: true, maxSockets });
  return {
    request(target: Target, method: string, path: string, body?: Buffer): Promise<Answer> {
      const url = new URL(`${target.prefix}${path}`, target.origin);
      return new Promise((resolvePromise, reject) => {
        const outgoing = http.request(
          url,
          {
            method,
            agent,
            headers: {
              ...target.headers,
              ...(body ? { 'content-type': 'application/json', 'content-length': String(body.length) } : {}),
            },
          },
          (response) => {
            const chunks: Buffer[] = [];
            response.on('data', (c: Buffer) => chunks.push(c));
            response.on('end', () => resolvePromise({ status: response.statusCode ?? 0, body: Buffer.concat(chunks) }));
            response.on('error', reject);
          },
        );
        outgoing.on('error', reject);
        outgoing.end(body);
      });
    },
    close: () => agent.destroy(),
  };
}

type Client = ReturnType<typeof makeClient>;
type Call = (client: Client, target: Target, i: number) => Promise<Answer>;

function progress(message: string): void {
  process.stderr.write(`  bff bench: ${message}\n`);
}

/** CPU time (user + system) a process has used so far, in ms, from /proc (Linux). */
function cpuMs(pid: number | undefined): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100; // utime, stime in clock ticks (100 Hz)
  } catch {
    return NaN;
  }
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

async function checked(call: Call, client: Client, target: Target, i: number): Promise<void> {
  const answer = await call(client, target, i);
  if (answer.status !== 200)
    throw new Error(`${target.name}: HTTP ${answer.status} ${answer.body.toString('utf8').slice(0, 200)}`);
}

/** p50 / p99 in ms of `count` requests sent one after another. */
async function sequentialLatency(call: Call, target: Target, count: number): Promise<{ p50: number; p99: number }> {
  const client = makeClient(1);
  const times: number[] = [];
  try {
    for (let i = 0; i < count; i++) {
      const started = process.hrtime.bigint();
      await checked(call, client, target, i);
      times.push(Number(process.hrtime.bigint() - started) / 1e6);
    }
  } finally {
    client.close();
  }
  times.sort((a, b) => a - b);
  return { p50: percentile(times, 50), p99: percentile(times, 99) };
}

/** Requests per second with `concurrency` requests in flight, `total` requests in all. */
async function throughput(call: Call, target: Target, concurrency: number, total: number): Promise<number> {
  const client = makeClient(concurrency);
  let next = 0;
  const started = process.hrtime.bigint();
  try {
    await Promise.all(
      Array.from({ length: concurrency }, async () => {
        while (next < total) await checked(call, client, target, next++);
      }),
    );
  } finally {
    client.close();
  }
  return total / (Number(process.hrtime.bigint() - started) / 1e9);
}

interface Workload {
  name: string;
  call: Call;
  latencyCount: number;
  concurrency: number;
  total: number;
  warmUp?: number;
  /**
   * Requests sent at `concurrency` to each target before any round (default none): the JIT reaches steady code only
   * after a few thousand requests, and the BFF runs more code than the floors, so it warms up last.
   */
  warmUpBurst?: number;
  /** Throughput rounds per target (default 3). */
  rounds?: number;
}

interface Row {
  workload: string;
  rps: Record<Target['name'], number>;
  /** CPU ms per request of the service and of the proxy in front of it (if any) during the throughput rounds. */
  cpu: Record<Target['name'], { service: number[]; proxy: number[] }>;
  p50: Record<Target['name'], number>;
  p99: Record<Target['name'], number>;
}

export default async function bffBench(): Promise<void> {
  const started = Date.now();
  const serviceDir = mkdtempSync(join(tmpdir(), 'dps-bench-service-'));
  const bffDir = mkdtempSync(join(tmpdir(), 'dps-bench-bff-'));
  const children: ChildProcess[] = [];
  let counter: Awaited<ReturnType<typeof startTokenCounter>> | undefined;
  try {
    const { service, baseUrl, authUrl, credentials } = await startServiceChild(serviceDir);
    children.push(service.child);
    progress('service started');
    counter = await startTokenCounter(authUrl);

    const bff = await startChild(
      ['src/server/bff/main.ts'],
      bffEnv({ dataDir: bffDir, baseUrl, authUrl: counter.url, credentials }),
      /sign in at (\S+)/,
    );
    children.push(bff.child);
    progress('BFF started');
    const link = new URL(bff.match[1]);

    // An operator session from the launch link, and a token for the direct calls (not counted: the BFF's are).
    const cookie = await new Promise<string>((resolveCookie, reject) => {
      http
        .get(link, (response) => {
          response.resume();
          const set = ([] as string[]).concat(response.headers['set-cookie'] ?? [])[0];
          if (!set) reject(new Error(`launch link answered ${response.statusCode} without a session`));
          else resolveCookie(set.split(';')[0]);
        })
        .on('error', reject);
    });
    const tokenAnswer = await fetch(`${authUrl}/oauth2/token?grant_type=client_credentials`, {
      method: 'POST',
      headers: {
        authorization: `Basic ${Buffer.from(`${credentials.clientId}:${credentials.clientSecret}`).toString('base64')}`,
      },
    });
    const token = ((await tokenAnswer.json()) as { access_token: string }).access_token;

    const bare = await startChild(
      ['scripts/bench/support/bare-proxy.ts'],
      { BARE_PROXY_BASE_URL: baseUrl, BARE_PROXY_TOKEN: token },
      /^bare proxy on (\d+)/,
    );
    children.push(bare.child);
    const bareFastify = await startChild(
      ['scripts/bench/support/bare-fastify-proxy.ts'],
      { BARE_PROXY_BASE_URL: baseUrl, BARE_PROXY_TOKEN: token },
      /^bare fastify proxy on (\d+)/,
    );
    children.push(bareFastify.child);
    const proxyPids: Record<Target['name'], number | undefined> = {
      direct: bare.child.pid, // no proxy: its (idle) CPU is read only to keep the rounds alike
      'bare proxy': bare.child.pid,
      'bare Fastify': bareFastify.child.pid,
      BFF: bff.child.pid,
    };
    const proxyPid = (name: Target['name']) => proxyPids[name];

    const targets: Target[] = [
      {
        name: 'direct',
        origin: new URL(baseUrl).origin,
        prefix: new URL(baseUrl).pathname,
        headers: { authorization: `Bearer ${token}`, accept: 'application/json' },
      },
      {
        name: 'bare proxy',
        origin: `http://127.0.0.1:${bare.match[1]}`,
        prefix: '/api',
        headers: { accept: 'application/json' },
      },
      {
        name: 'bare Fastify',
        origin: `http://127.0.0.1:${bareFastify.match[1]}`,
        prefix: '/api',
        headers: { accept: 'application/json' },
      },
      {
        name: 'BFF',
        origin: link.origin,
        prefix: '/api',
        headers: { cookie, 'x-csrf': '1', accept: 'application/json' },
      },
    ];

    // 50 documents for the list, one to patch.
    const setup = makeClient(8);
    const small = Buffer.from(
      JSON.stringify({
        content: Buffer.from('%PDF-1.4 bench').toString('base64'),
        contentType: 'application/pdf',
        name: 'bench',
      }),
    );
    const ids: string[] = [];
    for (let i = 0; i < 50; i++) {
      const answer = await setup.request(targets[0], 'POST', '/documents', small);
      if (answer.status !== 200) throw new Error(`seeding documents: HTTP ${answer.status} ${answer.body.toString()}`);
      ids.push((JSON.parse(answer.body.toString()) as { documentId: string }).documentId);
    }
    setup.close();
    progress('50 documents created');
    const patchPath = `/documents/${encodeURIComponent(ids[0])}`;
    const bigDocument = Buffer.from(
      JSON.stringify({
        content: Buffer.alloc(4_500_000, 7).toString('base64'),
        contentType: 'application/pdf',
        name: 'bench 6 MB',
      }),
    );

    const workloads: Workload[] = [
      {
        name: 'list GET (50 items)',
        call: (c, t) => c.request(t, 'GET', '/documents?maxResults=50'),
        latencyCount: 300,
        concurrency: 16,
        total: 1000,
        warmUpBurst: 3000,
      },
      {
        name: 'PATCH one resource',
        call: (c, t, i) => c.request(t, 'PATCH', patchPath, Buffer.from(JSON.stringify({ name: `bench ${i}` }))),
        latencyCount: 200,
        concurrency: 16,
        total: 600,
      },
      {
        name: `POST document (${(bigDocument.length / 1e6).toFixed(1)} MB)`,
        call: (c, t) => c.request(t, 'POST', '/documents', bigDocument),
        latencyCount: 4,
        concurrency: 2,
        total: 4,
        warmUp: 1,
        rounds: 1,
      },
    ];

    // BENCH_BFF_WORKLOADS=list,patch,post runs only those (by the first word of the name, lower case): a profile
    // (DPS_BENCH_NODE_ARGS) then covers just that workload.
    const only = (process.env.BENCH_BFF_WORKLOADS ?? '')
      .split(',')
      .map((w) => w.trim().toLowerCase())
      .filter(Boolean);
    const chosen = only.length ? workloads.filter((w) => only.includes(w.name.split(' ')[0].toLowerCase())) : workloads;
    if (chosen.length === 0) throw new Error(`BENCH_BFF_WORKLOADS=${only.join(',')} names none of list, patch, post`);

    const rows: Row[] = [];
    for (const workload of chosen) {
      progress(`${workload.name} …`);
      const row: Row = {
        workload: workload.name,
        rps: { direct: 0, 'bare proxy': 0, 'bare Fastify': 0, BFF: 0 },
        p50: { direct: 0, 'bare proxy': 0, 'bare Fastify': 0, BFF: 0 },
        p99: { direct: 0, 'bare proxy': 0, 'bare Fastify': 0, BFF: 0 },
        cpu: {
          direct: { service: [], proxy: [] },
          'bare proxy': { service: [], proxy: [] },
          'bare Fastify': { service: [], proxy: [] },
          BFF: { service: [], proxy: [] },
        },
      };
      // Warm every path, then alternate so drift (GC, caches, data growth) hits both alike.
      for (const target of targets) await sequentialLatency(workload.call, target, workload.warmUp ?? 20);
      if (workload.warmUpBurst) {
        for (const target of targets)
          await throughput(workload.call, target, workload.concurrency, workload.warmUpBurst);
      }
      for (const target of targets) {
        const latency = await sequentialLatency(workload.call, target, workload.latencyCount);
        row.p50[target.name] = latency.p50;
        row.p99[target.name] = latency.p99;
      }
      // Throughput swings between runs on a shared 2-core machine: three rounds in alternating order, median of each.
      const rounds: Record<Target['name'], number[]> = { direct: [], 'bare proxy': [], 'bare Fastify': [], BFF: [] };
      for (let round = 0; round < (workload.rounds ?? 3); round++) {
        for (const target of round % 2 ? targets : [...targets].reverse()) {
          const cpuBefore = { service: cpuMs(service.child.pid), proxy: cpuMs(proxyPid(target.name)) };
          rounds[target.name].push(await throughput(workload.call, target, workload.concurrency, workload.total));
          row.cpu[target.name].service.push((cpuMs(service.child.pid) - cpuBefore.service) / workload.total);
          row.cpu[target.name].proxy.push((cpuMs(proxyPid(target.name)) - cpuBefore.proxy) / workload.total);
        }
      }
      for (const target of targets) row.rps[target.name] = median(rounds[target.name]);
      rows.push(row);
    }

    const ms = (n: number) => `${n.toFixed(2)} ms`;
    const rate = (n: number) => n.toFixed(n < 10 ? 2 : 0);
    const percent = (part: number, whole: number) => `${((part / whole) * 100).toFixed(0)}%`;
    const header = [
      'workload',
      'direct req/s',
      'bare req/s',
      'Fastify req/s',
      'BFF req/s',
      'bare/direct',
      'Fastify/direct',
      'BFF/direct',
      'p50 direct',
      'p50 bare',
      'p50 Fastify',
      'p50 BFF',
      'added p50',
      'p99 direct',
      'p99 bare',
      'p99 Fastify',
      'p99 BFF',
      'added p99',
    ];
    const lines = rows.map((r) => [
      r.workload,
      rate(r.rps.direct),
      rate(r.rps['bare proxy']),
      rate(r.rps['bare Fastify']),
      rate(r.rps.BFF),
      percent(r.rps['bare proxy'], r.rps.direct),
      percent(r.rps['bare Fastify'], r.rps.direct),
      percent(r.rps.BFF, r.rps.direct),
      ms(r.p50.direct),
      ms(r.p50['bare proxy']),
      ms(r.p50['bare Fastify']),
      ms(r.p50.BFF),
      ms(r.p50.BFF - r.p50.direct),
      ms(r.p99.direct),
      ms(r.p99['bare proxy']),
      ms(r.p99['bare Fastify']),
      ms(r.p99.BFF),
      ms(r.p99.BFF - r.p99.direct),
    ]);
    const widths = header.map((h, i) => Math.max(h.length, ...lines.map((l) => l[i].length)));
    const format = (cells: string[]) =>
      cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join('  ');
    console.log(
      'BFF vs direct on loopback (embedded service, PGlite; req/s at 16 in flight, 2 for the document POST; p50/p99 one at a time)',
    );
    console.log(
      '"bare" is a bare node:http pass-through in its own process (scripts/bench/support/bare-proxy.ts): the floor of any proxy here.',
    );
    console.log(
      '"Fastify" is the same pass-through as one Fastify 5 route (support/bare-fastify-proxy.ts): the floor of any proxy built on Fastify.',
    );
    console.log(format(header));
    console.log(widths.map((w) => '-'.repeat(w)).join('  '));
    for (const line of lines) console.log(format(line));
    console.log('CPU per request during the throughput rounds (median; service | proxy process):');
    for (const r of rows) {
      const per = (t: Target['name']) =>
        `${median(r.cpu[t].service).toFixed(2)} | ${median(r.cpu[t].proxy).toFixed(2)} ms`;
      console.log(
        `  ${r.workload.padEnd(widths[0])}  direct: ${per('direct')}   bare proxy: ${per('bare proxy')}   bare Fastify: ${per('bare Fastify')}   BFF: ${per('BFF')}`,
      );
    }
    console.log(
      'BFF and bare Fastify vs bare proxy (aims, issue 40: BFF req/s ≥ 0.8× bare; proxy CPU per request ≤ 1.5× bare):',
    );
    for (const r of rows) {
      const vsBare = (t: Target['name']) =>
        `req/s ${(r.rps[t] / r.rps['bare proxy']).toFixed(2)}×, CPU per request ${(median(r.cpu[t].proxy) / median(r.cpu['bare proxy'].proxy)).toFixed(2)}×`;
      const vsFastify = `req/s ${(r.rps.BFF / r.rps['bare Fastify']).toFixed(2)}×, CPU per request ${(median(r.cpu.BFF.proxy) / median(r.cpu['bare Fastify'].proxy)).toFixed(2)}×`;
      console.log(
        `  ${r.workload.padEnd(widths[0])}  BFF: ${vsBare('BFF')}   bare Fastify: ${vsBare('bare Fastify')}   BFF vs bare Fastify: ${vsFastify}`,
      );
    }
    console.log(`token requests by the BFF during the run: ${counter.count()} (aim: 1 per token lifetime)`);
    console.log(
      `aims (issue 13): BFF ≥ 90% of direct req/s on list GET and PATCH; added p99 ≤ 2 ms; one token request  (${((Date.now() - started) / 1000).toFixed(0)} s)`,
    );
  } finally {
    for (const child of children) child.kill('SIGTERM');
    counter?.close();
    await new Promise((r) => setTimeout(r, 300));
    rmSync(serviceDir, { recursive: true, force: true });
    rmSync(bffDir, { recursive: true, force: true });
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  await bffBench();
  process.exit(0);
}
