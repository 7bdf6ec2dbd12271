/**
 * What the review screen derives from a run's validation task (pure): the fields to prefill, the notes per field from
 * the validation's issues, and the confidence threshold the validation applies.
 */
import type { GroundTruthEntry, Prediction, ValidationIssue } from '@/contract';

/** Predictions as ground-truth entries (a missing value becomes empty text so it shows as needing attention). */
export function entriesFromPredictions(predictions: readonly Prediction[]): GroundTruthEntry[] {
  return predictions.map((p) => ({
    label: p.label,
    value: p.value ?? '',
    ...(p.rawValue != null ? { rawValue: p.rawValue } : {}),
    pages: [...p.pages],
    confidence: p.confidence,
  }));
}

export function notesByLabel(issues: readonly ValidationIssue[]): Map<string, string[]> {
  const notes = new Map<string, string[]>();
  for (const issue of issues) notes.set(issue.field, [...(notes.get(issue.field) ?? []), issue.message]);
  return notes;
}

/** The validation's threshold for every field (a confidenceThreshold rule without `field`), else the fallback. */
export function thresholdFromConfig(config: Record<string, unknown> | null | undefined, fallback: number): number {
  const rules = Array.isArray(config?.rules) ? (config.rules as unknown[]) : [];
  for (const rule of rules) {
    if (rule && typeof rule === 'object') {
      const r = rule as { type?: unknown; field?: unknown; threshold?: unknown };
      if (r.type === 'confidenceThreshold' && r.field === undefined && typeof r.threshold === 'number')
        return r.threshold;
    }
  }
  return fallback;
}

/** "3 of 12": runs confirmed in this sitting, the one open, and those still waiting. */
export function reviewPosition(done: number, waiting: number, hasCurrent: boolean) {
  const position = done + (hasCurrent ? 1 : 0);
  return { position, total: done + waiting + (hasCurrent ? 1 : 0) };
}
