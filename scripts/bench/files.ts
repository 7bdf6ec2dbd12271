/**
 * `npm run bench -- files` (issue 24 item 5): document files through the BFF, with the service and the BFF as separate
 * processes as in `npm start`.
 *   - A 64 MiB upload (`PUT {fileUrl}`) direct to the service with the token vs through the BFF (`PUT /bff/file`),
 *     MB/s side by side (median of three alternating rounds).
 *   - The peak RSS growth of the BFF and of the service during four parallel 64 MiB uploads through the BFF
 *     (sampled every 20 ms from /proc). Aim: each process grows by less than 64 MiB in total.
 *   - The first page of a 60 MB PDF painted vs a 1 MB one, in Chromium, by the viewer harness against a file server
 *     that answers ranges (as the BFF does in front of a service that does), and the bytes the page fetched.
 * Run alone with `npx tsx scripts/bench/files.ts`.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ChildProcess } from 'node:child_process';
import { pathToFileURL } from 'node:url';
import type { Server } from 'node:http';
import { makeLargePdf } from '../../e2e/helpers/document-fixtures';
import { msBetweenMarks, waitForPagePainted } from '../../e2e/helpers/viewer-checks';
import { bffEnv, startServiceChild } from './bff';
import { startChild } from './support/child-process';
import { launchChromium } from '../../e2e/support/chromium';
import { median } from './support/console-harness';
import { buildHarness, HARNESS, serve } from './viewer';

const MIB = 1024 * 1024;
const UPLOAD_BYTES = 64 * MIB;

function progress(message: string): void {
  process.stderr.write(`  files bench: ${message}\n`);
}

/** Resident set size of a process now, in bytes (Linux /proc). */
function rssBytes(pid: number | undefined): number {
  const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return match ? Number(match[1]) * 1024 : NaN;
}

/** One request with a body sent from `body` in 1 MiB writes; the answer's status and text. */
function send(
  url: URL,
  method: string,
  headers: Record<string, string>,
  body?: Buffer,
): Promise<{ status: number; text: string }> {
  return new Promise((resolvePromise, reject) => {
    const request = http.request(url, {
      method,
      agent: false,
      headers: { ...headers, 'content-length': String(body?.length ?? 0) },
    });
    request.on('response', (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (c: Buffer) => chunks.push(c));
      response.on('end', () =>
        resolvePromise({ status: response.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8') }),
      );
    });
    request.on('error', reject);
    void (async () => {
      for (let offset = 0; body && offset < body.length; offset += MIB) {
        if (!request.write(body.subarray(offset, offset + MIB))) await new Promise((r) => request.once('drain', r));
      }
      request.end();
    })();
  });
}

interface Route {
  name: 'direct' | 'BFF';
  /** POST /documents (metadata), answering the document's fileUrl. */
  create(): Promise<string>;
  /** PUT the bytes to that fileUrl. */
  upload(fileUrl: string, bytes: Buffer): Promise<void>;
}

function routes(baseUrl: string, token: string, bffOrigin: string, cookie: string): Route[] {
  const metadata = Buffer.from(JSON.stringify({ contentType: 'application/pdf', name: 'files bench' }));
  const json = { 'content-type': 'application/json', accept: 'application/json' };
  const check = (answer: { status: number; text: string }, what: string) => {
    if (answer.status !== 200) throw new Error(`${what}: HTTP ${answer.status} ${answer.text.slice(0, 300)}`);
    return JSON.parse(answer.text) as { fileUrl: string };
  };
  const direct = { authorization: `Bearer ${token}` };
  const viaBff = { cookie, 'x-csrf': '1' };
  return [
    {
      name: 'direct',
      create: async () =>
        check(await send(new URL(`${baseUrl}/documents`), 'POST', { ...direct, ...json }, metadata), 'create').fileUrl,
      upload: async (fileUrl, bytes) => {
        check(await send(new URL(fileUrl), 'PUT', { ...direct, 'content-type': 'application/pdf' }, bytes), 'PUT');
      },
    },
    {
      name: 'BFF',
      create: async () =>
        check(await send(new URL(`${bffOrigin}/api/documents`), 'POST', { ...viaBff, ...json }, metadata), 'create')
          .fileUrl,
      upload: async (fileUrl, bytes) => {
        const url = new URL(`/bff/file?url=${encodeURIComponent(fileUrl)}`, bffOrigin);
        check(await send(url, 'PUT', { ...viaBff, 'content-type': 'application/pdf' }, bytes), 'PUT /bff/file');
      },
    },
  ];
}

const mb = (bytes: number) => (bytes / 1e6).toFixed(1);

async function uploadThroughput(all: Route[], bytes: Buffer): Promise<Record<Route['name'], number>> {
  const rates: Record<Route['name'], number[]> = { direct: [], BFF: [] };
  for (let round = 0; round < 3; round++) {
    for (const route of round % 2 ? [...all].reverse() : all) {
      const fileUrl = await route.create();
      const started = performance.now();
      await route.upload(fileUrl, bytes);
      rates[route.name].push(bytes.length / 1e6 / ((performance.now() - started) / 1000));
    }
  }
  return { direct: median(rates.direct), BFF: median(rates.BFF) };
}

/** Baseline and peak RSS of each process while `action` runs. */
async function peakRss(pids: Record<string, number | undefined>, action: () => Promise<unknown>) {
  const baseline = Object.fromEntries(Object.entries(pids).map(([name, pid]) => [name, rssBytes(pid)]));
  const peak = { ...baseline };
  const timer = setInterval(() => {
    for (const [name, pid] of Object.entries(pids)) peak[name] = Math.max(peak[name], rssBytes(pid));
  }, 20);
  try {
    await action();
  } finally {
    clearInterval(timer);
  }
  return { baseline, peak };
}

/** First page painted (median of 3) and file bytes fetched for a 1 MB and a 60 MB PDF, each opened as the console does. */
async function firstPagePaints(): Promise<{ name: string; ms: number; fetched: number; size: number }[]> {
  const outDir = mkdtempSync(join(tmpdir(), 'files-bench-viewer-'));
  const browser = await launchChromium();
  let server: Server | undefined;
  try {
    await buildHarness(outDir);
    const pdfs = [
      { name: '1 MB PDF (12 pages)', file: 'small.pdf', bytes: await makeLargePdf(1_000_000, 12) },
      { name: '60 MB PDF (12 pages)', file: 'large.pdf', bytes: await makeLargePdf(60_000_000, 12) },
    ];
    const served = await serve(outDir, new Map(pdfs.map((p) => [p.file, { bytes: p.bytes, type: 'application/pdf' }])));
    server = served.server;
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 }, deviceScaleFactor: 1 });
    // Bytes of file responses the page received (cancelled ones included), as Chromium counts them.
    const received = { bytes: 0 };
    const fileRequests = new Set<string>();
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Network.enable');
    cdp.on('Network.requestWillBeSent', (event) => {
      if (event.request.url.includes('/bff/file')) fileRequests.add(event.requestId);
    });
    cdp.on('Network.dataReceived', (event) => {
      if (fileRequests.has(event.requestId)) received.bytes += event.dataLength;
    });
    const results = [];
    for (const pdf of pdfs) {
      const times: number[] = [];
      const fetched: number[] = [];
      for (let round = 0; round < 3; round++) {
        await page.goto(`${served.base}/${HARNESS}`);
        await page.waitForFunction(() => Boolean(window.harness));
        const before = received.bytes;
        const error = await page.evaluate((file) => {
          performance.clearMarks();
          performance.mark('harness:open');
          return window.harness.openFromFileUrl(file, 'application/pdf');
        }, pdf.file);
        if (error) throw new Error(error);
        await waitForPagePainted(page, 1, 60_000);
        times.push((await msBetweenMarks(page, 'harness:open', 'document-viewer:first-page-painted')) ?? NaN);
        fetched.push(received.bytes - before);
      }
      results.push({ name: pdf.name, ms: median(times), fetched: median(fetched), size: pdf.bytes.length });
    }
    return results;
  } finally {
    await browser.close();
    server?.close();
    rmSync(outDir, { recursive: true, force: true });
  }
}

export default async function filesBench(): Promise<void> {
  const serviceDir = mkdtempSync(join(tmpdir(), 'dps-bench-files-service-'));
  const bffDir = mkdtempSync(join(tmpdir(), 'dps-bench-files-bff-'));
  const children: ChildProcess[] = [];
  try {
    const { service, baseUrl, authUrl, credentials } = await startServiceChild(serviceDir);
    children.push(service.child);
    const bff = await startChild(
      ['src/server/bff/main.ts'],
      bffEnv({ dataDir: bffDir, baseUrl, authUrl, credentials }),
      /sign in at (\S+)/,
    );
    children.push(bff.child);
    const link = new URL(bff.match[1]);
    const launch = await fetch(link, { redirect: 'manual' });
    const cookie = (launch.headers.get('set-cookie') ?? '').split(';')[0];
    if (!cookie) throw new Error(`launch link answered ${launch.status} without a session`);
    const tokenAnswer = await fetch(`${authUrl}/oauth2/token?grant_type=client_credentials`, {
      method: 'POST',
      headers: {
        authorization: `Basic ${Buffer.from(`${credentials.clientId}:${credentials.clientSecret}`).toString('base64')}`,
      },
    });
    const token = ((await tokenAnswer.json()) as { access_token: string }).access_token;
    progress('service and BFF started');

    const bytes = Buffer.alloc(UPLOAD_BYTES, 0x20);
    bytes.write('%PDF-1.7\n');
    const [direct, viaBff] = routes(baseUrl, token, link.origin, cookie);
    // Warm-up: connections, token, JIT, the storage's first large write.
    await viaBff.upload(await viaBff.create(), bytes.subarray(0, 4 * MIB));

    const fileUrls = await Promise.all([1, 2, 3, 4].map(() => viaBff.create()));
    const memory = await peakRss({ BFF: bff.child.pid, service: service.child.pid }, () =>
      Promise.all(fileUrls.map((fileUrl) => viaBff.upload(fileUrl, bytes))),
    );
    progress('four parallel uploads done');
    const rates = await uploadThroughput([direct, viaBff], bytes);
    progress('throughput measured');
    const paints = await firstPagePaints();

    const growth = (name: string) => memory.peak[name] - memory.baseline[name];
    const verdict = (ok: boolean) => (ok ? 'OK' : 'OVER');
    console.log('Document files (service and BFF as separate processes, loopback, PGlite)');
    console.log(`  64 MiB upload (PUT fileUrl), median of 3 rounds`);
    console.log(`    direct to the service   ${rates.direct.toFixed(0).padStart(5)} MB/s`);
    console.log(
      `    through the BFF         ${rates.BFF.toFixed(0).padStart(5)} MB/s (${((rates.BFF / rates.direct) * 100).toFixed(0)}% of direct)`,
    );
    console.log('  4 parallel 64 MiB uploads through the BFF: RSS baseline → peak (growth; aim < 64 MiB each)');
    for (const name of ['BFF', 'service']) {
      console.log(
        `    ${name.padEnd(8)} ${mb(memory.baseline[name])} MB → ${mb(memory.peak[name])} MB (+${mb(growth(name))} MB) ${verdict(growth(name) < UPLOAD_BYTES)}`,
      );
    }
    console.log(
      '  first page painted (viewer harness, Chromium; file server answering ranges, as the BFF passes them)',
    );
    for (const paint of paints) {
      console.log(
        `    ${paint.name.padEnd(22)} ${String(Math.round(paint.ms)).padStart(5)} ms, ${mb(paint.fetched)} MB of ${mb(paint.size)} MB fetched`,
      );
    }
  } finally {
    for (const child of children) child.kill('SIGTERM');
    rmSync(serviceDir, { recursive: true, force: true });
    rmSync(bffDir, { recursive: true, force: true });
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  await filesBench();
  process.exit(0);
}
