/**
 * The embedded Document Processing Service: Fastify app with the token endpoint, bearer auth and scopes, the JSON
 * body rules (415/413/400), `{message}` errors with CORS headers, every route module of routes/index.ts, and the
 * OpenAPI document. `start()` listens, then bootstraps a new data dir (bootstrap.ts).
 */
import { STATUS_CODES } from 'node:http';
import type { Duplex } from 'node:stream';
import Fastify, { type FastifyError, type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import { z } from 'zod';
import { describeZodError, jsonNestsDeeperThan, MAX_JSON_DEPTH } from '../../contract';
import { actionOf, isAllowed } from './auth/permissions';
import { authenticate } from './auth/authenticate';
import { registerTokenRoute } from './auth/token-route';
import { bootstrap, type BootstrapResult } from './bootstrap';
import type { ServiceConfig } from './config';
import type { AuthContext, ServiceContext, ServiceUrls } from './context';
import { forbidden, HttpError } from './http-error';
import { installIdempotency } from './idempotency';
import { buildOpenApiDocument } from './openapi';
import { routeModules } from './routes';
import type { RouteSpec } from './routing/define-route';
import { openStore, storageFault } from './storage';

export interface ServiceApp {
  fastify: FastifyInstance;
  context: ServiceContext;
  /** Listens on config.host:config.port, bootstraps a new data dir, seeds demo data; resolves with the URLs. */
  start(): Promise<ServiceUrls & BootstrapResult>;
  close(): Promise<void>;
}

declare module 'fastify' {
  interface FastifyRequest {
    auth: AuthContext | null;
  }
  interface FastifyContextConfig {
    spec?: RouteSpec;
    cors?: boolean;
  }
}

export const CORS_HEADERS = {
  'access-control-allow-origin': '*',
  'access-control-allow-headers': 'Authorization, Content-Type, Idempotency-Key',
} as const;

const emptyBody = z.strictObject({});

/** Request line plus headers, in bytes (Node's default, stated so the 431 message can say it). */
export const MAX_HEADER_BYTES = 16_384;

export async function createServiceApp(config: ServiceConfig): Promise<ServiceApp> {
  const fastify = Fastify({
    logger: config.logger ? { level: 'warn' } : false,
    bodyLimit: config.jsonBodyLimit,
    // Above any URL Node accepts (16 KiB of headers): a long id then reaches its schema and gets a 400 `{message}`,
    // where the router's own limit answered 414 in Fastify's error shape without the CORS headers.
    routerOptions: { maxParamLength: 16_384, ignoreTrailingSlash: true },
    forceCloseConnections: true,
    // A missing Host is refused by our hook (a {message} with CORS) rather than by Node's bare 400.
    http: { maxHeaderSize: MAX_HEADER_BYTES, requireHostHeader: false },
    // Errors raised before routing (bad percent-encoding) and by Node's HTTP parser answer in the house shape too.
    frameworkErrors: answerFrameworkError,
    clientErrorHandler: answerClientError,
  });
  const store = await openStore({ dataDir: config.dataDir, databaseUrl: config.databaseUrl, schema: config.databaseSchema });
  const context: ServiceContext = {
    config,
    store,
    log: fastify.log,
    urls: { authUrl: '', baseUrl: '', publicUrl: config.publicUrl ?? '', publicBaseUrl: '' },
  };

  fastify.decorateRequest('auth', null);
  installJsonParser(fastify, config.jsonBodyLimit);
  installErrorHandling(fastify);

  // Bearer token and scope, before the body is read (so 401/403 come before 413/415/400).
  fastify.addHook('onRequest', async (request) => {
    const spec = request.routeOptions.config?.spec;
    if (!spec) return;
    const auth = await authenticate(store.db, request.headers.authorization);
    if (!isAllowed(auth.permissions, spec.family, actionOf(request.method))) throw forbidden();
    request.auth = auth;
  });
  // Idempotency-Key on POST: replays a create's first answer to a resend (idempotency.ts).
  installIdempotency(fastify, context);

  await registerTokenRoute(fastify, context);

  const specs = routeModules.flat();
  const jsonSpecs = specs.filter((s) => !s.rawBody);
  const rawSpecs = specs.filter((s) => s.rawBody);
  for (const spec of jsonSpecs) registerSpec(fastify, spec, context);
  await fastify.register(async (scope) => {
    // Raw-body routes take the bytes of any content type (the document file PUT); JSON rules do not apply.
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: config.rawBodyLimit }, (_req, body, done) => done(null, body));
    for (const spec of rawSpecs) registerSpec(scope, spec, context);
  });

  let openApiText: string | undefined;
  fastify.get(`${config.apiPrefix}/openapi.json`, async (_request, reply) => {
    openApiText ??= JSON.stringify(buildOpenApiDocument(specs, context));
    return reply.type('application/json').send(openApiText);
  });

  // CORS preflight for browsers calling the API directly (Create User declares the CORS headers).
  fastify.options('*', { config: { cors: true } }, async (_request, reply) =>
    reply.header('access-control-allow-methods', 'GET, POST, PUT, PATCH, DELETE, OPTIONS').code(204).send(),
  );

  let closed = false;
  return {
    fastify,
    context,
    async start() {
      await fastify.listen({ host: config.host, port: config.port });
      const address = fastify.server.address();
      const port = typeof address === 'object' && address ? address.port : config.port;
      const hostPart = config.host.includes(':') ? `[${config.host}]` : config.host;
      const authUrl = `http://${hostPart}:${port}`;
      const publicUrl = config.publicUrl ?? (isLoopback(config.host) ? `http://localhost:${port}` : authUrl);
      context.urls = { authUrl, baseUrl: `${authUrl}${config.apiPrefix}`, publicUrl, publicBaseUrl: `${publicUrl}${config.apiPrefix}` };
      const result = await bootstrap(context);
      return { ...context.urls, ...result };
    },
    async close() {
      if (closed) return;
      closed = true;
      await fastify.close();
      await store.close();
    },
  };
}

function isLoopback(host: string): boolean {
  return host === 'localhost' || host === '::1' || /^127\./.test(host);
}

function installJsonParser(fastify: FastifyInstance, bodyLimit: number) {
  fastify.removeAllContentTypeParsers();
  const parse = (_req: FastifyRequest, raw: string | Buffer, done: (err: Error | null, body?: unknown) => void) => {
    const text = String(raw);
    if (text.trim() === '') return done(null, undefined);
    // Deep nesting costs recursion in every consumer (schemas, storage, serializers): refuse it before parsing.
    if (jsonNestsDeeperThan(text, MAX_JSON_DEPTH)) return done(new HttpError(400, `body nests deeper than ${MAX_JSON_DEPTH} levels`), undefined);
    try {
      done(null, JSON.parse(text));
    } catch {
      done(new HttpError(400, 'body must be valid JSON'), undefined);
    }
  };
  fastify.addContentTypeParser('application/json', { parseAs: 'string', bodyLimit }, parse);
  fastify.addContentTypeParser(/^application\/[\w.-]+\+json$/, { parseAs: 'string', bodyLimit }, parse);
}

function sendError(reply: FastifyReply, status: number, message: string) {
  return reply.code(status).headers(CORS_HEADERS).type('application/json').send({ message });
}

/** Fastify's errors before a route is found: the path's percent-encoding, or a parameter beyond maxParamLength. */
function answerFrameworkError(error: FastifyError, _request: FastifyRequest, reply: FastifyReply) {
  if (error.code === 'FST_ERR_BAD_URL') {
    return sendError(reply, 400, 'URL path must be valid percent-encoding: each % starts a %XX escape, and the escapes spell UTF-8');
  }
  if (error.code === 'FST_ERR_MAX_PARAM_LENGTH') return sendError(reply, 414, 'URL path has a segment longer than 16384 characters');
  return sendError(reply, 400, 'request could not be routed');
}

/** What Node's HTTP parser refused, by its error code. */
const CLIENT_ERRORS: Record<string, [number, string]> = {
  HPE_HEADER_OVERFLOW: [431, `request line and headers must be at most ${MAX_HEADER_BYTES} bytes`],
  ERR_HTTP_REQUEST_TIMEOUT: [408, 'request did not arrive in time'],
  HPE_INVALID_METHOD: [400, 'request method must be an HTTP method'],
  HPE_INVALID_URL: [400, 'request target must be a URL path'],
  HPE_INVALID_VERSION: [400, 'request line must end with HTTP/1.1 or HTTP/1.0'],
  HPE_INVALID_CONSTANT: [400, 'request line must be METHOD PATH HTTP/1.1'],
  HPE_INVALID_HEADER_TOKEN: [400, 'header names and values must use only the characters HTTP allows'],
  HPE_INVALID_CONTENT_LENGTH: [400, 'Content-Length header must be one decimal number'],
  HPE_UNEXPECTED_CONTENT_LENGTH: [400, 'Content-Length header must not be sent with Transfer-Encoding: chunked'],
  HPE_INVALID_TRANSFER_ENCODING: [400, 'Transfer-Encoding header must end with chunked'],
  HPE_INVALID_CHUNK_SIZE: [400, 'chunked body must give each chunk size in hexadecimal'],
};

/**
 * Node's 'clientError': the request could not be parsed, so there is no request or reply object; the answer is
 * written to the socket, as Node's own handler does, unless a response has already started on it.
 */
function answerClientError(error: NodeJS.ErrnoException, socket: Duplex) {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const inFlight = (socket as Duplex & { _httpMessage?: { headersSent?: boolean } })._httpMessage;
  if (socket.writable && !inFlight?.headersSent) {
    const [status, message] = CLIENT_ERRORS[error.code ?? ''] ?? [400, 'request is not valid HTTP/1.1'];
    const body = JSON.stringify({ message });
    const headers = {
      'content-type': 'application/json; charset=utf-8',
      'content-length': Buffer.byteLength(body),
      ...CORS_HEADERS,
      'x-content-type-options': 'nosniff',
      connection: 'close',
    };
    const head = Object.entries(headers).map(([name, value]) => `${name}: ${value}\r\n`).join('');
    socket.write(`HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\n${head}\r\n${body}`);
  }
  socket.destroy(error);
}

function installErrorHandling(fastify: FastifyInstance) {
  fastify.addHook('onRequest', async (request) => {
    if (request.raw.httpVersion === '1.1' && !request.headers.host) throw new HttpError(400, 'Host header is required');
  });
  fastify.setErrorHandler((error: FastifyError | HttpError, request, reply) => {
    if (error instanceof HttpError) return sendError(reply, error.statusCode, error.message);
    const code = (error as FastifyError).code;
    if (code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') {
      const type = request.headers['content-type'];
      return sendError(reply, 415, type ? `Content-Type ${type.split(';')[0]} is not supported; send application/json` : 'Content-Type header is required; send application/json');
    }
    if (code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
      const limit = request.routeOptions.config?.spec?.rawBody ? 'the file size limit' : 'the body size limit';
      return sendError(reply, 413, `body is larger than ${limit}`);
    }
    const status = (error as FastifyError).statusCode;
    if (status && status >= 400 && status < 500) return sendError(reply, status, error.message || 'Bad Request');
    // Database errors: their code and message only — the wrapper's message and stack hold the query's parameters.
    const fault = storageFault(error);
    if (fault) {
      request.log.error({ database: fault.log }, 'storage error');
      return sendError(reply, fault.status, fault.message);
    }
    request.log.error({ err: { message: error.message, stack: error.stack, code } }, 'unhandled error');
    return sendError(reply, 500, 'Internal Server Error');
  });
  fastify.setNotFoundHandler((request, reply) => sendError(reply, 404, `no route ${request.method} ${request.url.split('?')[0]}`));
  fastify.addHook('onSend', async (request, reply, payload) => {
    if (reply.statusCode >= 400 || request.routeOptions.config?.spec?.cors || request.routeOptions.config?.cors) reply.headers(CORS_HEADERS);
    reply.header('x-content-type-options', 'nosniff');
    return payload;
  });
}

function parseOrThrow<T>(schema: z.ZodType<T> | undefined, input: unknown, subject: string): T {
  if (!schema) return (input ?? {}) as T;
  const result = schema.safeParse(input);
  if (!result.success) throw new HttpError(400, describeZodError(result.error, input, subject));
  return result.data;
}

function registerSpec(target: FastifyInstance, spec: RouteSpec, context: ServiceContext) {
  target.route({
    method: spec.method,
    url: `${context.config.apiPrefix}${spec.path}`,
    config: { spec },
    handler: async (request: FastifyRequest, reply: FastifyReply) => {
      const params = parseOrThrow(spec.params, request.params, 'path');
      const query = parseOrThrow(spec.query, request.query, 'query');
      let body: unknown = request.body;
      if (spec.rawBody) body = request.body ?? Buffer.alloc(0);
      else if (spec.body) body = parseOrThrow(spec.body, request.body, 'body');
      else if (request.body !== undefined) parseOrThrow(emptyBody, request.body, 'body');
      const result = await spec.handler({ params, query, body, auth: request.auth as AuthContext, ctx: context, request, reply });
      if (result === reply || reply.sent) return reply;
      return result;
    },
  });
}
