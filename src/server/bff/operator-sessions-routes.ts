/**
 * Operators' signed-in sessions (the access hook has checked X-CSRF on writes, Fetch Metadata / Origin, and the
 * session):
 *
 *   GET    /bff/sessions                  the caller's own sessions; `?scope=all`: everyone's (admins)
 *   DELETE /bff/sessions/:handle          ends one: one's own, or anyone's for an admin
 *   DELETE /bff/sessions?others=1         ends all of one's own but the current one
 *   DELETE /bff/sessions?operator=<name>  ends all of an operator's (admins; the caller's current one is kept)
 *
 * A session is named by its handle, never by its id. Ending one removes its file, so its very next request is refused.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { SESSION_HANDLE_PATTERN, type OperatorSession } from '@/contract/operator-sessions';
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

export default async function operatorSessionRoutes(app: FastifyInstance): Promise<void> {
  const sessions = app.sessionStore;

  const caller = (request: FastifyRequest) => ({
    operator: request.operator!,
    handle: sessions.handleOf(sessionIdFrom(request)),
  });

  app.get('/bff/sessions', async (request, reply) => {
    const { operator, handle } = caller(request);
    const scope = (request.query as { scope?: unknown }).scope ?? 'own';
    if (scope !== 'own' && scope !== 'all') return refuse(reply, 400, 'scope must be "own" or "all"');
    if (scope === 'all' && operator.role !== 'admin') {
      return refuse(
        reply,
        403,
        `Forbidden: scope=all needs the admin role; operator "${operator.name}" is ${operator.role}`,
      );
    }
    const listed = (await sessions.list())
      .filter((entry) => scope === 'all' || sameOwner(entry.session.operator, operator))
      .map((entry) => view(entry, handle))
      .sort(byOperatorThenLastSeen);
    return reply.send({ sessions: listed });
  });

  app.delete('/bff/sessions/:handle', async (request, reply) => {
    const { operator, handle: currentHandle } = caller(request);
    const { handle } = request.params as { handle: string };
    if (!SESSION_HANDLE_PATTERN.test(handle)) return refuse(reply, 400, 'handle must be 32 lowercase hex characters');
    const entry = (await sessions.list()).find((e) => e.handle === handle);
    // Another operator's session is "not found" to a viewer: handles are no business of theirs.
    if (!entry || (operator.role !== 'admin' && !sameOwner(entry.session.operator, operator))) {
      return refuse(reply, 404, `No session with handle ${handle} that you may end (it may have ended already)`);
    }
    if (!(await sessions.destroyHandle(handle))) {
      return refuse(reply, 404, `No session with handle ${handle} that you may end (it may have ended already)`);
    }
    request.log.info({ operator: operator.name, of: entry.session.operator.name }, 'operator ended a session');
    return reply.send({ session: view(entry, currentHandle) });
  });

  app.delete('/bff/sessions', async (request, reply) => {
    const { operator, handle: currentHandle } = caller(request);
    const query = request.query as { others?: unknown; operator?: unknown };
    // One's own sessions are the account's (whatever other account bears its name); an admin may name anyone's.
    let picks: (session: Session) => boolean;
    let of: string;
    if (query.others !== undefined && query.operator === undefined) {
      if (query.others !== '1') return refuse(reply, 400, 'others must be 1');
      of = operator.name;
      picks = (session) => sameOwner(session.operator, operator);
    } else if (query.operator !== undefined && query.others === undefined) {
      if (typeof query.operator !== 'string' || query.operator === '')
        return refuse(reply, 400, 'operator must be an operator name');
      if (operator.role !== 'admin' && query.operator !== operator.name) {
        return refuse(
          reply,
          403,
          `Forbidden: ending another operator's sessions needs the admin role; operator "${operator.name}" is ${operator.role}`,
        );
      }
      of = query.operator;
      picks =
        operator.role === 'admin'
          ? (session) => session.operator.name === of
          : (session) => sameOwner(session.operator, operator);
    } else {
      return refuse(
        reply,
        400,
        'Say which sessions to end: others=1 (your other sessions) or operator=<name> (admins)',
      );
    }
    const ended = await sessions.destroyWhere((session, handle) => picks(session) && handle !== currentHandle);
    request.log.info({ operator: operator.name, of, ended }, 'operator ended sessions');
    return reply.send({ ended });
  });
}
