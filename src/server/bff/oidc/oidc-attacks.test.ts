/**
 * Attacks on the OpenID Connect callback and back-channel logout, each a test: ID tokens crafted with jose and served
 * by a provider of the test's own (a real provider would never issue them), and state, code and redirect tricks.
 * The first test signs in with a well-formed token, so every refusal below is the check it names, not a broken setup.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { JWTPayload } from 'jose';
import { startBff, TestBrowser, type RunningBff } from '@/server/bff/testing/bff-harness';
import { startEchoUpstream, type EchoUpstream } from '@/server/bff/testing/echo-upstream';
import { startCraftedTokenProvider, type CraftedTokenProvider } from '@/server/bff/testing/crafted-token-provider';
import { bffsOnEachStore, STORE_KINDS } from '@/server/bff/testing/bffs-on-each-store';
import type { OidcConfig } from './oidc-config';

let echo: EchoUpstream;
let op: CraftedTokenProvider;
let bff: RunningBff;
let clock = Date.now();
/** Back-channel logout runs on each state store (PostgreSQL when DPS_DATABASE_URL is set), on the real clock. */
const stores = bffsOnEachStore();

function settings(): OidcConfig {
  return {
    issuer: op.issuer,
    clientId: op.clientId,
    clientSecret: op.clientSecret,
    scopes: 'openid profile email',
    name: 'Crafted IdP',
    roleClaim: 'groups',
    adminValues: ['dps-admins'],
    reviewerValues: ['dps-reviewers'],
    viewerValues: ['dps-viewers'],
    maxSessionMs: 60 * 60_000,
  };
}

beforeAll(async () => {
  echo = await startEchoUpstream();
  op = await startCraftedTokenProvider();
  bff = await startBff(echo, { config: { oidc: settings(), now: () => clock } });
});
afterAll(async () => {
  await bff?.close();
  bff?.cleanup();
  await op?.close();
  await echo?.close();
});

const seconds = () => Math.floor(Date.now() / 1000);

/** A sign-in begun at the BFF: the browser holding the pending cookie, and what the BFF sent to the provider. */
async function begin(redirect = '/documents', target = bff) {
  const browser = new TestBrowser(target.origin);
  const start = await browser.request(`/bff/oidc/login?redirect=${encodeURIComponent(redirect)}`, { noCsrf: true });
  expect(start.status).toBe(303);
  const authorization = new URL(start.headers.location!);
  const param = (name: string) => authorization.searchParams.get(name)!;
  return { browser, state: param('state'), nonce: param('nonce'), authorization };
}

function idTokenClaims(nonce: string, overrides: JWTPayload = {}): JWTPayload {
  return {
    iss: op.issuer,
    aud: op.clientId,
    sub: 'dave-subject',
    preferred_username: 'dave',
    email: 'dave@example.test',
    groups: ['dps-admins'],
    sid: 'provider-session-1',
    nonce,
    iat: seconds(),
    exp: seconds() + 300,
    ...overrides,
  };
}

/** The token endpoint answers this ID token once. */
function issue(idToken: string) {
  op.respond = async () => ({ access_token: 'crafted-access-token', token_type: 'Bearer', id_token: idToken });
}

async function callback(browser: TestBrowser, query: string) {
  return browser.request(`/bff/oidc/callback?${query}`, { noCsrf: true });
}

async function expectRefused(browser: TestBrowser, reply: { status: number; headers: Record<string, unknown> }) {
  expect(reply.status).toBe(303);
  expect(reply.headers.location).toMatch(/^\/sign-in\?error=oidc-/);
  expect(await browser.signedIn()).toBe(false);
}

describe('the OpenID Connect callback', () => {
  it('signs in with a well-formed ID token (the control for every refusal below)', async () => {
    const { browser, state, nonce, authorization } = await begin();
    expect(authorization.searchParams.get('code_challenge_method')).toBe('S256');
    expect(authorization.searchParams.get('code_challenge')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const token = await op.sign(idTokenClaims(nonce));
    issue(token);
    const reply = await callback(browser, `code=good-code&state=${state}`);
    expect(reply.headers.location).toBe('/documents');
    expect(await browser.signedIn()).toBe(true);
    // PKCE: the verifier went to the token endpoint, and neither code nor token reached the logs or the browser.
    expect(op.tokenRequests.at(-1)?.get('code_verifier')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const logs = bff.logs.join('\n');
    expect(logs).not.toContain(token);
    expect(logs).not.toContain('good-code');
    expect(browser.replies.map((r) => r.text + JSON.stringify(r.headers)).join('\n')).not.toContain(token);
  });

  it('refuses a wrong state, and the pending sign-in is spent', async () => {
    const { browser, state, nonce } = await begin();
    issue(await op.sign(idTokenClaims(nonce)));
    await expectRefused(browser, await callback(browser, `code=c&state=not-${state}`));
    const again = await callback(browser, `code=c&state=${state}`);
    expect(again.headers.location).toBe('/sign-in?error=oidc-no-pending-sign-in');
  });

  it('refuses an ID token with a wrong nonce', async () => {
    const { browser, state } = await begin();
    issue(await op.sign(idTokenClaims('some-other-nonce')));
    await expectRefused(browser, await callback(browser, `code=c&state=${state}`));
  });

  it('refuses an ID token from another issuer', async () => {
    const { browser, state, nonce } = await begin();
    issue(await op.sign(idTokenClaims(nonce, { iss: 'https://other-issuer.example' })));
    await expectRefused(browser, await callback(browser, `code=c&state=${state}`));
  });

  it('refuses an ID token for another audience', async () => {
    const { browser, state, nonce } = await begin();
    issue(await op.sign(idTokenClaims(nonce, { aud: 'another-client' })));
    await expectRefused(browser, await callback(browser, `code=c&state=${state}`));
  });

  it('refuses an unsigned ID token (alg: none)', async () => {
    const { browser, state, nonce } = await begin();
    issue(await op.sign(idTokenClaims(nonce), { alg: 'none' }));
    await expectRefused(browser, await callback(browser, `code=c&state=${state}`));
  });

  it('refuses an ID token signed by a key the provider does not publish', async () => {
    const { browser, state, nonce } = await begin();
    issue(await op.sign(idTokenClaims(nonce), { key: await op.otherKey(), kid: 'unknown-key' }));
    await expectRefused(browser, await callback(browser, `code=c&state=${state}`));
  });

  it('refuses an ID token signed by another key under the served key id', async () => {
    const { browser, state, nonce } = await begin();
    issue(await op.sign(idTokenClaims(nonce), { key: await op.otherKey() }));
    await expectRefused(browser, await callback(browser, `code=c&state=${state}`));
  });

  it('refuses an expired ID token', async () => {
    const { browser, state, nonce } = await begin();
    issue(await op.sign(idTokenClaims(nonce, { iat: seconds() - 3600, exp: seconds() - 1800 })));
    await expectRefused(browser, await callback(browser, `code=c&state=${state}`));
  });

  it('refuses a callback without a pending sign-in, and audits it without the code', async () => {
    const browser = new TestBrowser(bff.origin);
    const reply = await callback(browser, 'code=stolen-code-123&state=whatever');
    expect(reply.headers.location).toBe('/sign-in?error=oidc-no-pending-sign-in');
    expect(await browser.signedIn()).toBe(false);
    const entries = (await bff.bff.app.auditLog.page({ limit: 50 })).entries;
    const entry = entries.find((e) => e.path === '/bff/oidc/callback?failed=no-pending-sign-in');
    expect(entry).toMatchObject({ operator: 'unknown', method: 'GET', status: 400, outcome: 'not-forwarded' });
    expect(JSON.stringify(entries)).not.toContain('stolen-code-123');
  });

  it('follows only a same-origin path after sign-in (no open redirect)', async () => {
    for (const redirect of ['//evil.example/x', 'https://evil.example/', '/\t/evil.example', '/\\evil.example']) {
      const { browser, state, nonce } = await begin(redirect);
      issue(await op.sign(idTokenClaims(nonce)));
      const reply = await callback(browser, `code=c&state=${state}`);
      expect(reply.headers.location).toBe('/runs');
      expect(await browser.signedIn()).toBe(true);
    }
  });

  it('ends a session at DPS_OIDC_MAX_SESSION_HOURS, before the local session lifetime', async () => {
    const { browser, state, nonce } = await begin();
    issue(await op.sign(idTokenClaims(nonce)));
    await callback(browser, `code=c&state=${state}`);
    expect(await browser.signedIn()).toBe(true);
    clock += 30 * 60_000;
    expect(await browser.signedIn()).toBe(true);
    clock += 30 * 60_000;
    expect(await browser.signedIn()).toBe(false);
  });
});

describe.each(STORE_KINDS)('back-channel logout (%s store)', (kind) => {
  let target: RunningBff;

  beforeAll(async () => {
    target = await stores.start(kind, { config: { oidc: settings() } });
  });

  async function signedIn(sub: string, sid: string) {
    const { browser, state, nonce } = await begin('/documents', target);
    issue(await op.sign(idTokenClaims(nonce, { sub, sid })));
    await callback(browser, `code=c&state=${state}`);
    expect(await browser.signedIn()).toBe(true);
    return browser;
  }

  function logoutClaims(overrides: JWTPayload = {}): JWTPayload {
    return {
      iss: op.issuer,
      aud: op.clientId,
      iat: seconds(),
      exp: seconds() + 120,
      jti: `jti-${randomUUID()}`,
      events: { 'http://schemas.openid.net/event/backchannel-logout': {} },
      ...overrides,
    };
  }

  async function post(token: string, to = target) {
    return new TestBrowser(to.origin).request('/bff/oidc/backchannel-logout', {
      method: 'POST',
      noCsrf: true,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ logout_token: token }).toString(),
    });
  }

  it('ends the session the logout token names by sid, on another instance too, and leaves others', async () => {
    const other = await stores.beside(target, { config: { oidc: settings() } });
    const ended = await signedIn('erin', 'sid-erin-1');
    const kept = await signedIn('erin', 'sid-erin-2');
    const reply = await post(
      await op.sign(logoutClaims({ sid: 'sid-erin-1', sub: 'erin' }), { typ: 'logout+jwt' }),
      other,
    );
    expect(reply.status).toBe(200);
    expect(await ended.signedIn()).toBe(false);
    expect(await kept.signedIn()).toBe(true);
  });

  it('ends every session of a subject when the token names only sub', async () => {
    const first = await signedIn('frank', 'sid-frank-1');
    const second = await signedIn('frank', 'sid-frank-2');
    expect((await post(await op.sign(logoutClaims({ sub: 'frank' })))).status).toBe(200);
    expect(await first.signedIn()).toBe(false);
    expect(await second.signedIn()).toBe(false);
  });

  it('answers a logout token once: replayed after the person signed in again, it ends nothing', async () => {
    const before = await signedIn('hank', 'sid-hank-1');
    const token = await op.sign(logoutClaims({ sub: 'hank' }));
    expect((await post(token)).status).toBe(200);
    expect(await before.signedIn()).toBe(false);
    const after = await signedIn('hank', 'sid-hank-2');
    const replay = await post(token);
    expect(replay.status).toBe(400);
    expect(replay.json()).toEqual({ error: 'invalid_request', error_description: 'logout token refused' });
    expect(await after.signedIn()).toBe(true);
    const logs = target.logs.join('\n');
    expect(logs).toContain('back-channel logout token replayed');
    expect(logs).not.toContain(token);
  });

  it('refuses on one instance the replay of a token another instance accepted', async () => {
    const other = await stores.beside(target, { config: { oidc: settings() } });
    await signedIn('ivy', 'sid-ivy-1');
    const token = await op.sign(logoutClaims({ sub: 'ivy' }));
    expect((await post(token, other)).status).toBe(200);
    const after = await signedIn('ivy', 'sid-ivy-2');
    expect((await post(token, target)).status).toBe(400);
    expect(await after.signedIn()).toBe(true);
  });

  it('remembers only a verified token: a forged one with the same jti does not block the real one', async () => {
    const browser = await signedIn('jane', 'sid-jane');
    const jti = `jti-${randomUUID()}`;
    const forged = await op.sign(logoutClaims({ sub: 'jane', jti }), { key: await op.otherKey() });
    expect((await post(forged)).status).toBe(400);
    expect(await browser.signedIn()).toBe(true);
    expect((await post(await op.sign(logoutClaims({ sub: 'jane', jti })))).status).toBe(200);
    expect(await browser.signedIn()).toBe(false);
  });

  const invalid: [string, () => Promise<string>][] = [
    ['with a nonce', () => op.sign(logoutClaims({ sub: 'gina', nonce: 'n' }))],
    ['without the back-channel event', () => op.sign(logoutClaims({ sub: 'gina', events: {} }))],
    ['without jti', () => op.sign(logoutClaims({ sub: 'gina', jti: undefined }))],
    ['with a jti longer than 256 characters', () => op.sign(logoutClaims({ sub: 'gina', jti: 'j'.repeat(257) }))],
    ['without sid or sub', () => op.sign(logoutClaims())],
    ['for another audience', () => op.sign(logoutClaims({ sub: 'gina', aud: 'another-client' }))],
    ['from another issuer', () => op.sign(logoutClaims({ sub: 'gina', iss: 'https://other-issuer.example' }))],
    ['unsigned (alg: none)', () => op.sign(logoutClaims({ sub: 'gina' }), { alg: 'none' })],
    ['signed by an unknown key', async () => op.sign(logoutClaims({ sub: 'gina' }), { key: await op.otherKey() })],
    ['issued long ago', () => op.sign(logoutClaims({ sub: 'gina', iat: seconds() - 3600, exp: seconds() + 60 }))],
  ];
  it.each(invalid)('refuses a logout token %s and ends nothing', async (_, token) => {
    const browser = await signedIn('gina', 'sid-gina');
    const reply = await post(await token());
    expect(reply.status).toBe(400);
    expect(await browser.signedIn()).toBe(true);
  });
});
