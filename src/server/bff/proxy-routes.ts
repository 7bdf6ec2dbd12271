/**
 * `/api/*` → `{base_url}/*` and `GET /bff/file?url=` (document and variables file URLs), both only ever to the one
 * configured upstream. The access hook has already checked Host, path shape, X-CSRF, cross-site signals, session and
 * role; here the body is read within its limit, the request forwarded with the token, and the answer streamed back.
 */
import type { IncomingMessage } from 'node:http';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { BffContext } from './bff-context';
import { DEFAULT_BODY_LIMIT, DOCUMENT_BODY_LIMIT } from './config';
import { proxiedPathProblem } from './request-guards';
import { isReadMethod, splitTarget } from './route-paths';
import { TokenError } from './token-manager';
import { browserResponseHeaders, upstreamRequestHeaders, type UpstreamCall } from './upstream-client';
import { isUpstreamOrigin, UpstreamTimeoutError, UpstreamUnreachableError } from './upstream-http';

const PROXIED_METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;

/** Aborts the upstream call if the browser goes away before the answer is complete. */
function abortOnDisconnect(reply: FastifyReply): AbortSignal {
  const controller = new AbortController();
  reply.raw.on('close', () => {
    if (!reply.raw.writableFinished) controller.abort();
  });
  return controller.signal;
}

/** Sends the call and streams the answer, or answers 502/504 with a `{message}` the console can show. */
async function forward(context: BffContext, request: FastifyRequest, reply: FastifyReply, call: UpstreamCall, extraHeaders: Record<string, string> = {}) {
  let response: IncomingMessage;
  try {
    response = await context.upstream.send(call);
  } catch (error) {
    if (error instanceof UpstreamTimeoutError) {
      return reply.code(504).send({ message: `The service did not answer within ${error.timeoutMs / 1000} s` });
    }
    if (error instanceof UpstreamUnreachableError) {
      return reply.code(502).send({ message: `The service is unreachable (${error.code})` });
    }
    if (error instanceof TokenError) return reply.code(error.status).send({ message: error.message });
    if ((error as Error).name === 'AbortError') return reply; // the browser left
    request.log.error({ err: (error as Error).message }, 'forwarding failed');
    return reply.code(502).send({ message: 'The service could not be reached' });
  }
  reply.code(response.statusCode ?? 502);
  reply.headers({ ...browserResponseHeaders(response.headers), ...extraHeaders, 'cache-control': 'no-store' });
  response.on('error', (error) => request.log.warn({ err: error.message }, 'upstream response body failed'));
  return reply.send(response);
}

export async function registerProxyRoutes(app: FastifyInstance, context: BffContext): Promise<void> {
  await app.register(async (api) => {
    // The BFF does not interpret API bodies: any content type, read as bytes within the route's limit, kept whole so
    // the request can be replayed after a token refresh.
    api.removeAllContentTypeParsers();
    api.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));

    const handler = async (request: FastifyRequest, reply: FastifyReply) => {
      const { path, query } = splitTarget(request.raw.url ?? '');
      const rest = path.slice('/api'.length);
      const url = context.upstream.urlFor(`${rest}${query}`);
      const basePath = `${context.upstream.baseUrl.pathname.replace(/\/+$/, '')}/`;
      // Belt and braces after the path checks: the URL must still be under {base_url} on the upstream origin.
      if (url.origin !== context.upstream.baseUrl.origin || !url.pathname.startsWith(basePath) || rest === '' || rest === '/') {
        return reply.code(400).send({ message: 'The path does not name a resource of the service' });
      }
      const body = isReadMethod(request.method) ? undefined : (request.body as Buffer | undefined);
      return forward(context, request, reply, {
        url,
        method: request.method,
        headers: upstreamRequestHeaders(request.headers),
        body: body && body.length > 0 ? body : undefined,
        signal: abortOnDisconnect(reply),
        requestId: request.id,
      });
    };

    api.route({ method: [...PROXIED_METHODS], url: '/api/documents', bodyLimit: DOCUMENT_BODY_LIMIT, exposeHeadRoute: false, handler });
    api.route({ method: [...PROXIED_METHODS], url: '/api/documents/*', bodyLimit: DOCUMENT_BODY_LIMIT, exposeHeadRoute: false, handler });
    api.route({ method: [...PROXIED_METHODS], url: '/api/*', bodyLimit: DEFAULT_BODY_LIMIT, exposeHeadRoute: false, handler });
  });

  app.get('/bff/file', async (request, reply) => {
    const raw = (request.query as { url?: unknown }).url;
    if (typeof raw !== 'string' || raw === '') return reply.code(400).send({ message: 'Query parameter url is required' });
    let candidate: URL;
    try {
      candidate = new URL(raw);
    } catch {
      return reply.code(400).send({ message: 'Query parameter url must be an absolute URL' });
    }
    const base = context.upstream.baseUrl;
    const basePath = `${base.pathname.replace(/\/+$/, '')}/`;
    if (!isUpstreamOrigin(candidate, base)) {
      return reply.code(400).send({ message: `Query parameter url must point at the configured service (${base.origin})` });
    }
    // The path as written (before URL parsing resolves dot segments) must be clean too.
    const rawPath = raw.replace(/^[a-z][a-z0-9+.-]*:\/\/[^/?#\\]*/i, '').split(/[?#]/)[0];
    if (!candidate.pathname.startsWith(basePath) || proxiedPathProblem(rawPath) || proxiedPathProblem(candidate.pathname)) {
      return reply.code(400).send({ message: `Query parameter url must name a file under ${basePath} of the configured service` });
    }
    // Always connect to the configured address, whichever loopback alias the URL used.
    const url = new URL(`${candidate.pathname}${candidate.search}`, base.origin);
    return forward(
      context,
      request,
      reply,
      { url, method: 'GET', headers: upstreamRequestHeaders(request.headers), signal: abortOnDisconnect(reply), requestId: request.id },
      { 'content-security-policy': "default-src 'none'; sandbox" },
    );
  });
}
