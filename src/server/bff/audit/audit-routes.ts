/**
 * Records every write an operator sends through `/api` and serves `GET /bff/audit` (the access hook checks the
 * `readAuditLog` capability; the query is checked against the contract's `auditQuerySchema`). A write the proxy sends to the service is recorded by the proxy, when it is sent and again when its
 * outcome is known (`recordForwardedWrite`); any other write (refused by the BFF) when its answer is sent.
 */
import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { auditPageSchema, auditQuerySchema } from '@/contract/bff-audit';
import { errorBodySchema } from '@/contract/errors';
import { isApiPath, isReadMethod, splitTarget } from '@/server/bff/security/route-paths';

/** Requests whose write reached the proxy's forwarding step: the proxy records them, the onSend hook does not. */
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

/** The onSend hook must see every route's answer: registered unencapsulated. */
export const auditRoutes = fp(
  async (app) => {
    app.addHook('onSend', async (request, reply, payload) => {
      if (!request.operator || isReadMethod(request.method) || forwardedRequests.has(request)) return payload;
      const { path } = splitTarget(request.raw.url ?? '');
      if (!isApiPath(path)) return payload;
      try {
        await app.auditLog.append({
          operator: request.operator.name,
          method: request.method,
          path,
          status: reply.statusCode,
          requestId: request.id,
          ...request.operatorAtProvider,
        });
      } catch (error) {
        request.log.error({ err: (error as Error).message }, 'audit log append failed');
      }
      return payload;
    });

    app
      .withTypeProvider<ZodTypeProvider>()
      .get(
        '/bff/audit',
        { schema: { querystring: auditQuerySchema, response: { 200: auditPageSchema, 400: errorBodySchema } } },
        async (request, reply) => {
          const { cursor, limit = 50, ...filters } = request.query;
          // The cursor's shape is the store's: files and PostgreSQL page differently.
          if (cursor !== undefined && !app.auditLog.isCursor(cursor)) {
            return reply.code(400).send({ message: 'cursor must be a nextCursor value from a previous page' });
          }
          return reply.send(await app.auditLog.page({ ...filters, limit, cursor }));
        },
      );
  },
  { name: 'bff-audit', dependencies: ['bff-state'] },
);
