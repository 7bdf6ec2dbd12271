/**
 * `Idempotency-Key` on POST (an extension; docs/idempotency.md). A client that did not get an answer — a timeout, a
 * dropped connection — resends the create with the same key and gets the first answer again instead of a second
 * resource. Keys belong to one app client of one organization and live 24 hours.
 *
 *   same key, same method + path + JSON body → the first answer (status and body) with `Idempotent-Replayed: true`
 *   same key, anything else different        → 409
 *   same key while the first is in progress  → 409 (no waiting: the first may take as long as it takes; resend later)
 *   a refused create (nothing applied)       → the key is released: the corrected request may use it
 *
 * Why a crash can never leave "created, key not recorded" for a retry to duplicate:
 *  1. Before the handler runs, the key is claimed: a row (scope, key, request hash, claim token) is committed on its
 *     own, on the shared database, so every instance sees it. From then on no other request with the key runs the
 *     create: it replays the recorded answer or gets 409.
 *  2. Every transaction the handler opens with `store.transaction` sets the row's `applied` inside that same
 *     transaction (only while the row still carries this request's claim token), so the mark commits exactly when
 *     the create does. The key row itself is not written there because the answer is not known until after commit.
 *  3. When the answer is sent it is stored on the row before it leaves (so a client that saw it and resends gets the
 *     same); a refused request with nothing applied deletes the row instead.
 *  A crash between 1 and 3 leaves a row without an answer. It is never taken over: until it expires a resend gets 409
 *  saying the create was applied (`applied`) or that its outcome is unknown. Taking over an unapplied row would be
 *  safe only where every write goes through `store.transaction`, which not every handler does.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { createHash, randomUUID } from 'node:crypto';
import { sql, type SQL } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { HttpError } from './http-error';
import { rows, storageFault, type Executor, type Store, type Tx } from './storage';

export const IDEMPOTENCY_KEY_HEADER = 'Idempotency-Key';
export const REPLAYED_HEADER = 'Idempotent-Replayed';
export const KEY_RULE = '1 to 255 visible ASCII characters (! to ~, no spaces)';
const KEY_PATTERN = /^[!-~]{1,255}$/;
/** A claim this old without an answer belongs to a request that will not answer any more (its instance stopped). */
const UNFINISHED_AFTER_MS = 5 * 60_000;
const PURGE_EVERY_MS = 60_000;
const EXPIRED = sql`now() - interval '24 hours'`;

interface Claim {
  organizationId: string;
  appClientId: string;
  key: string;
  token: string;
  /** The answer is being sent: later transactions (background work of the request) no longer mark the row. */
  settled: boolean;
}

interface KeyRow {
  request_hash: string;
  applied: boolean;
  response_status: number | null;
  response_content_type: string | null;
  response_body: string | null;
  age_ms: number;
}

/** JSON with object keys sorted at every depth: the same parsed body gives the same text whatever the key order. */
function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/** What "the same request" means for a key: method, path with query, and the parsed JSON body. */
export function requestHash(method: string, url: string, body: unknown): string {
  return createHash('sha256')
    .update(`${method} ${url}\n${canonicalJson(body)}`)
    .digest('hex');
}

function conflict(message: string): HttpError {
  return new HttpError(409, `${IDEMPOTENCY_KEY_HEADER} ${message}`);
}

function whereKey(claim: Omit<Claim, 'token' | 'settled'>): SQL {
  return sql`organization_id = ${claim.organizationId} AND app_client_id = ${claim.appClientId} AND idempotency_key = ${claim.key}`;
}

/** Inside the handler's transaction: the create commits together with `applied`, or not at all. */
async function markApplied(tx: Tx, claim: Claim): Promise<void> {
  const marked = await rows(
    tx,
    sql`UPDATE idempotency_keys SET applied = true
    WHERE ${whereKey(claim)} AND claim_token = ${claim.token} RETURNING 1 AS one`,
  );
  if (marked.length === 0)
    throw conflict('expired while its request was being processed; send the request again with a new key');
}

/**
 * Secrets are kept only as hashes, so an answer that shows one (Create App Client with `generateSecret`) is not
 * stored: a resend gets a 409 naming what was created instead. Returns that body, or undefined for other answers.
 */
function withoutSecret(body: string): string | undefined {
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    return undefined;
  }
  if (!parsed || typeof parsed !== 'object' || typeof (parsed as { clientSecret?: unknown }).clientSecret !== 'string')
    return undefined;
  const id = (parsed as { appClientId?: unknown }).appClientId;
  return JSON.stringify({
    message:
      `${IDEMPOTENCY_KEY_HEADER} names a create that was applied (${typeof id === 'string' ? id : 'an app client'}), ` +
      'but its answer showed a secret, which the service does not keep, so it cannot be sent again: look the resource up, and delete it if its secret was lost',
  });
}

export const idempotency = fp(
  async (fastify) => {
    const store: Store = fastify.store;
    const claims = new AsyncLocalStorage<Claim>();
    const claimOf = new WeakMap<FastifyRequest, Claim>();
    let lastPurge = 0;

    const inner = store.transaction.bind(store);
    store.transaction = (<T>(work: (tx: Tx) => Promise<T>): Promise<T> => {
      const claim = claims.getStore();
      if (!claim || claim.settled) return inner(work);
      return inner(async (tx) => {
        const result = await work(tx);
        await markApplied(tx, claim);
        return result;
      });
    }) as Store['transaction'];

    async function purgeExpired(db: Executor) {
      if (Date.now() - lastPurge < PURGE_EVERY_MS) return;
      lastPurge = Date.now();
      await db.execute(sql`DELETE FROM idempotency_keys WHERE created_time < ${EXPIRED}`);
    }

    /** Claims the key (a Claim), answers from the record ('replied'), or does nothing (no key: undefined). */
    async function begin(request: FastifyRequest, reply: FastifyReply): Promise<Claim | 'replied' | undefined> {
      const { family, rawBody } = request.routeOptions.config;
      const header = request.headers['idempotency-key'];
      if (request.method !== 'POST' || !family || rawBody || !request.auth || header === undefined) return undefined;
      if (typeof header !== 'string' || !KEY_PATTERN.test(header))
        throw new HttpError(400, `${IDEMPOTENCY_KEY_HEADER} must be ${KEY_RULE}`);
      const scope = { organizationId: request.auth.organizationId, appClientId: request.auth.appClientId, key: header };
      const hash = requestHash(request.method, request.url, request.body);
      const db = store.db;
      await purgeExpired(db);
      // A row that disappears between the insert and the read (released, or purged) is claimed again.
      for (let attempt = 0; attempt < 3; attempt++) {
        const token = randomUUID();
        const won = await rows(
          db,
          sql`INSERT INTO idempotency_keys (organization_id, app_client_id, idempotency_key, request_hash, claim_token)
        VALUES (${scope.organizationId}, ${scope.appClientId}, ${scope.key}, ${hash}, ${token})
        ON CONFLICT (organization_id, app_client_id, idempotency_key) DO UPDATE SET request_hash = excluded.request_hash,
          claim_token = excluded.claim_token, applied = false, response_status = NULL, response_content_type = NULL,
          response_body = NULL, created_time = now()
        WHERE idempotency_keys.created_time < ${EXPIRED}
        RETURNING 1 AS one`,
        );
        if (won.length > 0) return { ...scope, token, settled: false };
        const [existing] = await rows<KeyRow>(
          db,
          sql`SELECT request_hash, applied, response_status, response_content_type, response_body,
          (extract(epoch FROM now() - created_time) * 1000)::float8 AS age_ms
        FROM idempotency_keys WHERE ${whereKey(scope)} AND created_time >= ${EXPIRED}`,
        );
        if (!existing) continue;
        if (existing.request_hash !== hash) {
          throw conflict(
            'was already used for a different request (another method, path or body) in the last 24 hours; a key names one request: send a new key for a new request',
          );
        }
        if (existing.response_status !== null) {
          reply.code(existing.response_status).header(REPLAYED_HEADER, 'true');
          if (existing.response_content_type) reply.type(existing.response_content_type);
          reply.send(existing.response_body ?? '');
          return 'replied';
        }
        if (Number(existing.age_ms) < UNFINISHED_AFTER_MS) {
          throw conflict(
            'names a request that is still being processed; send it again once that has finished to get its answer',
          );
        }
        throw conflict(
          existing.applied
            ? 'names a request that was applied, but the service stopped before recording its answer; look the resource up instead of sending it again'
            : 'names a request that did not finish (the service stopped while processing it) and whose outcome is unknown; check whether it was applied, then send a new key',
        );
      }
      throw conflict(
        'names a request that is still being processed; send it again once that has finished to get its answer',
      );
    }

    /** Stores the answer on the claimed row, or releases the key when nothing was applied and the answer is an error. */
    async function settle(claim: Claim, reply: FastifyReply, payload: unknown) {
      let status = reply.statusCode;
      const db = store.db;
      if (status >= 300) {
        const released = await rows(
          db,
          sql`DELETE FROM idempotency_keys
        WHERE ${whereKey(claim)} AND claim_token = ${claim.token} AND NOT applied RETURNING 1 AS one`,
        );
        if (released.length > 0) return;
      }
      let body =
        typeof payload === 'string' ? payload : Buffer.isBuffer(payload) ? payload.toString('utf8') : undefined;
      if (body === undefined) return; // a streamed answer cannot be replayed: the row stays unanswered (409 on resend)
      const contentType = reply.getHeader('content-type');
      const secretless = status < 300 ? withoutSecret(body) : undefined;
      if (secretless) [status, body] = [409, secretless];
      await db.execute(sql`UPDATE idempotency_keys SET response_status = ${status},
        response_content_type = ${typeof contentType === 'string' ? contentType : null}, response_body = ${body},
        applied = (applied OR ${reply.statusCode < 300})
      WHERE ${whereKey(claim)} AND claim_token = ${claim.token}`);
    }

    // After the body is parsed and the token checked; callback style so the handler runs inside claims.run().
    fastify.addHook('preHandler', (request, reply, done) => {
      begin(request, reply).then((claim) => {
        if (claim === 'replied') return; // the recorded answer is on its way
        if (!claim) return done();
        claimOf.set(request, claim);
        claims.run(claim, done);
      }, done);
    });

    fastify.addHook('onSend', async (request, reply, payload) => {
      const claim = claimOf.get(request);
      if (!claim || claim.settled) return payload;
      claim.settled = true;
      try {
        await settle(claim, reply, payload);
      } catch (error) {
        // The answer still goes out; a resend then gets 409 (no answer recorded) rather than a second create.
        // A storage error's message holds the query's parameters (the answer itself): log only its code and reason.
        const fault = storageFault(error);
        if (fault) request.log.error({ database: fault.log }, 'recording the Idempotency-Key answer failed');
        else
          request.log.error(
            { err: { message: (error as Error).message } },
            'recording the Idempotency-Key answer failed',
          );
      }
      return payload;
    });
  },
  { name: 'idempotency', dependencies: ['service-decorators'] },
);
