/**
 * A frozen upstream (issue 16 item 12): a service process stopped with SIGSTOP keeps its sockets open and answers
 * nothing. Reads give up after the read timeout, writes after the (longer) write timeout, each with a 504 {message}.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError } from '@/server/shared/env-schema';
import { loadBffConfig } from '@/server/bff/config';
import type { UpstreamCredentials } from '@/server/bff/proxy/upstream-client';
import { startEchoUpstream, type EchoUpstream } from '@/server/bff/testing/echo-upstream';
import { startBff, TestBrowser, type RunningBff } from '@/server/bff/testing/bff-harness';

const PASSWORD = 'correct-horse-battery';

let echo: EchoUpstream;
let bff: RunningBff;
let admin: TestBrowser;

beforeAll(async () => {
  echo = await startEchoUpstream();
  bff = await startBff(echo, { config: { upstreamReadTimeoutMs: 300, upstreamTimeoutMs: 1_500 } });
  await bff.addOperator('frida', 'admin', PASSWORD);
  admin = new TestBrowser(bff.origin);
  expect((await admin.login('frida', PASSWORD)).status).toBe(200); // the token is fetched before the freeze
});

afterAll(async () => {
  echo.thaw();
  await bff.close();
  bff.cleanup();
  await echo.close();
});

describe('a frozen upstream', () => {
  it('answers a read with 504 {message} after the read timeout, a write after the write timeout', async () => {
    echo.freeze();
    try {
      const read = await admin.request('/api/users');
      expect(read.status).toBe(504);
      expect(read.json()).toEqual({ message: 'The service did not answer within 0.3 s' });
      const file = await admin.request(`/bff/file?url=${encodeURIComponent(`${echo.baseUrl}/documents/x/file`)}`);
      expect(file.status).toBe(504);
      expect(file.json()).toEqual({ message: 'The service did not answer within 0.3 s' });
      const write = await admin.json('/api/users', 'POST', { email: 'a@b.co' });
      expect(write.status).toBe(504);
      expect(write.json()).toEqual({ message: 'The service did not answer within 1.5 s' });
    } finally {
      echo.thaw();
    }
    // Thawed, the same BFF answers again.
    expect((await admin.request('/api/users')).status).toBe(200);
  });
});

describe('upstream timeout configuration', () => {
  const upstream: UpstreamCredentials = {
    baseUrl: 'http://127.0.0.1:9/v1',
    authUrl: 'http://127.0.0.1:9',
    clientId: 'c',
    clientSecret: 's',
  };

  it('defaults to 10 s for reads and 30 s for writes', () => {
    const config = loadBffConfig({}, upstream);
    expect(config.upstreamReadTimeoutMs).toBe(10_000);
    expect(config.upstreamTimeoutMs).toBe(30_000);
  });

  it('reads DPS_UPSTREAM_TIMEOUT_MS (writes) and DPS_UPSTREAM_READ_TIMEOUT_MS (reads)', () => {
    const config = loadBffConfig({ DPS_UPSTREAM_TIMEOUT_MS: '45000', DPS_UPSTREAM_READ_TIMEOUT_MS: '5000' }, upstream);
    expect(config.upstreamTimeoutMs).toBe(45_000);
    expect(config.upstreamReadTimeoutMs).toBe(5_000);
  });

  it('never lets the read default exceed a shorter write timeout', () => {
    expect(loadBffConfig({ DPS_UPSTREAM_TIMEOUT_MS: '4000' }, upstream).upstreamReadTimeoutMs).toBe(4_000);
  });

  it('refuses a read timeout longer than the write timeout', () => {
    expect(() =>
      loadBffConfig({ DPS_UPSTREAM_TIMEOUT_MS: '5000', DPS_UPSTREAM_READ_TIMEOUT_MS: '6000' }, upstream),
    ).toThrow('DPS_UPSTREAM_READ_TIMEOUT_MS must not be more than DPS_UPSTREAM_TIMEOUT_MS');
  });

  it('refuses values that are not whole milliseconds in range, naming the variable and the rule', () => {
    for (const [name, value] of [
      ['DPS_UPSTREAM_READ_TIMEOUT_MS', '10s'],
      ['DPS_UPSTREAM_READ_TIMEOUT_MS', '50'],
      ['DPS_UPSTREAM_TIMEOUT_MS', '-1'],
      ['DPS_UPSTREAM_TIMEOUT_MS', '600001'],
    ]) {
      expect(() => loadBffConfig({ [name]: value }, upstream), `${name}=${value}`).toThrow(ConfigError);
      expect(() => loadBffConfig({ [name]: value }, upstream)).toThrow(`${name} must be an integer from 100 to 600000`);
    }
  });
});
