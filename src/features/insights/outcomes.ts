/** The outcomes of a run as the charts show them: words, stacking order (bottom first) and colour token. */
import type { InsightOutcome } from '@/contract';
import type { ChartTheme } from './charts/chart-theme';

export const OUTCOME_ORDER: readonly InsightOutcome[] = [
  'straightThrough',
  'reviewed',
  'inProgress',
  'error',
  'archived',
];

export const OUTCOME_LABELS: Record<InsightOutcome, string> = {
  straightThrough: 'Straight through',
  reviewed: 'Reviewed',
  inProgress: 'In progress',
  error: 'Error',
  archived: 'Archived',
};

export function outcomeColor(theme: ChartTheme, outcome: InsightOutcome): string {
  const colors: Record<InsightOutcome, string> = {
    straightThrough: theme.success,
    reviewed: theme.accent,
    inProgress: theme.warning,
    error: theme.danger,
    archived: theme.faint,
  };
  return colors[outcome];
}

export type OutcomeCounts = Record<InsightOutcome, number>;

export const totalOf = (counts: OutcomeCounts) => OUTCOME_ORDER.reduce((n, o) => n + counts[o], 0);

/** Which outcome of a stacked bar a y value falls in (undefined above the bar: the whole bucket). */
export function outcomeAt(counts: OutcomeCounts, y: number | null): InsightOutcome | undefined {
  if (y == null || y < 0) return undefined;
  let top = 0;
  for (const outcome of OUTCOME_ORDER) {
    top += counts[outcome];
    if (counts[outcome] > 0 && y <= top) return outcome;
  }
  return undefined;
}

/** Cumulative series for stacked bars, topmost first (uPlot draws later series over earlier ones). */
export function stackedSeries(rows: readonly OutcomeCounts[]): { outcome: InsightOutcome; values: number[] }[] {
  return OUTCOME_ORDER.map((outcome, depth) => ({
    outcome,
    values: rows.map((row) => OUTCOME_ORDER.slice(0, depth + 1).reduce((n, o) => n + row[o], 0)),
  })).reverse();
}
