/**
 * One office, one address (issue 28 item 6): many operators behind one NAT address look like one client with many
 * keep-alive connections. A burst of 100 concurrent requests from one address against the default cap of 64 gets an
 * answer for every request (200, or 503 with Retry-After when all of the address's connections are busy) within a
 * few seconds, and a new connection right after is answered at once: the burst's idle keep-alive connections are
 * closed to make room instead of filling the cap.
 */
import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultBffConfig } from '@/server/bff/config';
import { startEchoUpstream, type EchoUpstream } from '@/server/bff/testing/echo-upstream';
import { startBff, TestBrowser, type RunningBff } from '@/server/bff/testing/bff-harness';

const PASSWORD = 'correct-horse-battery';

let echo: EchoUpstream;
let bff: RunningBff;
let cookie: string;

beforeAll(async () => {
  echo = await startEchoUpstream();
  const defaults = defaultBffConfig(echo, '/unused').clientConnections;
  expect(defaults.maxPerAddress).toBe(64);
  bff = await startBff(echo, { config: { clientConnections: defaults } });
  await bff.addOperator('sam', 'admin', PASSWORD);
  const browser = new TestBrowser(bff.origin);
  expect((await browser.login('sam', PASSWORD)).status).toBe(200);
  cookie = browser.cookieHeader();
});

afterAll(async () => {
  await bff.close();
  bff.cleanup();
  await echo.close();
});

type Outcome = { status: number; retryAfter?: string } | { error: string };

/** One GET through `agent`; settles with the answer, the error, or `{error: 'hung'}` after `limitMs`. */
function get(agent: http.Agent, path: string, limitMs: number): Promise<Outcome> {
  const { hostname, port } = new URL(bff.origin);
  return new Promise((resolve) => {
    const request = http.get({ host: hostname, port, path, agent, headers: { cookie, 'x-csrf': '1' } }, (response) => {
      response.resume();
      response.on('end', () =>
        resolve({ status: response.statusCode ?? 0, retryAfter: response.headers['retry-after'] }),
      );
      response.on('error', (error) => resolve({ error: error.message }));
    });
    request.on('error', (error: NodeJS.ErrnoException) => resolve({ error: error.code ?? error.message }));
    request.setTimeout(limitMs, () => {
      resolve({ error: 'hung' });
      request.destroy();
    });
  });
}

describe('a burst from one address', () => {
  it('answers every request of 100 concurrent keep-alive ones, then lets a new connection in at once', async () => {
    // Like a browser or an HTTP client pool: keep-alive, as many sockets as there are requests.
    const burstAgent = new http.Agent({ keepAlive: true, maxSockets: Infinity });
    try {
      const outcomes = await Promise.all(
        Array.from({ length: 100 }, () => get(burstAgent, '/api/slow?ms=300', 10_000)),
      );
      const answered = outcomes.filter((o): o is { status: number; retryAfter?: string } => 'status' in o);
      expect(outcomes.filter((o) => 'error' in o)).toEqual([]);
      for (const outcome of answered) {
        expect([200, 503]).toContain(outcome.status);
        if (outcome.status === 503) expect(Number(outcome.retryAfter)).toBeGreaterThan(0);
      }
      expect(answered.filter((o) => o.status === 200).length).toBeGreaterThanOrEqual(64);

      // The burst's sockets now sit idle in its agent's pool; a new connection from the same address is not refused.
      const fresh = new http.Agent({ keepAlive: false });
      expect(await get(fresh, '/api/slow?ms=0', 2_000)).toMatchObject({ status: 200 });
      fresh.destroy();
    } finally {
      burstAgent.destroy();
    }
  }, 30_000);
});
