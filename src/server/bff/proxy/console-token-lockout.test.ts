/**
 * Issue 25 item 5 end to end: client ids are not secret, so anyone can send wrong secrets for the console's own. The
 * console must still get its token — also when the service and the BFF restart (nothing remembers the secret then)
 * and the attacker keeps guessing. The attacker sends from another loopback address than the BFF (127.x.y.z all
 * reach the service on Linux).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TOKEN_THROTTLE_DEFAULTS } from '@/server/service/auth/token-throttle';
import { startTestService, type TestService } from '@/server/service/testing/start-test-service';
import { basicCredentials, postTokenFrom } from '@/server/service/testing/token-requests';
import { startBff, TestBrowser, type RunningBff } from '@/server/bff/testing/bff-harness';

const PASSWORD = 'correct-horse-battery';
const ATTACKER = '127.0.70.1';

let service: TestService;
const running: RunningBff[] = [];

beforeAll(async () => {
  service = await startTestService();
});

afterAll(async () => {
  for (const bff of running) await bff.close();
  running[0]?.cleanup();
  await service?.close();
});

/** One wrong secret for the console's client id, from the attacker's address: the token endpoint's status. */
async function guess(attempt: number): Promise<number> {
  const authorization = basicCredentials(service.credentials.clientId, `wrong-${attempt}`);
  return (await postTokenFrom(service.authUrl, authorization, ATTACKER)).status;
}

/** Enough wrong secrets to reach the client id's failure limit, and one more, which is refused. */
async function attack(): Promise<void> {
  for (let i = 0; i < TOKEN_THROTTLE_DEFAULTS.maxFailuresPerClientId; i++) expect(await guess(i)).toBe(401);
  expect(await guess(-1)).toBe(429);
}

/** A BFF on the data dir of the first (a restart of it): signs the admin in and reads through the service. */
async function consoleWorks(): Promise<void> {
  const bff = await startBff(service.credentials, running[0] ? { dataDir: running[0].dataDir } : {});
  if (!running[0]) await bff.addOperator('ada', 'admin', PASSWORD);
  running.push(bff);
  const browser = new TestBrowser(bff.origin);
  expect((await browser.login('ada', PASSWORD)).status).toBe(200);
  const users = await browser.request('/api/users');
  expect(users.status, users.text).toBe(200);
}

describe("wrong secrets for the console's client id", () => {
  it('do not keep the console from its token, before or after the service and the BFF restart', async () => {
    await attack();
    await consoleWorks();

    await running[running.length - 1].close();
    await service.restart();
    await attack();
    await consoleWorks();
  });
});
