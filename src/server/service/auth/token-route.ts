/**
 * `POST {auth_url}/oauth2/token?grant_type=client_credentials` — OAuth 2.0 client credentials. Credentials from
 * `Authorization: Basic base64(client_id:client_secret)` or from a form body `client_id`/`client_secret`. Success:
 * `{access_token, expires_in, token_type: "Bearer"}`; wrong credentials: 401 `{message}`, the same for an unknown
 * client id as for a wrong secret (both cost one scrypt). Throttled (token-throttle.ts): 429 when the address's
 * failure limit is reached, when a client id at its limit is guessed again from an address that failed against it
 * (or wrongly from any address), or when the address has too many requests in progress; 503 when the hashing queue
 * is full; all with `Retry-After`. A correct secret from an address that did not fail is always checked.
 */
import type { FastifyInstance, FastifyPluginAsync, FastifyReply } from 'fastify';
import { hasNoNul, NUL_MESSAGE } from '@/contract';
import { badRequest, HttpError, unauthorized } from '@/server/service/http-error';
import { storeAccessToken } from '@/server/service/storage/repositories/access-tokens';
import { findClientCredentials } from '@/server/service/storage/repositories/app-clients';
import { generateAccessToken, hashToken, prepareSecretChecks, verifySecret } from './secrets';
import { addressKey, createTokenThrottle, type LimitedBy, type TokenThrottle } from './token-throttle';

export const TOKEN_PATH = '/oauth2/token';

function credentialsFrom(
  authorization: string | undefined,
  body: Record<string, unknown>,
): { id: string; secret: string } {
  const basic = /^Basic\s+(\S+)\s*$/i.exec(authorization ?? '');
  if (basic) {
    const decoded = Buffer.from(basic[1], 'base64').toString('utf8');
    const colon = decoded.indexOf(':');
    if (colon < 0) throw unauthorized('Basic credentials must be base64(client_id:client_secret)');
    // RFC 6749 §2.3.1: both parts are form-urlencoded before base64.
    const decode = (s: string) => {
      try {
        return decodeURIComponent(s.replace(/\+/g, ' '));
      } catch {
        return s;
      }
    };
    return { id: decode(decoded.slice(0, colon)), secret: decode(decoded.slice(colon + 1)) };
  }
  if (typeof body.client_id === 'string' && typeof body.client_secret === 'string') {
    return { id: body.client_id, secret: body.client_secret };
  }
  throw unauthorized('client credentials are required: Authorization: Basic base64(client_id:client_secret)');
}

const LIMIT_MESSAGES: Record<LimitedBy, string> = {
  clientId: 'too many failed attempts for this client_id',
  address: 'too many failed client credentials from this address',
};

function refuse(reply: FastifyReply, status: 429 | 503, retryAfterSeconds: number, rule: string): HttpError {
  reply.header('Retry-After', String(retryAfterSeconds));
  const unit = retryAfterSeconds === 1 ? 'second' : 'seconds';
  const reason = status === 429 ? 'Too Many Requests' : 'Service Unavailable';
  return new HttpError(status, `${reason}: ${rule}; retry after ${retryAfterSeconds} ${unit}`);
}

/** The token endpoint, in its own scope (it alone takes form bodies); not part of the versioned API. */
export const tokenRoute: FastifyPluginAsync<{ throttle?: TokenThrottle }> = async (
  app,
  { throttle = createTokenThrottle() },
) => {
  await prepareSecretChecks();

  const findClient = (clientId: string) => findClientCredentials(app.store.db, clientId);

  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 64 * 1024 },
    (_req, text, done) => {
      done(null, Object.fromEntries(new URLSearchParams(text as string)));
    },
  );
  app.post(TOKEN_PATH, async (request, reply) => {
    const body = request.body && typeof request.body === 'object' ? (request.body as Record<string, unknown>) : {};
    const query = request.query as Record<string, unknown>;
    const grantType = body.grant_type ?? query.grant_type;
    if (grantType !== 'client_credentials') throw badRequest('grant_type must be client_credentials');
    const credentials = credentialsFrom(request.headers.authorization, body);
    // No client id or secret holds U+0000 (and PostgreSQL refuses it in text): a malformed request, not a guess.
    if (!hasNoNul(credentials.id)) throw badRequest(`client_id ${NUL_MESSAGE}`);
    if (!hasNoNul(credentials.secret)) throw badRequest(`client_secret ${NUL_MESSAGE}`);
    const address = addressKey(request.ip);

    // A holder whose secret this instance verified recently: no limits, no queue (see token-throttle.ts).
    const digest = throttle.remembered.digest(credentials.id, credentials.secret);
    const recalled = throttle.remembered.recall(credentials.id, digest);
    if (recalled !== undefined) {
      const client = await findClient(credentials.id);
      if (client && client.secretHash === recalled) {
        throttle.remembered.remember(credentials.id, digest, recalled);
        return issueToken(app, reply, client);
      }
      throttle.remembered.forget(credentials.id);
    }

    const attempt = await throttle.failures.begin({ clientId: credentials.id, address });
    if (!attempt.admitted) throw refuse(reply, 429, attempt.retryAfterSeconds, LIMIT_MESSAGES[attempt.limitedBy]);
    const entry = throttle.gate.enter(address);
    if (!entry.admitted) {
      attempt.withdraw(); // never hashed: not a failure
      throw entry.reason === 'address-busy'
        ? refuse(reply, 429, 1, 'too many token requests in progress from this address')
        : refuse(reply, 503, 1, 'too many token requests in progress');
    }
    const release = await entry.slot;
    let client: Awaited<ReturnType<typeof findClient>>;
    let valid: boolean;
    try {
      // Unknown client id or wrong secret: the same lookup, one scrypt (against a dummy hash when unknown).
      client = await findClient(credentials.id);
      valid = await verifySecret(credentials.secret, client?.secretHash);
    } catch (error) {
      attempt.withdraw();
      throw error;
    } finally {
      release();
    }
    if (!client || !valid) {
      // A guess at a client id under attack: told to back off like a guess refused before hashing.
      if (attempt.clientIdLimit) {
        const { limitedBy, retryAfterSeconds } = attempt.clientIdLimit;
        throw refuse(reply, 429, retryAfterSeconds, LIMIT_MESSAGES[limitedBy]);
      }
      reply.header('WWW-Authenticate', 'Basic realm="oauth2"');
      throw unauthorized('client credentials are invalid');
    }
    attempt.withdraw();
    throttle.remembered.remember(credentials.id, digest, client.secretHash!);
    return issueToken(app, reply, client);
  });
};

async function issueToken(app: FastifyInstance, reply: FastifyReply, client: { organizationId: string; id: string }) {
  const token = generateAccessToken();
  const ttl = app.serviceConfig.tokenTtlSeconds;
  const now = (app.serviceConfig.now ?? Date.now)();
  const expiresAt = new Date(now + ttl * 1000).toISOString();
  await app.store.transaction((tx) =>
    storeAccessToken(
      tx,
      { tokenHash: hashToken(token), organizationId: client.organizationId, appClientId: client.id, expiresAt },
      now,
    ),
  );
  reply.header('Cache-Control', 'no-store').header('Pragma', 'no-cache');
  return { access_token: token, expires_in: ttl, token_type: 'Bearer' };
}
