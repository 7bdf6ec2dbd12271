/**
 * Access tokens, kept as sha256 hashes (auth/secrets.ts): issued by the token endpoint, revoked with their app
 * client, and read back with everything a request needs to know about its caller in one statement.
 */
import { and, eq, lt, sql } from 'drizzle-orm';
import type { Permission } from '@/contract';
import { rows, schema, type Executor, type Tx } from '..';

export interface NewAccessToken {
  tokenHash: string;
  organizationId: string;
  appClientId: string;
  expiresAt: string;
}

/** Stores a new token and drops the ones expired at `now` (one transaction, so the table never grows without bound). */
export async function storeAccessToken(tx: Tx, token: NewAccessToken, now = Date.now()): Promise<void> {
  await tx.delete(schema.accessTokens).where(lt(schema.accessTokens.expiresAt, new Date(now).toISOString()));
  await tx.insert(schema.accessTokens).values(token);
}

/** Revokes every token of an app client (on delete, or when its secret changes). */
export async function revokeAccessTokens(tx: Tx, organizationId: string, appClientId: string): Promise<void> {
  await tx
    .delete(schema.accessTokens)
    .where(
      and(eq(schema.accessTokens.organizationId, organizationId), eq(schema.accessTokens.appClientId, appClientId)),
    );
}

export interface TokenCaller {
  organization_id: string;
  app_client_id: string;
  expires_at: string | Date;
  /** Null when the token's app client is gone. */
  client_id: string | null;
  /** Each role's `permissions` array (null for a role stored without one). */
  role_permissions: (Permission[] | null)[] | null;
  /** The organization's and the service-wide data versions (migration 0010), as `org.service`. */
  data_version: string;
}

/**
 * The token's row, its app client and the permissions of the client's roles (roles that no longer exist grant
 * nothing), and the caller's data version: one round trip, whether or not the token has expired.
 */
export async function findTokenCaller(db: Executor, tokenHash: string): Promise<TokenCaller | undefined> {
  const [caller] = await rows<TokenCaller>(
    db,
    sql`SELECT t.organization_id, t.app_client_id, t.expires_at, c.client_id,
          (SELECT json_agg(r.data -> 'permissions')
             FROM roles r
            WHERE r.organization_id = t.organization_id
              AND r.id IN (SELECT json_array_elements_text(
                             CASE WHEN json_typeof(c.data -> 'roleIds') = 'array' THEN c.data -> 'roleIds' ELSE '[]'::json END))
          ) AS role_permissions,
          (SELECT coalesce(sum(v.version), 0) FROM data_versions v WHERE v.scope = t.organization_id)::text || '.' ||
          (SELECT coalesce(sum(v.version), 0) FROM data_versions v WHERE v.scope = '*')::text AS data_version
        FROM access_tokens t
        LEFT JOIN app_clients c ON c.organization_id = t.organization_id AND c.id = t.app_client_id
       WHERE t.token_hash = ${tokenHash}
       LIMIT 1`,
  );
  return caller;
}
