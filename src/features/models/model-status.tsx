import { plural, t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import type { Model } from '@/contract';

/** A model's status at a glance: active models take predictions, inactive ones make agent runs fail. */
export function ModelStatusBadge({ status }: { status: Model['status'] }) {
  return status === 'active' ? (
    <span className="badge badge--success" title={t`Takes predictions`}>
      <Trans>Active</Trans>
    </span>
  ) : (
    <span className="badge badge--outline" title={t`Agent runs that use it fail until it is active again`}>
      <Trans>Inactive</Trans>
    </span>
  );
}

/** Field count and kinds, for lists and headers. */
export function fieldSummary(model: Pick<Model, 'fieldConfig'>): string {
  const fields = Object.values(model.fieldConfig ?? {}) as { type?: string }[];
  if (fields.length === 0) return t`No fields`;
  const fieldCount = fields.length;
  const nestedCount = fields.filter((f) => f.type === 'lines' || f.type === 'table').length;
  if (!nestedCount) return plural(fieldCount, { one: '# field', other: '# fields' });
  return plural(fieldCount, {
    one: `# field, ${nestedCount} nested`,
    other: `# fields, ${nestedCount} nested`,
  });
}
