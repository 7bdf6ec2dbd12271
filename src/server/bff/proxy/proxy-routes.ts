/**
 * `/api/*` → `{base_url}/*`, and `GET`/`PUT /bff/file?url=` (document and variables file URLs) to the upstream's
 * origin or a DPS_FILE_ORIGINS origin. The access hook has already checked Host, path shape, X-CSRF, cross-site signals, session and
 * role; here the body is read within its limit, the request forwarded with the token, and the answer streamed back.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { fileQuerySchema } from '@/contract/bff-files';
import type { AuditOutcome } from '@/contract/bff-audit';
import { recordForwardedWrite } from '@/server/bff/audit/forwarded-writes';
import { DEFAULT_BODY_LIMIT, DOCUMENT_BODY_LIMIT, FILE_UPLOAD_LIMIT, MIB } from './body-limits';
import { checkFileUrl } from './file-origins';
import { isReadMethod, splitTarget } from '@/server/bff/security/route-paths';
import { TokenError } from './token-manager';
import { browserResponseHeaders, upstreamRequestHeaders, type UpstreamCall } from './upstream-client';
import { readResponseBody } from '@/server/bff/foundation/response-body';
import { UpstreamTimeoutError, UpstreamUnreachableError, type Abandonment } from './upstream-http';
import {
  agentLimitFilter,
  isAgentList,
  operatorAgents,
  OutOfReachError,
  taskOutOfReach,
  type AnswerFilter,
} from './agent-limit';
import { agentLimitMessage } from '@/server/bff/security/capability-refusals';
import type { ZodApp } from '@/server/shared/zod-app';

const PROXIED_METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;

const WATCH = Symbol('browser watch');
type WatchedResponse = ServerResponse & { [WATCH]?: BrowserWatch };

/** The browser's response `close` listener, one function for all requests (no closure per request). */
function onBrowserClose(this: WatchedResponse): void {
  const watch = this[WATCH];
  if (!watch || this.writableFinished) return;
  watch.left = true;
  watch.listener?.();
}

/** Whether the browser went away before the answer was complete; a read's upstream call is ended when it does. */
class BrowserWatch implements Abandonment {
  left = false;
  listener: (() => void) | undefined = undefined;

  constructor(reply: FastifyReply) {
    const raw = reply.raw as WatchedResponse;
    raw[WATCH] = this;
    // `on`, not `once`: a response closes once, and `once` would wrap the listener anew for every request.
    raw.on('close', onBrowserClose);
  }

  get abandoned(): boolean {
    return this.left;
  }

  onAbandon(listener: (() => void) | undefined): void {
    this.listener = listener;
  }
}

class AuditUnavailableError extends Error {}

/** The most of a service answer read whole to be filtered (lists of agents: a few hundred bytes per agent). */
const FILTERED_ANSWER_LIMIT = 8 * MIB;

/** Conditional request headers are not passed on for an answer that is filtered: a 304 would skip the filter. */
const CONDITIONAL_HEADERS = ['if-match', 'if-none-match', 'if-modified-since', 'if-range', 'if-unmodified-since'];

interface ForwardOptions {
  /** Response headers added to the service's (file answers' sandbox). */
  extraHeaders?: Record<string, string>;
  /** The path the audit log records for a write, when not the request's. */
  auditPath?: string;
  /** A 200 answer is read whole, parsed as JSON and passed on as this makes it (agent limits, ./agent-limit.ts). */
  filter?: AnswerFilter;
}

/** A 200 answer read whole, filtered, and sent as JSON; a 502 when it is not the JSON the filter expects. */
async function sendFiltered(
  request: FastifyRequest,
  reply: FastifyReply,
  response: IncomingMessage,
  filter: AnswerFilter,
) {
  let filtered: unknown;
  try {
    const body = await readResponseBody(response, FILTERED_ANSWER_LIMIT);
    filtered = filter(JSON.parse(body.toString('utf8')));
  } catch (error) {
    if (error instanceof OutOfReachError)
      return reply.code(403).send({ message: agentLimitMessage(request.operator!) });
    request.log.warn({ err: (error as Error).message }, 'service answer could not be filtered to the agent limit');
    return reply.code(502).send({ message: "The service's answer could not be narrowed to your agents" });
  }
  const {
    'content-length': _length,
    etag: _etag,
    'last-modified': _modified,
    ...headers
  } = browserResponseHeaders(response.headers);
  return reply
    .code(200)
    .headers({ ...headers, 'cache-control': 'no-store' })
    .send(filtered);
}

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
  { extraHeaders, auditPath, filter }: ForwardOptions = {},
) {
  const { upstream } = request.server;
  const browser = new BrowserWatch(reply);
  // A write's audit entry (none for a read: nothing to complete, and no closures made for it).
  const audit = isReadMethod(call.method) ? undefined : new ForwardedWriteAudit(request, browser, auditPath);

  let response: IncomingMessage;
  try {
    if (audit) call.beforeSend = () => audit.record();
    else call.abandonment = browser;
    response = await upstream.send(call);
  } catch (error) {
    if (error instanceof UpstreamTimeoutError) {
      await audit?.complete('timeout', null);
      return reply.code(504).send({ message: `The service did not answer within ${error.timeoutMs / 1000} s` });
    }
    if (error instanceof UpstreamUnreachableError) {
      await audit?.complete('connection-failed', null);
      return reply.code(502).send({ message: `The service is unreachable (${error.code})` });
    }
    if (error instanceof AuditUnavailableError) {
      return reply.code(503).send({ message: 'The write was not sent: the audit log cannot be written' });
    }
    if (error instanceof TokenError) {
      // Sent, refused with 401, and no new token to replay it with.
      await audit?.complete('answered', 401);
      return reply.code(error.status).send({ message: error.message });
    }
    if ((error as Error).name === 'AbortError') return reply; // the browser left
    await audit?.complete('connection-failed', null);
    request.log.error({ err: (error as Error).message }, 'forwarding failed');
    return reply.code(502).send({ message: 'The service could not be reached' });
  }
  if (audit) await audit.complete('answered', response.statusCode ?? null);
  const streamedBody = call.body !== undefined && !Buffer.isBuffer(call.body);
  if (streamedBody && response.statusCode === 401) {
    // Not replayed (the bytes are gone) and not passed on as is (the console would take it for a lost session).
    response.resume();
    return reply.code(502).send({
      message: 'The service refused the console server’s token during the upload; it has a new one now: upload again',
    });
  }
  if (browser.left) {
    response.resume(); // nobody to stream it to
    return reply;
  }
  if (filter && response.statusCode === 200) return sendFiltered(request, reply, response, filter);
  reply.code(response.statusCode ?? 502);
  const headers = browserResponseHeaders(response.headers);
  if (extraHeaders) Object.assign(headers, extraHeaders);
  headers['cache-control'] = 'no-store';
  reply.headers(headers);
  (response as LoggedResponse)[LOG] = request.log;
  response.on('error', onUpstreamBodyError);
  return reply.send(response);
}

const LOG = Symbol('request log');
type LoggedResponse = IncomingMessage & { [LOG]?: FastifyRequest['log'] };

/** An upstream answer's body failed while streaming (one function for all requests: no closure per request). */
function onUpstreamBodyError(this: LoggedResponse, error: Error): void {
  this[LOG]?.warn({ err: error.message }, 'upstream response body failed');
}

/** The audit entry of one forwarded write: recorded just before it is sent, completed when its outcome is known. */
class ForwardedWriteAudit {
  private auditId: string | undefined;

  constructor(
    private readonly request: FastifyRequest,
    private readonly browser: BrowserWatch,
    private readonly auditPath: string | undefined,
  ) {}

  async record(): Promise<void> {
    try {
      this.auditId = await recordForwardedWrite(this.request, this.auditPath);
    } catch (error) {
      this.request.log.error({ err: (error as Error).message }, 'audit log append failed');
      throw new AuditUnavailableError();
    }
  }

  async complete(outcome: AuditOutcome, status: number | null): Promise<void> {
    if (!this.auditId) return;
    try {
      await this.request.server.auditLog.completed(this.auditId, {
        outcome,
        status,
        clientClosed: this.browser.left,
      });
    } catch (error) {
      this.request.log.error({ err: (error as Error).message }, 'audit log append failed');
    }
  }
}

/** `GET /api/agents` for an operator limited to some agents: all of theirs at once (./agent-limit.ts). */
async function sendOperatorAgents(request: FastifyRequest, reply: FastifyReply, agents: readonly string[]) {
  let answer: { status: number; body: unknown };
  try {
    answer = await operatorAgents(request, agents);
  } catch (error) {
    if (error instanceof UpstreamTimeoutError)
      return reply.code(504).send({ message: `The service did not answer within ${error.timeoutMs / 1000} s` });
    if (error instanceof UpstreamUnreachableError)
      return reply.code(502).send({ message: `The service is unreachable (${error.code})` });
    if (error instanceof TokenError) return reply.code(error.status).send({ message: error.message });
    request.log.warn({ err: (error as Error).message }, 'the agents list could not be narrowed to the agent limit');
    return reply.code(502).send({ message: "The service's answer could not be narrowed to your agents" });
  }
  return reply.code(answer.status).header('cache-control', 'no-store').send(answer.body);
}

type Upstream = ZodApp['upstream'];

/**
 * The agent limit on a write: a validation task of a run out of the operator's reach is refused with 403. Answers
 * true when the write was refused (the answer is sent), false when it may go on. A boolean, not the reply: a Fastify
 * reply is thenable, so an async function returning it would resolve to undefined and the write would go through.
 */
async function refuseOutOfReach(
  request: FastifyRequest,
  reply: FastifyReply,
  agents: readonly string[],
  rest: string,
): Promise<boolean> {
  let outOfReach: boolean;
  try {
    outOfReach = await taskOutOfReach(request, agents, rest);
  } catch (error) {
    request.log.warn({ err: (error as Error).message }, 'looking up the agent of a validation task failed');
    await reply.code(502).send({ message: 'The service could not say whose run this validation task is' });
    return true;
  }
  if (!outOfReach) return false;
  await reply.code(403).send({ message: agentLimitMessage(request.operator!) });
  return true;
}

/** `/api/*` as `{base_url}/*`: the path checked to stay under the base URL, the agent limit applied, then forwarded. */
function apiHandler(upstream: Upstream) {
  const basePath = `${upstream.baseUrl.pathname.replace(/\/+$/, '')}/`;
  const baseOrigin = upstream.baseUrl.origin;
  return async (request: FastifyRequest, reply: FastifyReply) => {
    const { path, query } = splitTarget(request.raw.url ?? '');
    const rest = path.slice('/api'.length);
    const url = upstream.urlFor(`${rest}${query}`);
    // Belt and braces after the path checks: the URL must still be under {base_url} on the upstream origin.
    if (url.origin !== baseOrigin || !url.pathname.startsWith(basePath) || rest === '' || rest === '/') {
      return reply.code(400).send({ message: 'The path does not name a resource of the service' });
    }
    const read = isReadMethod(request.method);
    const body = read ? undefined : (request.body as Buffer | undefined);
    const headers = upstreamRequestHeaders(request.headers);
    const agents = request.operator?.agents;
    if (agents && read && isAgentList(rest)) return sendOperatorAgents(request, reply, agents);
    const filter = agents && read ? agentLimitFilter(agents, rest) : undefined;
    if (agents && !read) {
      if (await refuseOutOfReach(request, reply, agents, rest)) return reply;
    }
    if (filter) for (const name of CONDITIONAL_HEADERS) delete headers[name];
    return forward(
      request,
      reply,
      {
        url,
        // A HEAD is answered from the filtered GET (its headers, no body), never from the whole list.
        method: filter ? 'GET' : request.method,
        headers,
        body: body && body.length > 0 ? body : undefined,
        requestId: request.id,
      },
      { filter },
    );
  };
}

/** `/api/*` in its own scope: bodies kept as bytes, documents with their larger limit. */
async function apiRoutes(api: ZodApp, upstream: Upstream) {
  // The BFF does not interpret API bodies: any content type, read as bytes within the route's limit, kept whole so
  // the request can be replayed after a token refresh.
  api.removeAllContentTypeParsers();
  api.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));

  const handler = apiHandler(upstream);
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
}

const SANDBOXED = { 'content-security-policy': "default-src 'none'; sandbox" };

/** A file upload's Content-Length refused: missing (411) or over the service's limit (413); undefined when fine. */
function refusedUploadLength(reply: FastifyReply, lengthHeader: string | undefined, length: number) {
  if (lengthHeader === undefined || !Number.isSafeInteger(length)) {
    return reply
      .code(411)
      .header('connection', 'close')
      .send({ message: 'A file upload needs a Content-Length header (the file is sent as the body)' });
  }
  if (length > FILE_UPLOAD_LIMIT) {
    return reply
      .code(413)
      .header('connection', 'close')
      .send({
        message: `The file is ${length.toLocaleString('en-US')} bytes; the service takes files of up to ${FILE_UPLOAD_LIMIT / MIB} MiB (${FILE_UPLOAD_LIMIT.toLocaleString('en-US')} bytes)`,
      });
  }
  return undefined;
}

/**
 * Document files: GET (ranges passed through) and PUT (the bytes streamed, never held), on the upstream's origin
 * and DPS_FILE_ORIGINS only (./file-origins.ts).
 */
async function fileRoutes(files: ZodApp, upstream: Upstream, fileOrigins: ZodApp['bffConfig']['fileOrigins']) {
  // The upload body is not parsed here: it is piped to the service as it arrives.
  files.removeAllContentTypeParsers();
  files.addContentTypeParser('*', (_request, _payload, done) => done(null));

  const schema = { querystring: fileQuerySchema };
  files.get('/bff/file', { schema }, async (request, reply) => {
    const checked = checkFileUrl(request.query.url, upstream.baseUrl, fileOrigins);
    if (!checked.url) return reply.code(400).send({ message: checked.problem });
    const call = { url: checked.url, method: 'GET', headers: upstreamRequestHeaders(request.headers) };
    return forward(request, reply, { ...call, requestId: request.id }, { extraHeaders: SANDBOXED });
  });

  files.put('/bff/file', { schema }, async (request, reply) => {
    const checked = checkFileUrl(request.query.url, upstream.baseUrl, fileOrigins);
    if (!checked.url) return reply.code(400).send({ message: checked.problem });
    const lengthHeader = request.headers['content-length'];
    const length = Number(lengthHeader);
    const refused = refusedUploadLength(reply, lengthHeader, length);
    if (refused) return refused;
    return forward(
      request,
      reply,
      {
        url: checked.url,
        method: 'PUT',
        headers: upstreamRequestHeaders(request.headers),
        body: { stream: request.raw, contentLength: length },
        requestId: request.id,
      },
      { extraHeaders: SANDBOXED, auditPath: `/bff/file?url=${checked.url.href}` },
    );
  });
}

export const proxyRoutes: FastifyPluginAsyncZod = async (app) => {
  const { upstream } = app;
  await app.register(async (api) => apiRoutes(api, upstream));
  await app.register(async (scope) =>
    fileRoutes(scope.withTypeProvider<ZodTypeProvider>(), upstream, app.bffConfig.fileOrigins),
  );
};
