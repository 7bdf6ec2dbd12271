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
import type { AuthContext } from '@/server/service/context';
import { unauthorized } from '@/server/service/http-error';
import { ReadThroughCache, type Store } from '@/server/service/storage';
import { findTokenCaller, type TokenCaller } from '@/server/service/storage/repositories/access-tokens';
import { hashToken } from './secrets';

/**
 * Checks bearer tokens against `store`, expiry on the clock `now`; on PGlite remembers each token's caller until the
 * next write.
 */
export function authenticator(
  store: Store,
  now: () => number = Date.now,
): (authorization: string | undefined) => Promise<AuthContext> {
  const cache = store.writes && new ReadThroughCache<TokenCaller>(store.writes, { maxEntries: 10_000 });
  return async (authorization) => {
    const match = /^Bearer\s+(\S+)\s*$/i.exec(authorization ?? '');
    if (!match) throw unauthorized('Authorization header must be "Bearer <access token>"');
    const tokenHash = hashToken(match[1]);
    let caller = cache?.get(tokenHash);
    if (!caller) {
      const started = cache?.begin() ?? 0;
      caller = await findTokenCaller(store.db, tokenHash);
      if (caller) cache?.keep(started, tokenHash, caller);
    }
    return callerContext(caller, now());
  };
}

function callerContext(caller: TokenCaller | undefined, now: number): AuthContext {
  if (!caller) throw unauthorized('access token is invalid');
  if (new Date(caller.expires_at).getTime() <= now) throw unauthorized('access token has expired');
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
