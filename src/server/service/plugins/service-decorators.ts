/** Storage, configuration and the service's URLs as Fastify decorators (typed in ../context.ts). */
import fp from 'fastify-plugin';
import type { ServiceContext } from '../context';

export const serviceDecorators = fp<{ context: ServiceContext }>(
  async (app, { context }) => {
    app.decorate('store', context.store);
    app.decorate('serviceConfig', context.config);
    // The same object as context.urls, filled in when the server listens.
    app.decorate('serviceUrls', context.urls);
  },
  { name: 'service-decorators' },
);
