/**
 * Records every write an operator sends through `/api` and serves `GET /bff/audit` to admins (the access hook checks
 * the role). A write the proxy sends to the service is recorded by the proxy, when it is sent and again when its
 * outcome is known (`recordForwardedWrite`); any other write (refused by the BFF) when its answer is sent.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fastifyPlugin from 'fastify-plugin';
import { AUDIT_METHODS } from '@/contract/bff-audit';
import { isApiPath, isReadMethod, splitTarget } from './route-paths';

/** An ISO 8601 date-time with a time zone: what `after` and `before` take (a bare date would depend on the zone). */
const ISO_DATE_TIME =
  /^(\d{4})-(\d{2})-(\d{2})T([01]\d|2[0-3]):[0-5]\d(:[0-5]\d(\.\d{1,9})?)?(Z|[+-]([01]\d|2[0-3]):[0-5]\d)$/i;
const MAX_PATH_LENGTH = 8192;

/** The instant in an ISO 8601 date-time, or undefined when it is not one (Date.parse alone takes 2026-02-30). */
function parseInstant(text: string): number | undefined {
  const match = ISO_DATE_TIME.exec(text);
  if (!match) return undefined;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const daysInMonth = new Date(Date.UTC(year, month, 0)).getUTCDate();
  if (month < 1 || month > 12 || day < 1 || day > daysInMonth) return undefined;
  const time = Date.parse(text);
  return Number.isNaN(time) ? undefined : time;
}

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
  const id = await request.server.auditLog.forwarded({ operator: request.operator.name, method: request.method, path });
  forwardedRequests.add(request);
  return id;
}

/** The onSend hook must see every route's answer: registered unencapsulated. */
async function auditRoutes(app: FastifyInstance): Promise<void> {
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
    if (method !== undefined && !(AUDIT_METHODS as readonly string[]).includes(method)) {
      return reply.code(400).send({ message: `method must be one of ${AUDIT_METHODS.join(', ')}` });
    }
    const path = text('path');
    if (path !== undefined && (!path.startsWith('/') || path.length > MAX_PATH_LENGTH)) {
      return reply
        .code(400)
        .send({ message: `path must be a recorded path starting with "/", at most ${MAX_PATH_LENGTH} characters` });
    }
    const instants: { after?: number; before?: number } = {};
    for (const name of ['after', 'before'] as const) {
      const value = text(name);
      if (value === undefined) continue;
      instants[name] = parseInstant(value);
      if (instants[name] === undefined) {
        return reply
          .code(400)
          .send({ message: `${name} must be an ISO 8601 date-time with a time zone, e.g. 2026-01-31T09:00:00Z` });
      }
    }
    const { after, before } = instants;
    if (after !== undefined && before !== undefined && after >= before) {
      return reply.code(400).send({ message: 'after must be earlier than before' });
    }
    const cursor = text('cursor');
    if (cursor !== undefined && !app.auditLog.isCursor(cursor)) {
      return reply.code(400).send({ message: 'cursor must be a nextCursor value from a previous page' });
    }
    return reply.send(
      await app.auditLog.page({ operator: text('operator'), method, path, after, before, limit, cursor }),
    );
  });
}

export default fastifyPlugin(auditRoutes, { name: 'bff-audit', dependencies: ['bff-state'] });
