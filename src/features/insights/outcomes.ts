/** The outcomes of a run as the charts show them: words, stacking order (bottom first) and colour token. */
import type { MessageDescriptor } from '@lingui/core';
import { msg, plural, t } from '@lingui/core/macro';
import type { InsightOutcome } from '@/contract';
import { i18n } from '@/i18n/i18n';
import type { ChartTheme } from './charts/chart-theme';

export const OUTCOME_ORDER: readonly InsightOutcome[] = [
  'straightThrough',
  'reviewed',
  'inProgress',
  'error',
  'archived',
];

const OUTCOME_LABELS: Record<InsightOutcome, MessageDescriptor> = {
  straightThrough: msg`Straight through`,
  reviewed: msg`Reviewed`,
  inProgress: msg`In progress`,
  error: msg`Error`,
  archived: msg`Archived`,
};

/** An outcome's name: a legend's, a series'. */
export const outcomeLabel = (outcome: InsightOutcome): string => i18n._(OUTCOME_LABELS[outcome]);

/** The table column of an outcome's run count. */
export function outcomeColumn(outcome: InsightOutcome): string {
  switch (outcome) {
    case 'straightThrough':
      return t`Straight through (runs)`;
    case 'reviewed':
      return t`Reviewed (runs)`;
    case 'inProgress':
      return t`In progress (runs)`;
    case 'error':
      return t`Error (runs)`;
    case 'archived':
      return t`Archived (runs)`;
  }
}

/** "3 reviewed", "1 error": a count of runs of one outcome. */
export function outcomeCount(outcome: InsightOutcome, count: number): string {
  switch (outcome) {
    case 'straightThrough':
      return plural(count, { one: '# straight through', other: '# straight through' });
    case 'reviewed':
      return plural(count, { one: '# reviewed', other: '# reviewed' });
    case 'inProgress':
      return plural(count, { one: '# in progress', other: '# in progress' });
    case 'error':
      return plural(count, { one: '# error', other: '# errors' });
    case 'archived':
      return plural(count, { one: '# archived', other: '# archived' });
  }
}

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
