import { useState } from 'react';
import { useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { getRouteApi, Link, useNavigate } from '@tanstack/react-router';
import { toast } from '@/components/toast';
import type { User } from '@/contract';
import { useCapabilities } from '@/api/capabilities';
import { useCreateUser, useDeleteUser, usersListQueryOptions } from '@/api/users';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { IdWithCopy } from '@/components/copy-button';
import { listParams, SearchInput, type ColumnDef, type PaginationSearch } from '@/components/data-table';
import { profilesQueryOptions } from '@/api/profiles';
import { DateTime } from '@/components/date-time';
import { ListScreen } from '@/components/list-screen';
import { FormDialog } from '@/components/form';
import { CreateUserForm } from './user-forms';
import { UserStatusBadge } from './user-status';
import { useUserOptions } from './use-user-options';
import './users.css';
import { useOrganizationScope } from '@/api/organization-scope';

const routeApi = getRouteApi('/_authenticated/settings/users/');

type UsersSearch = PaginationSearch & { q?: string };

/** Users of the organization: email, status, roles, search by name or email, create (invite), delete. */
export function UsersListScreen() {
  const search = routeApi.useSearch();
  const navigateSearch = routeApi.useNavigate();
  const onSearch = (patch: UsersSearch) => void navigateSearch({ search: (prev) => ({ ...prev, ...patch }) });
  const org = useOrganizationScope();
  const text = search.q?.trim() || undefined;
  const { data, isFetching } = useSuspenseQuery(usersListQueryOptions(org, { ...listParams(search), text }));
  const profileIds = data.users.flatMap((u) => (u.profileId ? [u.profileId] : []));
  const profiles = useQuery(profilesQueryOptions(org, profileIds));
  const showEmail = profiles.data?.available !== false;
  const { roleOptions, appClientOptions, roleNames } = useUserOptions();
  const [creating, setCreating] = useState(false);
  const [toDelete, setToDelete] = useState<User | null>(null);
  const create = useCreateUser();
  const remove = useDeleteUser();
  const navigate = useNavigate();
  const canWrite = useCapabilities().write;

  const columns: ColumnDef<User>[] = [
    {
      id: 'name',
      header: 'Name',
      meta: { hideable: false, className: 'users-col-name' },
      cell: ({ row: { original: u } }) => (
        <Link
          to="/settings/users/$userId"
          params={{ userId: u.userId }}
          className="truncate users-name"
          title={u.name ?? undefined}
        >
          {u.name || <span className="muted">Unnamed user</span>}
        </Link>
      ),
    },
    ...(showEmail
      ? [
          {
            id: 'email',
            header: 'Email',
            meta: { className: 'users-col-email' },
            cell: ({ row: { original: u } }) => {
              const email = u.profileId ? profiles.data?.byId.get(u.profileId)?.email : undefined;
              if (email)
                return (
                  <span className="truncate users-email" title={email}>
                    {email}
                  </span>
                );
              if (u.profileId && profiles.isPending) return <span className="muted">…</span>;
              return <span className="muted">—</span>;
            },
          } satisfies ColumnDef<User>,
        ]
      : []),
    {
      id: 'status',
      header: 'Status',
      cell: ({ row: { original: u } }) => <UserStatusBadge status={u.status} reason={u.statusReason} />,
    },
    {
      id: 'roles',
      header: 'Roles',
      meta: { className: 'wrap' },
      cell: ({ row: { original: u } }) =>
        u.roleIds?.length ? (
          <span className="users-roles">
            {u.roleIds.map((id) => (
              <span key={id} className="badge badge--outline">
                {roleNames.get(id) ?? id}
              </span>
            ))}
          </span>
        ) : (
          <span className="muted users-no-roles">None</span>
        ),
    },
    {
      id: 'userId',
      header: 'User id',
      cell: ({ row: { original: u } }) => <IdWithCopy id={u.userId} label="Copy user id" />,
    },
    { id: 'created', header: 'Created', cell: ({ row: { original: u } }) => <DateTime value={u.createdTime} /> },
  ];
  if (canWrite)
    columns.push({
      id: 'actions',
      header: () => <span className="sr-only">Actions</span>,
      meta: { className: 'col-actions', hideable: false, label: 'Actions' },
      cell: ({ row: { original: u } }) => (
        <button
          type="button"
          className="button button--ghost button--small"
          onClick={() => setToDelete(u)}
          aria-label={`Delete ${u.name || u.userId}`}
        >
          Delete
        </button>
      ),
    });

  return (
    <ListScreen
      title="Users"
      description="People who sign in to this organization's document processing apps. New users are invited and stay pending until they accept."
      plural="users"
      create={{ label: 'Create user', onClick: () => setCreating(true) }}
      emptyTitle={text ? `No user's name or email contains “${text}”` : undefined}
      emptyText={
        text
          ? data.searchedFirst
            ? `This service cannot search users: only the names of the first ${data.searchedFirst.toLocaleString('en')} users were looked at.`
            : 'Check the spelling, or search for part of the name or of the email address.'
          : canWrite
            ? 'Invite the people who review and correct documents. They get the roles you pick.'
            : 'Users appear here once an administrator invites them.'
      }
      toolbar={
        <>
          <SearchInput
            label="Search users by name or email"
            placeholder="Search by name or email"
            value={search.q ?? ''}
            onChange={(q) => onSearch({ q: q.trim() || undefined, cursor: undefined })}
          />
          {text && data.searchedFirst && data.users.length > 0 ? (
            <span className="muted small" role="status">
              Names of the first {data.searchedFirst.toLocaleString('en')} users searched: this service has no user
              search.
            </span>
          ) : null}
        </>
      }
      label="Users"
      data={data.users}
      columns={columns}
      getRowId={(u) => u.userId}
      columnsKey="users"
      isFetching={isFetching}
      pagination={{
        scope: text ? `users?q=${text}` : 'users',
        noun: ['user', 'users'],
        search,
        nextToken: data.nextToken,
        onNavigate: onSearch,
      }}
    >
      <FormDialog
        open={creating}
        onOpenChange={setCreating}
        title="Create user"
        description="The user is invited by email and shows as invite pending until they accept."
        wide
      >
        <CreateUserForm
          options={{ roles: roleOptions, appClients: appClientOptions }}
          onSubmit={async (body) => {
            const user = await create.mutateAsync(body);
            setCreating(false);
            toast.success(`User ${user.name || body.email} invited`);
            void navigate({ to: '/settings/users/$userId', params: { userId: user.userId } });
          }}
        />
      </FormDialog>

      <ConfirmDialog
        open={toDelete !== null}
        onOpenChange={(open) => !open && setToDelete(null)}
        title={`Delete user ${toDelete?.name || toDelete?.userId || ''}?`}
        description="The user can no longer sign in and loses their roles. This cannot be undone."
        confirmLabel="Delete user"
        tone="danger"
        onConfirm={async () => {
          if (!toDelete) return;
          await remove.mutateAsync(toDelete.userId);
          toast.success(`User ${toDelete.name || toDelete.userId} deleted`);
          setToDelete(null);
        }}
      />
    </ListScreen>
  );
}
