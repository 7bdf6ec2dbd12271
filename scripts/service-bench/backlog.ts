/**
 * `npm run bench:service -- backlog`: does text recognition slow the API down? The embedded service runs as its own
 * process, as `npm start` runs it (PGlite, or PostgreSQL with DPS_DATABASE_URL). Reads and a write of one document are
 * timed one at a time on the idle service, then again right after 2,000 PNG uploads, while recognition works through
 * them — side by side, with the ratio (aim: ≤ 1.5×). The recognition queue's depth is printed before and after, to
 * show it was draining the whole time. `DPS_SERVICE_READ_CACHE=0` in the environment turns the read cache off, so every
 * read is a first read; `BACKLOG_UPLOADS` changes the number of uploads.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { makeInvoicePng, invoiceData } from '../../src/server/service/demo/samples';
import { startServiceChild } from '../bench/bff';

const UPLOADS = Number(process.env.BACKLOG_UPLOADS ?? 2_000);
const SAMPLES = 300;

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

/** p50 and p99 of `SAMPLES` calls, one at a time. */
async function latency(call: () => Promise<void>) {
  const samples: number[] = [];
  for (let i = 0; i < SAMPLES; i++) {
    const started = performance.now();
    await call();
    samples.push(performance.now() - started);
  }
  samples.sort((a, b) => a - b);
  const at = (p: number) => samples[Math.min(samples.length - 1, Math.floor((p / 100) * samples.length))];
  return { p50: at(50), p99: at(99) };
}

async function measure(api: Api, documentId: string) {
  let patch = 0;
  return {
    'GET one document': await latency(() => ok(api(`/documents/${documentId}`), 'GET document')),
    'GET list of 50': await latency(() => ok(api('/documents?maxResults=50'), 'GET list')),
    '/organizations/me': await latency(() => ok(api('/organizations/me'), 'GET organizations/me')),
    'PATCH one document': await latency(() =>
      ok(
        api(`/documents/${documentId}`, {
          method: 'PATCH',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ metadata: { patch: patch++ } }),
        }),
        'PATCH document',
      ),
    ),
  };
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

    console.log(
      `Recognition backlog (${process.env.DPS_DATABASE_URL ? 'PostgreSQL' : 'PGlite'}): ${UPLOADS} PNG uploads in ` +
        `${uploadSeconds.toFixed(1)} s; of every 100th upload, ${before}/${sample.length} waiting before the draining ` +
        `reads and ${after}/${sample.length} after; of the first 20 uploads, ${firstBefore} then ${firstAfter} waiting ` +
        `(recognised meanwhile: ${firstBefore - firstAfter}). ${SAMPLES} requests one at a time each, ms:`,
    );
    console.log(
      ['request', 'idle p50', 'draining p50', 'ratio', 'idle p99', 'draining p99']
        .map((h, i) => (i ? h.padStart(13) : h.padEnd(20)))
        .join(''),
    );
    for (const name of Object.keys(idle) as (keyof typeof idle)[]) {
      const a = idle[name];
      const b = draining[name];
      console.log(
        [
          name.padEnd(20),
          a.p50.toFixed(2),
          b.p50.toFixed(2),
          `${(b.p50 / a.p50).toFixed(1)}×`,
          a.p99.toFixed(2),
          b.p99.toFixed(2),
        ]
          .map((cell, i) => (i ? cell.padStart(13) : cell))
          .join(''),
      );
    }
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
