/**
 * The service's main port answers only the Host names it is reached by (server/shared/host-allowlist.ts, the one check
 * of every listener of both servers): 421 `{message}` otherwise. The probes answer any Host: a balancer or an
 * orchestrator calls them by address and they tell nothing beyond up or down.
 */
import fp from 'fastify-plugin';
import { HttpError } from '@/server/service/http-error';
import { PROBE_PATHS } from '@/server/shared/health-routes';
import { hostAllowlist, hostProblem } from '@/server/shared/host-allowlist';

export const hostCheck = fp<{ hostNames: readonly string[] }>(
  async (app, { hostNames }) => {
    const allowed = hostAllowlist(hostNames);
    app.addHook('onRequest', async (request) => {
      if (PROBE_PATHS.includes(request.url.split('?')[0])) return;
      const problem = hostProblem(request.headers.host, allowed);
      if (problem) throw new HttpError(421, problem);
    });
  },
  { name: 'host-check', dependencies: ['error-answers'] },
);
