import type { FieldConfig } from '@/contract';

/** A model's field counts, by type: kept in `statistics` whenever its `fieldConfig` is set (API and demo data). */
export function fieldStatistics(fieldConfig: FieldConfig): Record<string, unknown> {
  const fieldTypes: Record<string, number> = {};
  for (const spec of Object.values(fieldConfig)) fieldTypes[spec.type] = (fieldTypes[spec.type] ?? 0) + 1;
  return { numberOfFields: Object.keys(fieldConfig).length, fieldTypes };
}
