import { useMemo } from 'react';
import { getRouteApi, Link } from '@tanstack/react-router';
import { plural, t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { useCapabilities } from '@/api/capabilities';
import { modelsListQueryOptions } from '@/api/models';
import type { ColumnDef } from '@/components/data-table';
import { DateTime } from '@/components/date-time';
import { PagedListScreen } from '@/components/paged-list-screen';
import type { Model } from '@/contract';
import { fieldSummary, ModelStatusBadge } from './model-status';
// The name cell's layout (name above its field count) lives here too: the list is often opened before any other models screen.
import './models.css';

const routeApi = getRouteApi('/_authenticated/models/');

/** The list's columns, in the operator's language (built when the list renders, never at module load). */
const modelColumns = (): ColumnDef<Model>[] => [
  {
    id: 'name',
    header: t`Name`,
    meta: { hideable: false, className: 'wrap' },
    cell: ({ row: { original: m } }) => (
      <div className="models-name">
        <Link to="/models/$modelId" params={{ modelId: m.modelId }}>
          {m.name || (
            <span className="muted">
              <Trans>Untitled model</Trans>
            </span>
          )}
        </Link>
        <span className="muted models-sub">{fieldSummary(m)}</span>
      </div>
    ),
  },
  { id: 'status', header: t`Status`, cell: ({ row: { original: m } }) => <ModelStatusBadge status={m.status} /> },
  {
    id: 'llmVersion',
    header: t`LLM`,
    cell: ({ row: { original: m } }) =>
      m.llmVersion ?? (
        <span className="muted">
          <Trans>default</Trans>
        </span>
      ),
  },
  { id: 'version', header: t`Version`, meta: { className: 'num' }, cell: ({ row: { original: m } }) => m.version },
  {
    id: 'trainings',
    header: t`Running trainings`,
    meta: { className: 'num' },
    cell: ({ row: { original: m } }) => m.numberOfRunningTrainings ?? 0,
  },
  {
    id: 'updated',
    header: t`Updated`,
    cell: ({ row: { original: m } }) => <DateTime value={m.updatedTime ?? m.createdTime} />,
  },
];

/** Models: what the agents extract, with status and version at a glance. */
export function ModelsListScreen() {
  const canWrite = useCapabilities().write;
  const columns = useMemo(() => modelColumns(), []);
  return (
    <PagedListScreen
      route={routeApi}
      query={modelsListQueryOptions}
      rows={(data) => data.models}
      title={t`Models`}
      noun={{ count: (n) => plural(n, { one: '# model', other: '# models' }), plural: t`models` }}
      listKey="models"
      description={t`What agents extract from documents: the fields, how pages are prepared, and which LLM reads them.`}
      create={{ label: t`Create model`, emptyLabel: t`Create a model`, to: '/models/new' }}
      emptyText={
        canWrite
          ? t`A model names the fields to extract from documents.`
          : t`Models appear here once an administrator creates them.`
      }
      columns={columns}
      getRowId={(m) => m.modelId}
    />
  );
}
