/**
 * Back-channel logout tokens answered already, in PostgreSQL (see oidc/seen-logout-tokens.ts). Remembering one is a
 * single insert on the key: of two instances remembering the same token at once, the one whose row went in has it.
 */
import { lte } from 'drizzle-orm';
import { seenLogoutTokenKey, type SeenLogoutTokens } from '@/server/bff/oidc/seen-logout-tokens';
import type { BffDatabase } from './bff-database';
import { oidcSeenLogoutTokens } from './bff-schema';

export class PgSeenLogoutTokens implements SeenLogoutTokens {
  constructor(
    private readonly database: BffDatabase,
    private readonly now: () => number = Date.now,
  ) {}

  async remember(issuer: string, jti: string, expiresAt: number): Promise<boolean> {
    const db = this.database.db;
    const now = this.now();
    await db.delete(oidcSeenLogoutTokens).where(lte(oidcSeenLogoutTokens.expiresMs, now));
    // A row left from a token that expired since the delete above makes way; a live one keeps the token refused.
    const taken = await db
      .insert(oidcSeenLogoutTokens)
      .values({ keyHash: seenLogoutTokenKey(issuer, jti), expiresMs: expiresAt })
      .onConflictDoUpdate({
        target: oidcSeenLogoutTokens.keyHash,
        set: { expiresMs: expiresAt },
        setWhere: lte(oidcSeenLogoutTokens.expiresMs, now),
      })
      .returning({ keyHash: oidcSeenLogoutTokens.keyHash });
    return taken.length === 1;
  }
}
