/**
 * Records every write an operator sends through `/api` and serves `GET /bff/audit` (the access hook checks the
 * `readAuditLog` capability; the query is checked against the contract's `auditQuerySchema`). A write the proxy sends
 * to the service is recorded by the proxy, when it is sent and again when its outcome is known (forwarded-writes.ts);
 * any other write (refused by the BFF) when its answer is sent.
 */
import fp from 'fastify-plugin';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { auditPageSchema, auditQuerySchema } from '@/contract/bff-audit';
import { errorBodySchema } from '@/contract/errors';
import { isApiPath, isReadMethod, splitTarget } from '@/server/bff/security/route-paths';
import { wasForwarded } from './forwarded-writes';

/** The onSend hook must see every route's answer: registered unencapsulated. */
export const auditRoutes = fp(
  async (app) => {
    // A callback hook: a read, or a write the proxy recorded itself, passes on without a promise.
    app.addHook('onSend', (request, reply, payload, done) => {
      if (!request.operator || isReadMethod(request.method) || wasForwarded(request)) return done(null, payload);
      const { path } = splitTarget(request.raw.url ?? '');
      if (!isApiPath(path)) return done(null, payload);
      app.auditLog
        .append({
          operator: request.operator.name,
          method: request.method,
          path,
          status: reply.statusCode,
          requestId: request.id,
          ...request.operatorAtProvider,
        })
        .catch((error: unknown) => request.log.error({ err: (error as Error).message }, 'audit log append failed'))
        .then(() => done(null, payload));
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
