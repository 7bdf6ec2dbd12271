/**
 * One-time launch links in PostgreSQL, by the SHA-256 of their token. Redeeming deletes the row and reads it back in
 * one statement (`DELETE … RETURNING`): of instances redeeming one token at once, exactly one gets the row.
 */
import { eq, lte } from 'drizzle-orm';
import { CREDENTIAL_PATTERN, credentialFileName, randomCredential } from '@/server/bff/foundation/data-files';
import type { LaunchLinks } from '@/server/bff/sessions/launch-links';
import type { BffDatabase } from './bff-database';
import { launchLinks } from './bff-schema';

export class PgLaunchLinks implements LaunchLinks {
  constructor(
    private readonly database: BffDatabase,
    private readonly ttlMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  /** A new token, valid for the configured time; expired leftovers are cleared on the way. */
  async issue(): Promise<string> {
    const now = this.now();
    const { db } = this.database;
    await db.delete(launchLinks).where(lte(launchLinks.expiresMs, now));
    const token = randomCredential();
    await db.insert(launchLinks).values({ tokenHash: credentialFileName(token), expiresMs: now + this.ttlMs });
    return token;
  }

  async redeem(token: unknown): Promise<boolean> {
    if (typeof token !== 'string' || !CREDENTIAL_PATTERN.test(token)) return false;
    const [row] = await this.database.db
      .delete(launchLinks)
      .where(eq(launchLinks.tokenHash, credentialFileName(token)))
      .returning({ expiresMs: launchLinks.expiresMs });
    return row !== undefined && this.now() < row.expiresMs;
  }
}
