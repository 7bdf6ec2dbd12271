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
 *  2. The handler opens its transactions with `withIdempotency(request, tx => …)`, which sets the row's `applied`
 *     inside that same transaction (only while the row still carries this request's claim token), so the mark
 *     commits exactly when the create does. The key row itself is not written there because the answer is not known
 *     until after commit. Every transaction a POST handler with a scope family opens must go through it.
 *  3. When the answer is sent it is stored on the row before it leaves (so a client that saw it and resends gets the
 *     same); a refused request with nothing applied deletes the row instead.
 *  A crash between 1 and 3 leaves a row without an answer. It is never taken over: until it expires a resend gets 409
 *  saying the create was applied (`applied`) or that its outcome is unknown. Taking over an unapplied row would be
 *  safe only where every write goes through `withIdempotency`, which not every handler's writes do (file bytes).
 */
import { createHash, randomUUID } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { HttpError } from '@/server/service/http-error';
import { storageFault, type Store, type Tx } from '@/server/service/storage';
import {
  claimKey,
  findLiveKey,
  markKeyApplied,
  purgeExpiredKeys,
  recordAnswer,
  releaseKey,
  type KeyScope,
} from '@/server/service/storage/repositories/idempotency-keys';

export const IDEMPOTENCY_KEY_HEADER = 'Idempotency-Key';
export const REPLAYED_HEADER = 'Idempotent-Replayed';
export const KEY_RULE = '1 to 255 visible ASCII characters (! to ~, no spaces)';
const KEY_PATTERN = /^[!-~]{1,255}$/;
/** A claim this old without an answer belongs to a request that will not answer any more (its instance stopped). */
const UNFINISHED_AFTER_MS = 5 * 60_000;
const PURGE_EVERY_MS = 60_000;

interface Claim extends KeyScope {
  token: string;
  /** The answer is being sent: later transactions (background work of the request) no longer mark the row. */
  settled: boolean;
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

/** The key each request claimed (set by the plugin's preHandler, before the handler runs). */
const claims = new WeakMap<FastifyRequest, Claim>();

/**
 * A transaction of `request`'s handler: when the request claimed an `Idempotency-Key`, `work` commits together with
 * the key's `applied` mark, or not at all. Without a key (or once the answer is on its way) a plain transaction.
 */
export function withIdempotency<T>(request: FastifyRequest, work: (tx: Tx) => Promise<T>): Promise<T> {
  const claim = claims.get(request);
  const { store } = request.server;
  if (!claim || claim.settled) return store.transaction(work);
  return store.transaction(async (tx) => {
    const result = await work(tx);
    if (!(await markKeyApplied(tx, claim, claim.token)))
      throw conflict('expired while its request was being processed; send the request again with a new key');
    return result;
  });
}

/** Removes expired keys at most once a minute, on the way to a claim. */
function expiredKeyPurger(store: Store): () => Promise<void> {
  let lastPurge = 0;
  return async () => {
    if (Date.now() - lastPurge < PURGE_EVERY_MS) return;
    lastPurge = Date.now();
    await purgeExpiredKeys(store.db);
  };
}

/**
 * A key already held by a live row: the recorded answer sent again ('replied'), or a 409 saying why not. Returns
 * undefined only for a row that disappeared meanwhile (released, or purged): the caller claims again.
 */
async function answerFromRecord(
  store: Store,
  scope: KeyScope,
  hash: string,
  reply: FastifyReply,
): Promise<'replied' | undefined> {
  const existing = await findLiveKey(store.db, scope);
  if (!existing) return undefined;
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

/** Claims the key (a Claim), answers from the record ('replied'), or does nothing (no key: undefined). */
async function begin(
  store: Store,
  purgeExpired: () => Promise<void>,
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<Claim | 'replied' | undefined> {
  const { family, rawBody } = request.routeOptions.config;
  const header = request.headers['idempotency-key'];
  if (request.method !== 'POST' || !family || rawBody || !request.auth || header === undefined) return undefined;
  if (typeof header !== 'string' || !KEY_PATTERN.test(header))
    throw new HttpError(400, `${IDEMPOTENCY_KEY_HEADER} must be ${KEY_RULE}`);
  const scope = { organizationId: request.auth.organizationId, appClientId: request.auth.appClientId, key: header };
  const hash = requestHash(request.method, request.url, request.body);
  await purgeExpired();
  // A row that disappears between the insert and the read (released, or purged) is claimed again.
  for (let attempt = 0; attempt < 3; attempt++) {
    const token = randomUUID();
    if (await claimKey(store.db, scope, hash, token)) return { ...scope, token, settled: false };
    if (await answerFromRecord(store, scope, hash, reply)) return 'replied';
  }
  throw conflict(
    'names a request that is still being processed; send it again once that has finished to get its answer',
  );
}

/** Stores the answer on the claimed row, or releases the key when nothing was applied and the answer is an error. */
async function settle(store: Store, claim: Claim, reply: FastifyReply, payload: unknown) {
  let status = reply.statusCode;
  if (status >= 300 && (await releaseKey(store.db, claim, claim.token))) return;
  let body = typeof payload === 'string' ? payload : Buffer.isBuffer(payload) ? payload.toString('utf8') : undefined;
  if (body === undefined) return; // a streamed answer cannot be replayed: the row stays unanswered (409 on resend)
  const contentType = reply.getHeader('content-type');
  const secretless = status < 300 ? withoutSecret(body) : undefined;
  if (secretless) [status, body] = [409, secretless];
  await recordAnswer(store.db, claim, claim.token, {
    status,
    contentType: typeof contentType === 'string' ? contentType : null,
    body,
    applied: reply.statusCode < 300,
  });
}

export const idempotency = fp(
  async (fastify) => {
    const { store } = fastify;
    const purgeExpired = expiredKeyPurger(store);

    // After the body is parsed and the token checked; callback style so a replayed answer ends the request here.
    fastify.addHook('preHandler', (request, reply, done) => {
      // Only a POST may claim a key: every other request goes on without a promise or a turn of the event loop.
      if (request.method !== 'POST') return done();
      begin(store, purgeExpired, request, reply).then((claim) => {
        if (claim === 'replied') return; // the recorded answer is on its way
        if (claim) claims.set(request, claim);
        done();
      }, done);
    });

    fastify.addHook('onSend', async (request, reply, payload) => {
      const claim = claims.get(request);
      if (!claim || claim.settled) return payload;
      claim.settled = true;
      try {
        await settle(store, claim, reply, payload);
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
