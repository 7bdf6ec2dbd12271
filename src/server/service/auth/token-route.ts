/**
 * `POST {auth_url}/oauth2/token?grant_type=client_credentials` — OAuth 2.0 client credentials. Credentials from
 * `Authorization: Basic base64(client_id:client_secret)` or from a form body `client_id`/`client_secret`. Success:
 * `{access_token, expires_in, token_type: "Bearer"}`; wrong credentials: 401 `{message}`.
 */
import type { FastifyInstance } from 'fastify';
import { eq, lt, and } from 'drizzle-orm';
import type { ServiceContext } from '../context';
import { badRequest, unauthorized } from '../http-error';
import { schema } from '../storage';
import { generateAccessToken, hashToken, verifySecret } from './secrets';

export const TOKEN_PATH = '/oauth2/token';

function credentialsFrom(authorization: string | undefined, body: Record<string, unknown>): { id: string; secret: string } {
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

export async function registerTokenRoute(app: FastifyInstance, ctx: ServiceContext): Promise<void> {
  await app.register(async (scope) => {
    scope.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 64 * 1024 }, (_req, text, done) => {
      done(null, Object.fromEntries(new URLSearchParams(text as string)));
    });
    scope.post(TOKEN_PATH, async (request, reply) => {
      const body = request.body && typeof request.body === 'object' ? (request.body as Record<string, unknown>) : {};
      const query = request.query as Record<string, unknown>;
      const grantType = body.grant_type ?? query.grant_type;
      if (grantType !== 'client_credentials') throw badRequest('grant_type must be client_credentials');
      const credentials = credentialsFrom(request.headers.authorization, body);

      const [client] = await ctx.store.db
        .select({ organizationId: schema.appClients.organizationId, id: schema.appClients.id, secretHash: schema.appClients.secretHash })
        .from(schema.appClients)
        .where(eq(schema.appClients.clientId, credentials.id))
        .limit(1);
      const valid = await verifySecret(credentials.secret, client?.secretHash);
      if (!client || !valid) {
        reply.header('WWW-Authenticate', 'Basic realm="oauth2"');
        throw unauthorized('client credentials are invalid');
      }

      const token = generateAccessToken();
      const ttl = ctx.config.tokenTtlSeconds;
      const expiresAt = new Date(Date.now() + ttl * 1000).toISOString();
      await ctx.store.transaction(async (tx) => {
        await tx.delete(schema.accessTokens).where(lt(schema.accessTokens.expiresAt, new Date().toISOString()));
        await tx.insert(schema.accessTokens).values({ tokenHash: hashToken(token), organizationId: client.organizationId, appClientId: client.id, expiresAt });
      });
      reply.header('Cache-Control', 'no-store').header('Pragma', 'no-cache');
      return { access_token: token, expires_in: ttl, token_type: 'Bearer' };
    });
  });
}

/** Revokes every token of an app client (on delete, or when its secret changes). */
export async function revokeTokens(tx: Parameters<Parameters<ServiceContext['store']['transaction']>[0]>[0], organizationId: string, appClientId: string) {
  await tx
    .delete(schema.accessTokens)
    .where(and(eq(schema.accessTokens.organizationId, organizationId), eq(schema.accessTokens.appClientId, appClientId)));
}
