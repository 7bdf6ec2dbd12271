import { t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
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
      header: t`Name`,
      meta: { hideable: false },
      cell: ({ row: { original: c } }) => (
        <span className="row" style={{ flexWrap: 'nowrap' }}>
          <NameLink
            link={{ to: '/settings/app-clients/$appClientId', params: { appClientId: c.appClientId } }}
            name={c.name}
            unnamed={t`Unnamed app client`}
            className="app-clients-name"
          />
          {c.mutable === false ? (
            <span className="badge badge--info">
              <Trans>This console</Trans>
            </span>
          ) : null}
        </span>
      ),
    },
    {
      id: 'clientId',
      header: t`Client id`,
      cell: ({ row: { original: c } }) => <IdWithCopy id={c.clientId} label={t`Copy client id`} />,
    },
    {
      id: 'roles',
      header: t`Roles`,
      meta: { className: 'wrap' },
      cell: ({ row: { original: c } }) =>
        c.roleIds?.length ? (
          c.roleIds.map((id) => roleNames.get(id) ?? id).join(', ')
        ) : (
          <span className="muted">
            <Trans>None</Trans>
          </span>
        ),
    },
    {
      id: 'appClientId',
      header: t`App client id`,
      cell: ({ row: { original: c } }) => <IdWithCopy id={c.appClientId} label={t`Copy app client id`} />,
    },
    { id: 'created', header: t`Created`, cell: ({ row: { original: c } }) => <DateTime value={c.createdTime} /> },
  ];
}
