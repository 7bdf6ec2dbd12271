/**
 * Pending OpenID Connect sign-ins in PostgreSQL (see oidc/pending-sign-ins.ts), keyed by the SHA-256 of the cookie's
 * key. Taking one is `DELETE … RETURNING`: of two callbacks with the same cookie on two instances, one gets it.
 */
import { eq, lte } from 'drizzle-orm';
import { CREDENTIAL_PATTERN, credentialFileName, randomCredential } from '@/server/bff/foundation/data-files';
import { parsePending, type PendingSignIn, type PendingSignIns } from '@/server/bff/oidc/pending-sign-ins';
import type { BffDatabase } from './bff-database';
import { oidcPendingSignIns } from './bff-schema';

export class PgPendingSignIns implements PendingSignIns {
  constructor(
    private readonly database: BffDatabase,
    private readonly now: () => number = Date.now,
  ) {}

  async put(pending: PendingSignIn): Promise<string> {
    const db = this.database.db;
    await db.delete(oidcPendingSignIns).where(lte(oidcPendingSignIns.expiresMs, this.now()));
    const key = randomCredential();
    await db.insert(oidcPendingSignIns).values({
      keyHash: credentialFileName(key),
      pending: JSON.stringify(pending),
      expiresMs: pending.expiresAt,
    });
    return key;
  }

  async take(key: string | undefined): Promise<PendingSignIn | null> {
    if (!key || !CREDENTIAL_PATTERN.test(key)) return null;
    const [row] = await this.database.db
      .delete(oidcPendingSignIns)
      .where(eq(oidcPendingSignIns.keyHash, credentialFileName(key)))
      .returning();
    if (!row) return null;
    const pending = parsePending(row.pending);
    return pending && this.now() < pending.expiresAt ? pending : null;
  }
}
