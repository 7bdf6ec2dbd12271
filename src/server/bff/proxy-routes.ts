/**
 * `/api/*` → `{base_url}/*` and `GET /bff/file?url=` (document and variables file URLs), both only ever to the one
 * configured upstream. The access hook has already checked Host, path shape, X-CSRF, cross-site signals, session and
 * role; here the body is read within its limit, the request forwarded with the token, and the answer streamed back.
 */
import type { IncomingMessage } from 'node:http';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AuditOutcome } from '../../contract/bff-audit';
import { recordForwardedWrite } from './audit-routes';
import { DEFAULT_BODY_LIMIT, DOCUMENT_BODY_LIMIT } from './config';
import { proxiedPathProblem } from './request-guards';
import { isReadMethod, splitTarget } from './route-paths';
import { TokenError } from './token-manager';
import { browserResponseHeaders, upstreamRequestHeaders, type UpstreamCall } from './upstream-client';
import { isUpstreamOrigin, UpstreamTimeoutError, UpstreamUnreachableError } from './upstream-http';

const PROXIED_METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;

/** Whether the browser went away before the answer was complete, and a signal that says so. */
function watchBrowser(reply: FastifyReply): { readonly left: boolean; signal: AbortSignal } {
  const controller = new AbortController();
  reply.raw.on('close', () => {
    if (!reply.raw.writableFinished) controller.abort();
  });
  return {
    get left() {
      return controller.signal.aborted;
    },
    signal: controller.signal,
  };
}

class AuditUnavailableError extends Error {}

/**
 * Sends the call and streams the answer, or answers 502/504 with a `{message}` the console can show.
 *
 * A read is aborted when the browser goes away: nobody waits for it. A write is not: once sent, the service applies
 * it or not whatever the browser does, so the BFF waits for the answer and records it. The audit line goes out just
 * before the write (nothing is sent when it cannot be written), the outcome when it is known.
 */
async function forward(
  request: FastifyRequest,
  reply: FastifyReply,
  call: UpstreamCall,
  extraHeaders: Record<string, string> = {},
) {
  const { auditLog, upstream } = request.server;
  const browser = watchBrowser(reply);
  const write = !isReadMethod(call.method);
  let auditId: string | undefined;
  const complete = async (outcome: AuditOutcome, status: number | null) => {
    if (!auditId) return;
    try {
      await auditLog.completed(auditId, { outcome, status, clientClosed: browser.left });
    } catch (error) {
      request.log.error({ err: (error as Error).message }, 'audit log append failed');
    }
  };
  const beforeSend = async () => {
    try {
      auditId = await recordForwardedWrite(request);
    } catch (error) {
      request.log.error({ err: (error as Error).message }, 'audit log append failed');
      throw new AuditUnavailableError();
    }
  };

  let response: IncomingMessage;
  try {
    response = await upstream.send(write ? { ...call, beforeSend } : { ...call, signal: browser.signal });
  } catch (error) {
    if (error instanceof UpstreamTimeoutError) {
      await complete('timeout', null);
      return reply.code(504).send({ message: `The service did not answer within ${error.timeoutMs / 1000} s` });
    }
    if (error instanceof UpstreamUnreachableError) {
      await complete('connection-failed', null);
      return reply.code(502).send({ message: `The service is unreachable (${error.code})` });
    }
    if (error instanceof AuditUnavailableError) {
      return reply.code(503).send({ message: 'The write was not sent: the audit log cannot be written' });
    }
    if (error instanceof TokenError) {
      // Sent, refused with 401, and no new token to replay it with.
      await complete('answered', 401);
      return reply.code(error.status).send({ message: error.message });
    }
    if ((error as Error).name === 'AbortError') return reply; // the browser left
    await complete('connection-failed', null);
    request.log.error({ err: (error as Error).message }, 'forwarding failed');
    return reply.code(502).send({ message: 'The service could not be reached' });
  }
  await complete('answered', response.statusCode ?? null);
  if (browser.left) {
    response.resume(); // nobody to stream it to
    return reply;
  }
  reply.code(response.statusCode ?? 502);
  reply.headers({ ...browserResponseHeaders(response.headers), ...extraHeaders, 'cache-control': 'no-store' });
  response.on('error', (error) => request.log.warn({ err: error.message }, 'upstream response body failed'));
  return reply.send(response);
}

export default async function proxyRoutes(app: FastifyInstance): Promise<void> {
  const { upstream } = app;
  await app.register(async (api) => {
    // The BFF does not interpret API bodies: any content type, read as bytes within the route's limit, kept whole so
    // the request can be replayed after a token refresh.
    api.removeAllContentTypeParsers();
    api.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));

    const handler = async (request: FastifyRequest, reply: FastifyReply) => {
      const { path, query } = splitTarget(request.raw.url ?? '');
      const rest = path.slice('/api'.length);
      const url = upstream.urlFor(`${rest}${query}`);
      const basePath = `${upstream.baseUrl.pathname.replace(/\/+$/, '')}/`;
      // Belt and braces after the path checks: the URL must still be under {base_url} on the upstream origin.
      if (url.origin !== upstream.baseUrl.origin || !url.pathname.startsWith(basePath) || rest === '' || rest === '/') {
        return reply.code(400).send({ message: 'The path does not name a resource of the service' });
      }
      const body = isReadMethod(request.method) ? undefined : (request.body as Buffer | undefined);
      return forward(request, reply, {
        url,
        method: request.method,
        headers: upstreamRequestHeaders(request.headers),
        body: body && body.length > 0 ? body : undefined,
        requestId: request.id,
      });
    };

    api.route({
      method: [...PROXIED_METHODS],
      url: '/api/documents',
      bodyLimit: DOCUMENT_BODY_LIMIT,
      exposeHeadRoute: false,
      handler,
    });
    api.route({
      method: [...PROXIED_METHODS],
      url: '/api/documents/*',
      bodyLimit: DOCUMENT_BODY_LIMIT,
      exposeHeadRoute: false,
      handler,
    });
    api.route({
      method: [...PROXIED_METHODS],
      url: '/api/*',
      bodyLimit: DEFAULT_BODY_LIMIT,
      exposeHeadRoute: false,
      handler,
    });
  });

  app.get('/bff/file', async (request, reply) => {
    const raw = (request.query as { url?: unknown }).url;
    if (typeof raw !== 'string' || raw === '')
      return reply.code(400).send({ message: 'Query parameter url is required' });
    let candidate: URL;
    try {
      candidate = new URL(raw);
    } catch {
      return reply.code(400).send({ message: 'Query parameter url must be an absolute URL' });
    }
    const base = upstream.baseUrl;
    const basePath = `${base.pathname.replace(/\/+$/, '')}/`;
    if (!isUpstreamOrigin(candidate, base)) {
      return reply
        .code(400)
        .send({ message: `Query parameter url must point at the configured service (${base.origin})` });
    }
    // The path as written (before URL parsing resolves dot segments) must be clean too.
    const rawPath = raw.replace(/^[a-z][a-z0-9+.-]*:\/\/[^/?#\\]*/i, '').split(/[?#]/)[0];
    if (
      !candidate.pathname.startsWith(basePath) ||
      proxiedPathProblem(rawPath) ||
      proxiedPathProblem(candidate.pathname)
    ) {
      return reply
        .code(400)
        .send({ message: `Query parameter url must name a file under ${basePath} of the configured service` });
    }
    // Always connect to the configured address, whichever loopback alias the URL used.
    const url = new URL(`${candidate.pathname}${candidate.search}`, base.origin);
    return forward(
      request,
      reply,
      { url, method: 'GET', headers: upstreamRequestHeaders(request.headers), requestId: request.id },
      { 'content-security-policy': "default-src 'none'; sandbox" },
    );
  });
}
