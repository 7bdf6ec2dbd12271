/**
 * Operator sign-in: `/bff/session`, `/bff/login`, `/bff/logout`, `/bff/launch`. Bodies carry the operator, the
 * upstream base URL and the organization — never a secret, token or session id.
 */
import type { FastifyRequest } from 'fastify';
import { z } from 'zod/mini';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  bffSessionSchema,
  launchQuerySchema,
  loginBodySchema,
  signedInSessionSchema,
  signedOutWithProviderSchema,
  type SignedInSession,
  type SignedOutSession,
} from '@/contract/bff-session';
import { errorBodySchema } from '@/contract/errors';
import { LAUNCH_OPERATOR } from './launch-links';
import { readResponseBody } from '@/server/bff/foundation/response-body';
import type { SessionOwner } from './session-store';
import { clearSessionCookie, sessionIdFrom } from './session-cookie';
import { signInMethodOf, startSession } from './start-session';
import type { ZodApp } from '@/server/shared/zod-app';

interface Organization {
  organizationId: string;
  name: string;
}

type SessionBody = (request: FastifyRequest, operator: SessionOwner) => Promise<SignedInSession>;

const errors = { 400: errorBodySchema, 401: errorBodySchema, 403: errorBodySchema, 429: errorBodySchema };

export const sessionRoutes: FastifyPluginAsyncZod = async (app) => {
  const sessionBody = sessionBodyOf(app);
  sessionRoute(app, sessionBody);
  loginRoute(app, sessionBody);
  logoutRoute(app);
  launchRoute(app);
};

/** The caller's organization from the service, remembered briefly; null when the service cannot say. */
function organizationLookup(app: ZodApp): (request: FastifyRequest) => Promise<Organization | null> {
  const { bffConfig: config, upstream } = app;
  let organizationCache: { value: Organization; until: number } | undefined;
  return async (request) => {
    if (organizationCache && Date.now() < organizationCache.until) return organizationCache.value;
    try {
      const response = await upstream.send({
        url: upstream.urlFor('/organizations/me'),
        method: 'GET',
        headers: { accept: 'application/json' },
        requestId: request.id,
        timeoutMs: Math.min(config.upstreamTimeoutMs, 5_000),
      });
      const body = await readResponseBody(response, 1024 * 1024);
      if (response.statusCode !== 200) return null;
      const parsed = JSON.parse(body.toString('utf8')) as Partial<Organization>;
      if (typeof parsed.organizationId !== 'string') return null;
      const value = { organizationId: parsed.organizationId, name: typeof parsed.name === 'string' ? parsed.name : '' };
      organizationCache = { value, until: Date.now() + config.organizationCacheMs };
      return value;
    } catch (error) {
      request.log.warn({ err: (error as Error).message }, 'organization lookup failed');
      return null;
    }
  };
}

/** What a signed-in session is answered with: the operator, how they signed in, the upstream, the organization. */
function sessionBodyOf(app: ZodApp): SessionBody {
  const config = app.bffConfig;
  const organization = organizationLookup(app);
  return async (request, operator) => ({
    signedIn: true,
    // The console hides what the role and the agent limit would only have refused.
    operator: { name: operator.name, role: operator.role, agents: operator.agents ?? null },
    signedInWith: signInMethodOf(operator),
    upstream: { baseUrl: config.upstream.baseUrl },
    organization: await organization(request),
  });
}

// Signed out is an answer, not an error: every signed-out page asks, and a 401 would be an error in its console.
function sessionRoute(app: ZodApp, sessionBody: SessionBody) {
  const config = app.bffConfig;
  const signedOut: SignedOutSession = {
    signedIn: false,
    signIn: { localAccounts: config.localAccounts, provider: config.oidc?.name ?? null },
  };
  app.get('/bff/session', { schema: { response: { 200: bffSessionSchema } } }, async (request, reply) => {
    // The access hook has looked the session up.
    if (!request.operator) return reply.send(signedOut);
    return reply.send(await sessionBody(request, request.operator));
  });
}

/** `POST /bff/login`: an operator account's name and password, within the sign-in rate limit. */
function loginRoute(app: ZodApp, sessionBody: SessionBody) {
  const { bffConfig: config, operatorAccounts: operators, loginRateLimit, bffMetrics: metrics } = app;
  app.post(
    '/bff/login',
    { bodyLimit: 16 * 1024, schema: { body: loginBodySchema, response: { 200: signedInSessionSchema, ...errors } } },
    async (request, reply) => {
      if (!config.localAccounts) {
        const instead = config.oidc ? `sign in with ${config.oidc.name}` : 'use the launch link';
        return reply.code(403).send({ message: `Operator accounts are turned off (DPS_LOCAL_ACCOUNTS=0): ${instead}` });
      }
      const name = request.body.name.slice(0, 256);
      const attempt = await loginRateLimit.begin(request.ip, name);
      if (attempt.wait > 0) {
        metrics.signInFailed('rate-limited');
        return reply
          .code(429)
          .header('retry-after', String(attempt.wait))
          .send({ message: `Too many failed sign-ins: try again in ${attempt.wait} seconds` });
      }
      const account = await operators.verify(name, request.body.password);
      if (!account) {
        metrics.signInFailed('wrong-credentials');
        return reply.code(401).send({ message: 'Wrong name or password' });
      }
      await attempt.succeeded();
      const operator = { accountId: account.id, name: account.name, role: account.role, agents: account.agents };
      await startSession(request, reply, operator);
      request.log.info({ operator: operator.name }, 'operator signed in');
      return reply.send(await sessionBody(request, operator));
    },
  );
}

// The BFF session ends first; a session signed in through the provider then gets the provider's sign-out URL,
// which the console opens (RP-initiated logout): the provider's session ends too.
function logoutRoute(app: ZodApp) {
  const sessions = app.sessionStore;
  app.post(
    '/bff/logout',
    { schema: { response: { 200: signedOutWithProviderSchema, 204: z.undefined() } } },
    async (request, reply) => {
      const id = sessionIdFrom(request);
      const session = await sessions.get(id);
      await sessions.destroy(id);
      clearSessionCookie(request, reply);
      const providerSignOutUrl = session?.oidc ? await app.providerSignOutUrl(request, session.oidc) : null;
      if (!providerSignOutUrl) return reply.code(204).send();
      return reply.header('cache-control', 'no-store').send({ providerSignOutUrl });
    },
  );
}

// A top-level navigation from a terminal: any problem with the link is the sign-in page's to say, never a 400.
function launchRoute(app: ZodApp) {
  const { launchLinks, bffMetrics: metrics } = app;
  app.get(
    '/bff/launch',
    { schema: { querystring: launchQuerySchema }, attachValidation: true },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const token = request.validationError ? undefined : request.query.token;
      if (!(await launchLinks.redeem(token))) {
        metrics.signInFailed('launch-link');
        return reply.redirect('/sign-in?error=launch-link', 303);
      }
      await startSession(request, reply, LAUNCH_OPERATOR);
      request.log.info({ operator: LAUNCH_OPERATOR.name }, 'operator signed in with the launch link');
      return reply.redirect('/', 303);
    },
  );
}
