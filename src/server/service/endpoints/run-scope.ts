import type { FastifyRequest } from 'fastify';
import type { RunScope } from '@/server/service/runs/agent-run-engine';

/** The run engine's view of a request: whose organization, who acts, and the public base URL. */
export function runScope(request: FastifyRequest): RunScope {
  return {
    organizationId: request.auth.organizationId,
    actor: request.auth.actor,
    publicBaseUrl: request.server.serviceUrls.publicBaseUrl,
  };
}
