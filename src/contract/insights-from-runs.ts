/**
 * The figures of GET /agents/{agentId}/insights (docs/insights.md) computed from runs as the runs list returns them,
 * by the service's own rules: what a console can know against a service without the insights extension. A run
 * resource holds its status and events but not its predictions or the confirmed ground truth, so `fields` stays empty
 * and `confidence` all zeros (FIGURES_NOT_IN_RUNS names them). Here in the contract, beside the endpoint's schema,
 * so the service's tests can hold it to the endpoint's answer on the same runs.
 */
import {
  CONFIDENCE_BUCKET_WIDTH,
  INSIGHT_OUTCOMES,
  type AgentInsights,
  type InsightBucket,
  type InsightOutcome,
} from './agent-insights';
import { REVIEW_STATUSES } from './agent-run-statuses';
import type { AgentRun } from './agents';

/** The figures a run resource does not hold the data of (predictions, confidences, confirmed values). */
export const FIGURES_NOT_IN_RUNS = ['fields', 'confidence'] as const;

const BUCKET_MS: Record<InsightBucket, number> = { hour: 3_600_000, day: 86_400_000 };
/** Statuses a run is in while it waits for predictions or review; any other status on an event leaves the queue. */
const BEFORE_REVIEW_ENDS = ['running', 'pending-predictions', ...REVIEW_STATUSES];

/** A seed timestamp (any of its spellings) as microseconds since the epoch, as PostgreSQL reads it. */
function micros(value: string): number {
  const m = /^(\d{4})-?(\d{2})-?(\d{2})[ T]?(\d{2}):?(\d{2}):?(\d{2})(?:\.(\d{1,6}))?(Z|[+-]\d{2}:?\d{2})$/.exec(value);
  if (!m) return Number.NaN;
  const [, y, mo, d, h, mi, s, fraction = '', zone] = m;
  const offsetMinutes =
    zone === 'Z' ? 0 : (zone[0] === '-' ? -1 : 1) * (Number(zone.slice(1, 3)) * 60 + Number(zone.slice(-2)));
  const ms = Date.UTC(+y, +mo - 1, +d, +h, +mi, +s) - offsetMinutes * 60_000;
  return ms * 1000 + Number(fraction.padEnd(6, '0'));
}

/** What became of a run (docs/insights.md): archived and error by status, else from its events. */
export function runOutcome(run: Pick<AgentRun, 'status' | 'events'>): InsightOutcome {
  if (run.status === 'archived' || run.status === 'error') return run.status;
  if (run.events.some((e) => e.type === 'review-completed')) return 'reviewed';
  if (run.events.some((e) => e.type === 'predictions-auto-validated')) return 'straightThrough';
  return 'inProgress';
}

/** The review times of a run from its events, as migration 0013 derives them. */
function reviewTimes(run: Pick<AgentRun, 'events'>) {
  const times = (type: string) => run.events.filter((e) => e.type === type).map((e) => micros(e.time));
  const min = (values: number[]) => (values.length ? Math.min(...values) : null);
  const started = times('review-started');
  return {
    requested: min(times('review-requested')),
    firstStarted: min(started),
    lastStarted: started.length ? Math.max(...started) : null,
    completed: min(times('review-completed')),
    leftReview: min(
      run.events.filter((e) => e.status != null && !BEFORE_REVIEW_ENDS.includes(e.status)).map((e) => micros(e.time)),
    ),
  };
}

/** PostgreSQL's percentile_cont: linear interpolation between the sorted values. */
function percentile(sorted: number[], p: number): number | null {
  if (!sorted.length) return null;
  const at = p * (sorted.length - 1);
  const low = Math.floor(at);
  const high = Math.ceil(at);
  return sorted[low] + (sorted[high] - sorted[low]) * (at - low);
}

const round = (value: number | null) => (value === null ? null : Math.round(value * 1000) / 1000);

function duration(seconds: number[]) {
  const sorted = [...seconds].sort((a, b) => a - b);
  return {
    runs: sorted.length,
    medianSeconds: round(percentile(sorted, 0.5)),
    p90Seconds: round(percentile(sorted, 0.9)),
  };
}

/**
 * The insights of the given runs over [from, to) — the runs created in the window count, others are ignored — with
 * the endpoint's buckets, outcomes, queue and durations; `fields` empty and `confidence` zeros (not in a run).
 */
export function insightsFromRuns(
  runs: readonly Pick<AgentRun, 'status' | 'events' | 'createdTime'>[],
  window: { from: string; to: string; bucket: InsightBucket },
): AgentInsights {
  // The endpoint reads its bounds to the millisecond.
  const from = Math.floor(micros(window.from) / 1000) * 1000;
  const to = Math.floor(micros(window.to) / 1000) * 1000;
  const size = BUCKET_MS[window.bucket];
  const bucketOf = (at: number) => Math.floor(at / 1000 / size) * size;
  const starts: number[] = [];
  for (let t = Math.floor(from / 1000 / size) * size; t * 1000 < to; t += size) starts.push(t);

  const outcomes = new Map<number, Record<InsightOutcome, number>>(
    starts.map((start) => [start, Object.fromEntries(INSIGHT_OUTCOMES.map((o) => [o, 0])) as never]),
  );
  const moves = new Map<number, number>();
  const move = (at: number, delta: number) => moves.set(bucketOf(at), (moves.get(bucketOf(at)) ?? 0) + delta);
  const waits: number[] = [];
  const reviews: number[] = [];
  for (const run of runs) {
    const created = micros(run.createdTime);
    if (!(created >= from && created < to)) continue;
    outcomes.get(bucketOf(created))![runOutcome(run)]++;
    const t = reviewTimes(run);
    if (t.requested !== null) {
      move(t.requested, 1);
      if (t.leftReview !== null && t.leftReview >= t.requested) move(t.leftReview, -1);
      if (t.firstStarted !== null && t.firstStarted >= t.requested) waits.push((t.firstStarted - t.requested) / 1e6);
    }
    if (t.completed !== null && t.lastStarted !== null && t.completed >= t.lastStarted) {
      reviews.push((t.completed - t.lastStarted) / 1e6);
    }
  }

  const iso = (ms: number) => new Date(ms).toISOString().replace('.000Z', 'Z');
  let queued = 0;
  return {
    from: new Date(from / 1000).toISOString(),
    to: new Date(to / 1000).toISOString(),
    bucket: window.bucket,
    runs: starts.map((start) => ({ start: iso(start), ...outcomes.get(start)! })),
    queue: starts.map((start) => {
      queued += moves.get(start) ?? 0;
      return { start: iso(start), queued };
    }),
    durations: { waitForReview: duration(waits), inReview: duration(reviews) },
    fields: [],
    confidence: Array.from({ length: 10 }, (_, i) => ({
      from: round(i * CONFIDENCE_BUCKET_WIDTH)!,
      to: round((i + 1) * CONFIDENCE_BUCKET_WIDTH)!,
      predictions: 0,
      changed: 0,
      runs: 0,
    })),
  };
}
