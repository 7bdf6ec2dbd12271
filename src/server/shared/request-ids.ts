/**
 * Request ids that follow a request from the console through the BFF to the service: the id is the W3C trace id of
 * a valid `traceparent` the request came with, else a new random one (32 lowercase hex, a valid trace id itself).
 * Both servers log it as `reqId`, answer it in `x-request-id`, and the BFF sends it upstream.
 */
import { randomUUID } from 'node:crypto';
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

// randomUUID draws from a cached entropy pool: a tenth of the time of randomBytes on every request.
export function newRequestId(): string {
  const uuid = randomUUID();
  return uuid.slice(0, 8) + uuid.slice(9, 13) + uuid.slice(14, 18) + uuid.slice(19, 23) + uuid.slice(24);
}

/** A `traceparent` continuing the trace `requestId` for the next hop (a new parent id, sampled). */
export function traceparentFor(requestId: string): string | undefined {
  if (!/^[0-9a-f]{32}$/.test(requestId)) return undefined;
  const uuid = randomUUID();
  // 16 random hex digits, the first of them 8–b (the UUID variant): never all zero.
  return `00-${requestId}-${uuid.slice(19, 23)}${uuid.slice(24)}-01`;
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
