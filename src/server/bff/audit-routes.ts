/**
 * Records every write an operator sends through `/api` (before the answer leaves, so it is never lost to a fast
 * client) and serves `GET /bff/audit` to admins (the access hook checks the role).
 */
import type { FastifyInstance } from 'fastify';
import type { BffContext } from './bff-context';
import { isApiPath, isReadMethod, splitTarget } from './route-paths';

const METHODS = ['POST', 'PUT', 'PATCH', 'DELETE'];

export function registerAudit(app: FastifyInstance, context: BffContext): void {
  app.addHook('onSend', async (request, reply, payload) => {
    if (!request.operator || isReadMethod(request.method)) return payload;
    const { path } = splitTarget(request.raw.url ?? '');
    if (!isApiPath(path)) return payload;
    try {
      await context.audit.append({
        operator: request.operator.name,
        method: request.method,
        path,
        status: reply.statusCode,
      });
    } catch (error) {
      request.log.error({ err: (error as Error).message }, 'audit log append failed');
    }
    return payload;
  });

  app.get('/bff/audit', async (request, reply) => {
    const query = request.query as Record<string, unknown>;
    const text = (name: string): string | undefined => {
      const value = query[name];
      return typeof value === 'string' && value !== '' ? value : undefined;
    };
    const limitText = text('limit');
    const limit = limitText === undefined ? 50 : Number(limitText);
    if (!Number.isInteger(limit) || limit < 1 || limit > 500) {
      return reply.code(400).send({ message: 'limit must be an integer from 1 to 500' });
    }
    const method = text('method')?.toUpperCase();
    if (method !== undefined && !METHODS.includes(method)) {
      return reply.code(400).send({ message: `method must be one of ${METHODS.join(', ')}` });
    }
    const cursorText = text('cursor');
    const cursor = cursorText === undefined ? undefined : Number(cursorText);
    if (cursor !== undefined && (!/^\d+$/.test(cursorText!) || !Number.isSafeInteger(cursor))) {
      return reply.code(400).send({ message: 'cursor must be a nextCursor value from a previous page' });
    }
    return reply.send(await context.audit.page({ operator: text('operator'), method, limit, cursor }));
  });
}
