import { getRouteApi, Link } from '@tanstack/react-router';
import { plural, t } from '@lingui/core/macro';
import { validationsListQueryOptions } from '@/api/validations';
import type { ColumnDef } from '@/components/data-table';
import { DateTime } from '@/components/date-time';
import { PagedListScreen } from '@/components/paged-list-screen';
import type { Validation } from '@/contract';
import { EnabledBadge, ruleCount } from './validation-status';
import './validations.css';

const routeApi = getRouteApi('/_authenticated/validations/');

const columns: ColumnDef<Validation, unknown>[] = [
  {
    id: 'name',
    header: 'Name',
    meta: { hideable: false, className: 'wrap' },
    cell: ({ row: { original: v } }) => (
      <div className="validations-name">
        <Link to="/validations/$validationId" params={{ validationId: v.validationId }}>
          {v.name || <span className="muted">Untitled validation</span>}
        </Link>
        <span className="muted">{ruleCount(v)}</span>
      </div>
    ),
  },
  {
    id: 'enabled',
    header: 'Enabled',
    cell: ({ row: { original: v } }) => <EnabledBadge enabled={v.enabled !== false} />,
  },
  {
    id: 'updated',
    header: 'Updated',
    cell: ({ row: { original: v } }) => <DateTime value={v.updatedTime ?? v.createdTime} />,
  },
];

/** Validations: what a person must check before a run moves on. */
export function ValidationsListScreen() {
  return (
    <PagedListScreen
      route={routeApi}
      query={validationsListQueryOptions}
      rows={(data) => data.validations}
      title="Validations"
      noun={{ count: (n) => plural(n, { one: '# validation', other: '# validations' }), plural: t`validations` }}
      listKey="validations"
      description="Checks that send an agent run to a person: confidence thresholds, required fields, patterns."
      create={{ label: 'Create validation', emptyLabel: 'Create a validation', to: '/validations/new' }}
      emptyText="Without a validation, every agent run’s predictions are accepted as they are."
      columns={columns}
      getRowId={(v) => v.validationId}
    />
  );
}
