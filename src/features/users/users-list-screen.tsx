import { plural, t } from '@lingui/core/macro';
import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { getRouteApi, useNavigate } from '@tanstack/react-router';
import { toast } from '@/components/toast';
import type { User } from '@/contract';
import { useCapabilities } from '@/api/capabilities';
import { useCreateUser, useDeleteUser, usersListQueryOptions, type UsersPage } from '@/api/users';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { SearchInput, type ListNoun } from '@/components/data-table';
import { usePagedList, type PagedList } from '@/components/paged-list-screen';
import { profilesQueryOptions } from '@/api/profiles';
import { ListScreen } from '@/components/list-screen';
import { FormDialog } from '@/components/form';
import { CreateUserForm } from './user-forms';
import { userColumns } from './users-columns';
import { useUserOptions } from './use-user-options';
import { usersListParams, type UsersSearch } from './users-search';
import './users.css';
import { useOrganizationScope } from '@/api/organization-scope';

const routeApi = getRouteApi('/_authenticated/settings/users/');

/** Users of the organization: email, status, roles, search by name or email, create (invite), delete. */
export function UsersListScreen() {
  const list = usePagedList(routeApi, usersListQueryOptions, usersListParams);
  const { data, search } = list;
  const org = useOrganizationScope();
  const text = search.q?.trim() || undefined;
  const profileIds = data.users.flatMap((u) => (u.profileId ? [u.profileId] : []));
  const profiles = useQuery(profilesQueryOptions(org, profileIds));
  const { roleNames } = useUserOptions();
  const [creating, setCreating] = useState(false);
  const [toDelete, setToDelete] = useState<User | null>(null);
  const canWrite = useCapabilities().write;

  const columns = userColumns({ profiles, roleNames, onDelete: canWrite ? setToDelete : undefined });
  const users: ListNoun = { count: (n) => plural(n, { one: '# user', other: '# users' }), plural: t`users` };

  return (
    <ListScreen
      title={t`Users`}
      description={t`People who sign in to this organization's document processing apps. New users are invited and stay pending until they accept.`}
      noun={users}
      create={{ label: t`Create user`, onClick: () => setCreating(true) }}
      emptyTitle={text ? t`No user's name or email contains “${text}”` : undefined}
      emptyText={usersEmptyText(text, data.searchedFirst, canWrite)}
      toolbar={<UsersSearchBar list={list} />}
      label={t`Users`}
      data={data.users}
      columns={columns}
      getRowId={(u) => u.userId}
      columnsKey="users"
      isFetching={list.isFetching}
      pagination={list.pagination(text ? `users?q=${text}` : 'users', users)}
    >
      <CreateUserDialog open={creating} onOpenChange={setCreating} />
      <DeleteUserDialog user={toDelete} onClose={() => setToDelete(null)} />
    </ListScreen>
  );
}

/** What an empty page says: why a search found nothing, or who fills the list. */
function usersEmptyText(text: string | undefined, searchedFirst: number | undefined, canWrite: boolean): string {
  if (text)
    return searchedFirst
      ? plural(searchedFirst, {
          one: 'This service cannot search users: only the name of the first user was looked at.',
          other: 'This service cannot search users: only the names of the first # users were looked at.',
        })
      : t`Check the spelling, or search for part of the name or of the email address.`;
  return canWrite
    ? t`Invite the people who review and correct documents. They get the roles you pick.`
    : t`Users appear here once an administrator invites them.`;
}

/** The search by name or email, and what a service without user search looked at. */
function UsersSearchBar({ list }: { list: PagedList<UsersSearch, UsersPage> }) {
  const { data, search, onSearch } = list;
  const text = search.q?.trim() || undefined;
  const searchedFirst = data.searchedFirst;
  return (
    <>
      <SearchInput
        label={t`Search users by name or email`}
        placeholder={t`Search by name or email`}
        value={search.q ?? ''}
        onChange={(q) => onSearch({ q: q.trim() || undefined, cursor: undefined })}
      />
      {text && searchedFirst && data.users.length > 0 ? (
        <span className="muted small" role="status">
          {plural(searchedFirst, {
            one: 'Name of the first user searched: this service has no user search.',
            other: 'Names of the first # users searched: this service has no user search.',
          })}
        </span>
      ) : null}
    </>
  );
}

/** Invites a user with the roles picked, then opens them. */
function CreateUserDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const { roleOptions, appClientOptions } = useUserOptions();
  const create = useCreateUser();
  const navigate = useNavigate();
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title={t`Create user`}
      description={t`The user is invited by email and shows as invite pending until they accept.`}
      wide
    >
      <CreateUserForm
        options={{ roles: roleOptions, appClients: appClientOptions }}
        onSubmit={async (body) => {
          const user = await create.mutateAsync(body);
          onOpenChange(false);
          const userName = user.name || body.email;
          toast.success(t`User ${userName} invited`);
          void navigate({ to: '/settings/users/$userId', params: { userId: user.userId } });
        }}
      />
    </FormDialog>
  );
}

/** Confirms and deletes `user` (open while there is one). */
function DeleteUserDialog({ user, onClose }: { user: User | null; onClose: () => void }) {
  const remove = useDeleteUser();
  const userName = user?.name || user?.userId || '';
  return (
    <ConfirmDialog
      open={user !== null}
      onOpenChange={(open) => !open && onClose()}
      title={t`Delete user ${userName}?`}
      description={t`The user can no longer sign in and loses their roles. This cannot be undone.`}
      confirmLabel={t`Delete user`}
      tone="danger"
      onConfirm={async () => {
        if (!user) return;
        await remove.mutateAsync(user.userId);
        toast.success(t`User ${userName} deleted`);
        onClose();
      }}
    />
  );
}
