/**
 * The embedded Document Processing Service: Fastify app with the token endpoint, bearer auth and scopes, the JSON
 * body rules (415/413/400), `{message}` errors with CORS headers, every route module of routes/index.ts, and the
 * OpenAPI document. `start()` listens, then bootstraps a new data dir (bootstrap.ts).
 */
import Fastify, { type FastifyError, type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import { z } from 'zod';
import { describeZodError } from '../../contract';
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
import { openStore } from './storage';

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
  'access-control-allow-headers': 'Authorization, Content-Type',
} as const;

const emptyBody = z.strictObject({});

export async function createServiceApp(config: ServiceConfig): Promise<ServiceApp> {
  const fastify = Fastify({
    logger: config.logger ? { level: 'warn' } : false,
    bodyLimit: config.jsonBodyLimit,
    // Above any URL Node accepts (16 KiB of headers): a long id then reaches its schema and gets a 400 `{message}`,
    // where the router's own limit answered 414 in Fastify's error shape without the CORS headers.
    routerOptions: { maxParamLength: 16_384, ignoreTrailingSlash: true },
    forceCloseConnections: true,
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
  const parse = (_req: FastifyRequest, text: string | Buffer, done: (err: Error | null, body?: unknown) => void) => {
    if (String(text).trim() === '') return done(null, undefined);
    try {
      done(null, JSON.parse(String(text)));
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

function installErrorHandling(fastify: FastifyInstance) {
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
