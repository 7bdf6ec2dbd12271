/**
 * OpenID Connect sign-in against a real provider (oidc-provider on loopback): the role each of four people gets,
 * the refusal of the one in no group, sign-out at both ends, back-channel logout across instances. On each state
 * store (files; PostgreSQL when DPS_DATABASE_URL is set).
 */
import { spawnSync } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestBrowser, type RunningBff } from '@/server/bff/testing/bff-harness';
import { bffsOnEachStore, STORE_KINDS } from '@/server/bff/testing/bffs-on-each-store';
import { startTestProvider, type TestProvider } from '@/server/bff/testing/oidc-test-provider';
import { bffSessionSchema } from '@/contract/bff-session';

const stores = bffsOnEachStore();

describe.each(STORE_KINDS)('OpenID Connect sign-in (%s store)', (kind) => {
  let op: TestProvider;
  let bff: RunningBff;

  beforeAll(async () => {
    op = await startTestProvider();
    bff = await stores.start(kind, { config: { oidc: op.settings() } });
    op.allow(bff.origin);
  });
  afterAll(async () => {
    await op?.close();
  });

  async function signIn(login: string, redirect = '/documents', target = bff) {
    const browser = new TestBrowser(target.origin);
    const start = await browser.request(`/bff/oidc/login?redirect=${encodeURIComponent(redirect)}`, { noCsrf: true });
    expect(start.status).toBe(303);
    const back = await op.signIn(start.headers.location!, login);
    const callback = await browser.request(back.pathname + back.search, { noCsrf: true });
    return { browser, callback };
  }

  it('signs a person in the admin group in as admin, and goes to the redirect', async () => {
    const { browser, callback } = await signIn('alice', '/documents?x=1');
    expect(callback.status).toBe(303);
    expect(callback.headers.location).toBe('/documents?x=1');
    const session = bffSessionSchema.parse((await browser.request('/bff/session')).json());
    expect(session).toMatchObject({ signedIn: true, operator: { name: 'alice', role: 'admin' }, signedInWith: 'oidc' });
  });

  it('signs a person whose group claim is one string in as viewer', async () => {
    const { browser } = await signIn('bob');
    const session = bffSessionSchema.parse((await browser.request('/bff/session')).json());
    expect(session).toMatchObject({ signedIn: true, operator: { name: 'bob', role: 'viewer' } });
  });

  it('signs a person in the reviewer and the viewer group in as reviewer of every agent, who may review only', async () => {
    const { browser } = await signIn('dave');
    const session = bffSessionSchema.parse((await browser.request('/bff/session')).json());
    expect(session).toMatchObject({ signedIn: true, operator: { name: 'dave', role: 'reviewer', agents: null } });
    const archive = await browser.json('/api/agents/svc:agent:1/runs/svc:run:1', 'PATCH', { status: 'archived' });
    expect(archive.status).toBe(200);
    expect((await browser.json('/api/users', 'POST', { email: 'd@e.co' })).status).toBe(403);
  });

  it('refuses a person in neither group with a page that says why, creates no session, and audits it', async () => {
    const { browser, callback } = await signIn('carol');
    expect(callback.headers.location).toBe('/sign-in?error=oidc-no-role');
    expect(JSON.stringify(callback.headers['set-cookie'] ?? [])).not.toMatch(/dps_session=[^;]/);
    expect(await browser.signedIn()).toBe(false);
    expect((await bff.bff.app.sessionStore.list()).some((s) => s.session.operator.name === 'carol')).toBe(false);
    const { entries } = await bff.bff.app.auditLog.page({ limit: 50, operator: 'carol' });
    expect(entries[0]).toMatchObject({
      method: 'GET',
      path: '/bff/oidc/callback?refused=no-role',
      status: 403,
      issuer: op.issuer,
      subject: 'carol',
    });
  });

  it('audits the sign-in and every write with the name, the issuer and the subject', async () => {
    const { browser } = await signIn('alice');
    const write = await browser.request('/api/users', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'x' }),
    });
    const { entries } = await bff.bff.app.auditLog.page({ limit: 2, operator: 'alice' });
    const person = { operator: 'alice', issuer: op.issuer, subject: 'alice' };
    expect(entries[0]).toMatchObject({
      ...person,
      method: 'POST',
      path: '/api/users',
      requestId: write.headers['x-request-id'],
    });
    expect(entries[1]).toMatchObject({
      ...person,
      method: 'GET',
      path: '/bff/oidc/callback?signed-in=admin',
      status: 200,
    });
    expect(entries[1].requestId).toEqual(expect.any(String));
  });

  it('audits nothing of the provider for a password sign-in', async () => {
    await bff.addOperator('dana', 'admin', 'correct horse battery');
    const local = new TestBrowser(bff.origin);
    await local.login('dana', 'correct horse battery');
    await local.request('/api/users', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
    const { entries } = await bff.bff.app.auditLog.page({ limit: 1, operator: 'dana' });
    expect(entries[0]).toMatchObject({ operator: 'dana', method: 'POST', path: '/api/users' });
    expect(entries[0]).not.toHaveProperty('issuer');
    expect(entries[0]).not.toHaveProperty('subject');
  });

  it('refuses a replayed authorization code', async () => {
    const first = new TestBrowser(bff.origin);
    const start = await first.request('/bff/oidc/login', { noCsrf: true });
    const back = await op.signIn(start.headers.location!, 'alice');
    await first.request(back.pathname + back.search, { noCsrf: true });
    expect(await first.signedIn()).toBe(true);
    // The same code again, in a sign-in of its own (its own pending cookie and state): the provider refuses it.
    const second = new TestBrowser(bff.origin);
    const again = new URL((await second.request('/bff/oidc/login', { noCsrf: true })).headers.location!);
    const replay = new URLSearchParams(back.search);
    replay.set('state', again.searchParams.get('state')!);
    const reply = await second.request(`/bff/oidc/callback?${replay}`, { noCsrf: true });
    expect(reply.headers.location).toBe('/sign-in?error=oidc-rejected');
    expect(await second.signedIn()).toBe(false);
  });

  it('signs out at both ends: the BFF session ends, then the provider ends its own', async () => {
    const { browser } = await signIn('alice');
    const reply = await browser.request('/bff/logout', { method: 'POST' });
    expect(reply.status).toBe(200);
    const url = new URL(reply.json<{ providerSignOutUrl: string }>().providerSignOutUrl);
    expect(url.origin + url.pathname).toBe(`${op.issuer}/session/end`);
    expect(url.searchParams.get('post_logout_redirect_uri')).toBe(`${bff.origin}/sign-in`);
    expect(url.searchParams.get('id_token_hint')?.split('.')).toHaveLength(3);
    expect(await browser.signedIn()).toBe(false);
    // The provider accepts the hint and the registered return address: its confirmation page, not an error.
    const providerPage = await fetch(url, { redirect: 'manual' });
    expect(providerPage.status).toBe(200);
    expect(await providerPage.text()).toContain('logout');
  });

  it('lists the person in the Sessions dialog by name, and a password sign-in stays as it was', async () => {
    const { browser } = await signIn('bob');
    const listed = await browser.request('/bff/sessions');
    const sessions = listed.json<{ sessions: { operator: unknown; atProvider?: unknown }[] }>();
    // Own sessions: bob's two sign-ins in this file, each named bob, with who he is at the provider.
    expect(sessions.sessions.length).toBeGreaterThan(0);
    for (const session of sessions.sessions) {
      expect(session.operator).toEqual({ name: 'bob', role: 'viewer' });
      expect(session.atProvider).toEqual({ issuer: op.issuer, subject: 'bob' });
    }
    // The provider's tokens and session id stay in the BFF.
    expect(listed.text).not.toMatch(/idToken|id_token|"sid"|eyJ/);
    await bff.addOperator('ops', 'admin', 'correct horse battery');
    const local = new TestBrowser(bff.origin);
    expect((await local.login('ops', 'correct horse battery')).json()).toMatchObject({ signedInWith: 'account' });
    const own = (await local.request('/bff/sessions')).json<{ sessions: { atProvider?: unknown }[] }>();
    expect(own.sessions.map((s) => s.atProvider)).toEqual([undefined]);
    expect((await local.request('/bff/logout', { method: 'POST' })).status).toBe(204);
  });
});

describe('the operator CLI', () => {
  it('`sessions <name>` finds a person signed in through the provider, with issuer and subject', async () => {
    const op = await startTestProvider();
    const bff = await stores.start('files', { config: { oidc: op.settings() } });
    op.allow(bff.origin);
    try {
      const browser = new TestBrowser(bff.origin);
      const start = await browser.request('/bff/oidc/login', { noCsrf: true });
      const back = await op.signIn(start.headers.location!, 'alice');
      await browser.request(back.pathname + back.search, { noCsrf: true });
      const result = spawnSync(
        process.execPath,
        ['--import', 'tsx', 'src/server/bff/operator-cli.ts', 'sessions', 'alice'],
        { env: { ...process.env, DPS_DATA_DIR: bff.dataDir }, encoding: 'utf8' },
      );
      expect(result.status).toBe(0);
      expect(result.stdout).toMatch(new RegExp(`^[0-9a-f]{32}\\t.*\\tsigned in with ${op.issuer} as alice\\n$`));
    } finally {
      await op.close();
    }
  });
});

describe('without local accounts (DPS_LOCAL_ACCOUNTS=0)', () => {
  it('refuses /bff/login and tells the sign-in page to offer the provider only', async () => {
    const op = await startTestProvider();
    const bff = await stores.start('files', { config: { oidc: op.settings(), localAccounts: false } });
    try {
      await bff.addOperator('ops', 'admin', 'correct horse battery');
      const browser = new TestBrowser(bff.origin);
      const reply = await browser.login('ops', 'correct horse battery');
      expect(reply.status).toBe(403);
      expect(reply.json().message).toContain('Test IdP');
      expect((await browser.request('/bff/session')).json()).toEqual({
        signedIn: false,
        signIn: { localAccounts: false, provider: 'Test IdP' },
      });
    } finally {
      await op.close();
    }
  });
});
