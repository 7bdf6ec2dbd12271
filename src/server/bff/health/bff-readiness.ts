/**
 * The BFF's probes (`/healthz`, `/readyz`, server/shared/health-routes.ts). Ready means: the state store answers
 * (PostgreSQL, or the data dir is writable) and the service's token endpoint gives the BFF a token — checked with
 * the token manager's cached outcome, not a token request per probe.
 */
import fp from 'fastify-plugin';
import { healthRoutes } from '@/server/shared/health-routes';

export const bffReadiness = fp(
  async (app) => {
    const { upstream, readyTokenCheckMs } = app.bffConfig;
    await app.register(healthRoutes, {
      checks: {
        store: () => app.stateStorePing(),
        upstream: () => app.tokenManager.ready(upstream, readyTokenCheckMs),
      },
    });
  },
  { name: 'bff-readiness', dependencies: ['bff-state'] },
);
