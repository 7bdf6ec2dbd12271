/**
 * The gate every request passes (one onRequest hook, in this order): origin-form target → Host allowlist → security
 * headers → proxied path shape → X-CSRF → Fetch Metadata / Origin → session → capability. Rules are by path so that
 * they also hold for paths no route matches. What a role may do is the contract's capability table
 * (`@/contract/operator-capabilities`), read here and by the routes that decide finer (sessions, review holds); the
 * 403 messages naming who may are security/capability-refusals.ts. Above sessions/ (it looks the session up): the gate
 * is the one piece of the BFF that needs both the request checks and the session store.
 */
import type { FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';
import fp from 'fastify-plugin';
import type { SessionOperator } from '@/contract/bff-session';
import { reachesAgent, roleMay, type OperatorCapability } from '@/contract/operator-capabilities';
import {
  crossSiteProblem,
  pathSpellingProblem,
  proxiedPathProblem,
  targetFormProblem,
} from '@/server/bff/security/request-guards';
import { isApiPath, isBffOrApiPath, isBffPath, isReadMethod, splitTarget } from '@/server/bff/security/route-paths';
import { agentLimitMessage, forbiddenMessage } from '@/server/bff/security/capability-refusals';
import {
  setCommonSecurityHeaders,
  setConsoleSecurityHeaders,
  setDataSecurityHeaders,
} from '@/server/bff/security/security-headers';
import { sessionIdFrom } from '@/server/bff/sessions/session-cookie';
import type { Session, SessionOwner } from '@/server/bff/sessions/session-store';
import { servedHostNames } from '@/server/bff/config';
import { PROBE_PATHS } from '@/server/shared/health-routes';
import { hostAllowlist, hostProblem } from '@/server/shared/host-allowlist';

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

/**
 * The writes through `/api` that `review` allows (the capability table names them), by path as sent: a validation
 * task (take, give back, confirm, skip, reject), a document (its ground truth; `reviewBodyProblem` checks the body),
 * an agent run (archive). Every other write needs `write`.
 */
const REVIEW_WRITES = [
  /^\/api\/validations\/[^/]+\/tasks\/[^/]+$/,
  /^\/api\/documents\/[^/]+$/,
  /^\/api\/agents\/[^/]+\/runs\/[^/]+$/,
];
const DOCUMENT_PATH = /^\/api\/documents\/[^/]+$/;

function apiCapability(method: string, path: string): 'read' | 'review' | 'write' {
  if (isReadMethod(method)) return 'read';
  return method === 'PATCH' && REVIEW_WRITES.some((shape) => shape.test(path)) ? 'review' : 'write';
}

/** The rules of `/api` paths, by capability: made once, not per request. */
const API_RULES: Record<'read' | 'review' | 'write', PathRule> = {
  read: { csrf: true, crossSiteCheck: true, session: 'operator', capability: 'read' },
  review: { csrf: true, crossSiteCheck: true, session: 'operator', capability: 'review' },
  write: { csrf: true, crossSiteCheck: true, session: 'operator', capability: 'write' },
};

/** What each BFF path requires. The launch link is a top-level navigation from a terminal: nothing but its token. */
function ruleFor(method: string, path: string): PathRule {
  const read = isReadMethod(method);
  if (isApiPath(path)) return API_RULES[apiCapability(method, path)];
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
  // The organization's review settings: everybody reads them (the console marks runs waiting too long); changing
  // them is an admin's.
  if (path === '/bff/review/settings' && !read)
    return { csrf: true, crossSiteCheck: true, session: 'operator', capability: 'manageReviewSettings' };
  // The review endpoints (review holds): reading them is reading; every other method is reviewing. Which holds one
  // may release or take over (`manageReviewHolds`) and which agents one reaches are the routes' to decide.
  if (path === '/bff/review' || path.startsWith('/bff/review/'))
    return { csrf: !read, crossSiteCheck: true, session: 'operator', capability: read ? 'read' : 'review' };
  if (isBffPath(path)) return { csrf: !read, crossSiteCheck: true, session: 'none' };
  return { csrf: false, crossSiteCheck: false, session: 'none' };
}

/** A write by a role that may only read says so in the words the console shows; other refusals name who may. */
function refusal(operator: SessionOperator, capability: OperatorCapability, method: string): string {
  const readOnly = roleMay(operator.role, 'read') && !roleMay(operator.role, 'review');
  if ((capability === 'write' || capability === 'review') && readOnly)
    return `Forbidden: operator role ${operator.role} may only read; ${method} is not allowed`;
  return forbiddenMessage(operator, capability);
}

/** The agent an `/api/agents/{agentId}…` path names (decoded), or undefined for any other path. */
function agentOfPath(path: string): string | undefined {
  const segment = /^\/api\/agents\/([^/]+)/.exec(path)?.[1];
  if (segment === undefined) return undefined;
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment; // refused before as malformed; never an agent of anybody's list
  }
}

/**
 * The body of a write that `review` allows, where the path alone does not say enough: a document's PATCH may change
 * its ground truth only (name, metadata, dataset, retention need `write`). Undefined when the body is fine.
 */
function reviewBodyProblem(
  operator: SessionOperator,
  path: string,
  body: unknown,
): { status: number; message: string } | undefined {
  if (roleMay(operator.role, 'write') || !DOCUMENT_PATH.test(path)) return undefined;
  let fields: string[] | undefined;
  try {
    const value: unknown = JSON.parse(Buffer.isBuffer(body) ? body.toString('utf8') : '');
    if (value && typeof value === 'object' && !Array.isArray(value)) fields = Object.keys(value);
  } catch {
    fields = undefined;
  }
  if (!fields) return { status: 400, message: 'The body must be a JSON object of the fields to change' };
  const others = fields.filter((field) => field !== 'groundTruth');
  if (others.length === 0) return undefined;
  const refused = forbiddenMessage(operator, 'write', `changing ${others.join(', ')}`);
  return { status: 403, message: `${refused} (a reviewer may change a document's groundTruth only)` };
}

function refuse(reply: FastifyReply, status: number, message: string): FastifyReply {
  return reply.code(status).send({ message });
}

/** The session's part of the gate, once the session is known: signed in, the role's capability, the agent limit. */
function admit(
  request: FastifyRequest,
  reply: FastifyReply,
  rule: PathRule,
  path: string,
  session: Session | null,
  done: HookHandlerDoneFunction,
): void {
  if (session) request.operator = session.operator;
  if (session?.oidc) request.operatorAtProvider = { issuer: session.oidc.issuer, subject: session.oidc.subject };
  if (rule.session === 'optional') return done();
  if (!session) return void refuse(reply, 401, 'Not signed in: sign in to the console');

  if (rule.capability && !roleMay(session.operator.role, rule.capability)) {
    return void refuse(reply, 403, refusal(session.operator, rule.capability, request.method));
  }
  // An operator limited to some agents reaches no other agent, nor its runs or insights, by any method. Lists
  // that span agents are filtered by the proxy (proxy/agent-limit.ts).
  const agentId = agentOfPath(path);
  if (agentId !== undefined && !reachesAgent(session.operator, agentId)) {
    return void refuse(reply, 403, agentLimitMessage(session.operator));
  }
  done();
}

export const accessRules = fp(
  async (app) => {
    const allowed = hostAllowlist(servedHostNames(app.bffConfig));
    // Host headers found allowed, remembered: the check parses a URL, and a browser sends the same Host every time.
    // Only allowed ones are kept (refusals are checked each time), and a few at most.
    const allowedHostHeaders = new Set<string>();
    const hostHeaderProblem = (host: string | undefined): string | undefined => {
      if (host !== undefined && allowedHostHeaders.has(host)) return undefined;
      const problem = hostProblem(host, allowed);
      if (!problem && host !== undefined && allowedHostHeaders.size < 64) allowedHostHeaders.add(host);
      return problem;
    };

    // A callback hook: a request whose session the store knows at once (the usual case) passes without a promise.
    // (Answering from a callback hook: send, and do not call done.)
    app.addHook('onRequest', (request: FastifyRequest, reply: FastifyReply, done: HookHandlerDoneFunction) => {
      const rawUrl = request.raw.url ?? '';
      const targetProblem = targetFormProblem(rawUrl);
      setCommonSecurityHeaders(reply, request.protocol === 'https');
      if (targetProblem) {
        setDataSecurityHeaders(reply);
        return void refuse(reply, 400, targetProblem);
      }
      const { path } = splitTarget(rawUrl);
      // The rules below go by the path as sent; the router matches it decoded. Both must name the same place.
      const spelling = pathSpellingProblem(path);
      const routedToBffOrApi = isBffOrApiPath(request.routeOptions.url ?? '');
      if (spelling || (routedToBffOrApi && !isBffOrApiPath(path))) {
        setDataSecurityHeaders(reply);
        return void refuse(reply, 400, spelling ?? 'The path must be written as the route it names');
      }
      const bffOrApi = isBffOrApiPath(path);
      if (bffOrApi || PROBE_PATHS.includes(path)) setDataSecurityHeaders(reply);
      else setConsoleSecurityHeaders(reply);
      // Probes come from a balancer or an orchestrator by address (no allowed Host name) and carry no credentials;
      // they answer up or down and nothing else, so no rule below protects anything there.
      if (PROBE_PATHS.includes(path)) return done();

      const badHost = hostHeaderProblem(request.headers.host);
      if (badHost) return void refuse(reply, 421, badHost);
      if (!bffOrApi) return done();

      if (isApiPath(path)) {
        const pathProblem = proxiedPathProblem(path);
        if (pathProblem) return void refuse(reply, 400, pathProblem);
      }

      const rule = ruleFor(request.method, path);
      if (rule.csrf && request.headers['x-csrf'] !== '1') {
        return void refuse(reply, 401, 'Missing header X-CSRF: 1 (required on every /api call and every BFF write)');
      }
      // Every cross-site signal is refused on the API, reads included: the console never makes such calls.
      if (rule.crossSiteCheck) {
        const crossSite = crossSiteProblem(request.headers, request.headers.host, request.protocol);
        if (crossSite) return void refuse(reply, 403, crossSite);
      }
      if (rule.session === 'none') return done();

      const id = sessionIdFrom(request);
      const known = app.sessionStore.getNow?.(id);
      if (known !== undefined) return admit(request, reply, rule, path, known, done);
      app.sessionStore.get(id).then(
        (session) => admit(request, reply, rule, path, session, done),
        (error: unknown) => done(error as Error),
      );
    });

    // Once the body is read (the proxy keeps `/api` bodies whole): what only the body of a review write can tell.
    // A callback hook (answering: send without done), so a request that is no PATCH costs no promise here.
    app.addHook('preHandler', (request: FastifyRequest, reply: FastifyReply, done: HookHandlerDoneFunction) => {
      const operator = request.operator;
      if (!operator || request.method !== 'PATCH') return done();
      const { path } = splitTarget(request.raw.url ?? '');
      if (apiCapability(request.method, path) !== 'review') return done();
      const problem = reviewBodyProblem(operator, path, request.body);
      if (problem) refuse(reply, problem.status, problem.message);
      else done();
    });
  },
  { name: 'bff-access-rules', dependencies: ['bff-state'] },
);
