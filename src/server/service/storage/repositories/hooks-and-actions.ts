/** Hooks, actions and their runs. */
import type { Action, ActionRun, Hook, HookRun } from '@/contract';
import { defineRepository, schema } from '..';

export const hooksRepo = defineRepository<Hook>({ table: schema.hooks, idField: 'hookId', noun: 'Hook' });

export const hookRunsRepo = defineRepository<HookRun>({
  table: schema.hookRuns,
  idField: 'runId',
  noun: 'Hook run',
  columns: { hookId: (r) => r.hookId, agentRunId: (r) => r.agentRunId ?? null, status: (r) => r.status },
});

export const actionsRepo = defineRepository<Action>({ table: schema.actions, idField: 'actionId', noun: 'Action' });

export const actionRunsRepo = defineRepository<ActionRun>({
  table: schema.actionRuns,
  idField: 'runId',
  noun: 'Action run',
  columns: { actionId: (r) => r.actionId, agentRunId: (r) => r.agentRunId ?? null, status: (r) => r.status },
});
