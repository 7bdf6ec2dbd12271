/**
 * The team in Insights (issue 36): which fields a finished review corrected, read from its validation task, and the
 * per-reviewer figures of a window's review outcomes.
 */
import type { ReviewerFigures } from '@/contract/review-team';
import type { StoredReviewOutcome } from './review-outcome-store';

interface LabelledValue {
  label?: unknown;
  value?: unknown;
}

const entriesOf = (value: unknown): LabelledValue[] =>
  Array.isArray(value) ? value.filter((e): e is LabelledValue => typeof e === 'object' && e !== null) : [];

/** A label's values, null as empty (as the service's insights compare them), in a comparable order. */
function valuesByLabel(entries: LabelledValue[]): Map<string, string> {
  const values = new Map<string, string[]>();
  for (const entry of entries) {
    if (typeof entry.label !== 'string') continue;
    const value = typeof entry.value === 'string' ? entry.value : '';
    values.set(entry.label, [...(values.get(entry.label) ?? []), value]);
  }
  return new Map([...values].map(([label, list]) => [label, JSON.stringify(list.sort())]));
}

/**
 * The labels whose values in the task's output ground truth differ from its input predictions (a field added, removed
 * or changed), sorted; null when the output holds no ground truth (a rejection, or a task finished without one).
 */
export function correctedLabels(task: { input?: unknown; output?: unknown } | null): string[] | null {
  const output = task?.output as { groundTruth?: unknown } | null | undefined;
  if (!Array.isArray(output?.groundTruth)) return null;
  const predicted = valuesByLabel(entriesOf((task?.input as { predictions?: unknown } | null)?.predictions));
  const confirmed = valuesByLabel(entriesOf(output.groundTruth));
  const labels = new Set([...predicted.keys(), ...confirmed.keys()]);
  return [...labels].filter((label) => predicted.get(label) !== confirmed.get(label)).sort();
}

/** PostgreSQL's percentile_cont (as the service's review times): linear interpolation between the sorted values. */
export function percentile(sorted: readonly number[], p: number): number | null {
  if (sorted.length === 0) return null;
  const at = (sorted.length - 1) * p;
  const low = Math.floor(at);
  const high = Math.ceil(at);
  return sorted[low] + (sorted[high] - sorted[low]) * (at - low);
}

/** Per reviewer (by account; named as in their newest outcome): most runs first, then by name. */
export function teamFigures(outcomes: readonly StoredReviewOutcome[]): ReviewerFigures[] {
  const byReviewer = new Map<string, StoredReviewOutcome[]>();
  for (const outcome of outcomes) {
    byReviewer.set(outcome.reviewerAccountId, [...(byReviewer.get(outcome.reviewerAccountId) ?? []), outcome]);
  }
  const rows = [...byReviewer.values()].map((own): ReviewerFigures => {
    const newest = own.reduce((a, b) => (b.endedAt >= a.endedAt ? b : a));
    const durations = own.map((o) => Math.max(0, o.endedAt - o.since)).sort((a, b) => a - b);
    const confirmed = own.filter((o) => o.outcome === 'reviewed');
    const counted = confirmed.filter((o) => o.correctedLabels !== null);
    const corrections = counted.reduce((sum, o) => sum + (o.correctedLabels?.length ?? 0), 0);
    return {
      reviewer: newest.reviewerName,
      reviewed: confirmed.length,
      rejected: own.length - confirmed.length,
      medianMs: percentile(durations, 0.5),
      p90Ms: percentile(durations, 0.9),
      correctionsPerRun: counted.length ? corrections / counted.length : null,
    };
  });
  const total = (r: ReviewerFigures) => r.reviewed + r.rejected;
  return rows.sort((a, b) => total(b) - total(a) || a.reviewer.localeCompare(b.reviewer));
}
