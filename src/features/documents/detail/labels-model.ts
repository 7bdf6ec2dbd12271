import type { GroundTruthEntry, Model } from '@/contract';
import { labelsFromFieldConfig } from '@/widgets/ground-truth/ground-truth-rows';

/** The model offered for labels: the one chosen (URL), else the model whose fields overlap the ground truth most. */
export function labelsModel(
  models: readonly Model[],
  chosenId: string | null,
  groundTruth: readonly GroundTruthEntry[] | null | undefined,
): Model | null {
  if (chosenId) return models.find((m) => m.modelId === chosenId) ?? null;
  const labels = new Set((groundTruth ?? []).map((entry) => entry.label));
  let best: { model: Model; score: number } | null = null;
  for (const m of models) {
    const score = labelsFromFieldConfig(m.fieldConfig).filter((label) => labels.has(label)).length;
    if (score > 0 && (!best || score > best.score)) best = { model: m, score };
  }
  return best?.model ?? null;
}
