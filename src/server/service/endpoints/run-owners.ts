/**
 * `GET /runs/{runId}/owner` (extension, docs/run-owner.md): the agent, hook or action a bare run id belongs to, so a
 * client holding only the run id (what the console's copy buttons copy) finds its screen in one request instead of
 * asking every agent, hook and action. Scope `agents.runs` read; hook and action runs are searched only when the
 * caller may also read `hooks.runs` / `actions.runs`. Tenant-scoped: another organization's run is `owner: null`.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod/mini';
import { runIdSchema, runOwnerSchema, type RunOwner, type ScopeFamily } from '@/contract';
import { isAllowed } from '@/server/service/auth/permissions';
import { agentRunsRepo } from '@/server/service/storage/repositories/agent-runs';
import { actionRunsRepo, hookRunsRepo } from '@/server/service/storage/repositories/hooks-and-actions';

export const runOwnerRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/runs/:runId/owner',
    {
      schema: {
        summary:
          'The agent, hook or action a run id belongs to (extension; 200 with owner null when none in this organization)',
        params: z.object({ runId: runIdSchema }),
        response: { 200: runOwnerSchema },
      },
      config: { family: 'agents.runs' },
    },
    async ({ params: { runId }, auth }): Promise<RunOwner> => {
      const { organizationId, permissions } = auth;
      const mayRead = (family: ScopeFamily) => isAllowed(permissions, family, 'read');
      // Primary-key reads, agent runs first (what operators copy most); a run id is unique across the three kinds.
      const agentRun = await agentRunsRepo.get(app.store.db, organizationId, runId);
      if (agentRun) return { runId, owner: { kind: 'agent', ownerId: agentRun.agentId } };
      const hookRun = mayRead('hooks.runs') ? await hookRunsRepo.get(app.store.db, organizationId, runId) : null;
      if (hookRun) return { runId, owner: { kind: 'hook', ownerId: hookRun.hookId } };
      const actionRun = mayRead('actions.runs') ? await actionRunsRepo.get(app.store.db, organizationId, runId) : null;
      if (actionRun) return { runId, owner: { kind: 'action', ownerId: actionRun.actionId } };
      return { runId, owner: null };
    },
  );
};
