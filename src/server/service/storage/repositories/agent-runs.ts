/**
 * Agent runs. Stored `data` is the run as the API returns it plus its working state under `internal`, which
 * `agentRunResponse` strips.
 */
import { REVIEW_STATUSES, type AgentRun } from '@/contract';
import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { defineRepository, schema, type Executor } from '..';

/** One predicted field as a run keeps it (runs/predictions.ts makes them). */
export type Prediction = {
  label: string;
  value: string | null;
  rawValue: string | null;
  pages: number[];
  confidence: number;
};

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

export const agentRunsRepo = defineRepository<StoredAgentRun>({
  table: schema.agentRuns,
  idField: 'runId',
  noun: 'Agent run',
  columns: { agentId: (r) => r.agentId, status: (r) => r.status },
  computedFilters: { outcome: outcomeCondition },
});

/** The runs list's `outcome` filter: an insights outcome, or `queued` (waiting for or in review now, by status). */
function outcomeCondition(outcome: string): SQL {
  if (outcome === 'queued') return inArray(schema.agentRuns.status, [...REVIEW_STATUSES]);
  // The rule lives in SQL (migration 0014), shared with the insights counters: the list holds what a figure counts.
  return sql`agent_run_outcome(${schema.agentRuns.status}, ${schema.agentRuns.insight}) = ${outcome}`;
}

/**
 * The agent run as the API returns it: without the working state, and with `variablesFileUrl` built from the
 * current public URL (it is configuration, so it is not trusted from storage).
 */
export function agentRunResponse(publicBaseUrl: string, run: StoredAgentRun): AgentRun {
  const { internal: _internal, ...response } = run;
  return { ...response, variablesFileUrl: `${publicBaseUrl}/agents/${run.agentId}/runs/${run.runId}/variables` };
}

/** How many of an agent's runs are in each status, from the counts the triggers keep (migration 0009). */
export async function countAgentRunsByStatus(
  db: Executor,
  organizationId: string,
  agentId: string,
): Promise<Record<string, number>> {
  const t = schema.agentRunStatusCounts;
  const rows = await db
    .select({ status: t.status, n: t.n })
    .from(t)
    .where(and(eq(t.organizationId, organizationId), eq(t.agentId, agentId)));
  return Object.fromEntries(rows.map((row) => [row.status, Number(row.n)]));
}
