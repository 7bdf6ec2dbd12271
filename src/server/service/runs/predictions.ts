/**
 * Deterministic "predictions": no ML. Each field of the model's fieldConfig takes the document's ground-truth value
 * for that label; the confidence is the ground truth's own when below 1, else a stable pseudo-confidence from a hash
 * of (document, field) so reviews show a realistic spread. Fields without ground truth predict null, confidence 0.
 */
import type { FieldConfig, GroundTruthEntry } from '@/contract';
import { NESTED_FIELD_TYPES } from '@/contract';
import type { Prediction } from '@/server/service/storage/repositories/agent-runs';

/** FNV-1a → [0, 1): stable across runs and platforms. */
export function stableFraction(key: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < key.length; i += 1) {
    hash ^= key.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash / 0x100000000;
}

const round3 = (value: number) => Math.round(value * 1000) / 1000;

export function predictFields(
  fieldConfig: FieldConfig,
  groundTruth: GroundTruthEntry[] | null | undefined,
  documentId: string,
): Prediction[] {
  const truth = groundTruth ?? [];
  const predictions: Prediction[] = [];
  for (const [label, spec] of Object.entries(fieldConfig)) {
    const nested = (NESTED_FIELD_TYPES as readonly string[]).includes(spec.type);
    // Nested fields (line items, tables) are annotated as `<field>.<column>` entries; keep them all.
    const entries = nested
      ? truth.filter((entry) => entry.label === label || entry.label.startsWith(`${label}.`))
      : truth.filter((entry) => entry.label === label).slice(0, spec.multiValue ? undefined : 1);
    if (!entries.length) {
      predictions.push({ label, value: null, rawValue: null, pages: [], confidence: 0 });
      continue;
    }
    entries.forEach((entry, index) => {
      const own = entry.confidence;
      const confidence =
        own !== undefined && own < 1 ? own : 0.55 + 0.44 * stableFraction(`${documentId}/${entry.label}/${index}`);
      predictions.push({
        label: entry.label,
        value: entry.value,
        rawValue: entry.rawValue ?? entry.value,
        pages: entry.pages ?? [],
        confidence: round3(confidence),
      });
    });
  }
  return predictions;
}
