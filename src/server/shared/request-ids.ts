/**
 * Request ids that follow a request from the console through the BFF to the service: the id is the W3C trace id of
 * a valid `traceparent` the request came with, else a new random one (32 lowercase hex, a valid trace id itself).
 * Both servers log it as `reqId`, answer it in `x-request-id`, and the BFF sends it upstream.
 */
import { randomBytes } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { FastifyInstance, FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';

export const REQUEST_ID_HEADER = 'x-request-id';

/** version-traceid-parentid-flags; version ff is invalid, and so are all-zero ids. */
const TRACEPARENT = /^([0-9a-f]{2})-([0-9a-f]{32})-([0-9a-f]{16})-([0-9a-f]{2})(-.*)?$/;
const ZERO_TRACE = '0'.repeat(32);
const ZERO_PARENT = '0'.repeat(16);

/** The trace id of a well-formed `traceparent`, or undefined (a malformed one is ignored, never echoed). */
export function traceIdOf(traceparent: string | string[] | undefined): string | undefined {
  if (typeof traceparent !== 'string' || traceparent.length > 512) return undefined;
  const match = TRACEPARENT.exec(traceparent.trim());
  if (!match) return undefined;
  const [, version, traceId, parentId, , rest] = match;
  // Version 00 has exactly four fields; a later version may add more, ff is never valid.
  if (version === 'ff' || (version === '00' && rest !== undefined)) return undefined;
  if (traceId === ZERO_TRACE || parentId === ZERO_PARENT) return undefined;
  return traceId;
}

/**
 * Random bytes as lowercase hex, drawn from a pool filled 4 KiB at a time: a request takes 24 bytes (its id, the
 * parent id of its upstream call), so one system call serves ~170 requests, and each id is one native hex encoding
 * instead of a UUID cut into five slices and joined.
 */
const RANDOM_POOL_BYTES = 4096;
let randomPool = Buffer.alloc(0);
let randomOffset = 0;

function randomHex(bytes: number): string {
  if (randomOffset + bytes > randomPool.length) {
    randomPool = randomBytes(RANDOM_POOL_BYTES);
    randomOffset = 0;
  }
  const hex = randomPool.toString('hex', randomOffset, randomOffset + bytes);
  randomOffset += bytes;
  return hex;
}

/** A new request id: 32 random lowercase hex digits, never all zero (a valid W3C trace id). */
export function newRequestId(): string {
  const id = randomHex(16);
  return id === ZERO_TRACE ? newRequestId() : id;
}

/** A `traceparent` continuing the trace `requestId` for the next hop (a new parent id, sampled). */
export function traceparentFor(requestId: string): string | undefined {
  if (!/^[0-9a-f]{32}$/.test(requestId)) return undefined;
  let parentId = randomHex(8);
  while (parentId === ZERO_PARENT) parentId = randomHex(8);
  return `00-${requestId}-${parentId}-01`;
}

/** The BFF's `genReqId`: the browser's trace id if it sent a valid `traceparent`, else a new id. */
export function bffRequestId(request: IncomingMessage): string {
  return traceIdOf(request.headers.traceparent) ?? newRequestId();
}

/** What the service takes as the caller's id: letters, digits and `._:-`, at most 64 (nothing a log line could break on). */
const CALLER_ID = /^[A-Za-z0-9._:-]{1,64}$/;

/** The service's `genReqId`: the caller's `x-request-id` (the BFF's id), else its `traceparent`'s trace id, else new. */
export function serviceRequestId(request: IncomingMessage): string {
  const given = request.headers[REQUEST_ID_HEADER];
  if (typeof given === 'string' && CALLER_ID.test(given)) return given;
  return bffRequestId(request);
}

/** Every answer says its request id (errors included): an operator's report leads to the log lines. */
export function answerRequestIds(app: FastifyInstance): void {
  app.addHook('onRequest', (request: FastifyRequest, reply: FastifyReply, done: HookHandlerDoneFunction) => {
    reply.header(REQUEST_ID_HEADER, request.id);
    done();
  });
}
