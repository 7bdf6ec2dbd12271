/**
 * Repositories of the families this part of the service owns (documents, models, validations and their tasks,
 * agents and their runs, hooks, actions and their runs). Stored `data` is the resource as the API returns it, except
 * where noted: agent runs keep their working state under `internal` (stripped by `agentRunResponse`), documents get
 * `fileUrl` added per response (the public URL is configuration, not data).
 */
import type {
  Action, ActionRun, Agent, AgentRun, Document, Hook, HookRun, Model, Validation, ValidationTask,
} from '../../../contract';
import { defineRepository, schema } from '../storage';
import type { Prediction } from './predictions';

/** What an agent run keeps for itself: the resolved resources, predictions and the client's variables. */
export type AgentRunInternal = {
  documentId: string | null;
  modelId: string | null;
  validationId: string | null;
  taskId: string | null;
  variables: Record<string, unknown>;
  predictions: Prediction[];
  review: Record<string, unknown> | null;
};
export type StoredAgentRun = AgentRun & { internal: AgentRunInternal };

export const documentsRepo = defineRepository<Document>({
  table: schema.documents,
  idField: 'documentId',
  noun: 'Document',
  columns: { datasetId: (d) => d.datasetId ?? null, consentId: (d) => d.consentId ?? null, agentRunId: (d) => d.agentRunId ?? null },
});

export const modelsRepo = defineRepository<Model>({ table: schema.models, idField: 'modelId', noun: 'Model' });

export const validationsRepo = defineRepository<Validation>({ table: schema.validations, idField: 'validationId', noun: 'Validation' });

export const validationTasksRepo = defineRepository<ValidationTask>({
  table: schema.validationTasks,
  idField: 'taskId',
  noun: 'Validation task',
  columns: { validationId: (t) => t.validationId, status: (t) => t.status, agentRunId: (t) => t.agentRunId ?? null },
});

export const agentsRepo = defineRepository<Agent>({ table: schema.agents, idField: 'agentId', noun: 'Agent' });

export const agentRunsRepo = defineRepository<StoredAgentRun>({
  table: schema.agentRuns,
  idField: 'runId',
  noun: 'Agent run',
  columns: { agentId: (r) => r.agentId, status: (r) => r.status },
});

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

/**
 * The agent run as the API returns it: without the working state, and with `variablesFileUrl` built from the
 * current public URL (it is configuration, so it is not trusted from storage).
 */
export function agentRunResponse(publicBaseUrl: string, run: StoredAgentRun): AgentRun {
  const { internal: _internal, ...response } = run;
  return { ...response, variablesFileUrl: `${publicBaseUrl}/agents/${run.agentId}/runs/${run.runId}/variables` };
}
