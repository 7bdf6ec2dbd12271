import type { AppClient } from '@/contract';
import { IdWithCopy } from '@/components/copy-button';
import type { ColumnDef } from '@/components/data-table';
import { DateTime } from '@/components/date-time';
import { NameLink } from '@/components/name-link';

/** The app clients table's columns: name (and "This console"), client id, roles by name, app client id, created. */
export function appClientColumns(roleNames: Map<string, string>): ColumnDef<AppClient>[] {
  return [
    {
      id: 'name',
      header: 'Name',
      meta: { hideable: false },
      cell: ({ row: { original: c } }) => (
        <span className="row" style={{ flexWrap: 'nowrap' }}>
          <NameLink
            link={{ to: '/settings/app-clients/$appClientId', params: { appClientId: c.appClientId } }}
            name={c.name}
            unnamed="Unnamed app client"
            className="app-clients-name"
          />
          {c.mutable === false ? <span className="badge badge--info">This console</span> : null}
        </span>
      ),
    },
    {
      id: 'clientId',
      header: 'Client id',
      cell: ({ row: { original: c } }) => <IdWithCopy id={c.clientId} label="Copy client id" />,
    },
    {
      id: 'roles',
      header: 'Roles',
      meta: { className: 'wrap' },
      cell: ({ row: { original: c } }) =>
        c.roleIds?.length ? (
          c.roleIds.map((id) => roleNames.get(id) ?? id).join(', ')
        ) : (
          <span className="muted">None</span>
        ),
    },
    {
      id: 'appClientId',
      header: 'App client id',
      cell: ({ row: { original: c } }) => <IdWithCopy id={c.appClientId} label="Copy app client id" />,
    },
    { id: 'created', header: 'Created', cell: ({ row: { original: c } }) => <DateTime value={c.createdTime} /> },
  ];
}
