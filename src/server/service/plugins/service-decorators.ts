/** Storage, configuration and the service's URLs as Fastify decorators (typed in ../context.ts). */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { ServiceContext } from '@/server/service/context';

export const serviceDecorators = fp<{ context: ServiceContext }>(
  async (app, { context }) => {
    app.decorate('store', context.store);
    app.decorate('files', context.files);
    app.decorate('serviceConfig', context.config);
    // The same object as context.urls, filled in when the server listens.
    app.decorate('serviceUrls', context.urls);
  },
  { name: 'service-decorators' },
);

/** The decorators as one ServiceContext, for code that bootstrap shares (the recognition queue, file URLs). */
export function serviceContextOf(app: FastifyInstance): ServiceContext {
  return {
    config: app.serviceConfig,
    store: app.store,
    files: app.files,
    log: app.log,
    metrics: app.serviceMetrics,
    urls: app.serviceUrls,
  };
}
