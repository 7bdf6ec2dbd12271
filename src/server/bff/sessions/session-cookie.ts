/**
 * The session cookie. Whenever it can be Secure it is named `__Host-dps_session`: browsers accept that name only with
 * Secure, Path=/ and no Domain, and only from a secure origin, so neither a sibling subdomain nor a plain-http page on
 * the same host can plant or overwrite it. Where Secure is impossible (plain http to a non-loopback host) the prefix
 * is not allowed either, and the plain name is used. Each request reads only the name its own kind would set, so a
 * plain cookie planted next to the prefixed one is never taken for the session.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { canUseSecureCookie } from '@/server/bff/security/request-guards';

export const PLAIN_SESSION_COOKIE = 'dps_session';
export const SECURE_SESSION_COOKIE = '__Host-dps_session';

/** Whether each host the BFF was asked by (its Host, or the forwarded host behind a trusted proxy) is loopback. */
const loopbackHosts = new Map<string, boolean>();

/** Whether the session cookie can be Secure for this request; a host's answer remembered (a few hosts at most). */
function secureCookieFor(request: FastifyRequest): boolean {
  if (request.protocol === 'https') return true;
  const host = request.host;
  let secure = loopbackHosts.get(host);
  if (secure === undefined) {
    secure = canUseSecureCookie(request.protocol, request.hostname);
    if (loopbackHosts.size < 64) loopbackHosts.set(host, secure);
  }
  return secure;
}

function cookieFor(request: FastifyRequest) {
  const secure = secureCookieFor(request);
  return {
    name: secure ? SECURE_SESSION_COOKIE : PLAIN_SESSION_COOKIE,
    // Path=/ and no Domain are what `__Host-` requires; HttpOnly and SameSite=Strict are the BFF's rule (DESIGN.md §5).
    options: { httpOnly: true, sameSite: 'strict' as const, path: '/', secure },
  };
}

/**
 * The request's cookies, parsed when first asked for. @fastify/cookie is registered without its parsing hook (app.ts):
 * a proxied call that carries no session reaches none of this, and one that does pays for one parse, not a hook.
 */
export function requestCookies(request: FastifyRequest): Record<string, string | undefined> {
  const parsed = request.cookies as FastifyRequest['cookies'] | null;
  if (parsed) return parsed;
  const header = request.headers.cookie;
  return (request.cookies = header ? request.server.parseCookie(header) : {});
}

/** The session id this request presents under its cookie name, if any. */
export function sessionIdFrom(request: FastifyRequest): string | undefined {
  return requestCookies(request)[secureCookieFor(request) ? SECURE_SESSION_COOKIE : PLAIN_SESSION_COOKIE];
}

export function setSessionCookie(
  request: FastifyRequest,
  reply: FastifyReply,
  id: string,
  maxAgeSeconds: number,
): void {
  const { name, options } = cookieFor(request);
  reply.setCookie(name, id, { ...options, maxAge: maxAgeSeconds });
  // A cookie of the plain name left from before the prefix was used is dropped rather than sent on every request.
  if (name === SECURE_SESSION_COOKIE && requestCookies(request)[PLAIN_SESSION_COOKIE] !== undefined) {
    reply.clearCookie(PLAIN_SESSION_COOKIE, { ...options });
  }
}

export function clearSessionCookie(request: FastifyRequest, reply: FastifyReply): void {
  const { name, options } = cookieFor(request);
  reply.clearCookie(name, options);
}
