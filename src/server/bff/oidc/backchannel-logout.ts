/**
 * `POST /bff/oidc/backchannel-logout` (OpenID Connect Back-Channel Logout 1.0): the provider says a person's session
 * there ended, and every BFF session it names ends — in the shared session store, so on every instance at once.
 * The logout token is verified per §2.6: signature from the provider's JWKS (never `alg: none`), iss, aud, iat, exp
 * when present, jti, the back-channel event, no nonce, and sid and/or sub.
 */
import type { FastifyPluginAsync } from 'fastify';
import { createRemoteJWKSet, jwtVerify, type JWTPayload } from 'jose';
import { backchannelLogoutBodySchema } from '@/contract/bff-session';
import type { Session } from '@/server/bff/sessions/session-store';
import type { OidcProviderClient } from './oidc-provider-client';

const BACKCHANNEL_EVENT = 'http://schemas.openid.net/event/backchannel-logout';
/** A logout token older than this is refused (its iat), whatever its exp says. */
const MAX_TOKEN_AGE = '5m';
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

function checkLogoutClaims(claims: JWTPayload): void {
  if (typeof claims.jti !== 'string' || !claims.jti) throw new LogoutTokenInvalid('jti missing');
  const events = claims.events as Record<string, unknown> | undefined;
  const event = events?.[BACKCHANNEL_EVENT];
  if (!event || typeof event !== 'object' || Array.isArray(event)) throw new LogoutTokenInvalid('event missing');
  if ('nonce' in claims) throw new LogoutTokenInvalid('nonce present');
  const hasSid = typeof claims.sid === 'string' && claims.sid !== '';
  const hasSub = typeof claims.sub === 'string' && claims.sub !== '';
  if (!hasSid && !hasSub) throw new LogoutTokenInvalid('neither sid nor sub');
}

export const backchannelLogout: FastifyPluginAsync<{ provider: OidcProviderClient }> = async (app, { provider }) => {
  let jwks: { uri: string; keys: ReturnType<typeof createRemoteJWKSet> } | undefined;

  // The provider posts a form; parsed here only (this plugin is encapsulated), and small.
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 64 * 1024 },
    (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(body as string))),
  );

  async function verify(token: string): Promise<{ issuer: string; claims: JWTPayload }> {
    const metadata = (await provider.configuration()).serverMetadata();
    if (!metadata.jwks_uri) throw new LogoutTokenInvalid('the provider has no jwks_uri');
    if (jwks?.uri !== metadata.jwks_uri) {
      jwks = { uri: metadata.jwks_uri, keys: createRemoteJWKSet(new URL(metadata.jwks_uri)) };
    }
    const { payload } = await jwtVerify(token, jwks.keys, {
      issuer: metadata.issuer,
      audience: provider.settings.clientId,
      algorithms: ALGORITHMS,
      maxTokenAge: MAX_TOKEN_AGE,
      requiredClaims: ['iat', 'jti', 'events'],
    });
    checkLogoutClaims(payload);
    return { issuer: metadata.issuer, claims: payload };
  }

  app.post('/bff/oidc/backchannel-logout', { bodyLimit: 64 * 1024 }, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    const body = backchannelLogoutBodySchema.safeParse(request.body);
    if (!body.success) return reply.code(400).send({ error: 'invalid_request' });
    let verified: { issuer: string; claims: JWTPayload };
    try {
      verified = await verify(body.data.logout_token);
    } catch (error) {
      request.log.warn({ err: (error as Error).name }, 'back-channel logout token refused');
      return reply.code(400).send({ error: 'invalid_request', error_description: 'logout token refused' });
    }
    const ended = await app.sessionStore.destroyWhere(sessionMatcher(verified.issuer, verified.claims));
    request.log.info({ ended }, 'back-channel logout');
    return reply.code(200).send();
  });
};
