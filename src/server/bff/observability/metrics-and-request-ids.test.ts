/**
 * Issue 28 items 3 and 4 end to end: the BFF in front of the real embedded service, both with metrics on a listener
 * of their own and behind a token. A scrape of each names the metrics, the counts move with requests, and no id,
 * name or value a caller sent shows up in either; an id a browser gives as `traceparent` is the id of the BFF's log
 * line, the service's log line, the audit entry and the `x-request-id` answered.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestService, type TestService } from '@/server/service/testing/start-test-service';
import { startBff, TestBrowser, type RunningBff } from '@/server/bff/testing/bff-harness';
import { dropBffSchema } from '@/server/bff/state/postgres/bff-database';
import { STORE_KINDS, type StoreKind } from '@/server/bff/testing/bffs-on-each-store';

const PASSWORD = 'correct-horse-battery';
const TOKEN = 'metrics-token-0123456789abcdef';
const hex = (bytes: number) => randomBytes(bytes).toString('hex');

let service: TestService;
const serviceLogs: string[] = [];
const running: RunningBff[] = [];
const schemas: string[] = [];

async function startBffOn(kind: StoreKind): Promise<{ bff: RunningBff; admin: TestBrowser }> {
  const schema = `bff_t_${hex(6)}`;
  if (kind === 'postgres') schemas.push(schema);
  const database = kind === 'postgres' ? { database: { url: process.env.DPS_DATABASE_URL!, schema } } : {};
  const bff = await startBff(service.credentials, {
    config: { metrics: { port: 0, host: '127.0.0.1', token: TOKEN }, logLevel: 'info', ...database },
  });
  running.push(bff);
  await bff.addOperator('ann-operator', 'admin', PASSWORD);
  const admin = new TestBrowser(bff.origin);
  expect((await admin.login('ann-operator', PASSWORD)).status).toBe(200);
  return { bff, admin };
}

async function scrape(port: number | undefined): Promise<string> {
  expect(port).toBeGreaterThan(0);
  const response = await fetch(`http://127.0.0.1:${port}/metrics`);
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toMatch(/^text\/plain/);
  return response.text();
}

/** The value of one series (`name{labels}` exactly as exposed, labels in declaration order), 0 when absent. */
function value(text: string, series: string): number {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line ? Number(line.slice(series.length + 1)) : 0;
}

/** Every label value of every series in a scrape. */
function labelValues(text: string): string[] {
  return [...text.matchAll(/[a-z_]+="((?:[^"\\]|\\.)*)"/g)].map((m) => m[1]);
}

beforeAll(async () => {
  service = await startTestService({
    env: { DPS_SERVICE_LOG: '1', DPS_SERVICE_LOG_LEVEL: 'info' },
    config: {
      logStream: { write: (line: string) => serviceLogs.push(line) },
      metrics: { port: 0, host: '127.0.0.1', token: TOKEN },
    },
  });
});

afterAll(async () => {
  for (const bff of running) {
    await bff.close();
    bff.cleanup();
  }
  for (const schema of schemas) await dropBffSchema(process.env.DPS_DATABASE_URL!, schema);
  await service?.close();
});

describe('metrics', () => {
  it('names the metrics of both servers, counts requests by route template, and no label holds a caller value', async () => {
    const { bff, admin } = await startBffOn('files');
    const bffPort = bff.bff.metricsPort();
    const servicePort = service.metricsPort();
    const [bffBefore, serviceBefore] = [await scrape(bffPort), await scrape(servicePort)];

    const missingUser = `svc:user:${hex(16)}`;
    const secretName = `Zed-${hex(4)}`;
    expect((await admin.request(`/api/users/${missingUser}`)).status).toBe(404);
    const content = Buffer.from(`%PDF-1.4 ${secretName}`);
    const created = await admin.json('/api/documents', 'POST', {
      content: content.toString('base64'),
      contentType: 'application/pdf',
      name: secretName,
    });
    expect(created.status).toBe(200);
    const { documentId } = created.json<{ documentId: string }>();
    // The same read twice: the second is the read cache's.
    for (let i = 0; i < 2; i++) expect((await admin.request(`/api/documents/${documentId}`)).status).toBe(200);
    expect((await new TestBrowser(bff.origin).login('ann-operator', 'wrong-password')).status).toBe(401);

    const [bffAfter, serviceAfter] = [await scrape(bffPort), await scrape(servicePort)];

    const proxied = 'dps_bff_http_requests_total{route="/api/*",method="GET",status="404"}';
    expect(value(bffAfter, proxied) - value(bffBefore, proxied)).toBe(1);
    const documents = 'dps_bff_http_requests_total{route="/api/documents",method="POST",status="200"}';
    expect(value(bffAfter, documents) - value(bffBefore, documents)).toBe(1);
    const failures = 'dps_bff_sign_in_failures_total{reason="wrong-credentials"}';
    expect(value(bffAfter, failures) - value(bffBefore, failures)).toBe(1);
    expect(value(bffAfter, 'dps_bff_active_sessions')).toBe(1);
    expect(value(bffAfter, 'dps_bff_token_requests_total{outcome="obtained"}')).toBeGreaterThanOrEqual(1);
    const upstreamReads = 'dps_bff_upstream_request_duration_seconds_count{kind="read",status_class="2xx"}';
    expect(value(bffAfter, upstreamReads) - value(bffBefore, upstreamReads)).toBeGreaterThanOrEqual(2);
    for (const name of [
      'dps_bff_http_request_duration_seconds_bucket',
      'dps_bff_upstream_errors_total',
      'process_cpu_seconds_total',
      'nodejs_eventloop_lag_seconds',
    ]) {
      expect(bffAfter).toContain(name);
    }

    const userById = 'dps_service_http_requests_total{route="/v1/users/:userId",method="GET",status="404"}';
    expect(value(serviceAfter, userById) - value(serviceBefore, userById)).toBe(1);
    const hits = 'dps_service_read_cache_requests_total{result="hit"}';
    expect(value(serviceAfter, hits) - value(serviceBefore, hits)).toBeGreaterThanOrEqual(1);
    const misses = 'dps_service_read_cache_requests_total{result="miss"}';
    expect(value(serviceAfter, misses) - value(serviceBefore, misses)).toBeGreaterThanOrEqual(1);
    const uploaded = 'dps_service_upload_bytes_total';
    expect(value(serviceAfter, uploaded) - value(serviceBefore, uploaded)).toBe(content.length);
    expect(value(serviceAfter, 'dps_service_database_connections{state="total"}')).toBeGreaterThanOrEqual(1);
    for (const name of [
      'dps_service_http_request_duration_seconds_bucket',
      'dps_service_recognition_queue_documents',
      'dps_service_recognition_page_duration_seconds_bucket',
      'process_resident_memory_bytes',
    ]) {
      expect(serviceAfter).toContain(name);
    }

    const session = (await admin.request('/bff/session')).json<{ organization: { organizationId: string } }>();
    const callerValues = [
      missingUser,
      missingUser.slice('svc:user:'.length),
      documentId,
      documentId.split(':').at(-1)!,
      secretName,
      'ann-operator',
      session.organization.organizationId,
    ];
    for (const text of [bffAfter, serviceAfter]) {
      for (const callerValue of callerValues) expect(text).not.toContain(callerValue);
      // Route templates and fixed words only: nothing that looks like an id or a path with a value in it.
      for (const label of labelValues(text)) expect(label).not.toMatch(/[0-9a-f]{16}|svc:/);
    }
  });

  it('serves /metrics on the main port only for the bearer token', async () => {
    const { bff } = await startBffOn('files');
    const targets = [`${bff.origin}/metrics`, `${service.authUrl}/metrics`];
    for (const url of targets) {
      expect((await fetch(url)).status).toBe(401);
      expect((await fetch(url, { headers: { authorization: `Bearer ${TOKEN}x` } })).status).toBe(401);
      expect((await fetch(url, { headers: { authorization: `Basic ${TOKEN}` } })).status).toBe(401);
      const scraped = await fetch(url, { headers: { authorization: `Bearer ${TOKEN}` } });
      expect(scraped.status).toBe(200);
      expect(await scraped.text()).toMatch(/^# HELP /m);
    }
  });
});

describe('request ids', () => {
  it.each(STORE_KINDS)(
    "takes the browser's traceparent into the BFF's log, the service's log, the audit entry and the answer (%s)",
    async (kind) => {
      const { bff, admin } = await startBffOn(kind);
      const traceId = hex(16);
      const name = `traced-${hex(4)}`;
      const created = await admin.json(
        '/api/documents',
        'POST',
        { content: Buffer.from('%PDF-1.4').toString('base64'), contentType: 'application/pdf', name },
        { headers: { traceparent: `00-${traceId}-${hex(8)}-01` } },
      );
      expect(created.status).toBe(200);
      expect(created.headers['x-request-id']).toBe(traceId);

      const logged = (lines: string[]) => lines.map((line) => JSON.parse(line) as { reqId?: string; msg?: string });
      expect(logged(bff.logs)).toContainEqual(expect.objectContaining({ reqId: traceId, msg: 'request completed' }));
      expect(logged(serviceLogs)).toContainEqual(expect.objectContaining({ reqId: traceId }));

      const audit = (await admin.request('/bff/audit?method=POST')).json<{ entries: { requestId?: string }[] }>();
      expect(audit.entries[0]).toMatchObject({ requestId: traceId, outcome: 'answered', status: 200 });
    },
  );

  it('refuses a malformed traceparent and answers every request, errors included, with its id', async () => {
    const { bff, admin } = await startBffOn('files');
    const zeroTrace = `00-${'0'.repeat(32)}-${hex(8)}-01`;
    const badVersion = `ff-${hex(16)}-${hex(8)}-01`;
    const tooLong = `00-${hex(16)}-${hex(8)}-01-extra`;
    const upperCase = `00-${hex(16).toUpperCase()}-${hex(8)}-01`;
    const seen = new Set<string>();
    for (const traceparent of [zeroTrace, badVersion, tooLong, upperCase, 'garbage']) {
      const reply = await admin.request('/api/users/svc:user:nothing', { headers: { traceparent } });
      const id = String(reply.headers['x-request-id']);
      expect(id).toMatch(/^[0-9a-f]{32}$/);
      expect(traceparent.toLowerCase()).not.toContain(id);
      seen.add(id);
    }
    expect(seen.size).toBe(5);
    // The BFF's own refusals and unknown paths carry it too.
    for (const reply of [
      await admin.request('/api/users', { noCsrf: true }),
      await new TestBrowser(bff.origin).request('/bff/no-such-endpoint'),
      await admin.json('/api/users', 'POST', '{', { headers: { 'content-type': 'application/json' } }),
    ]) {
      expect(reply.status).toBeGreaterThanOrEqual(400);
      expect(reply.headers['x-request-id']).toMatch(/^[0-9a-f]{32}$/);
    }
    // The service answers the caller's id, or one of its own when the caller's is not an id.
    const given = `caller-${hex(8)}`;
    const refused = await fetch(`${service.baseUrl}/users`, { headers: { 'x-request-id': given } });
    expect(refused.status).toBe(401);
    expect(refused.headers.get('x-request-id')).toBe(given);
    const odd = await fetch(`${service.baseUrl}/no-such-thing`, { headers: { 'x-request-id': 'a b<c>' } });
    expect(odd.status).toBe(404);
    expect(odd.headers.get('x-request-id')).toMatch(/^[0-9a-f]{32}$/);
  });
});
