/**
 * Agent runs. Stored `data` is the run as the API returns it plus its working state under `internal`, which
 * `agentRunResponse` strips.
 */
import {
  parseAgentRunReference,
  parseConfidenceRange,
  REVIEW_STATUSES,
  type Action,
  type AgentRun,
  type Hook,
  type RunInsightFilters,
  type ValidationTask,
} from '@/contract';
import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { computedFilter, defineRepository, isRowVersion, rows, schema, type Executor } from '..';
import { validationTasksRepo } from './validations';

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

/**
 * What moving a run takes, read in one statement: the run and its version (for an optimistic write), and of its
 * agent's workflow what a move uses: its hooks (in the order of the agent's resourceIds), its own actions (same
 * order) and the actions its hooks start.
 */
export interface RunForMove {
  run: StoredAgentRun;
  version: string;
  hooks: Hook[];
  actions: Action[];
  hookActions: Action[];
}

/** The agent's resources of one table, in the order of its resourceIds, as a json array (null when none). */
function agentResources(run: string, table: string, what: string, order: string): SQL {
  return sql.raw(`(SELECT json_agg(${what} ${order}) FROM agents a
    CROSS JOIN LATERAL json_array_elements_text(CASE WHEN json_typeof(a.data -> 'resourceIds') = 'array'
      THEN a.data -> 'resourceIds' ELSE '[]' END) WITH ORDINALITY AS ids(id, n)
    JOIN ${table} x ON x.organization_id = a.organization_id AND x.id = ids.id
   WHERE a.organization_id = ${run}.organization_id AND a.id = ${run}.agent_id)`);
}

/** The workflow columns of RunForMove for the agent run aliased `run` in the query. */
function workflowColumns(run: string): SQL {
  return sql`${agentResources(run, 'hooks', 'x.data', 'ORDER BY ids.n')} AS hooks,
    ${agentResources(run, 'actions', 'x.data', 'ORDER BY ids.n')} AS actions,
    (SELECT json_agg(y.data) FROM actions y WHERE y.organization_id = ${sql.raw(run)}.organization_id
      AND y.id IN (SELECT value ->> 'actionId' FROM json_array_elements(${agentResources(run, 'hooks', 'x.data', '')}))
    ) AS hook_actions`;
}

type MoveRow = {
  version: string;
  run: StoredAgentRun;
  hooks: Hook[] | null;
  actions: Action[] | null;
  hook_actions: Action[] | null;
};

function runForMoveOf(row: MoveRow): RunForMove {
  return {
    run: row.run,
    version: row.version,
    hooks: row.hooks ?? [],
    actions: row.actions ?? [],
    hookActions: row.hook_actions ?? [],
  };
}

/** A run and its workflow for a move (one statement), or undefined. */
export async function runForMove(db: Executor, organizationId: string, runId: string): Promise<RunForMove | undefined> {
  const [row] = await rows<MoveRow>(
    db,
    sql`SELECT r.xmin::text AS version, r.data AS run, ${workflowColumns('r')}
      FROM agent_runs r WHERE r.organization_id = ${organizationId} AND r.id = ${runId}`,
  );
  return row && runForMoveOf(row);
}

/**
 * A validation task and its version, with its agent run and that run's workflow (runForMove), in one statement; the
 * run is undefined when the task names none or it is gone. Undefined when the organization has no such task.
 */
export async function taskAndRunForMove(
  db: Executor,
  organizationId: string,
  taskId: string,
): Promise<{ task: ValidationTask; version: string; run?: RunForMove } | undefined> {
  const [row] = await rows<MoveRow & { task: ValidationTask; task_version: string }>(
    db,
    sql`SELECT t.xmin::text AS task_version, t.data AS task, r.xmin::text AS version, r.data AS run, ${workflowColumns('r')}
      FROM validation_tasks t
      LEFT JOIN agent_runs r ON r.organization_id = t.organization_id AND r.id = regexp_replace(t.agent_run_id, '^.*/', '')
     WHERE t.organization_id = ${organizationId} AND t.id = ${taskId}`,
  );
  if (!row) return undefined;
  // The run the task names, as the reference reads (the join took the id after its last slash).
  const named = parseAgentRunReference(row.task.agentRunId);
  const run = row.run && named?.runId === row.run.runId ? runForMoveOf(row) : undefined;
  return { task: row.task, version: row.task_version, run };
}

/**
 * Writes a task and its run together, one statement, only if neither changed since read (their versions): both rows
 * are locked and checked first, then both written, or neither. False when either changed (nothing written).
 */
export async function replaceTaskAndRunIfUnchanged(
  db: Executor,
  organizationId: string,
  task: { next: ValidationTask; version: string },
  run: { next: StoredAgentRun; version: string },
): Promise<boolean> {
  const t = schema.validationTasks;
  const r = schema.agentRuns;
  const both = sql`EXISTS (SELECT FROM unchanged)`;
  const written = await rows(
    db,
    sql`WITH unchanged AS (
      SELECT FROM ${t}, ${r}
       WHERE ${t.organizationId} = ${organizationId} AND ${t.id} = ${task.next.taskId} AND ${isRowVersion(t, task.version)}
         AND ${r.organizationId} = ${organizationId} AND ${r.id} = ${run.next.runId} AND ${isRowVersion(r, run.version)}
      FOR UPDATE OF ${t}, ${r}
    ), moved_run AS (${agentRunsRepo.replaceQuery(db, organizationId, run.next.runId, run.next, both)})
    ${validationTasksRepo.replaceQuery(db, organizationId, task.next.taskId, task.next, both)}`,
  );
  return written.length === 1;
}
