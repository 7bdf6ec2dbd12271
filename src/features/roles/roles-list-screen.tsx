import { useState } from 'react';
import { getRouteApi, useNavigate } from '@tanstack/react-router';
import { plural, t } from '@lingui/core/macro';
import { toast } from '@/components/toast';
import type { Role } from '@/contract';
import { rolesListQueryOptions, useCreateRole } from '@/api/roles';
import { IdWithCopy } from '@/components/copy-button';
import { NameLink } from '@/components/name-link';
import type { ColumnDef } from '@/components/data-table';
import { DateTime } from '@/components/date-time';
import { PagedListScreen } from '@/components/paged-list-screen';
import { FormDialog } from '@/components/form';
import { CreateRoleForm } from './role-forms';
import './roles.css';

const routeApi = getRouteApi('/_authenticated/settings/roles/');

const BUILTIN = /^(?:svc|legacy):role:(?:admin|member|validator|viewer)$/;

const columns: ColumnDef<Role>[] = [
  {
    id: 'name',
    header: 'Name',
    meta: { hideable: false },
    cell: ({ row: { original: r } }) => (
      <span className="row" style={{ flexWrap: 'nowrap' }}>
        <NameLink
          link={{ to: '/settings/roles/$roleId', params: { roleId: r.roleId } }}
          name={r.name}
          unnamed="Unnamed role"
          className="roles-name"
        />
        {BUILTIN.test(r.roleId) ? <span className="badge badge--info">Built-in</span> : null}
      </span>
    ),
  },
  {
    id: 'description',
    header: 'Description',
    meta: { className: 'wrap' },
    cell: ({ row: { original: r } }) => r.description || <span className="muted">—</span>,
  },
  {
    id: 'permissions',
    header: 'Permissions',
    meta: { className: 'num' },
    cell: ({ row: { original: r } }) => r.permissions.length,
  },
  {
    id: 'roleId',
    header: 'Role id',
    cell: ({ row: { original: r } }) => <IdWithCopy id={r.roleId} label="Copy role id" />,
  },
  {
    id: 'updated',
    header: 'Updated',
    cell: ({ row: { original: r } }) => <DateTime value={r.updatedTime ?? r.createdTime} />,
  },
];

/** Roles, one page at a time over nextToken; create. */
export function RolesListScreen() {
  const [creating, setCreating] = useState(false);
  return (
    <PagedListScreen
      route={routeApi}
      query={rolesListQueryOptions}
      rows={(data) => data.roles}
      title="Roles"
      noun={{ count: (n) => plural(n, { one: '# role', other: '# roles' }), plural: t`roles` }}
      listKey="roles"
      description="What users and app clients may do: each role allows or denies actions on resource families."
      create={{ label: 'Create role', onClick: () => setCreating(true) }}
      emptyText="Roles group permissions; give them to users and app clients."
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
    <FormDialog open={open} onOpenChange={onOpenChange} title="Create role" wide>
      <CreateRoleForm
        onSubmit={async (body) => {
          const role = await create.mutateAsync(body);
          onOpenChange(false);
          toast.success(`Role ${role.name || role.roleId} created`);
          void navigate({ to: '/settings/roles/$roleId', params: { roleId: role.roleId } });
        }}
      />
    </FormDialog>
  );
}
