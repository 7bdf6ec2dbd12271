/**
 * One-time launch links in PostgreSQL, by the SHA-256 of their token. Redeeming deletes the row and reads it back in
 * one statement (`DELETE … RETURNING`): of instances redeeming one token at once, exactly one gets the row.
 */
import { CREDENTIAL_PATTERN, credentialFileName, randomCredential } from '@/server/bff/state/data-files';
import type { LaunchLinks } from '@/server/bff/sessions/launch-links';
import type { BffDatabase } from './bff-database';

export class PgLaunchLinks implements LaunchLinks {
  constructor(
    private readonly db: BffDatabase,
    private readonly ttlMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  /** A new token, valid for the configured time; expired leftovers are cleared on the way. */
  async issue(): Promise<string> {
    const now = this.now();
    await this.db.pool.query('DELETE FROM launch_links WHERE expires_ms <= $1', [now]);
    const token = randomCredential();
    await this.db.pool.query('INSERT INTO launch_links (token_hash, expires_ms) VALUES ($1, $2)', [
      credentialFileName(token),
      now + this.ttlMs,
    ]);
    return token;
  }

  async redeem(token: unknown): Promise<boolean> {
    if (typeof token !== 'string' || !CREDENTIAL_PATTERN.test(token)) return false;
    const { rows } = await this.db.pool.query<{ expires_ms: string }>(
      'DELETE FROM launch_links WHERE token_hash = $1 RETURNING expires_ms',
      [credentialFileName(token)],
    );
    return rows.length > 0 && this.now() < Number(rows[0].expires_ms);
  }
}
