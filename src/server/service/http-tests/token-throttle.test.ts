/**
 * The token endpoint under floods of wrong credentials, over real HTTP. Requests come from several loopback source
 * addresses (127.x.y.z all reach the service on Linux), so per-address limits can be told from per-client-id ones.
 * Assertions are on statuses and headers, never on time.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorBodySchema, tokenResponseSchema } from '@/contract';
import { TOKEN_THROTTLE_DEFAULTS as LIMITS } from '@/server/service/auth/token-throttle';
import { apiClient, type ApiClient } from '@/server/service/testing/http';
import { startTestService, type TestService } from '@/server/service/testing/start-test-service';
import { basicCredentials as basic, postTokenFrom, type TokenAnswer } from '@/server/service/testing/token-requests';

let svc: TestService;
let admin: ApiClient;

beforeAll(async () => {
  svc = await startTestService();
  admin = apiClient(svc.baseUrl, await svc.getToken());
});
afterAll(() => svc?.close());

/** POST /oauth2/token from the given local (source) address, on its own connection. */
const postToken = (authorization: string, from: string) => postTokenFrom(svc.authUrl, authorization, from);

async function newClient(name: string): Promise<{ clientId: string; clientSecret: string }> {
  const created = await admin.post('/appClients', { name, roleIds: ['svc:role:viewer'] });
  expect(created.status).toBe(200);
  return { clientId: created.body.clientId, clientSecret: created.body.clientSecret };
}

/** A refusal: 429 or 503 with Retry-After in whole seconds and a `{message}`. */
function expectRefused(answer: TokenAnswer, statuses: number[] = [429, 503]) {
  expect(statuses).toContain(answer.status);
  expect(Number(answer.retryAfter)).toBeGreaterThanOrEqual(1);
  expect(Number.isInteger(Number(answer.retryAfter))).toBe(true);
  expect(errorBodySchema.parse(JSON.parse(answer.text)).message).toMatch(/^(Too Many Requests|Service Unavailable)/);
}

const tally = (answers: TokenAnswer[]) => {
  const by = (status: number) => answers.filter((a) => a.status === status).length;
  return { ok: by(200), unauthorized: by(401), refused: answers.filter((a) => a.status === 429 || a.status === 503) };
};

describe('token endpoint under a flood of wrong credentials', () => {
  it('sheds a flood from one address at once (429/503, Retry-After) and answers a valid login from another address with 200', async () => {
    const holder = await newClient('holder, first login during a flood');
    const victim = await newClient('victim of the flood');
    const flood = Array.from({ length: 100 }, (_, i) =>
      postToken(i % 2 ? basic(`unknown-client-${i}`, 'guess') : basic(victim.clientId, `guess-${i}`), '127.0.10.1'),
    );
    const valid = postToken(basic(holder.clientId, holder.clientSecret), '127.0.10.2');
    const answered = await valid;
    expect(answered.status).toBe(200);
    tokenResponseSchema.parse(JSON.parse(answered.text));

    const answers = await Promise.all(flood);
    const { ok, unauthorized, refused } = tally(answers);
    expect(ok).toBe(0);
    // Only attempts let through are hashed, and one address gets at most its failure budget through.
    expect(unauthorized).toBeLessThanOrEqual(LIMITS.maxFailuresPerAddress);
    expect(unauthorized + refused.length).toBe(answers.length);
    for (const answer of refused) expectRefused(answer);
  });

  it('a holder that got a token before is answered 200 while its client id is attacked from many addresses', async () => {
    const holder = await newClient('holder under attack');
    expect((await postToken(basic(holder.clientId, holder.clientSecret), '127.0.11.1')).status).toBe(200);
    const flood = Array.from({ length: 60 }, (_, i) =>
      postToken(basic(holder.clientId, `guess-${i}`), `127.0.12.${i + 1}`),
    );
    const during = postToken(basic(holder.clientId, holder.clientSecret), '127.0.11.1');
    expect((await during).status).toBe(200);

    const answers = await Promise.all(flood);
    const { ok, unauthorized, refused } = tally(answers);
    expect(ok).toBe(0);
    expect(unauthorized).toBeLessThanOrEqual(LIMITS.maxFailuresPerClientId);
    expect(refused.length).toBe(answers.length - unauthorized);
    for (const answer of refused) expectRefused(answer);
    // Still locked for guessers, still open to the holder — also from an address that guessed.
    expectRefused(await postToken(basic(holder.clientId, 'one more guess'), '127.0.12.200'), [429]);
    expect((await postToken(basic(holder.clientId, holder.clientSecret), '127.0.12.1')).status).toBe(200);
  });
});

describe('failure limits', () => {
  it(`per client id: after ${LIMITS.maxFailuresPerClientId} failures from any addresses, 429 with Retry-After`, async () => {
    const victim = await newClient('per-client-id limit');
    for (let i = 0; i < LIMITS.maxFailuresPerClientId; i++) {
      expect((await postToken(basic(victim.clientId, `guess-${i}`), `127.0.20.${i + 1}`)).status).toBe(401);
    }
    const refused = await postToken(basic(victim.clientId, 'guess'), '127.0.20.100');
    expectRefused(refused, [429]);
    expect(Number(refused.retryAfter)).toBeLessThanOrEqual(LIMITS.windowSeconds);
    expect(JSON.parse(refused.text).message).toMatch(/client_id/);
    // An address that guessed is not let guess again; the holder, never verified by this instance, is checked.
    expectRefused(await postToken(basic(victim.clientId, victim.clientSecret), '127.0.20.1'), [429]);
    expect((await postToken(basic(victim.clientId, victim.clientSecret), '127.0.20.101')).status).toBe(200);
    // Other client ids are not affected.
    const other = await newClient('unaffected by the per-client-id limit');
    expect((await postToken(basic(other.clientId, other.clientSecret), '127.0.20.102')).status).toBe(200);
  });

  it(`per address: after ${LIMITS.maxFailuresPerAddress} failures from one address, 429 with Retry-After for any client id`, async () => {
    for (let i = 0; i < LIMITS.maxFailuresPerAddress; i++) {
      expect((await postToken(basic(`unknown-${i}`, 'guess'), '127.0.21.1')).status).toBe(401);
    }
    const refused = await postToken(basic('unknown-next', 'guess'), '127.0.21.1');
    expectRefused(refused, [429]);
    expect(Number(refused.retryAfter)).toBeLessThanOrEqual(LIMITS.windowSeconds);
    expect(JSON.parse(refused.text).message).toMatch(/address/);
    const client = await newClient('per-address limit');
    expectRefused(await postToken(basic(client.clientId, client.clientSecret), '127.0.21.1'), [429]);
    expect((await postToken(basic(client.clientId, client.clientSecret), '127.0.21.2')).status).toBe(200);
  });
});

describe('no lockout of a known client id', () => {
  const attack = async (clientId: string, from: string) => {
    for (let i = 0; i < LIMITS.maxFailuresPerClientId; i++) {
      expect((await postToken(basic(clientId, `wrong-${i}`), from)).status).toBe(401);
    }
    expectRefused(await postToken(basic(clientId, 'one more'), from), [429]);
  };

  it(`${LIMITS.maxFailuresPerClientId} wrong secrets from one address do not stop the right secret from another`, async () => {
    const holder = await newClient('holder of an attacked client id');
    await attack(holder.clientId, '127.0.40.1');
    const answered = await postToken(basic(holder.clientId, holder.clientSecret), '127.0.40.2');
    expect(answered.status).toBe(200);
    tokenResponseSchema.parse(JSON.parse(answered.text));
  });

  it('nor after a restart, before or after the wrong secrets', async () => {
    const holder = await newClient('holder of an attacked client id, restarted');
    expect((await postToken(basic(holder.clientId, holder.clientSecret), '127.0.41.2')).status).toBe(200);
    await attack(holder.clientId, '127.0.41.1');
    await svc.restart();
    await attack(holder.clientId, '127.0.41.1');
    expect((await postToken(basic(holder.clientId, holder.clientSecret), '127.0.41.2')).status).toBe(200);
    await svc.restart();
    expect((await postToken(basic(holder.clientId, holder.clientSecret), '127.0.41.2')).status).toBe(200);
  });
});

describe('unknown client id and wrong secret look the same', () => {
  it('same status, body and WWW-Authenticate; and the same limit, with the same answer', async () => {
    const client = await newClient('wrong secret vs unknown');
    const wrong = await postToken(basic(client.clientId, 'wrong-secret'), '127.0.30.1');
    const unknown = await postToken(basic('no-such-client-id', 'wrong-secret'), '127.0.30.2');
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(wrong.status);
    expect(unknown.text).toBe(wrong.text);
    expect(unknown.wwwAuthenticate).toBe(wrong.wwwAuthenticate);

    for (let i = 1; i < LIMITS.maxFailuresPerClientId; i++) {
      expect((await postToken(basic(client.clientId, `wrong-${i}`), `127.0.31.${i}`)).status).toBe(401);
      expect((await postToken(basic('no-such-client-id', `wrong-${i}`), `127.0.32.${i}`)).status).toBe(401);
    }
    const wrongRefused = await postToken(basic(client.clientId, 'wrong-last'), '127.0.31.100');
    const unknownRefused = await postToken(basic('no-such-client-id', 'wrong-last'), '127.0.32.100');
    expectRefused(wrongRefused, [429]);
    expect(unknownRefused.status).toBe(wrongRefused.status);
    expect(unknownRefused.text.replace(/\d+/g, 'N')).toBe(wrongRefused.text.replace(/\d+/g, 'N'));
    expect(unknownRefused.retryAfter).toBeDefined();
  });
});
