/**
 * The BFF as one Fastify app: `createBffApp(config)` builds it (tests and scripts/start.ts run it in-process),
 * `listen()` binds it, `issueLaunchLink()` makes the one-time sign-in link printed at start.
 */
import fastifyCookie from '@fastify/cookie';
import Fastify, {
  LogController,
  type FastifyError,
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
} from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { auditRoutes } from '@/server/bff/audit/audit-routes';
import { proxyRoutes } from '@/server/bff/proxy/proxy-routes';
import { openApiDocument } from '@/server/bff/schemas/openapi-document';
import { routeSchemas } from '@/server/bff/schemas/route-schemas';
import { bffReadiness } from '@/server/bff/health/bff-readiness';
import { accessRules } from '@/server/bff/access/access-rules';
import {
  allowUpstreamWait,
  capConnectionsPerAddress,
  timeoutCheckInterval,
} from '@/server/bff/security/client-connections';
import { nulCharacters } from '@/server/bff/security/nul-characters';
import { oidcRoutes } from '@/server/bff/oidc/oidc-routes';
import { operatorSessionRoutes } from '@/server/bff/sessions/operator-sessions-routes';
import { reviewRoutes } from '@/server/bff/review/review-routes';
import { sessionRoutes } from '@/server/bff/sessions/session-routes';
import { bffState, type BffStateOptions } from '@/server/bff/state/bff-state-plugin';
import { bffDir, ensureDir } from '@/server/bff/foundation/data-files';
import { servedHostNames, validateUpstreamUrl, type BffConfig } from './config';
import { BffMetrics } from '@/server/bff/observability/bff-metrics';
import { deferredRequestLogger } from '@/server/bff/observability/deferred-request-logger';
import { serveMetrics, type MetricsListener } from '@/server/shared/metrics/metrics-endpoint';
import { answerRequestIds, bffRequestId } from '@/server/shared/request-ids';
import { consoleStatic } from './console-static';
import {
  createScrubbingDestination,
  LOG_REDACT_PATHS,
  SecretRegistry,
  serializeRequestForLog,
} from '@/server/shared/log-redaction';

export interface BffApp {
  app: FastifyInstance;
  config: BffConfig;
  /** Binds HOST:PORT; resolves with the origin to show operators (`http://127.0.0.1:3000`). */
  listen(): Promise<string>;
  /** The origin after listen(). */
  origin(): string;
  /** A new one-time launch link (absolute URL on `origin`). */
  issueLaunchLink(origin?: string): Promise<string>;
  /** Token requests sent to the token endpoint so far. */
  tokenRequests(): number;
  /** The metrics listener's port (DPS_METRICS_PORT) once listening; undefined without one. */
  metricsPort(): number | undefined;
  close(): Promise<void>;
}

/** One access line per request, written when it ends with the request in it, instead of Fastify's two lines. */
class OneLineAccessLog extends LogController {
  override incomingRequest() {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply) {
    if (this.isLogDisabled(request)) return;
    const line = { req: request, res: { statusCode: reply.statusCode }, responseTime: Math.round(reply.elapsedTime) };
    if (error) reply.log.error({ ...line, err: error.message }, 'request errored');
    else reply.log.info(line, 'request completed');
  }
}

/** Fastify and node:http options for slow browser requests (see ClientConnectionLimits). */
function clientTimeoutOptions(config: BffConfig) {
  const limits = config.clientConnections;
  return {
    connectionTimeout: limits.idleTimeoutMs,
    keepAliveTimeout: limits.keepAliveTimeoutMs,
    requestTimeout: limits.requestTimeoutMs,
    http: {
      headersTimeout: Math.min(limits.headersTimeoutMs, limits.requestTimeoutMs),
      requestTimeout: limits.requestTimeoutMs,
      connectionsCheckingInterval: timeoutCheckInterval(limits),
    },
  };
}

function displayOrigin(host: string, port: number): string {
  const shown = host === '0.0.0.0' || host === '::' || host === '' ? 'localhost' : host;
  return `http://${shown.includes(':') ? `[${shown}]` : shown}:${port}`;
}

/** The Fastify instance with the BFF's server options: scrubbed logs, request ids, body and client time limits. */
function bffFastify(config: BffConfig, secrets: SecretRegistry) {
  return Fastify({
    logger: {
      level: config.logLevel,
      stream: createScrubbingDestination(config.logStream ?? process.stderr, secrets),
      redact: { paths: LOG_REDACT_PATHS, censor: '[REDACTED]' },
      serializers: { req: serializeRequestForLog },
    },
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
    // Our own request ids, or the trace id of a well-formed W3C traceparent; nothing else the browser sends.
    requestIdHeader: false,
    genReqId: bffRequestId,
    forceCloseConnections: true,
    return503OnClosing: true,
    ...clientTimeoutOptions(config),
    logController: new OneLineAccessLog(),
    childLoggerFactory: deferredRequestLogger,
  }).withTypeProvider<ZodTypeProvider>();
}

type BffFastify = ReturnType<typeof bffFastify>;

/** The plugins in order: cookies, the NUL check, schemas, state, readiness, the access rules, then every route plugin. */
async function registerParts(app: BffFastify, state: BffStateOptions) {
  // No parsing hook: cookies are parsed when a route or rule first asks (sessions/session-cookie.ts requestCookies).
  await app.register(fastifyCookie, { hook: false });
  // Before any route is declared: it adds its check to each route as it is declared.
  await app.register(nulCharacters);
  await app.register(routeSchemas);
  await app.register(openApiDocument);
  await app.register(bffState, state);
  await app.register(bffReadiness);
  await app.register(accessRules);
  await app.register(auditRoutes);
  await app.register(oidcRoutes);
  await app.register(sessionRoutes);
  await app.register(operatorSessionRoutes);
  await app.register(reviewRoutes);
  await app.register(proxyRoutes);
  await app.register(consoleStatic);
}

export async function createBffApp(config: BffConfig): Promise<BffApp> {
  validateUpstreamUrl('baseUrl', config.upstream.baseUrl);
  validateUpstreamUrl('authUrl', config.upstream.authUrl);
  await ensureDir(bffDir(config.dataDir));

  const secrets = new SecretRegistry();
  secrets.addFixed(config.upstream.clientSecret);

  const app = bffFastify(config, secrets);

  capConnectionsPerAddress(app, config.clientConnections.maxPerAddress);
  const tokenWaitMs =
    config.tokenTimeoutMs * (config.tokenRetryDelaysMs.length + 1) +
    config.tokenRetryDelaysMs.reduce((a, b) => a + b, 0);
  const upstreamWaitMs = tokenWaitMs + 2 * config.upstreamTimeoutMs;
  allowUpstreamWait(app, config.clientConnections.idleTimeoutMs, upstreamWaitMs);

  app.setErrorHandler((error: FastifyError, request, reply) => {
    const status = error.statusCode ?? 500;
    if (status === 413) {
      const limit = request.routeOptions.bodyLimit ?? 1024 * 1024;
      const mib = limit / (1024 * 1024);
      return reply.code(413).send({
        message: `The request body is larger than the ${mib >= 1 ? `${mib} MiB` : `${limit} byte`} limit of this route`,
      });
    }
    if (status === 415) {
      return reply.code(415).send({ message: 'Content-Type must be application/json' });
    }
    if (status >= 400 && status < 500) return reply.code(status).send({ message: error.message });
    request.log.error({ err: error.message }, 'request failed');
    return reply.code(500).send({ message: 'The BFF failed to handle this request' });
  });

  const metrics = new BffMetrics();
  answerRequestIds(app);
  metrics.http.hook(app);
  const metricsListener: MetricsListener = config.metrics
    ? serveMetrics(app, metrics.registry, config.metrics, servedHostNames(config))
    : { port: () => undefined };

  await registerParts(app, { config, secrets, upstreamWaitMs, metrics });

  let boundOrigin = displayOrigin(config.host, config.port);

  return {
    app,
    config,
    async listen() {
      await app.listen({ host: config.host, port: config.port });
      const address = app.server.address();
      const port = typeof address === 'object' && address ? address.port : config.port;
      boundOrigin = displayOrigin(config.host, port);
      return boundOrigin;
    },
    origin: () => boundOrigin,
    async issueLaunchLink(origin = boundOrigin) {
      const token = await app.launchLinks.issue();
      secrets.add(token);
      return `${origin}/bff/launch?token=${token}`;
    },
    tokenRequests: () => app.tokenManager.tokenRequests,
    metricsPort: () => metricsListener.port(),
    close: () => app.close(),
  };
}
