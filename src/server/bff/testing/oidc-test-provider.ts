/**
 * A real OpenID provider on loopback for the BFF's tests: the certified `oidc-provider`, with its own login page, four
 * people (alice in the admin group, bob in a viewer group — sent as a single string —, dave in the reviewer and the
 * viewer groups, carol in none), PKCE required, RP-initiated and back-channel logout on. Consent is granted for the console (a first-party client), as
 * a company's provider does for its own apps. `signIn` walks the login page over HTTP as a browser would.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider from 'oidc-provider';
import type { OidcConfig } from '@/server/bff/oidc/oidc-config';

export const TEST_CLIENT = { clientId: 'dps-console', clientSecret: 'test-client-secret-0123456789abcdef' };

export const PEOPLE: Record<string, { email: string; groups: string[] | string }> = {
  alice: { email: 'alice@example.test', groups: ['staff', 'dps-admins'] },
  bob: { email: 'bob@example.test', groups: 'dps-viewers' },
  dave: { email: 'dave@example.test', groups: ['dps-viewers', 'dps-reviewers'] },
  carol: { email: 'carol@example.test', groups: ['staff'] },
};

export interface TestProvider {
  issuer: string;
  /** The console's OIDC settings for this provider. */
  settings(overrides?: Partial<OidcConfig>): OidcConfig;
  /** Registers the console at `origin` (its redirect, post-logout and back-channel URIs). */
  allow(origin: string): void;
  /** From the BFF's redirect to the provider, through its login page as `login`, to the redirect back to the BFF. */
  signIn(authorizationUrl: string, login: string): Promise<URL>;
  close(): Promise<void>;
}

/** A cookie jar of one browser at the provider (paths ignored: one provider, one person per jar). */
class ProviderBrowser {
  private readonly cookies = new Map<string, string>();

  async fetch(url: string, init: RequestInit = {}): Promise<Response> {
    const headers = new Headers(init.headers);
    if (this.cookies.size) headers.set('cookie', [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; '));
    const response = await fetch(url, { ...init, headers, redirect: 'manual' });
    for (const line of response.headers.getSetCookie()) {
      const pair = line.split(';')[0];
      const name = pair.slice(0, pair.indexOf('='));
      const value = pair.slice(pair.indexOf('=') + 1);
      if (value === '' || /expires=thu, 01 jan 1970/i.test(line)) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    return response;
  }
}

/** The provider for the console registered at `origins`: its client, the people, PKCE, logout, granted consent. */
function testProvider(issuer: string, origins: readonly string[]): Provider {
  return new Provider(issuer, {
    clients: [
      {
        client_id: TEST_CLIENT.clientId,
        client_secret: TEST_CLIENT.clientSecret,
        redirect_uris: origins.map((o) => `${o}/bff/oidc/callback`),
        post_logout_redirect_uris: origins.map((o) => `${o}/sign-in`),
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_basic',
      },
    ],
    findAccount: (_ctx: unknown, id: string) => ({
      accountId: id,
      claims: () => ({
        sub: id,
        preferred_username: id,
        email: PEOPLE[id]?.email,
        groups: PEOPLE[id]?.groups ?? [],
      }),
    }),
    claims: { openid: ['sub'], profile: ['preferred_username', 'groups'], email: ['email'] },
    // The claims in the ID token itself, as providers configured with a group mapper send them.
    conformIdTokenClaims: false,
    pkce: { required: () => true },
    features: {
      devInteractions: { enabled: true },
      rpInitiatedLogout: { enabled: true },
      backchannelLogout: { enabled: true },
    },
    cookies: { keys: ['test-provider-cookie-key-0123456789'] },
    loadExistingGrant: async (ctx: {
      oidc: { client: { clientId: string }; session: { accountId: string }; provider: Provider };
    }) => {
      const grant = new ctx.oidc.provider.Grant({
        accountId: ctx.oidc.session.accountId,
        clientId: ctx.oidc.client.clientId,
      });
      grant.addOIDCScope('openid profile email');
      grant.addOIDCClaims(['preferred_username', 'groups', 'email']);
      await grant.save();
      return grant;
    },
  });
}

/** Walks the provider's pages as a browser: the login form submitted as `login`, until the redirect leaves it. */
async function signInAt(issuer: string, authorizationUrl: string, login: string): Promise<URL> {
  const browser = new ProviderBrowser();
  let url = authorizationUrl;
  for (let hop = 0; hop < 10; hop++) {
    const response = await browser.fetch(url);
    const location = response.headers.get('location');
    if (location) {
      const next = new URL(location, url);
      if (next.origin !== issuer) return next;
      url = next.href;
      continue;
    }
    const page = await response.text();
    const action = /<form[^>]*action="([^"]+)"/.exec(page)?.[1];
    if (!action || !page.includes('name="login"')) throw new Error(`unexpected provider page ${response.status}`);
    const body = new URLSearchParams({ prompt: 'login', login, password: 'any' });
    const submitted = await browser.fetch(new URL(action, url).href, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body,
    });
    url = new URL(submitted.headers.get('location')!, url).href;
  }
  throw new Error('too many redirects at the provider');
}

export async function startTestProvider(): Promise<TestProvider> {
  let handler: ReturnType<Provider['callback']> | undefined;
  const server = http.createServer((request, response) => {
    if (handler) return handler(request, response);
    response.statusCode = 503;
    response.end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const origins: string[] = [];
  const build = () => {
    handler = testProvider(issuer, origins).callback();
  };
  build();

  return {
    issuer,
    settings: (overrides = {}) => ({
      issuer,
      ...TEST_CLIENT,
      scopes: 'openid profile email',
      name: 'Test IdP',
      roleClaim: 'groups',
      adminValues: ['dps-admins'],
      reviewerValues: ['dps-reviewers'],
      viewerValues: ['dps-viewers'],
      maxSessionMs: 12 * 60 * 60_000,
      ...overrides,
    }),
    allow(origin) {
      origins.push(origin);
      build();
    },
    signIn: (authorizationUrl, login) => signInAt(issuer, authorizationUrl, login),
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
