/**
 * The audit log's entries for the writes the proxy forwards to the service: a `forwarded` line when the write is sent,
 * and its outcome once known (the audit log's `forwarded` returns the outcome's id). The proxy records them here, not
 * through the audit routes; those only skip the requests recorded here (their onSend hook records every other write).
 */
import type { FastifyRequest } from 'fastify';
import { isReadMethod, splitTarget } from '@/server/bff/security/route-paths';

/** Requests whose write reached the proxy's forwarding step. */
const forwardedRequests = new WeakSet<FastifyRequest>();

/**
 * Writes the `forwarded` line of a write the proxy is about to send; resolves with the id of its outcome. `path` is
 * the request's path unless given (a file upload names the file URL it writes to).
 */
export async function recordForwardedWrite(
  request: FastifyRequest,
  path = splitTarget(request.raw.url ?? '').path,
): Promise<string | undefined> {
  if (!request.operator || isReadMethod(request.method)) return undefined;
  const { operator, method, id: requestId } = request;
  const write = { operator: operator.name, method, path, requestId, ...request.operatorAtProvider };
  const id = await request.server.auditLog.forwarded(write);
  forwardedRequests.add(request);
  return id;
}

/** Whether the proxy recorded this request's write (the audit routes' onSend hook then leaves it alone). */
export function wasForwarded(request: FastifyRequest): boolean {
  return forwardedRequests.has(request);
}
