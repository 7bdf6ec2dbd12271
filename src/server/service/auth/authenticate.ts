/**
 * Bearer token → caller. The token's hash must exist and not be expired, and its app client must still exist; the
 * permissions are the union of the client's roles' permissions (roles that no longer exist grant nothing).
 */
import { and, eq, inArray } from 'drizzle-orm';
import type { Permission, Role } from '../../../contract';
import type { AuthContext } from '../context';
import { unauthorized } from '../http-error';
import { schema, type Executor } from '../storage';
import { hashToken } from './secrets';

export async function authenticate(db: Executor, authorization: string | undefined): Promise<AuthContext> {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(authorization ?? '');
  if (!match) throw unauthorized('Authorization header must be "Bearer <access token>"');
  const [token] = await db
    .select()
    .from(schema.accessTokens)
    .where(eq(schema.accessTokens.tokenHash, hashToken(match[1])))
    .limit(1);
  if (!token) throw unauthorized('access token is invalid');
  if (Date.parse(token.expiresAt) <= Date.now()) throw unauthorized('access token has expired');

  const [client] = await db
    .select({ data: schema.appClients.data, clientId: schema.appClients.clientId })
    .from(schema.appClients)
    .where(and(eq(schema.appClients.organizationId, token.organizationId), eq(schema.appClients.id, token.appClientId)))
    .limit(1);
  if (!client) throw unauthorized('access token is invalid');

  const roleIds = ((client.data.roleIds as string[] | null | undefined) ?? []).filter(Boolean);
  const roles = roleIds.length
    ? await db
        .select({ data: schema.roles.data })
        .from(schema.roles)
        .where(and(eq(schema.roles.organizationId, token.organizationId), inArray(schema.roles.id, roleIds)))
    : [];
  const permissions: Permission[] = roles.flatMap((r) => (r.data as unknown as Role).permissions ?? []);
  return {
    organizationId: token.organizationId,
    appClientId: token.appClientId,
    clientId: client.clientId,
    actor: token.appClientId,
    permissions,
  };
}
