/**
 * The gate every request passes (one onRequest hook, in this order): origin-form target → Host allowlist → security
 * headers → proxied path shape → X-CSRF → Fetch Metadata / Origin → session → role. Rules are by path so that they
 * also hold for paths no route matches.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fastifyPlugin from 'fastify-plugin';
import {
  allowedHostSets,
  crossSiteProblem,
  hostProblem,
  pathSpellingProblem,
  proxiedPathProblem,
  targetFormProblem,
} from './request-guards';
import { isApiPath, isBffOrApiPath, isReadMethod, splitTarget } from './route-paths';
import { sessionIdFrom } from './session-cookie';
import { setCommonSecurityHeaders, setConsoleSecurityHeaders, setDataSecurityHeaders } from './security-headers';
import type { SessionOwner } from './session-store';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in operator, set by the access hook for routes that need one. */
    operator?: SessionOwner;
  }
}

interface PathRule {
  csrf: boolean;
  crossSiteCheck: boolean;
  /** `optional`: the operator is looked up but not required (the session endpoint answers signed-out itself). */
  session: 'none' | 'optional' | 'operator' | 'admin';
}

/** What each BFF path requires. The launch link is a top-level navigation from a terminal: nothing but its token. */
function ruleFor(method: string, path: string): PathRule {
  if (isApiPath(path)) return { csrf: true, crossSiteCheck: true, session: 'operator' };
  if (path === '/bff/launch') return { csrf: false, crossSiteCheck: false, session: 'none' };
  // Reading a file is reading; uploading one (PUT) is a write: admins only, like every write to the service.
  if (path === '/bff/file')
    return { csrf: true, crossSiteCheck: true, session: isReadMethod(method) ? 'operator' : 'admin' };
  if (path === '/bff/session')
    return {
      csrf: !isReadMethod(method),
      crossSiteCheck: true,
      session: isReadMethod(method) ? 'optional' : 'operator',
    };
  if (path === '/bff/sessions' || path.startsWith('/bff/sessions/'))
    return { csrf: !isReadMethod(method), crossSiteCheck: true, session: 'operator' };
  if (path === '/bff/audit') return { csrf: !isReadMethod(method), crossSiteCheck: true, session: 'admin' };
  if (path === '/bff' || path.startsWith('/bff/'))
    return { csrf: !isReadMethod(method), crossSiteCheck: true, session: 'none' };
  return { csrf: false, crossSiteCheck: false, session: 'none' };
}

function refuse(reply: FastifyReply, status: number, message: string): FastifyReply {
  return reply.code(status).send({ message });
}

async function accessRules(app: FastifyInstance): Promise<void> {
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
    if (bffOrApi) setDataSecurityHeaders(reply);
    else setConsoleSecurityHeaders(reply);

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
    if (rule.session === 'optional') return;
    if (!session) return refuse(reply, 401, 'Not signed in: sign in to the console');

    if (rule.session === 'admin' && session.operator.role !== 'admin') {
      return refuse(
        reply,
        403,
        `Forbidden: this needs the admin role; operator "${session.operator.name}" is ${session.operator.role}`,
      );
    }
    if (isApiPath(path) && !isReadMethod(request.method) && session.operator.role !== 'admin') {
      return refuse(
        reply,
        403,
        `Forbidden: operator role ${session.operator.role} may only read; ${request.method} is not allowed`,
      );
    }
  });
}

export default fastifyPlugin(accessRules, { name: 'bff-access-rules', dependencies: ['bff-state'] });
