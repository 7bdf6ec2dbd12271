import { useMemo } from 'react';
import { getRouteApi, Link } from '@tanstack/react-router';
import { plural, t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { validationsListQueryOptions } from '@/api/validations';
import type { ColumnDef } from '@/components/data-table';
import { DateTime } from '@/components/date-time';
import { PagedListScreen } from '@/components/paged-list-screen';
import type { Validation } from '@/contract';
import { EnabledBadge, ruleCount } from './validation-status';
import './validations.css';

const routeApi = getRouteApi('/_authenticated/validations/');

/** The table's columns, worded in the operator's language (built at render, never at load). */
const validationColumns = (): ColumnDef<Validation>[] => [
  {
    id: 'name',
    header: t`Name`,
    meta: { hideable: false, className: 'wrap' },
    cell: ({ row: { original: v } }) => (
      <div className="validations-name">
        <Link to="/validations/$validationId" params={{ validationId: v.validationId }}>
          {v.name || (
            <span className="muted">
              <Trans>Untitled validation</Trans>
            </span>
          )}
        </Link>
        <span className="muted">{ruleCount(v)}</span>
      </div>
    ),
  },
  {
    id: 'enabled',
    header: t`Enabled`,
    cell: ({ row: { original: v } }) => <EnabledBadge enabled={v.enabled !== false} />,
  },
  {
    id: 'updated',
    header: t`Updated`,
    cell: ({ row: { original: v } }) => <DateTime value={v.updatedTime ?? v.createdTime} />,
  },
];

/** Validations: what a person must check before a run moves on. */
export function ValidationsListScreen() {
  const columns = useMemo(() => validationColumns(), []);
  return (
    <PagedListScreen
      route={routeApi}
      query={validationsListQueryOptions}
      rows={(data) => data.validations}
      title={t`Validations`}
      noun={{ count: (n) => plural(n, { one: '# validation', other: '# validations' }), plural: t`validations` }}
      listKey="validations"
      description={t`Checks that send an agent run to a person: confidence thresholds, required fields, patterns.`}
      create={{ label: t`Create validation`, emptyLabel: t`Create a validation`, to: '/validations/new' }}
      emptyText={t`Without a validation, every agent run’s predictions are accepted as they are.`}
      columns={columns}
      getRowId={(v) => v.validationId}
    />
  );
}
