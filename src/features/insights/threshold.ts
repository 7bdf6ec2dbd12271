/**
 * The threshold explorer's arithmetic (docs/insights.md): at a threshold t on a bucket edge, the runs that would go
 * to review are those whose lowest confidence is below t, and the changed values that would pass unreviewed are the
 * changed predictions of the buckets from t up. And the agent's own threshold, from its validations' rules.
 */
import { confidenceRangeText, type AgentInsights, type RunInsightFilters, type Validation } from '@/contract';

/** Thresholds the explorer offers: the bucket edges 0, 0.1 … 1. */
export const THRESHOLD_STEPS = Array.from({ length: 11 }, (_, i) => i / 10);

const tenths = (x: number) => Math.round(x * 10);

export interface ThresholdOutcome {
  threshold: number;
  runsToReview: number;
  runs: number;
  changedUnreviewed: number;
  changed: number;
}

export function thresholdOutcome(confidence: AgentInsights['confidence'], threshold: number): ThresholdOutcome {
  const t = tenths(threshold);
  let runsToReview = 0;
  let runs = 0;
  let changedUnreviewed = 0;
  let changed = 0;
  for (const bucket of confidence) {
    runs += bucket.runs;
    changed += bucket.changed;
    if (tenths(bucket.to) <= t) runsToReview += bucket.runs;
    if (tenths(bucket.from) >= t) changedUnreviewed += bucket.changed;
  }
  return { threshold, runsToReview, runs, changedUnreviewed, changed };
}

/**
 * The runs behind the explorer's figures at a threshold, as the service's insight filters (docs/insights.md), on the
 * same edges as the arithmetic above: the runs to review are those whose lowest confidence is below t; the changed
 * values unreviewed are the changed predictions from t up. None behind a figure of zero.
 */
export function thresholdRunsFilters(outcome: ThresholdOutcome): {
  toReview?: RunInsightFilters;
  unreviewed?: RunInsightFilters;
} {
  const t = tenths(outcome.threshold) / 10;
  return {
    toReview: outcome.runsToReview ? { lowestConfidence: confidenceRangeText(0, t) } : undefined,
    unreviewed: outcome.changedUnreviewed
      ? { predictionChanged: 'true', predictionConfidence: confidenceRangeText(t, 1) }
      : undefined,
  };
}

/**
 * The confidence below which the agent sends a run to review: its validations' `confidenceThreshold` rules for every
 * field (the highest wins: any prediction below it is enough); null when it has none.
 */
export function agentThreshold(validations: readonly Pick<Validation, 'config'>[]): number | null {
  let threshold: number | null = null;
  for (const validation of validations) {
    const rules = (validation.config as { rules?: unknown } | null | undefined)?.rules;
    if (!Array.isArray(rules)) continue;
    for (const rule of rules as { type?: unknown; field?: unknown; threshold?: unknown }[]) {
      if (rule?.type !== 'confidenceThreshold' || rule.field != null || typeof rule.threshold !== 'number') continue;
      threshold = Math.max(threshold ?? 0, rule.threshold);
    }
  }
  return threshold;
}
