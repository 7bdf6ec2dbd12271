/**
 * The service's listeners answer only the names they are reached by (server/shared/host-allowlist.ts), as the BFF's
 * do (bff/security/listener-hosts.test.ts): a page on another site whose name is made to resolve to 127.0.0.1 (DNS
 * rebinding) gets 421 from the main port and from the metrics listener alike. The probes answer any Host: a balancer
 * or an orchestrator calls them by address.
 */
import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestService, type TestService } from '@/server/service/testing/start-test-service';

let svc: TestService;

beforeAll(async () => {
  svc = await startTestService({ env: { DPS_SERVICE_METRICS_PORT: '0', DPS_ALLOWED_HOSTS: 'dps.example' } });
});
afterAll(() => svc?.close());

/** A GET with the Host header given (fetch sets its own). */
function getWithHost(port: number, path: string, host: string): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const request = http.get({ host: '127.0.0.1', port, path, headers: { host }, agent: false }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, text: Buffer.concat(chunks).toString() }));
      response.on('error', reject);
    });
    request.on('error', reject);
  });
}

const FOREIGN = ['evil.example', 'evil.example:80', 'rebind.attacker.test'];

describe('one Host allowlist for every service listener', () => {
  it('main port: 421 {message} for a foreign Host, 200 for a loopback name and for DPS_ALLOWED_HOSTS', async () => {
    const port = Number(new URL(svc.authUrl).port);
    for (const host of FOREIGN) {
      const refused = await getWithHost(port, '/v1/openapi.json', host);
      expect(refused.status, host).toBe(421);
      expect(JSON.parse(refused.text)).toEqual({ message: expect.stringMatching(/not served here/) });
    }
    for (const host of [`127.0.0.1:${port}`, `localhost:${port}`, 'dps.example', `dps.example:${port}`]) {
      expect((await getWithHost(port, '/v1/openapi.json', host)).status, host).toBe(200);
    }
    expect((await getWithHost(port, '/healthz', 'evil.example')).status).toBe(200);
  });

  it('metrics listener (DPS_SERVICE_METRICS_PORT): 421 for a foreign Host, 200 for a loopback name and for DPS_ALLOWED_HOSTS', async () => {
    const port = svc.metricsPort()!;
    for (const host of FOREIGN) {
      const refused = await getWithHost(port, '/metrics', host);
      expect(refused.status, host).toBe(421);
      expect(refused.text).not.toMatch(/dps_service_/);
    }
    for (const host of [`127.0.0.1:${port}`, 'dps.example']) {
      const scraped = await getWithHost(port, '/metrics', host);
      expect(scraped.status, host).toBe(200);
      expect(scraped.text).toMatch(/dps_service_/);
    }
  });
});
