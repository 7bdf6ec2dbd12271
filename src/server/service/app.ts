/**
 * The embedded Document Processing Service: a Fastify app made of plugins — storage, config and URLs as decorators,
 * the `{message}` error answers, the Host allowlist, JSON bodies checked against the routes' zod schemas, bearer auth and scopes, the
 * Idempotency-Key extension, the token endpoint, every route module of endpoints/index.ts under the api prefix, and the
 * OpenAPI document. `start()` listens, then bootstraps a new data dir (bootstrap.ts).
 */
import Fastify, { type FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { tokenRoute } from './auth/token-route';
import { bootstrap, type BootstrapResult } from './bootstrap';
import { servedHostNames, type ServiceConfig } from './config';
import type { ServiceContext, ServiceUrls } from './context';
import { idempotency } from './plugins/idempotency';
import { openApiDocument } from './plugins/openapi';
import { authPlugin } from './plugins/auth';
import { diskReserve } from './plugins/disk-reserve';
import { answerClientError, answerFrameworkError, errorAnswers, MAX_HEADER_BYTES } from './plugins/error-answers';
import { readCache } from './plugins/read-cache';
import { requestValidation } from './plugins/request-validation';
import { serviceDecorators } from './plugins/service-decorators';
import { hostCheck } from './plugins/host-check';
import { serviceMetrics } from './plugins/metrics-and-request-ids';
import { RequestTraffic } from './observability/request-traffic';
import { ServiceMetrics } from './observability/service-metrics';
import { serializeRequestForLog } from '@/server/shared/log-redaction';
import { serviceRequestId } from '@/server/shared/request-ids';
import { routePlugins } from './endpoints';
import { checkRecognitionReady } from './recognition/recognizer';
import { checkStoreReady, openStore } from './storage';
import { healthRoutes } from '@/server/shared/health-routes';
import { FileStore } from './storage/file-store/file-store';

export interface ServiceApp {
  fastify: FastifyInstance;
  context: ServiceContext;
  /** Listens on config.host:config.port, bootstraps a new data dir, seeds demo data; resolves with the URLs. */
  start(): Promise<ServiceUrls & BootstrapResult>;
  close(): Promise<void>;
  /** The metrics listener's port (DPS_SERVICE_METRICS_PORT) once listening; undefined without one. */
  metricsPort(): number | undefined;
}

/** The Fastify instance with the service's server options: logging, request ids, limits, the house error shape. */
function serviceFastify(config: ServiceConfig) {
  return Fastify({
    logger: config.logger
      ? {
          level: config.logLevel,
          ...(config.logStream ? { stream: config.logStream } : {}),
          serializers: { req: serializeRequestForLog },
        }
      : false,
    // The caller's id (the BFF sends its own as x-request-id), so both servers log one request under one id.
    genReqId: serviceRequestId,
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
  }).withTypeProvider<ZodTypeProvider>();
}

type ServiceFastify = ReturnType<typeof serviceFastify>;

/** The store, the file store and the metrics, as one context; the URLs are filled in once listening. */
async function openServiceContext(config: ServiceConfig, fastify: ServiceFastify): Promise<ServiceContext> {
  // Background database work gives way to requests: statistics upkeep here, text recognition through the context.
  // An ANALYZE can wait longer than a recognition step (up to 5 s for a pause): nobody waits for its result.
  const traffic = new RequestTraffic();
  const store = await openStore({
    giveWay: () => traffic.quiet(5_000),
    dataDir: config.dataDir,
    databaseUrl: config.databaseUrl,
    schema: config.databaseSchema,
    onConnectionError: (message) => fastify.log.error({ err: message }, 'database connection lost'),
  });
  const files = new FileStore(store, config.blobStore);
  const metrics = new ServiceMetrics(store, traffic);
  // Chunks of uploads a stopped process never committed; before listening, so none of this process's is under way.
  await files
    .sweepOrphans()
    .catch((error: Error) => fastify.log.warn({ reason: error.message }, 'orphan file chunks not swept'));
  return {
    config,
    store,
    files,
    log: fastify.log,
    metrics,
    urls: { authUrl: '', baseUrl: '', publicUrl: config.publicUrl ?? '', publicBaseUrl: '' },
  };
}

/** Every plugin in order, then the route modules under the api prefix and the CORS preflight. */
async function registerService(fastify: ServiceFastify, context: ServiceContext) {
  const { config, store, metrics } = context;
  const hostNames = servedHostNames(config);
  await fastify.register(serviceMetrics, { metrics, config: config.metrics, hostNames });
  await fastify.register(serviceDecorators, { context });
  await fastify.register(errorAnswers);
  await fastify.register(hostCheck, { hostNames });
  await fastify.register(healthRoutes, {
    checks: { database: () => checkStoreReady(store), recognition: checkRecognitionReady },
  });
  await fastify.register(requestValidation, { bodyLimit: config.jsonBodyLimit });
  await fastify.register(authPlugin);
  await fastify.register(diskReserve, { dir: config.dataDir, reserveBytes: config.diskReserveBytes });
  await fastify.register(readCache, { enabled: config.readCache });
  await fastify.register(idempotency);
  await fastify.register(openApiDocument);
  await fastify.register(tokenRoute);

  await fastify.register(
    async (api) => {
      for (const routes of routePlugins) await api.register(routes);
    },
    { prefix: config.apiPrefix },
  );

  // CORS preflight for browsers calling the API directly (Create User declares the CORS headers).
  fastify.options('*', { config: { cors: true } }, async (_request, reply) =>
    reply.header('access-control-allow-methods', 'GET, POST, PUT, PATCH, DELETE, OPTIONS').code(204).send(),
  );
}

/** Listens, then sets the context's URLs from the address it got (in place: the serviceUrls decorator is that object). */
async function listen(fastify: ServiceFastify, context: ServiceContext) {
  const { config } = context;
  await fastify.listen({ host: config.host, port: config.port });
  const address = fastify.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  const hostPart = config.host.includes(':') ? `[${config.host}]` : config.host;
  const authUrl = `http://${hostPart}:${port}`;
  const publicUrl = config.publicUrl ?? (isLoopback(config.host) ? `http://localhost:${port}` : authUrl);
  Object.assign(context.urls, {
    authUrl,
    baseUrl: `${authUrl}${config.apiPrefix}`,
    publicUrl,
    publicBaseUrl: `${publicUrl}${config.apiPrefix}`,
  });
}

export async function createServiceApp(config: ServiceConfig): Promise<ServiceApp> {
  const fastify = serviceFastify(config);
  const context = await openServiceContext(config, fastify);
  await registerService(fastify, context);

  let closed = false;
  return {
    fastify,
    context,
    async start() {
      await listen(fastify, context);
      const result = await bootstrap(context);
      return { ...context.urls, ...result };
    },
    async close() {
      if (closed) return;
      closed = true;
      await fastify.close();
      await context.store.close();
    },
    metricsPort: () => context.metrics.listener.port(),
  };
}

function isLoopback(host: string): boolean {
  return host === 'localhost' || host === '::1' || /^127\./.test(host);
}
