/**
 * Agent runs. Stored `data` is the run as the API returns it plus its working state under `internal`, which
 * `agentRunResponse` strips.
 */
import { parseConfidenceRange, REVIEW_STATUSES, type AgentRun, type RunInsightFilters } from '@/contract';
import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { computedFilter, defineRepository, schema, type Executor } from '..';

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
  computedFilters: [
    computedFilter(['outcome'], outcomeCondition),
    // The prediction filters must hold of one same prediction: one condition of the three.
    computedFilter(['predictionLabel', 'predictionChanged', 'predictionConfidence'], predictionCondition),
    computedFilter(['lowestConfidence'], lowestCondition),
  ],
});

type PredictionFilters = Pick<RunInsightFilters, 'predictionLabel' | 'predictionChanged' | 'predictionConfidence'>;

/** The runs list's insight filters as the repository's `where` (each its own key, read by the computed filters). */
export function agentRunFilters(query: RunInsightFilters): RunInsightFilters {
  const { predictionLabel, predictionChanged, predictionConfidence, lowestConfidence } = query;
  return { predictionLabel, predictionChanged, predictionConfidence, lowestConfidence };
}

/** The runs list's `outcome` filter: an insights outcome, or `queued` (waiting for or in review now, by status). */
function outcomeCondition({ outcome }: { outcome: string }): SQL {
  if (outcome === 'queued') return inArray(schema.agentRuns.status, [...REVIEW_STATUSES]);
  // The rule lives in SQL (migration 0014), shared with the insights counters: the list holds what a figure counts.
  return sql`agent_run_outcome(${schema.agentRuns.status}, ${schema.agentRuns.insight}) = ${outcome}`;
}

/**
 * A confidence whose bucket, numbered as the insights number them (migration 0014: 0 … 9, 1 in the last), is in the
 * range's `[from, to)`. A null confidence is in none (explicitly: `least` skips nulls, so `least(null, 9)` is 9).
 */
function inBuckets(confidence: SQL, range: string): SQL {
  const buckets = parseConfidenceRange(range);
  // The contract refuses anything else with a 400 before a query is built.
  if (!buckets) throw new Error(`not a confidence range: ${range}`);
  return sql`(${confidence} IS NOT NULL AND least(floor(${confidence} * 10), 9) BETWEEN ${buckets.from}::int AND ${buckets.to - 1}::int)`;
}

/**
 * Runs whose review confirmed a ground truth (their `insight.predictions`, migration 0013) with at least one prediction
 * matching every part given. A prediction without a value has a null confidence: in no bucket.
 */
function predictionCondition({ predictionLabel, predictionChanged, predictionConfidence }: PredictionFilters): SQL {
  const parts: SQL[] = [];
  // The insights key a field by its label, a missing one as '' (agent_run_insight_facts).
  if (predictionLabel !== undefined) parts.push(sql`coalesce(p.label, '') = ${predictionLabel}`);
  if (predictionChanged !== undefined)
    parts.push(predictionChanged === 'true' ? sql`p.changed IS TRUE` : sql`p.changed IS FALSE`);
  if (predictionConfidence !== undefined) parts.push(inBuckets(sql`p.confidence`, predictionConfidence));
  const insight = schema.agentRuns.insight;
  return sql`EXISTS (
    SELECT 1 FROM jsonb_to_recordset(CASE WHEN jsonb_typeof(${insight} -> 'predictions') = 'array'
      THEN ${insight} -> 'predictions' ELSE '[]' END) AS p(label text, confidence float8, changed boolean)
    WHERE ${sql.join(parts, sql` AND `)})`;
}

/** Runs whose lowest found-prediction confidence (`insight.minConfidence`) is in the range's buckets. */
function lowestCondition({ lowestConfidence }: { lowestConfidence: string }): SQL {
  return inBuckets(sql`(${schema.agentRuns.insight} ->> 'minConfidence')::float8`, lowestConfidence);
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
