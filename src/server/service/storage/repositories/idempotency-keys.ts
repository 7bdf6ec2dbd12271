/**
 * `Idempotency-Key` records (table `idempotency_keys`, migration 0005): one row per organization, app client and key,
 * alive 24 hours. Every write to a claimed row names the request's claim token, so a request never changes a row
 * another request has claimed since. The rules these serve: ../../idempotency.ts.
 */
import { sql, type SQL } from 'drizzle-orm';
import { rows, type Executor, type Tx } from '..';

/** Whose key it is. */
export interface KeyScope {
  organizationId: string;
  appClientId: string;
  key: string;
}

/** A live row as a request that did not claim it sees it. */
export interface KeyRecord {
  request_hash: string;
  applied: boolean;
  response_status: number | null;
  response_content_type: string | null;
  response_body: string | null;
  age_ms: number;
}

export interface RecordedAnswer {
  status: number;
  contentType: string | null;
  body: string;
  /** The answer is a success: what it reports was applied, even if no transaction marked it. */
  applied: boolean;
}

const EXPIRED = sql`now() - interval '24 hours'`;

function whereKey(scope: KeyScope): SQL {
  return sql`organization_id = ${scope.organizationId} AND app_client_id = ${scope.appClientId} AND idempotency_key = ${scope.key}`;
}

export async function purgeExpiredKeys(db: Executor): Promise<void> {
  await db.execute(sql`DELETE FROM idempotency_keys WHERE created_time < ${EXPIRED}`);
}

/** Claims the key for the request `requestHash` under `claimToken`: true when it was free or expired. */
export async function claimKey(db: Executor, scope: KeyScope, requestHash: string, claimToken: string) {
  const won = await rows(
    db,
    sql`INSERT INTO idempotency_keys (organization_id, app_client_id, idempotency_key, request_hash, claim_token)
        VALUES (${scope.organizationId}, ${scope.appClientId}, ${scope.key}, ${requestHash}, ${claimToken})
        ON CONFLICT (organization_id, app_client_id, idempotency_key) DO UPDATE SET request_hash = excluded.request_hash,
          claim_token = excluded.claim_token, applied = false, response_status = NULL, response_content_type = NULL,
          response_body = NULL, created_time = now()
        WHERE idempotency_keys.created_time < ${EXPIRED}
        RETURNING 1 AS one`,
  );
  return won.length > 0;
}

/** The key's row while it lives, or undefined (never claimed, released, or expired). */
export async function findLiveKey(db: Executor, scope: KeyScope): Promise<KeyRecord | undefined> {
  const [found] = await rows<KeyRecord>(
    db,
    sql`SELECT request_hash, applied, response_status, response_content_type, response_body,
          (extract(epoch FROM now() - created_time) * 1000)::float8 AS age_ms
        FROM idempotency_keys WHERE ${whereKey(scope)} AND created_time >= ${EXPIRED}`,
  );
  return found;
}

/** Inside the create's transaction: true when the row still carries `claimToken` and is now marked applied. */
export async function markKeyApplied(tx: Tx, scope: KeyScope, claimToken: string): Promise<boolean> {
  const marked = await rows(
    tx,
    sql`UPDATE idempotency_keys SET applied = true
        WHERE ${whereKey(scope)} AND claim_token = ${claimToken} RETURNING 1 AS one`,
  );
  return marked.length > 0;
}

/** Deletes the claimed row if nothing was applied under it: true when it did (the key is free again). */
export async function releaseKey(db: Executor, scope: KeyScope, claimToken: string): Promise<boolean> {
  const released = await rows(
    db,
    sql`DELETE FROM idempotency_keys
        WHERE ${whereKey(scope)} AND claim_token = ${claimToken} AND NOT applied RETURNING 1 AS one`,
  );
  return released.length > 0;
}

/** Stores the answer a resend of the same request gets, on the row this request claimed. */
export async function recordAnswer(db: Executor, scope: KeyScope, claimToken: string, answer: RecordedAnswer) {
  await db.execute(sql`UPDATE idempotency_keys SET response_status = ${answer.status},
        response_content_type = ${answer.contentType}, response_body = ${answer.body},
        applied = (applied OR ${answer.applied})
      WHERE ${whereKey(scope)} AND claim_token = ${claimToken}`);
}
