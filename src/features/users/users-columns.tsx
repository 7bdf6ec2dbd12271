import { t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import type { User } from '@/contract';
import type { ProfilesResult } from '@/api/profiles';
import { IdWithCopy } from '@/components/copy-button';
import type { ColumnDef } from '@/components/data-table';
import { DateTime } from '@/components/date-time';
import { NameLink } from '@/components/name-link';
import { UserRoleBadges } from './user-role-badges';
import { UserStatusBadge } from './user-status';

/** The classes of a row's "None" roles. */
const NO_ROLES_CLASS = 'muted users-no-roles';

interface UserColumnsOptions {
  /** The profiles of the listed users (their emails); undefined while loading. */
  profiles: { data?: ProfilesResult; isPending: boolean };
  roleNames: Map<string, string>;
  /** Adds the Delete column. */
  onDelete?: (user: User) => void;
}

/** The users table's columns: name, email (when the service has profiles), status, roles, id, created, Delete. */
export function userColumns({ profiles, roleNames, onDelete }: UserColumnsOptions): ColumnDef<User>[] {
  const columns: ColumnDef<User>[] = [
    {
      id: 'name',
      header: t`Name`,
      meta: { hideable: false, className: 'users-col-name' },
      cell: ({ row: { original: u } }) => (
        <NameLink
          link={{ to: '/settings/users/$userId', params: { userId: u.userId } }}
          name={u.name}
          unnamed={t`Unnamed user`}
          className="users-name"
        />
      ),
    },
    ...(profiles.data?.available !== false ? [emailColumn(profiles)] : []),
    {
      id: 'status',
      header: t`Status`,
      cell: ({ row: { original: u } }) => <UserStatusBadge status={u.status} reason={u.statusReason} />,
    },
    {
      id: 'roles',
      header: t`Roles`,
      meta: { className: 'wrap' },
      cell: ({ row: { original: u } }) => (
        <UserRoleBadges roleIds={u.roleIds} roleNames={roleNames} noneClassName={NO_ROLES_CLASS} />
      ),
    },
    {
      id: 'userId',
      header: t`User id`,
      cell: ({ row: { original: u } }) => <IdWithCopy id={u.userId} label={t`Copy user id`} />,
    },
    { id: 'created', header: t`Created`, cell: ({ row: { original: u } }) => <DateTime value={u.createdTime} /> },
  ];
  if (onDelete)
    columns.push({
      id: 'actions',
      header: () => (
        <span className="sr-only">
          <Trans>Actions</Trans>
        </span>
      ),
      meta: { className: 'col-actions', hideable: false, label: t`Actions` },
      cell: ({ row: { original: u } }) => {
        const userName = u.name || u.userId;
        return (
          <button
            type="button"
            className="button button--ghost button--small"
            onClick={() => onDelete(u)}
            aria-label={t`Delete ${userName}`}
          >
            <Trans>Delete</Trans>
          </button>
        );
      },
    });
  return columns;
}

function emailColumn(profiles: UserColumnsOptions['profiles']): ColumnDef<User> {
  return {
    id: 'email',
    header: t`Email`,
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
  };
}
