import type { Model } from '@/contract';

/** A model's status at a glance: active models take predictions, inactive ones make agent runs fail. */
export function ModelStatusBadge({ status }: { status: Model['status'] }) {
  return status === 'active' ? (
    <span className="badge badge--success" title="Takes predictions">
      Active
    </span>
  ) : (
    <span className="badge badge--outline" title="Agent runs that use it fail until it is active again">
      Inactive
    </span>
  );
}

/** Field count and kinds, for lists and headers. */
export function fieldSummary(model: Pick<Model, 'fieldConfig'>): string {
  const fields = Object.values(model.fieldConfig ?? {}) as { type?: string }[];
  if (fields.length === 0) return 'No fields';
  const nested = fields.filter((f) => f.type === 'lines' || f.type === 'table').length;
  return `${fields.length} ${fields.length === 1 ? 'field' : 'fields'}${nested ? `, ${nested} nested` : ''}`;
}
