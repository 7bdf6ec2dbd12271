/**
 * OpenID Connect sign-in (issue 27): `GET /bff/oidc/login` sends the browser to the provider (authorization code +
 * PKCE S256, state, nonce; kept server-side, bound to a short-lived cookie), `GET /bff/oidc/callback` takes the code,
 * has the library verify the ID token, maps the group claim to a role and starts a session. `POST /bff/logout` asks
 * `providerSignOutUrl` for the provider's end-session URL; back-channel logout is in backchannel-logout.ts.
 * No token, code or secret is logged, audited or sent to the browser.
 */
import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as client from 'openid-client';
import { oidcCallbackQuerySchema, oidcLoginQuerySchema } from '@/contract/bff-session';
import { safeRedirect } from '@/contract/safe-redirect';
import { splitTarget } from '@/server/bff/security/route-paths';
import { canUseSecureCookie } from '@/server/bff/security/request-guards';
import { OIDC_ACCOUNT_PREFIX, startSession } from '@/server/bff/sessions/start-session';
import { requestCookies } from '@/server/bff/sessions/session-cookie';
import type { OidcSessionLink } from '@/server/bff/sessions/session-store';
import { backchannelLogout } from './backchannel-logout';
import type { OidcConfig } from './oidc-config';
import { OidcProviderClient } from './oidc-provider-client';
import { roleFromClaim } from './oidc-roles';
import { PENDING_SIGN_IN_TTL_MS, type PendingSignIn } from './pending-sign-ins';
import type { ZodApp } from '@/server/shared/zod-app';

declare module 'fastify' {
  interface FastifyInstance {
    /** The provider's sign-out URL for a session signed in through it; null without one (or without OIDC). */
    providerSignOutUrl(request: FastifyRequest, link: OidcSessionLink): Promise<string | null>;
  }
}

const PLAIN_PENDING_COOKIE = 'dps_oidc';
const SECURE_PENDING_COOKIE = '__Host-dps_oidc';

/** The pending sign-in's cookie: SameSite=Lax, as the provider's redirect back is a cross-site top-level GET. */
function pendingCookie(request: FastifyRequest) {
  const secure = canUseSecureCookie(request.protocol, request.hostname);
  return {
    name: secure ? SECURE_PENDING_COOKIE : PLAIN_PENDING_COOKIE,
    options: { httpOnly: true, sameSite: 'lax' as const, path: '/', secure },
  };
}

/** The console's origin as this browser reaches it (the Host header has passed the allowlist). */
function originOf(request: FastifyRequest): string {
  return `${request.protocol}://${request.host}`;
}

/** The account id of a person at the provider: stable per issuer + subject, and nobody's local account. */
function accountIdOf(issuer: string, subject: string): string {
  return OIDC_ACCOUNT_PREFIX + createHash('sha256').update(`${issuer}\n${subject}`).digest('hex').slice(0, 32);
}

/** How the person is named: preferred_username, else email, else the subject. */
function displayName(claims: Record<string, unknown>): string {
  for (const claim of ['preferred_username', 'email', 'sub']) {
    const value = claims[claim];
    if (typeof value === 'string' && value.trim()) return value.trim().slice(0, 256);
  }
  return 'unknown';
}

/** Why a callback failed, as the audit log and the sign-in page say it: a code, never the library's text. */
type Failure = 'no-pending-sign-in' | 'provider-error' | 'unavailable' | 'rejected' | 'no-role';

/** The person as the audit log names them: by name, and at the provider by issuer and subject when known. */
interface AuditedPerson {
  operator: string;
  issuer?: string;
  subject?: string;
}

class SignInFailed extends Error {
  constructor(
    readonly failure: Failure,
    readonly person: AuditedPerson = { operator: 'unknown' },
  ) {
    super(failure);
  }
}

/** The library's error as a log field: its name and code (messages may quote a provider's response). */
function errorSummary(error: unknown): string {
  const { name, code } = error as { name?: string; code?: string };
  return [name, code].filter(Boolean).join(' ');
}

/** The provider's end-session URL with `id_token_hint` and a `post_logout_redirect_uri` back to the sign-in page. */
function providerSignOut(provider: OidcProviderClient) {
  return async (request: FastifyRequest, link: OidcSessionLink): Promise<string | null> => {
    try {
      const configuration = await provider.configuration();
      if (!configuration.serverMetadata().end_session_endpoint) return null;
      const parameters = { id_token_hint: link.idToken, post_logout_redirect_uri: `${originOf(request)}/sign-in` };
      return client.buildEndSessionUrl(configuration, parameters).href;
    } catch (error) {
      request.log.warn({ err: errorSummary(error) }, 'provider sign-out unavailable');
      return null;
    }
  };
}

/** `GET /bff/oidc/login`: a pending sign-in (PKCE, state, nonce) kept server-side, then off to the provider. */
function registerLogin(app: ZodApp, settings: OidcConfig, provider: OidcProviderClient) {
  const { pendingSignIns, bffConfig: config } = app;
  const now = config.now ?? Date.now;
  app.get('/bff/oidc/login', { schema: { querystring: oidcLoginQuerySchema } }, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    let configuration: client.Configuration;
    try {
      configuration = await provider.configuration();
    } catch (error) {
      request.log.error({ err: errorSummary(error) }, 'OpenID provider discovery failed');
      return reply.redirect('/sign-in?error=oidc-unavailable', 303);
    }
    const codeVerifier = client.randomPKCECodeVerifier();
    const state = client.randomState();
    const nonce = client.randomNonce();
    const redirectUri = `${originOf(request)}/bff/oidc/callback`;
    const redirect = safeRedirect(request.query.redirect);
    const key = await pendingSignIns.put({
      state,
      nonce,
      codeVerifier,
      redirectUri,
      redirect,
      expiresAt: now() + PENDING_SIGN_IN_TTL_MS,
    });
    const { name, options } = pendingCookie(request);
    reply.setCookie(name, key, { ...options, maxAge: PENDING_SIGN_IN_TTL_MS / 1000 });
    const authorizationUrl = client.buildAuthorizationUrl(configuration, {
      redirect_uri: redirectUri,
      scope: settings.scopes,
      code_challenge: await client.calculatePKCECodeChallenge(codeVerifier),
      code_challenge_method: 'S256',
      state,
      nonce,
    });
    return reply.redirect(authorizationUrl.href, 303);
  });
}

/** The role claim from the ID token, else from userinfo (providers that keep groups out of the ID token). */
async function roleClaim(
  settings: OidcConfig,
  configuration: client.Configuration,
  tokens: client.TokenEndpointResponse,
  claims: client.IDToken,
): Promise<unknown> {
  if (claims[settings.roleClaim] !== undefined) return claims[settings.roleClaim];
  if (!configuration.serverMetadata().userinfo_endpoint) return undefined;
  const userInfo = await client.fetchUserInfo(configuration, tokens.access_token, claims.sub);
  return userInfo[settings.roleClaim];
}

/** The code exchanged for tokens, the ID token verified (state, nonce, PKCE) and the role claim read: 'rejected' if not. */
async function redeemCode(
  app: ZodApp,
  settings: OidcConfig,
  configuration: client.Configuration,
  currentUrl: URL,
  pending: PendingSignIn,
  request: FastifyRequest,
) {
  const { logSecrets } = app;
  try {
    const tokens = await client.authorizationCodeGrant(configuration, currentUrl, {
      pkceCodeVerifier: pending.codeVerifier,
      expectedState: pending.state,
      expectedNonce: pending.nonce,
      idTokenExpected: true,
    });
    logSecrets.add(tokens.id_token);
    logSecrets.add(tokens.access_token);
    const claims = tokens.claims();
    if (!claims || !tokens.id_token) throw new Error('no ID token');
    const claim = await roleClaim(settings, configuration, tokens, claims);
    return { idToken: tokens.id_token, claims, claim };
  } catch (error) {
    request.log.warn({ err: errorSummary(error) }, 'OpenID Connect callback rejected');
    throw new SignInFailed('rejected');
  }
}

/** The callback's work: the pending sign-in taken, the code redeemed, the session started; where to go next. */
async function completeSignIn(
  app: ZodApp,
  { settings, provider }: OidcSignInOptions,
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<string> {
  const { pendingSignIns, auditLog, logSecrets, bffConfig: config } = app;
  const now = config.now ?? Date.now;
  const pendingName = pendingCookie(request).name;
  const pending = await pendingSignIns.take(requestCookies(request)[pendingName]);
  if (!pending) throw new SignInFailed('no-pending-sign-in');
  let configuration: client.Configuration;
  try {
    configuration = await provider.configuration();
  } catch (error) {
    request.log.error({ err: errorSummary(error) }, 'OpenID provider discovery failed');
    throw new SignInFailed('unavailable');
  }
  const currentUrl = new URL(pending.redirectUri);
  currentUrl.search = splitTarget(request.raw.url ?? '').query;
  const code = currentUrl.searchParams.get('code');
  if (code) logSecrets.add(code);
  if (currentUrl.searchParams.has('error')) throw new SignInFailed('provider-error');
  const { idToken, claims, claim } = await redeemCode(app, settings, configuration, currentUrl, pending, request);
  const name = displayName(claims);
  const role = roleFromClaim(claim, settings);
  const person = { operator: name, issuer: claims.iss, subject: claims.sub };
  if (!role) throw new SignInFailed('no-role', person);
  const link: OidcSessionLink = {
    issuer: claims.iss,
    subject: claims.sub,
    sid: typeof claims.sid === 'string' ? claims.sid : null,
    idToken,
  };
  const operator = { accountId: accountIdOf(claims.iss, claims.sub), name, role };
  await startSession(request, reply, operator, { oidc: link, expiresAt: now() + settings.maxSessionMs });
  await auditLog.append({
    ...person,
    method: 'GET',
    path: `/bff/oidc/callback?signed-in=${role}`,
    status: 200,
    requestId: request.id,
  });
  request.log.info({ operator: name, role }, `operator signed in with ${settings.name}`);
  return pending.redirect;
}

// A top-level navigation back from the provider: every problem is the sign-in page's to say, never a bare error.
function registerCallback(app: ZodApp, options: OidcSignInOptions) {
  const { auditLog } = app;
  app.get(
    '/bff/oidc/callback',
    { schema: { querystring: oidcCallbackQuerySchema }, attachValidation: true },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const { name, options: cookieOptions } = pendingCookie(request);
      reply.clearCookie(name, cookieOptions);
      try {
        return reply.redirect(await completeSignIn(app, options, request, reply), 303);
      } catch (error) {
        if (!(error instanceof SignInFailed)) throw error;
        const refused = error.failure === 'no-role';
        // The reason as a code in the recorded path: never the code, state or a token from the query.
        await auditLog.append({
          ...error.person,
          method: 'GET',
          path: `/bff/oidc/callback?${refused ? 'refused' : 'failed'}=${error.failure}`,
          status: refused ? 403 : 400,
          requestId: request.id,
        });
        request.log.warn({ reason: error.failure }, 'OpenID Connect sign-in failed');
        return reply.redirect(`/sign-in?error=oidc-${error.failure}`, 303);
      }
    },
  );
}

interface OidcSignInOptions {
  settings: OidcConfig;
  provider: OidcProviderClient;
}

const oidcSignIn: FastifyPluginAsyncZod<OidcSignInOptions> = async (app, options) => {
  registerLogin(app, options.settings, options.provider);
  registerCallback(app, options);
  await app.register(backchannelLogout, { provider: options.provider });
};

/** Registers OpenID Connect sign-in when DPS_OIDC_* configures it; `providerSignOutUrl` answers null otherwise. */
export const oidcRoutes = fp(
  async (app) => {
    const settings = app.bffConfig.oidc;
    if (!settings) {
      app.decorate('providerSignOutUrl', async () => null);
      return;
    }
    const provider = new OidcProviderClient(settings);
    app.logSecrets.addFixed(settings.clientSecret);
    app.decorate('providerSignOutUrl', providerSignOut(provider));
    await app.register(oidcSignIn, { settings, provider });
  },
  { name: 'bff-oidc', dependencies: ['bff-state'] },
);
