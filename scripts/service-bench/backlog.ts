/**
 * `npm run bench:service -- backlog`: does text recognition slow the API down? The embedded service runs as its own
 * process, as `npm start` runs it (PGlite, or PostgreSQL with DPS_DATABASE_URL). Reads and a write of one document are
 * timed one at a time on the idle service, then again right after 2,000 PNG uploads, while recognition works through
 * them — side by side, with the ratio (aim: ≤ 1.5×). The recognition queue's depth is printed before and after, to
 * show it was draining the whole time. The idle and the draining round are a minute apart, and on a shared machine
 * the load moves in a minute: a third table pairs them in time, blocks of requests during the drain with the
 * recognition process stopped (SIGSTOP) and working, in turn. `DPS_SERVICE_READ_CACHE=0` in the environment turns the read cache off, so every
 * read is a first read; `BACKLOG_UPLOADS` changes the number of uploads.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { makeInvoicePng, invoiceData } from '../../src/server/service/demo/samples';
import { startServiceChild } from '../bench/bff';

const UPLOADS = Number(process.env.BACKLOG_UPLOADS ?? 2_000);
const SAMPLES = 300;
/** The paired table: blocks of this many requests, this many blocks with recognition stopped and as many working. */
const BLOCK = 50;
const BLOCKS = 6;

type Api = (path: string, init?: RequestInit) => Promise<Response>;

async function tokenFor(authUrl: string, credentials: { clientId: string; clientSecret: string }) {
  const response = await fetch(`${authUrl}/oauth2/token`, {
    method: 'POST',
    headers: {
      authorization: `Basic ${Buffer.from(`${credentials.clientId}:${credentials.clientSecret}`).toString('base64')}`,
      'content-type': 'application/x-www-form-urlencoded',
    },
    body: 'grant_type=client_credentials',
  });
  if (!response.ok) throw new Error(`token → ${response.status}`);
  return ((await response.json()) as { access_token: string }).access_token;
}

async function ok(response: Promise<Response>, what: string) {
  const answer = await response;
  if (!answer.ok) throw new Error(`${what} → ${answer.status}`);
  await answer.arrayBuffer();
}

/** `count` calls one at a time, their durations added to `into`. */
async function timeCalls(call: () => Promise<void>, count: number, into: number[]) {
  for (let i = 0; i < count; i++) {
    const started = performance.now();
    await call();
    into.push(performance.now() - started);
  }
}

function percentiles(samples: number[]) {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
  return { p50: at(50), p99: at(99) };
}

/** p50 and p99 of `SAMPLES` calls, one at a time. */
async function latency(call: () => Promise<void>) {
  const samples: number[] = [];
  await timeCalls(call, SAMPLES, samples);
  return percentiles(samples);
}

/** The timed requests, by name. */
function requests(api: Api, documentId: string): Record<string, () => Promise<void>> {
  let patch = 0;
  return {
    'GET one document': () => ok(api(`/documents/${documentId}`), 'GET document'),
    'GET list of 50': () => ok(api('/documents?maxResults=50'), 'GET list'),
    '/organizations/me': () => ok(api('/organizations/me'), 'GET organizations/me'),
    'PATCH one document': () =>
      ok(
        api(`/documents/${documentId}`, {
          method: 'PATCH',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ metadata: { patch: patch++ } }),
        }),
        'PATCH document',
      ),
  };
}

async function measure(api: Api, documentId: string) {
  const figures: Figures = {};
  for (const [name, call] of Object.entries(requests(api, documentId))) figures[name] = await latency(call);
  return figures;
}

/** The processes below `pid` (the service's recognition process and the recognizer it runs), deepest last. */
function descendantsOf(pid: number): number[] {
  let listed: string;
  try {
    listed = execFileSync('ps', ['-o', 'pid=', '--ppid', String(pid)], { encoding: 'utf8' });
  } catch {
    return []; // ps exits with 1 when it lists none
  }
  const children = listed.split(/\s+/).filter(Boolean).map(Number);
  return children.flatMap((child) => [child, ...descendantsOf(child)]);
}

/**
 * During the drain, each request in blocks of BLOCK with recognition stopped and working in turn (which goes first
 * alternates), so both see the same load on the machine: p50 and p99 of each side.
 */
async function pairedDuringDrain(api: Api, documentId: string, recognition: number[]) {
  const signal = (name: 'SIGSTOP' | 'SIGCONT') => {
    for (const pid of recognition) {
      try {
        process.kill(pid, name);
      } catch {
        // Gone meanwhile (a recognizer run ends): nothing to pause.
      }
    }
  };
  const figures: Record<string, { stopped: { p50: number; p99: number }; working: { p50: number; p99: number } }> = {};
  try {
    for (const [name, call] of Object.entries(requests(api, documentId))) {
      const stopped: number[] = [];
      const working: number[] = [];
      for (let block = 0; block < 2 * BLOCKS; block++) {
        const stop = block % 4 === 0 || block % 4 === 3;
        signal(stop ? 'SIGSTOP' : 'SIGCONT');
        await timeCalls(call, BLOCK, stop ? stopped : working);
      }
      signal('SIGCONT');
      figures[name] = { stopped: percentiles(stopped), working: percentiles(working) };
    }
  } finally {
    signal('SIGCONT');
  }
  return figures;
}

type Figures = Record<string, { p50: number; p99: number }>;

/** A table of each request's p50 and p99 on two sides, with the ratio of their p50s (second ÷ first). */
function printComparison([first, second]: [string, string], a: Figures, b: Figures) {
  const line = (cells: string[]) =>
    console.log(cells.map((cell, i) => (i ? cell.padStart(13) : cell.padEnd(20))).join(''));
  line(['request', `${first} p50`, `${second} p50`, 'ratio', `${first} p99`, `${second} p99`]);
  for (const name of Object.keys(a)) {
    const [x, y] = [a[name], b[name]];
    line([
      name,
      x.p50.toFixed(2),
      y.p50.toFixed(2),
      `${(y.p50 / x.p50).toFixed(1)}×`,
      x.p99.toFixed(2),
      y.p99.toFixed(2),
    ]);
  }
}

/** Of `documentIds`, those waiting for recognition or in it. */
async function queueDepth(api: Api, documentIds: string[]) {
  let waiting = 0;
  for (const id of documentIds) {
    const response = await api(`/documents/${id}/ocr`);
    const { status } = (await response.json()) as { status: string };
    if (status === 'pending' || status === 'running') waiting += 1;
  }
  return waiting;
}

export async function benchBacklog() {
  const dataDir = mkdtempSync(join(tmpdir(), 'dps-bench-backlog-'));
  const { service, baseUrl, authUrl, credentials } = await startServiceChild(dataDir);
  try {
    const token = await tokenFor(authUrl, credentials);
    const api: Api = (path, init = {}) =>
      fetch(`${baseUrl}${path}`, { ...init, headers: { ...init.headers, authorization: `Bearer ${token}` } });
    const created = await api('/documents', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'read while the backlog drains' }),
    });
    const { documentId } = (await created.json()) as { documentId: string };
    // A full page for the list in both rounds (the uploads are newer, and fill it while draining).
    for (let n = 0; n < 50; n++) {
      await ok(
        api('/documents', {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ name: `listed ${n}` }),
        }),
        'create document',
      );
    }
    await measure(api, documentId); // warm-up: compiled code and caches, as the draining round will find them
    const idle = await measure(api, documentId);

    const png = Buffer.from(makeInvoicePng({ data: invoiceData({ seed: 7 }) })).toString('base64');
    const uploaded: string[] = [];
    const uploadStarted = performance.now();
    let next = 0;
    await Promise.all(
      Array.from({ length: 8 }, async () => {
        while (next < UPLOADS) {
          next += 1;
          const response = await api('/documents', {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ name: `backlog ${next}.png`, content: png, contentType: 'image/png' }),
          });
          if (!response.ok) throw new Error(`upload → ${response.status}`);
          uploaded.push(((await response.json()) as { documentId: string }).documentId);
        }
      }),
    );
    const uploadSeconds = (performance.now() - uploadStarted) / 1000;
    // The queue takes the oldest upload first: the first uploads show it working, the spread-out ones the backlog left.
    const sample = uploaded.filter((_, index) => index % 100 === 99);
    const first = uploaded.slice(0, 20);
    // Measured while recognition works: the process has started and finished a first document (it takes seconds to
    // start, and reads timed before that would show an idle service).
    const waitStarted = performance.now();
    while ((await queueDepth(api, first)) === first.length) {
      if (performance.now() - waitStarted > 180_000) throw new Error('recognition did not start within 3 minutes');
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    const firstBefore = await queueDepth(api, first);
    const before = await queueDepth(api, sample);
    const draining = await measure(api, documentId);
    const after = await queueDepth(api, sample);
    const firstAfter = await queueDepth(api, first);
    const recognition = descendantsOf(service.child.pid!);
    const paired = await pairedDuringDrain(api, documentId, recognition);
    const firstPaired = await queueDepth(api, first);

    console.log(
      `Recognition backlog (${process.env.DPS_DATABASE_URL ? 'PostgreSQL' : 'PGlite'}): ${UPLOADS} PNG uploads in ` +
        `${uploadSeconds.toFixed(1)} s; of every 100th upload, ${before}/${sample.length} waiting before the draining ` +
        `reads and ${after}/${sample.length} after; of the first 20 uploads, ${firstBefore} then ${firstAfter} waiting ` +
        `(recognised meanwhile: ${firstBefore - firstAfter}). ${SAMPLES} requests one at a time each, ms:`,
    );
    printComparison(['idle', 'draining'], idle, draining);
    console.log(
      `Then, still draining: ${BLOCKS} blocks of ${BLOCK} requests each with the recognition process ` +
        `(${recognition.length} process${recognition.length === 1 ? '' : 'es'}) stopped and ${BLOCKS} with it working, ` +
        `in turn (first 20 uploads: ${firstAfter} then ${firstPaired} waiting), ms:`,
    );
    printComparison(
      ['stopped', 'working'],
      Object.fromEntries(Object.entries(paired).map(([name, figures]) => [name, figures.stopped])),
      Object.fromEntries(Object.entries(paired).map(([name, figures]) => [name, figures.working])),
    );
  } finally {
    // Stopped gracefully, so that a profile asked for with DPS_BENCH_NODE_ARGS=--cpu-prof is written.
    const exited = new Promise((resolve) => service.child.once('exit', resolve));
    service.child.kill('SIGTERM');
    const forced = setTimeout(() => service.child.kill('SIGKILL'), 15_000);
    await exited;
    clearTimeout(forced);
    rmSync(dataDir, { recursive: true, force: true });
  }
}
