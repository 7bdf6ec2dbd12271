/**
 * Operators' signed-in sessions (the access hook has checked X-CSRF on writes, Fetch Metadata / Origin, and the
 * session):
 *
 *   GET    /bff/sessions                  the caller's own sessions; `?scope=all`: everyone's
 *   DELETE /bff/sessions/:handle          ends one: one's own, or anyone's
 *   DELETE /bff/sessions?others=1         ends all of one's own but the current one
 *   DELETE /bff/sessions?operator=<name>  ends all of an operator's (the caller's current one is kept)
 *
 * "Everyone's" and "anyone's" need the `manageOthersSessions` capability (admins, per the contract's table).
 *
 * A session is named by its handle, never by its id. Ending one removes its file, so its very next request is refused.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { SessionOperator } from '@/contract/bff-session';
import { errorBodySchema } from '@/contract/errors';
import { roleMay } from '@/contract/operator-capabilities';
import {
  endedSessionCountSchema,
  endedSessionSchema,
  endSessionsQuerySchema,
  operatorSessionListQuerySchema,
  operatorSessionListSchema,
  operatorSessionParamsSchema,
  type OperatorSession,
} from '@/contract/operator-sessions';
import { forbiddenMessage } from '@/server/bff/security/capability-refusals';
import { sessionIdFrom } from './session-cookie';
import { sameOwner, type HandledSession, type Session } from './session-store';

function view({ handle, session }: HandledSession, currentHandle: string | undefined): OperatorSession {
  return {
    handle,
    operator: { name: session.operator.name, role: session.operator.role },
    createdAt: new Date(session.createdAt).toISOString(),
    lastSeenAt: new Date(session.lastSeenAt).toISOString(),
    userAgent: session.userAgent,
    address: session.address,
    ...(session.oidc ? { atProvider: { issuer: session.oidc.issuer, subject: session.oidc.subject } } : {}),
    current: handle === currentHandle,
  };
}

/** Operator first (the caller's current session leading), then the most recently seen. */
function byOperatorThenLastSeen(a: OperatorSession, b: OperatorSession): number {
  if (a.operator.name !== b.operator.name) return a.operator.name < b.operator.name ? -1 : 1;
  if (a.current !== b.current) return a.current ? -1 : 1;
  return b.lastSeenAt.localeCompare(a.lastSeenAt);
}

function refuse(reply: FastifyReply, status: number, message: string): FastifyReply {
  return reply.code(status).send({ message });
}

const errors = { 400: errorBodySchema, 403: errorBodySchema, 404: errorBodySchema };

export const operatorSessionRoutes: FastifyPluginAsyncZod = async (app) => {
  const sessions = app.sessionStore;

  const caller = (request: FastifyRequest) => ({
    operator: request.operator!,
    handle: sessions.handleOf(sessionIdFrom(request)),
  });
  /** Whether the caller may see and end sessions other than their own account's. */
  const mayManageOthers = (operator: SessionOperator) => roleMay(operator.role, 'manageOthersSessions');
  const forbidden = (reply: FastifyReply, what: string, operator: SessionOperator) =>
    refuse(reply, 403, forbiddenMessage(operator, 'manageOthersSessions', what));

  app.get(
    '/bff/sessions',
    {
      schema: { querystring: operatorSessionListQuerySchema, response: { 200: operatorSessionListSchema, ...errors } },
    },
    async (request, reply) => {
      const { operator, handle } = caller(request);
      const scope = request.query.scope ?? 'own';
      if (scope === 'all' && !mayManageOthers(operator)) return forbidden(reply, 'scope=all', operator);
      const listed = (await sessions.list())
        .filter((entry) => scope === 'all' || sameOwner(entry.session.operator, operator))
        .map((entry) => view(entry, handle))
        .sort(byOperatorThenLastSeen);
      return reply.send({ sessions: listed });
    },
  );

  app.delete(
    '/bff/sessions/:handle',
    { schema: { params: operatorSessionParamsSchema, response: { 200: endedSessionSchema, ...errors } } },
    async (request, reply) => {
      const { operator, handle: currentHandle } = caller(request);
      const { handle } = request.params;
      const entry = (await sessions.list()).find((e) => e.handle === handle);
      // Another operator's session is "not found" to a viewer: handles are no business of theirs.
      const mayEnd = entry && (mayManageOthers(operator) || sameOwner(entry.session.operator, operator));
      if (!entry || !mayEnd || !(await sessions.destroyHandle(handle))) {
        return refuse(reply, 404, `No session with handle ${handle} that you may end (it may have ended already)`);
      }
      request.log.info({ operator: operator.name, of: entry.session.operator.name }, 'operator ended a session');
      return reply.send({ session: view(entry, currentHandle) });
    },
  );

  app.delete(
    '/bff/sessions',
    { schema: { querystring: endSessionsQuerySchema, response: { 200: endedSessionCountSchema, ...errors } } },
    async (request, reply) => {
      const { operator, handle: currentHandle } = caller(request);
      const { operator: named } = request.query;
      // One's own sessions are the account's (whatever other account bears its name); with the capability, any
      // operator's by name.
      if (named !== undefined && named !== operator.name && !mayManageOthers(operator)) {
        return forbidden(reply, "ending another operator's sessions", operator);
      }
      const of = named ?? operator.name;
      const picks =
        named !== undefined && mayManageOthers(operator)
          ? (session: Session) => session.operator.name === of
          : (session: Session) => sameOwner(session.operator, operator);
      const ended = await sessions.destroyWhere((session, handle) => picks(session) && handle !== currentHandle);
      request.log.info({ operator: operator.name, of, ended }, 'operator ended sessions');
      return reply.send({ ended });
    },
  );
};
