/**
 * Signing in, whichever way (account, launch link, OpenID Connect): a new session with a new id; any session the
 * browser had ends (an unprefixed one too). The cookie lives as long as the session may.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { SignInMethod } from '@/contract/bff-session';
import { LAUNCH_OPERATOR } from './launch-links';
import { PLAIN_SESSION_COOKIE, requestCookies, sessionIdFrom, setSessionCookie } from './session-cookie';
import type { SessionExtras, SessionOwner } from './session-store';
import { summarizeUserAgent } from './user-agent-summary';

/** Account ids of people signed in through the OpenID provider start with this (local accounts' ids are hex). */
export const OIDC_ACCOUNT_PREFIX = 'oidc:';

export function signInMethodOf(owner: SessionOwner): SignInMethod {
  if (owner.accountId.startsWith(OIDC_ACCOUNT_PREFIX)) return 'oidc';
  return owner.accountId === LAUNCH_OPERATOR.accountId ? 'launch-link' : 'account';
}

export async function startSession(
  request: FastifyRequest,
  reply: FastifyReply,
  operator: SessionOwner,
  extras: SessionExtras = {},
): Promise<void> {
  const { sessionStore: sessions, bffConfig: config } = request.server;
  await sessions.destroy(sessionIdFrom(request));
  await sessions.destroy(requestCookies(request)[PLAIN_SESSION_COOKIE]);
  // request.ip: the peer, or the client a trusted proxy names (DPS_TRUST_PROXY). Shown in the Sessions dialog only.
  const { id, session } = await sessions.create(
    operator,
    summarizeUserAgent(request.headers['user-agent']),
    request.ip,
    extras,
  );
  const lifetimeMs = Math.min(config.sessionAbsoluteMs, (session.expiresAt ?? Infinity) - session.createdAt);
  setSessionCookie(request, reply, id, Math.floor(lifetimeMs / 1000));
}
