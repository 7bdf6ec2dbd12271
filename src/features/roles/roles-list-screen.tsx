import { useState } from 'react';
import { useSuspenseQuery } from '@tanstack/react-query';
import { getRouteApi, Link, useNavigate } from '@tanstack/react-router';
import { toast } from '@/components/toast';
import type { Role } from '@/contract';
import { rolesListQueryOptions, useCreateRole } from '@/api/roles';
import { IdWithCopy } from '@/components/copy-button';
import { listParams, type ColumnDef, type PaginationSearch } from '@/components/data-table';
import { DateTime } from '@/components/date-time';
import { ListScreen } from '@/components/list-screen';
import { FormDialog } from '@/components/form';
import { CreateRoleForm } from './role-forms';
import './roles.css';
import { useOrganizationScope } from '@/api/organization-scope';

const routeApi = getRouteApi('/_authenticated/settings/roles/');

const BUILTIN = /^(?:svc|legacy):role:(?:admin|member|validator|viewer)$/;

const columns: ColumnDef<Role>[] = [
  {
    id: 'name',
    header: 'Name',
    meta: { hideable: false },
    cell: ({ row: { original: r } }) => (
      <span className="row" style={{ flexWrap: 'nowrap' }}>
        <Link
          to="/settings/roles/$roleId"
          params={{ roleId: r.roleId }}
          className="truncate roles-name"
          title={r.name ?? undefined}
        >
          {r.name || <span className="muted">Unnamed role</span>}
        </Link>
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
  const search = routeApi.useSearch();
  const navigateSearch = routeApi.useNavigate();
  const onSearch = (patch: PaginationSearch) => void navigateSearch({ search: (prev) => ({ ...prev, ...patch }) });
  const org = useOrganizationScope();
  const { data, isFetching } = useSuspenseQuery(rolesListQueryOptions(org, listParams(search)));
  const [creating, setCreating] = useState(false);
  const create = useCreateRole();
  const navigate = useNavigate();
  return (
    <ListScreen
      title="Roles"
      description="What users and app clients may do: each role allows or denies actions on resource families."
      plural="roles"
      create={{ label: 'Create role', onClick: () => setCreating(true) }}
      emptyText="Roles group permissions; give them to users and app clients."
      label="Roles"
      data={data.roles}
      columns={columns}
      getRowId={(r) => r.roleId}
      columnsKey="roles"
      isFetching={isFetching}
      pagination={{ scope: 'roles', noun: ['role', 'roles'], search, nextToken: data.nextToken, onNavigate: onSearch }}
    >
      <FormDialog open={creating} onOpenChange={setCreating} title="Create role" wide>
        <CreateRoleForm
          onSubmit={async (body) => {
            const role = await create.mutateAsync(body);
            setCreating(false);
            toast.success(`Role ${role.name || role.roleId} created`);
            void navigate({ to: '/settings/roles/$roleId', params: { roleId: role.roleId } });
          }}
        />
      </FormDialog>
    </ListScreen>
  );
}
