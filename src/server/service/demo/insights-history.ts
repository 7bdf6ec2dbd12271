/**
 * Three weeks of history for the demo agents, so the Insights screen shows something on a new data dir: runs over
 * time that went straight through, were reviewed (some with corrections), failed or were archived. Deterministic
 * (every choice is a hash of the run's day and number) and fast: the runs are written as rows, their events made by
 * the lifecycle's own transitions at back-dated times, without validation tasks, hooks or actions.
 */
import { newId, nowTimestamp, type Document, type FieldConfig } from '@/contract';
import { applyTransitions, type AgentRunTrigger } from '@/server/service/runs/agent-run-lifecycle';
import { predictFields, stableFraction } from '@/server/service/runs/predictions';
import { agentRunsRepo, type Prediction, type StoredAgentRun } from '@/server/service/storage/repositories/agent-runs';
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
  /** The agent's confidence threshold (its validation's every-field rule), if it has one. */
  threshold?: number;
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
    for (let day = HISTORY_DAYS; day >= 1; day -= 1) {
      const count = Math.round(agent.perDay * (0.6 + 0.8 * stableFraction(`${agent.agentId}/${day}`)));
      for (let n = 0; n < count; n += 1) {
        const key = `${agent.agentId}/${day}/${n}`;
        const start = today - day * DAY_MS + Math.floor(stableFraction(`${key}/at`) * DAY_MS);
        const document = documents[n % documents.length];
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
        let at = start;
        let state = null as ReturnType<typeof applyTransitions> | null;
        let reviewed = false;
        for (const trigger of triggers) {
          const time = state ? at + step(trigger) : at;
          if (time > now) break;
          at = time;
          state = applyTransitions(state, [trigger], { by: actor, time: nowTimestamp(new Date(at)) });
          reviewed ||= trigger === 'completeReview';
        }
        const predictions = routedPredictions(
          predictFields(
            (agent.model.fieldConfig ?? {}) as FieldConfig,
            document.groundTruth,
            `${document.documentId}/${key}`,
          ),
          triggers.includes('requestReview'),
          agent.threshold,
          key,
        );
        const runId = newId('run');
        const run: StoredAgentRun = {
          agentId: agent.agentId,
          runId,
          id: `${agent.agentId}/${runId}`,
          status: state!.status,
          events: state!.events,
          resourceIds: [document.documentId],
          createdTime: nowTimestamp(new Date(start)),
          createdBy: actor,
          updatedTime: nowTimestamp(new Date(at)),
          updatedBy: actor,
          internal: {
            documentId: document.documentId,
            modelId: agent.model.modelId,
            validationId: null,
            taskId: null,
            variables: {},
            predictions,
            review: reviewed ? { groundTruth: confirmedGroundTruth(predictions, key) } : null,
          },
        };
        await agentRunsRepo.create(tx, organizationId, run);
      }
    }
  }
}
