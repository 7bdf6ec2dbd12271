/**
 * The BFF's listeners answer only the names they are reached by (server/shared/host-allowlist.ts): a page on another
 * site whose name is made to resolve to 127.0.0.1 (DNS rebinding) gets 421 from the main port and from the metrics
 * listener alike. The service's listeners: service/http-tests/listener-hosts.test.ts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rawRequest, startBff, type RunningBff } from '@/server/bff/testing/bff-harness';

// Nothing listens there: neither the session of a signed-out browser nor the metrics call the service.
const upstream = { baseUrl: 'http://127.0.0.1:9/v1', authUrl: 'http://127.0.0.1:9', clientId: 'c', clientSecret: 's' };
let bff: RunningBff;

beforeAll(async () => {
  bff = await startBff(upstream, {
    config: { allowedHosts: ['console.example'], metrics: { port: 0, host: '127.0.0.1' } },
  });
});
afterAll(async () => {
  await bff?.close();
  bff?.cleanup();
});

const FOREIGN = ['evil.example', 'evil.example:80', 'rebind.attacker.test'];

describe('one Host allowlist for every BFF listener', () => {
  it('main port: 421 for a foreign Host, 200 for a loopback name and for DPS_ALLOWED_HOSTS', async () => {
    const port = Number(new URL(bff.origin).port);
    const sessionFor = (host: string) => rawRequest('127.0.0.1', port, 'GET', '/bff/session', { host });
    for (const host of FOREIGN) expect((await sessionFor(host)).status, host).toBe(421);
    for (const host of [`localhost:${port}`, 'console.example', `console.example:${port}`]) {
      expect((await sessionFor(host)).status, host).toBe(200);
    }
  });

  it('metrics listener (DPS_METRICS_PORT): 421 for a foreign Host, 200 for a loopback name and for DPS_ALLOWED_HOSTS', async () => {
    const port = bff.bff.metricsPort()!;
    const metricsFor = (host: string) => rawRequest('127.0.0.1', port, 'GET', '/metrics', { host });
    for (const host of FOREIGN) {
      const refused = await metricsFor(host);
      expect(refused.status, host).toBe(421);
      expect(refused.text).not.toMatch(/dps_bff_/);
    }
    for (const host of [`127.0.0.1:${port}`, 'console.example']) {
      const scraped = await metricsFor(host);
      expect(scraped.status, host).toBe(200);
      expect(scraped.text).toMatch(/dps_bff_/);
    }
  });
});
