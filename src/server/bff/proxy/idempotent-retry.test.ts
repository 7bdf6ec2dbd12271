/**
 * Retries never duplicate (issue 16 item 13): an upload the BFF answered 504 while the service was frozen is still
 * applied when the service resumes; the console's retry with the same Idempotency-Key must get that first answer,
 * not a second document. The real embedded service sits behind a pausable TCP proxy that plays the frozen process.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestService, type TestService } from '@/server/service/testing/start-test-service';
import { apiClient } from '@/server/service/testing/http';
import { startBff, TestBrowser, type RunningBff } from '@/server/bff/testing/bff-harness';
import { startPausableProxy, type PausableProxy } from '@/server/bff/testing/pausable-proxy';

let service: TestService;
let proxy: PausableProxy;
let bff: RunningBff;
let admin: TestBrowser;

beforeAll(async () => {
  service = await startTestService();
  const serviceUrl = new URL(service.baseUrl);
  proxy = await startPausableProxy({ host: serviceUrl.hostname, port: Number(serviceUrl.port) });
  // Only the API goes through the proxy; tokens come straight from the service.
  bff = await startBff(
    { ...service.credentials, baseUrl: `${proxy.origin}${serviceUrl.pathname}`, authUrl: service.authUrl },
    { config: { upstreamTimeoutMs: 1_000 } },
  );
  admin = new TestBrowser(bff.origin);
  const link = new URL(await bff.bff.issueLaunchLink());
  expect((await admin.request(`${link.pathname}${link.search}`, { noCsrf: true })).headers.location).toBe('/');
  expect((await admin.request('/api/documents?maxResults=1')).status).toBe(200); // token fetched before the freeze
});

afterAll(async () => {
  proxy?.resume();
  await bff?.close();
  bff?.cleanup();
  await proxy?.close();
  await service?.close();
});

async function documentsNamed(name: string): Promise<unknown[]> {
  const direct = apiClient(service.baseUrl, await service.getToken());
  const listed = await direct.get('/documents?maxResults=100');
  return (listed.body.documents as { name: string }[]).filter((d) => d.name === name);
}

describe('a create retried after a 504', () => {
  it('creates one document and answers the retry with the first answer', async () => {
    const name = `upload-${randomBytes(6).toString('hex')}.pdf`;
    const body = { content: Buffer.from('%PDF-1.4 retried').toString('base64'), contentType: 'application/pdf', name };
    const key = randomBytes(16).toString('hex');

    proxy.pause();
    const timedOut = await admin.json('/api/documents', 'POST', body, { headers: { 'idempotency-key': key } });
    expect(timedOut.status).toBe(504);
    proxy.resume();
    await proxy.answered(); // the service has applied the held request
    expect(await documentsNamed(name)).toHaveLength(1);

    const retried = await admin.json('/api/documents', 'POST', body, { headers: { 'idempotency-key': key } });
    expect(retried.status).toBe(200);
    expect(retried.headers['idempotent-replayed']).toBe('true');
    expect(retried.json<{ name: string }>().name).toBe(name);
    expect(await documentsNamed(name)).toHaveLength(1);
  });
});
