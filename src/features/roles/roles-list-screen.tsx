import { plural, t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { useMemo, useState } from 'react';
import { getRouteApi, useNavigate } from '@tanstack/react-router';
import { toast } from '@/components/toast';
import type { Role } from '@/contract';
import { rolesListQueryOptions, useCreateRole } from '@/api/roles';
import { IdWithCopy } from '@/components/copy-button';
import { NameLink } from '@/components/name-link';
import type { ColumnDef } from '@/components/data-table';
import { DateTime } from '@/components/date-time';
import { formatNumber } from '@/i18n/format';
import { PagedListScreen } from '@/components/paged-list-screen';
import { FormDialog } from '@/components/form';
import { CreateRoleForm } from './role-forms';
import './roles.css';

const routeApi = getRouteApi('/_authenticated/settings/roles/');

const BUILTIN = /^(?:svc|legacy):role:(?:admin|member|validator|viewer)$/;

/** The roles table's columns, worded in the operator's language (built at render, never at load). */
const roleColumns = (): ColumnDef<Role>[] => [
  {
    id: 'name',
    header: t`Name`,
    meta: { hideable: false },
    cell: ({ row: { original: r } }) => (
      <span className="row" style={{ flexWrap: 'nowrap' }}>
        <NameLink
          link={{ to: '/settings/roles/$roleId', params: { roleId: r.roleId } }}
          name={r.name}
          unnamed={t`Unnamed role`}
          className="roles-name"
        />
        {BUILTIN.test(r.roleId) ? (
          <span className="badge badge--info">
            <Trans>Built-in</Trans>
          </span>
        ) : null}
      </span>
    ),
  },
  {
    id: 'description',
    header: t`Description`,
    meta: { className: 'wrap' },
    cell: ({ row: { original: r } }) => r.description || <span className="muted">—</span>,
  },
  {
    id: 'permissions',
    header: t`Permissions`,
    meta: { className: 'num' },
    cell: ({ row: { original: r } }) => formatNumber(r.permissions.length),
  },
  {
    id: 'roleId',
    header: t`Role id`,
    cell: ({ row: { original: r } }) => <IdWithCopy id={r.roleId} label={t`Copy role id`} />,
  },
  {
    id: 'updated',
    header: t`Updated`,
    cell: ({ row: { original: r } }) => <DateTime value={r.updatedTime ?? r.createdTime} />,
  },
];

/** Roles, one page at a time over nextToken; create. */
export function RolesListScreen() {
  const [creating, setCreating] = useState(false);
  const columns = useMemo(() => roleColumns(), []);
  return (
    <PagedListScreen
      route={routeApi}
      query={rolesListQueryOptions}
      rows={(data) => data.roles}
      title={t`Roles`}
      noun={{ count: (n) => plural(n, { one: '# role', other: '# roles' }), plural: t`roles` }}
      listKey="roles"
      description={t`What users and app clients may do: each role allows or denies actions on resource families.`}
      create={{ label: t`Create role`, onClick: () => setCreating(true) }}
      emptyText={t`Roles group permissions; give them to users and app clients.`}
      columns={columns}
      getRowId={(r) => r.roleId}
    >
      <CreateRoleDialog open={creating} onOpenChange={setCreating} />
    </PagedListScreen>
  );
}

/** Creates a role, then opens it. */
function CreateRoleDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const create = useCreateRole();
  const navigate = useNavigate();
  return (
    <FormDialog open={open} onOpenChange={onOpenChange} title={t`Create role`} wide>
      <CreateRoleForm
        onSubmit={async (body) => {
          const role = await create.mutateAsync(body);
          onOpenChange(false);
          const roleName = role.name || role.roleId;
          toast.success(t`Role ${roleName} created`);
          void navigate({ to: '/settings/roles/$roleId', params: { roleId: role.roleId } });
        }}
      />
    </FormDialog>
  );
}
