/**
 * Bearer token → caller. The token's hash must exist and not be expired, and its app client must still exist; the
 * permissions are the union of the client's roles' permissions (roles that no longer exist grant nothing).
 *
 * One round trip: token, app client and roles are read by one statement, on every request, so a revoked token or
 * app client, a changed role and a deleted organization's tokens take effect on the very next request, on every
 * instance sharing the database. The same statement reads the caller's data version, which tells the read cache
 * whether anything it kept for the organization may have changed. On PGlite (one process sees every write) the row
 * is kept per token until the next write settles (storage/write-epoch.ts); expiry is checked on every request either
 * way.
 */
import type { Permission } from '@/contract';
import type { AuthContext } from '@/server/service/context';
import { unauthorized } from '@/server/service/http-error';
import { sql } from 'drizzle-orm';
import { ReadThroughCache, rows, type Executor, type Store } from '@/server/service/storage';
import { hashToken } from './secrets';

interface CallerRow {
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

/** Checks bearer tokens against `store`; on PGlite remembers each token's caller until the next write. */
export function authenticator(store: Store): (authorization: string | undefined) => Promise<AuthContext> {
  const cache = store.writes && new ReadThroughCache<CallerRow>(store.writes, { maxEntries: 10_000 });
  return async (authorization) => {
    const match = /^Bearer\s+(\S+)\s*$/i.exec(authorization ?? '');
    if (!match) throw unauthorized('Authorization header must be "Bearer <access token>"');
    const tokenHash = hashToken(match[1]);
    let caller = cache?.get(tokenHash);
    if (!caller) {
      const started = cache?.begin() ?? 0;
      caller = await findCaller(store.db, tokenHash);
      if (caller) cache?.keep(started, tokenHash, caller);
    }
    return callerContext(caller);
  };
}

async function findCaller(db: Executor, tokenHash: string): Promise<CallerRow | undefined> {
  const [caller] = await rows<CallerRow>(
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

function callerContext(caller: CallerRow | undefined): AuthContext {
  if (!caller) throw unauthorized('access token is invalid');
  if (new Date(caller.expires_at).getTime() <= Date.now()) throw unauthorized('access token has expired');
  if (caller.client_id === null) throw unauthorized('access token is invalid');
  return {
    organizationId: caller.organization_id,
    appClientId: caller.app_client_id,
    clientId: caller.client_id,
    actor: caller.app_client_id,
    permissions: (caller.role_permissions ?? []).flatMap((permissions) => permissions ?? []),
    dataVersion: caller.data_version,
  };
}
