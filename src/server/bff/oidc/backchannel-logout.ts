/**
 * `POST /bff/oidc/backchannel-logout` (OpenID Connect Back-Channel Logout 1.0): the provider says a person's session
 * there ended, and every BFF session it names ends — in the shared session store, so on every instance at once.
 * The logout token is verified per §2.6: signature from the provider's JWKS (never `alg: none`), iss, aud, iat, exp
 * when present, jti (at most 256 characters), the back-channel event, no nonce, and sid and/or sub. A verified token
 * is answered once (step 8): its issuer and jti stay in the shared store while it could still be accepted, and a
 * replay to any instance is refused and ends nothing — a captured token naming only sub cannot end the sessions the
 * person starts after the logout. Only verified tokens are remembered, so a forged one cannot block a real one.
 */
import type { FastifyPluginAsync } from 'fastify';
import { createRemoteJWKSet, jwtVerify, type JWTPayload } from 'jose';
import { backchannelLogoutBodySchema } from '@/contract/bff-session';
import type { Session } from '@/server/bff/sessions/session-store';
import type { OidcProviderClient } from './oidc-provider-client';

const BACKCHANNEL_EVENT = 'http://schemas.openid.net/event/backchannel-logout';
/** A logout token older than this is refused (its iat), whatever its exp says. */
const MAX_TOKEN_AGE_MS = 5 * 60_000;
/** Kept this much longer than its token could be accepted: instances' clocks may differ by up to this. */
const CLOCK_SKEW_MS = 60_000;
/** A provider's jti is a short unique id; a longer one is refused rather than kept. */
const MAX_JTI_LENGTH = 256;
/** Asymmetric algorithms only: the JWKS holds the provider's public keys. */
const ALGORITHMS = [
  'RS256',
  'RS384',
  'RS512',
  'PS256',
  'PS384',
  'PS512',
  'ES256',
  'ES384',
  'ES512',
  'EdDSA',
  'Ed25519',
];

class LogoutTokenInvalid extends Error {}

/** Which sessions a verified logout token names: the provider session (sid) when given, else every one of sub. */
function sessionMatcher(issuer: string, claims: JWTPayload): (session: Session) => boolean {
  const sid = typeof claims.sid === 'string' ? claims.sid : undefined;
  const sub = claims.sub;
  return (session) => {
    const link = session.oidc;
    if (!link || link.issuer !== issuer) return false;
    if (sid !== undefined && link.sid !== sid) return false;
    return sub === undefined || link.subject === sub;
  };
}

/** A verified logout token's claims (jose required a numeric iat; jti is checked below). */
type LogoutClaims = JWTPayload & { iat: number; jti: string };

/** The answer to every token refused, replays included (§2.8: 400 on failure). */
const REFUSED = { error: 'invalid_request', error_description: 'logout token refused' } as const;

function checkLogoutClaims(claims: JWTPayload): LogoutClaims {
  if (typeof claims.jti !== 'string' || !claims.jti) throw new LogoutTokenInvalid('jti missing');
  if (claims.jti.length > MAX_JTI_LENGTH) throw new LogoutTokenInvalid('jti too long');
  const events = claims.events as Record<string, unknown> | undefined;
  const event = events?.[BACKCHANNEL_EVENT];
  if (!event || typeof event !== 'object' || Array.isArray(event)) throw new LogoutTokenInvalid('event missing');
  if ('nonce' in claims) throw new LogoutTokenInvalid('nonce present');
  const hasSid = typeof claims.sid === 'string' && claims.sid !== '';
  const hasSub = typeof claims.sub === 'string' && claims.sub !== '';
  if (!hasSid && !hasSub) throw new LogoutTokenInvalid('neither sid nor sub');
  return claims as LogoutClaims;
}

/** Until when a verified token could be accepted again: refused once older than the maximum age, or at its exp. */
function acceptableUntil(claims: LogoutClaims): number {
  const byAge = claims.iat * 1000 + MAX_TOKEN_AGE_MS;
  const byExp = typeof claims.exp === 'number' ? claims.exp * 1000 : Infinity;
  return Math.min(byAge, byExp) + CLOCK_SKEW_MS;
}

export const backchannelLogout: FastifyPluginAsync<{ provider: OidcProviderClient }> = async (app, { provider }) => {
  const { seenLogoutTokens, bffConfig } = app;
  // One clock decides whether a token is still acceptable and how long it is remembered.
  const now = bffConfig.now ?? Date.now;
  let jwks: { uri: string; keys: ReturnType<typeof createRemoteJWKSet> } | undefined;

  // The provider posts a form; parsed here only (this plugin is encapsulated), and small.
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 64 * 1024 },
    (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(body as string))),
  );

  async function verify(token: string): Promise<{ issuer: string; claims: LogoutClaims }> {
    const metadata = (await provider.configuration()).serverMetadata();
    if (!metadata.jwks_uri) throw new LogoutTokenInvalid('the provider has no jwks_uri');
    if (jwks?.uri !== metadata.jwks_uri) {
      jwks = { uri: metadata.jwks_uri, keys: createRemoteJWKSet(new URL(metadata.jwks_uri)) };
    }
    const { payload } = await jwtVerify(token, jwks.keys, {
      issuer: metadata.issuer,
      audience: provider.settings.clientId,
      algorithms: ALGORITHMS,
      maxTokenAge: MAX_TOKEN_AGE_MS / 1000,
      currentDate: new Date(now()),
      requiredClaims: ['iat', 'jti', 'events'],
    });
    return { issuer: metadata.issuer, claims: checkLogoutClaims(payload) };
  }

  app.post('/bff/oidc/backchannel-logout', { bodyLimit: 64 * 1024 }, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    const body = backchannelLogoutBodySchema.safeParse(request.body);
    if (!body.success) return reply.code(400).send({ error: 'invalid_request' });
    let verified: Awaited<ReturnType<typeof verify>>;
    try {
      verified = await verify(body.data.logout_token);
    } catch (error) {
      request.log.warn({ err: (error as Error).name }, 'back-channel logout token refused');
      return reply.code(400).send(REFUSED);
    }
    const { issuer, claims } = verified;
    if (!(await seenLogoutTokens.remember(issuer, claims.jti, acceptableUntil(claims)))) {
      request.log.warn('back-channel logout token replayed');
      return reply.code(400).send(REFUSED);
    }
    const ended = await app.sessionStore.destroyWhere(sessionMatcher(issuer, claims));
    request.log.info({ ended }, 'back-channel logout');
    return reply.code(200).send();
  });
};
