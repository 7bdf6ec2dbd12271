/**
 * The gate every request passes (one onRequest hook, in this order): origin-form target → Host allowlist → security
 * headers → proxied path shape → X-CSRF → Fetch Metadata / Origin → session → capability. Rules are by path so that
 * they also hold for paths no route matches. What a role may do is the contract's capability table
 * (`@/contract/operator-capabilities`), read here and by the sessions routes, nowhere else.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { OPERATOR_ROLES, type SessionOperator } from '@/contract/bff-session';
import { roleMay, type OperatorCapability } from '@/contract/operator-capabilities';
import {
  allowedHostSets,
  crossSiteProblem,
  hostProblem,
  pathSpellingProblem,
  proxiedPathProblem,
  targetFormProblem,
} from './request-guards';
import { isApiPath, isBffOrApiPath, isBffPath, isReadMethod, splitTarget } from './route-paths';
import { sessionIdFrom } from '@/server/bff/sessions/session-cookie';
import { PROBE_PATHS } from '@/server/shared/health-routes';
import { setCommonSecurityHeaders, setConsoleSecurityHeaders, setDataSecurityHeaders } from './security-headers';
import type { SessionOwner } from '@/server/bff/sessions/session-store';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in operator, set by the access hook for routes that need one. */
    operator?: SessionOwner;
    /** For an operator signed in through the OpenID provider: its issuer and their subject (the audit log keeps them). */
    operatorAtProvider?: { issuer: string; subject: string };
  }
}

interface PathRule {
  csrf: boolean;
  crossSiteCheck: boolean;
  /** `optional`: the operator is looked up but not required (the session endpoint answers signed-out itself). */
  session: 'none' | 'optional' | 'operator';
  /** What the operator's role must allow (the contract's capability table), when it takes more than signing in. */
  capability?: OperatorCapability;
}

/** What each BFF path requires. The launch link is a top-level navigation from a terminal: nothing but its token. */
function ruleFor(method: string, path: string): PathRule {
  const read = isReadMethod(method);
  if (isApiPath(path))
    return { csrf: true, crossSiteCheck: true, session: 'operator', capability: read ? 'read' : 'write' };
  if (path === '/bff/launch') return { csrf: false, crossSiteCheck: false, session: 'none' };
  // The provider's redirect back (a cross-site top-level GET) and its server-to-server logout call: each carries its
  // own proof (the pending sign-in's cookie and state; a signed logout token).
  if (path === '/bff/oidc/callback' || path === '/bff/oidc/backchannel-logout')
    return { csrf: false, crossSiteCheck: false, session: 'none' };
  // Reading a file is reading; uploading one (PUT) is a write, like every write to the service.
  if (path === '/bff/file')
    return { csrf: true, crossSiteCheck: true, session: 'operator', capability: read ? 'read' : 'write' };
  if (path === '/bff/session') return { csrf: !read, crossSiteCheck: true, session: read ? 'optional' : 'operator' };
  // Which sessions one may list or end is the routes' to decide (own ones: everybody; others': a capability).
  if (path === '/bff/sessions' || path.startsWith('/bff/sessions/'))
    return { csrf: !read, crossSiteCheck: true, session: 'operator', capability: 'manageOwnSessions' };
  if (path === '/bff/audit')
    return { csrf: !read, crossSiteCheck: true, session: 'operator', capability: 'readAuditLog' };
  if (isBffPath(path)) return { csrf: !read, crossSiteCheck: true, session: 'none' };
  return { csrf: false, crossSiteCheck: false, session: 'none' };
}

/** The 403 message for a capability the operator's role lacks, naming the roles that have it (the table's). */
export function forbiddenMessage(operator: SessionOperator, capability: OperatorCapability, what = 'this'): string {
  const roles = OPERATOR_ROLES.filter((role) => roleMay(role, capability)).join(' or ');
  return `Forbidden: ${what} needs the ${roles} role; operator "${operator.name}" is ${operator.role}`;
}

/** A write through `/api` by a role that may read says so in the words the console shows. */
function refusal(operator: SessionOperator, capability: OperatorCapability, method: string): string {
  if (capability === 'write' && roleMay(operator.role, 'read'))
    return `Forbidden: operator role ${operator.role} may only read; ${method} is not allowed`;
  return forbiddenMessage(operator, capability);
}

function refuse(reply: FastifyReply, status: number, message: string): FastifyReply {
  return reply.code(status).send({ message });
}

export const accessRules = fp(
  async (app) => {
    const allowed = allowedHostSets([...app.bffConfig.allowedHosts, app.bffConfig.host]);

    app.addHook('onRequest', async (request: FastifyRequest, reply: FastifyReply) => {
      const rawUrl = request.raw.url ?? '';
      const targetProblem = targetFormProblem(rawUrl);
      setCommonSecurityHeaders(reply, request.protocol === 'https');
      if (targetProblem) {
        setDataSecurityHeaders(reply);
        return refuse(reply, 400, targetProblem);
      }
      const { path } = splitTarget(rawUrl);
      // The rules below go by the path as sent; the router matches it decoded. Both must name the same place.
      const spelling = pathSpellingProblem(path);
      const routedToBffOrApi = isBffOrApiPath(request.routeOptions.url ?? '');
      if (spelling || (routedToBffOrApi && !isBffOrApiPath(path))) {
        setDataSecurityHeaders(reply);
        return refuse(reply, 400, spelling ?? 'The path must be written as the route it names');
      }
      const bffOrApi = isBffOrApiPath(path);
      if (bffOrApi || PROBE_PATHS.includes(path)) setDataSecurityHeaders(reply);
      else setConsoleSecurityHeaders(reply);
      // Probes come from a balancer or an orchestrator by address (no allowed Host name) and carry no credentials;
      // they answer up or down and nothing else, so no rule below protects anything there.
      if (PROBE_PATHS.includes(path)) return;

      const badHost = hostProblem(request.headers.host, allowed);
      if (badHost) return refuse(reply, 421, badHost);
      if (!bffOrApi) return;

      if (isApiPath(path)) {
        const pathProblem = proxiedPathProblem(path);
        if (pathProblem) return refuse(reply, 400, pathProblem);
      }

      const rule = ruleFor(request.method, path);
      if (rule.csrf && request.headers['x-csrf'] !== '1') {
        return refuse(reply, 401, 'Missing header X-CSRF: 1 (required on every /api call and every BFF write)');
      }
      // Every cross-site signal is refused on the API, reads included: the console never makes such calls.
      if (rule.crossSiteCheck) {
        const crossSite = crossSiteProblem(request.headers, request.headers.host, request.protocol);
        if (crossSite) return refuse(reply, 403, crossSite);
      }
      if (rule.session === 'none') return;

      const session = await app.sessionStore.get(sessionIdFrom(request));
      if (session) request.operator = session.operator;
      if (session?.oidc) request.operatorAtProvider = { issuer: session.oidc.issuer, subject: session.oidc.subject };
      if (rule.session === 'optional') return;
      if (!session) return refuse(reply, 401, 'Not signed in: sign in to the console');

      if (rule.capability && !roleMay(session.operator.role, rule.capability)) {
        return refuse(reply, 403, refusal(session.operator, rule.capability, request.method));
      }
    });
  },
  { name: 'bff-access-rules', dependencies: ['bff-state'] },
);
