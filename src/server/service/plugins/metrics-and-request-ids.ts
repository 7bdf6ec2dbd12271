/**
 * The service's metrics (observability/service-metrics.ts) on every answer, and `/metrics` served as configured
 * (DPS_SERVICE_METRICS_*; its own listener answers the same Host names as the main port); every request's id answered
 * in `x-request-id`.
 */
import fp from 'fastify-plugin';
import type { MetricsConfig } from '@/server/shared/metrics/metrics-config';
import { serveMetrics } from '@/server/shared/metrics/metrics-endpoint';
import { answerRequestIds } from '@/server/shared/request-ids';
import type { ServiceMetrics } from '@/server/service/observability/service-metrics';

declare module 'fastify' {
  interface FastifyInstance {
    serviceMetrics: ServiceMetrics;
  }
}

/** Registered first, unencapsulated: its hooks see every route's answer. */
export const serviceMetrics = fp<{ metrics: ServiceMetrics; config?: MetricsConfig; hostNames: readonly string[] }>(
  async (app, { metrics, config, hostNames }) => {
    app.decorate('serviceMetrics', metrics);
    answerRequestIds(app);
    metrics.http.hook(app);
    metrics.traffic.hook(app);
    if (config) metrics.listener = serveMetrics(app, metrics.registry, config, hostNames);
  },
  { name: 'service-metrics' },
);
