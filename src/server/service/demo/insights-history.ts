/**
 * Three weeks of history for the demo agents, so the Insights screen shows something on a new data dir: runs over
 * time that went straight through, were reviewed (some with corrections), failed or were archived. Deterministic
 * (every choice is a hash of the run's day and number) and fast: the runs are written as rows, many a statement,
 * their events made by the lifecycle's own transitions at back-dated times, without hooks or actions. A run that went
 * to review has its validation task as a live run has it (the engine's reviewTaskFor), moved with the run's review:
 * `ready` while it waits, `in-progress` in review, `succeeded` once reviewed — so the review screen takes a run
 * waiting in the history as it takes a live one.
 */
import {
  newId,
  nowTimestamp,
  type Document,
  type FieldConfig,
  type Validation,
  type ValidationConfig,
  type ValidationTask,
} from '@/contract';
import { reviewTaskFor, taskStatusOfTrigger } from '@/server/service/runs/agent-run-engine';
import { applyTransition, type AgentRunTrigger, type RunState } from '@/server/service/runs/agent-run-lifecycle';
import { predictFields, stableFraction } from '@/server/service/runs/predictions';
import { evaluateRules } from '@/server/service/runs/validation-rules';
import { agentRunsRepo, type Prediction, type StoredAgentRun } from '@/server/service/storage/repositories/agent-runs';
import { validationTasksRepo } from '@/server/service/storage/repositories/validations';
import type { Tx } from '@/server/service/storage';

const HISTORY_DAYS = 21;
const DAY_MS = 86_400_000;
const MINUTE_MS = 60_000;

export type HistoryAgent = {
  agentId: string;
  model: { modelId: string; fieldConfig?: Record<string, unknown> | null };
  /** Runs per day on average, and the share of them a person reviews. */
  perDay: number;
  reviewShare: number;
  /** The agent's validation: its rules route the predictions and its tasks hold the reviews. */
  validation: Pick<Validation, 'validationId' | 'config'>;
};

const EXPORT: AgentRunTrigger[] = ['requestExport', 'export', 'complete'];

/** The path a run takes: an error, an abandoned review, a review, or straight through to export. */
function pathOf(roll: number, reviewShare: number): AgentRunTrigger[] {
  if (roll < 0.04) return ['start', 'requestPredictions', 'fail'];
  if (roll < 0.07) return ['start', 'requestPredictions', 'requestReview', 'archive'];
  if (roll < 0.07 + reviewShare) {
    return ['start', 'requestPredictions', 'requestReview', 'startReview', 'completeReview', ...EXPORT];
  }
  return ['start', 'requestPredictions', 'autoValidate', ...EXPORT];
}

/**
 * The predictions as the agent's threshold would have routed them: a run that went straight through had every found
 * value at or above the threshold, one that went to review at least one below it — so the calibration and the
 * threshold explorer agree with the outcomes, as they do for runs the engine routes.
 */
function routedPredictions(
  predictions: Prediction[],
  wentToReview: boolean,
  threshold: number | undefined,
  key: string,
): Prediction[] {
  if (threshold === undefined) return predictions;
  const found = predictions.filter((p) => p.value !== null);
  if (!found.length) return predictions;
  const round3 = (n: number) => Math.round(n * 1000) / 1000;
  if (!wentToReview) {
    return predictions.map((p) =>
      p.value !== null && p.confidence < threshold
        ? { ...p, confidence: round3(threshold + (1 - threshold) * stableFraction(`${key}/${p.label}/lift`)) }
        : p,
    );
  }
  const lowest = found.reduce((a, b) => (b.confidence < a.confidence ? b : a));
  if (lowest.confidence < threshold) return predictions;
  const lowered = round3(threshold * (0.55 + 0.4 * stableFraction(`${key}/lower`)));
  return predictions.map((p) => (p === lowest ? { ...p, confidence: lowered } : p));
}

/** What a reviewer confirmed: the prediction, except where a low confidence made a correction likely. */
function confirmedGroundTruth(predictions: Prediction[], key: string) {
  return predictions.map((p) => {
    const corrected = stableFraction(`${key}/${p.label}/fix`) > p.confidence + 0.2;
    return {
      label: p.label,
      value: corrected ? `${p.value ?? ''} (corrected)`.trim() : (p.value ?? ''),
      pages: p.pages,
    };
  });
}

export async function seedInsightsHistory(
  tx: Tx,
  { organizationId, actor }: { organizationId: string; actor: string },
  agents: HistoryAgent[],
  documents: Document[],
  now = Date.now(),
): Promise<void> {
  const today = Math.floor(now / DAY_MS) * DAY_MS;
  for (const agent of agents) {
    const runs: StoredAgentRun[] = [];
    const tasks: ValidationTask[] = [];
    for (let day = HISTORY_DAYS; day >= 1; day -= 1) {
      const count = Math.round(agent.perDay * (0.6 + 0.8 * stableFraction(`${agent.agentId}/${day}`)));
      for (let n = 0; n < count; n += 1) {
        const key = `${agent.agentId}/${day}/${n}`;
        const start = today - day * DAY_MS + Math.floor(stableFraction(`${key}/at`) * DAY_MS);
        const { run, task } = historyRun(agent, key, start, documents[n % documents.length], { now, actor });
        runs.push(run);
        if (task) tasks.push(task);
      }
    }
    // Many rows a statement: hundreds of runs and their tasks, written on a new data dir's first start.
    await agentRunsRepo.createMany(tx, organizationId, runs);
    await validationTasksRepo.createMany(tx, organizationId, tasks);
  }
}

/** One run of the history, started at `start`, as far along its path as `now` lets it be, and its task if reviewed. */
function historyRun(
  agent: HistoryAgent,
  key: string,
  start: number,
  document: Document,
  { now, actor }: { now: number; actor: string },
): { run: StoredAgentRun; task?: ValidationTask } {
  const triggers = pathOf(stableFraction(`${key}/path`), agent.reviewShare);
  // Waiting for review: minutes to hours; in review: one to ten minutes; every other step: a second.
  const step = (trigger: AgentRunTrigger) =>
    trigger === 'startReview'
      ? Math.floor(5 + stableFraction(`${key}/wait`) * 240) * MINUTE_MS
      : trigger === 'completeReview'
        ? Math.floor(1 + stableFraction(`${key}/review`) * 9) * MINUTE_MS
        : trigger === 'archive'
          ? 2 * DAY_MS
          : 1_000;
  // A step its path would take after `now` has not happened yet: the run waits where it is (a review requested
  // last night is still in the queue; nothing is archived or changed in the future).
  const walked = walk(triggers, start, step, now, actor);
  const predictions = routedPredictions(
    predictFields(
      (agent.model.fieldConfig ?? {}) as FieldConfig,
      document.groundTruth,
      `${document.documentId}/${key}`,
    ),
    triggers.includes('requestReview'),
    confidenceThreshold(agent.validation.config as ValidationConfig | null | undefined),
    key,
  );
  const reviewed = walked.some((w) => w.trigger === 'completeReview');
  const runId = newId('run');
  const last = walked.at(-1)!;
  const run: StoredAgentRun = {
    agentId: agent.agentId,
    runId,
    id: `${agent.agentId}/${runId}`,
    status: last.state.status,
    events: last.state.events,
    resourceIds: [document.documentId, agent.model.modelId],
    createdTime: nowTimestamp(new Date(start)),
    createdBy: actor,
    updatedTime: last.time,
    updatedBy: actor,
    internal: {
      documentId: document.documentId,
      modelId: agent.model.modelId,
      validationId: agent.validation.validationId,
      taskId: null,
      variables: {},
      predictions,
      review: reviewed ? { groundTruth: confirmedGroundTruth(predictions, key) } : null,
    },
  };
  return { run, task: historyReviewTask(actor, run, agent.validation, walked) };
}

type Walked = { trigger: AgentRunTrigger; state: RunState; time: string };

/** The run's path up to `now`: each trigger taken, the state after it and when (`step` apart, the first at `start`). */
function walk(
  triggers: AgentRunTrigger[],
  start: number,
  step: (trigger: AgentRunTrigger) => number,
  now: number,
  by: string,
): Walked[] {
  const walked: Walked[] = [];
  let at = start;
  for (const trigger of triggers) {
    const next = walked.length ? at + step(trigger) : at;
    if (next > now) break;
    at = next;
    const time = nowTimestamp(new Date(at));
    walked.push({ trigger, state: applyTransition(walked.at(-1)?.state ?? null, trigger, { by, time }), time });
  }
  return walked;
}

/**
 * A run that went to review gets its task as a live one does (the engine's reviewTaskFor: `ready`, the predictions
 * and the rules' issues as its input, named in the run's variables), opened when review was requested and moved as
 * the run's review moved since: taken, completed with the ground truth the reviewer confirmed. An archived run's task
 * stays where the review left it, as archiving a live run leaves it.
 */
function historyReviewTask(
  by: string,
  run: StoredAgentRun,
  validation: HistoryAgent['validation'],
  walked: Walked[],
): ValidationTask | undefined {
  const requested = walked.findIndex((w) => w.trigger === 'requestReview');
  if (requested < 0) return undefined;
  const moves = walked.slice(requested + 1).flatMap(({ trigger, time }) => {
    const status = taskStatusOfTrigger(trigger);
    if (!status) return [];
    const output = status === 'succeeded' ? (run.internal.review ?? {}) : undefined;
    return [{ status, ...(output ? { output } : {}), at: { by, time } }];
  });
  const issues = evaluateRules(validation.config as ValidationConfig | null | undefined, run.internal.predictions);
  const task = reviewTaskFor(run, validation, issues, { by, time: walked[requested].time }, moves);
  // As a live run names them (createAgentRun's resourceIds).
  run.resourceIds = [...run.resourceIds, validation.validationId, task.taskId];
  return task;
}

/** The every-field confidence threshold among a validation's rules, if it has one. */
function confidenceThreshold(config: ValidationConfig | null | undefined): number | undefined {
  const rule = config?.rules?.find((r) => r.type === 'confidenceThreshold' && !r.field);
  return rule?.type === 'confidenceThreshold' ? rule.threshold : undefined;
}
