import { t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { useState } from 'react';
import { useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import type { User } from '@/contract';
import { toast } from '@/components/toast';
import { useCapabilities } from '@/api/capabilities';
import { useDeleteUser, userQueryOptions, useUpdateUser } from '@/api/users';
import { profilesQueryOptions, type ProfilesResult } from '@/api/profiles';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { IdWithCopy } from '@/components/copy-button';
import { ChangeFacts } from '@/widgets/change-credit/change-facts';
import { FormDialog, type Option } from '@/components/form';
import { PageHeader, Section } from '@/components/page-header';
import { EditUserForm } from './user-forms';
import { UserStatusBadge } from './user-status';
import { useUserOptions } from './use-user-options';
import './users.css';
import { useOrganizationScope } from '@/api/organization-scope';
import { UserRoleBadges } from './user-role-badges';

export function UserDetailScreen({ userId }: { userId: string }) {
  const org = useOrganizationScope();
  const { data: user } = useSuspenseQuery(userQueryOptions(org, userId));
  const { roleOptions, roleNames } = useUserOptions();
  const [editing, setEditing] = useState(false);
  const profiles = useQuery(profilesQueryOptions(org, user.profileId ? [user.profileId] : []));
  const email = user.profileId ? profiles.data?.byId.get(user.profileId)?.email : undefined;
  const title = user.name || email || t`Unnamed user`;

  return (
    <div className="page">
      <UserHeader user={user} title={title} onEdit={() => setEditing(true)} />
      <UserDetails user={user} email={email} profiles={profiles} roleNames={roleNames} />
      <EditUserDialog user={user} roles={roleOptions} open={editing} onOpenChange={setEditing} />
    </div>
  );
}

/** The user's name, status and id, with Delete and Edit for an operator who may write. */
function UserHeader({ user, title, onEdit }: { user: User; title: string; onEdit: () => void }) {
  const canWrite = useCapabilities().write;
  return (
    <PageHeader
      title={<span className="users-title">{title}</span>}
      meta={
        <>
          <UserStatusBadge status={user.status} reason={user.statusReason} />
          <IdWithCopy id={user.userId} label={t`Copy user id`} />
        </>
      }
      description={user.description || undefined}
      actions={
        canWrite ? (
          <>
            <DeleteUserButton user={user} title={title} />
            <button type="button" className="button button--primary" onClick={onEdit}>
              <Trans>Edit user</Trans>
            </button>
          </>
        ) : undefined
      }
    />
  );
}

/** Deletes the user after a confirmation, then goes back to the list. */
function DeleteUserButton({ user, title }: { user: User; title: string }) {
  const remove = useDeleteUser();
  const navigate = useNavigate();
  const userName = title;
  return (
    <ConfirmDialog
      trigger={
        <button type="button" className="button button--danger">
          <Trans>Delete user</Trans>
        </button>
      }
      title={t`Delete user ${userName}?`}
      description={t`The user can no longer sign in and loses their roles. This cannot be undone.`}
      confirmLabel={t`Delete user`}
      tone="danger"
      onConfirm={async () => {
        await remove.mutateAsync(user.userId);
        toast.success(t`User ${userName} deleted`);
        await navigate({ to: '/settings/users' });
      }}
    />
  );
}

/** Email (when the service has profiles), status, roles, profile and who changed the user when. */
function UserDetails({
  user,
  email,
  profiles,
  roleNames,
}: {
  user: User;
  email: string | undefined;
  profiles: { data?: ProfilesResult; isPending: boolean };
  roleNames: Map<string, string>;
}) {
  return (
    <Section title={t`Details`} id="user-details">
      <dl className="details">
        {profiles.data?.available === false ? null : (
          <div>
            <dt>
              <Trans>Email</Trans>
            </dt>
            <dd>
              {email ? (
                <a href={`mailto:${email}`} className="users-email-link">
                  {email}
                </a>
              ) : (
                <span className="muted">{user.profileId && profiles.isPending ? t`Loading…` : t`Not known`}</span>
              )}
            </dd>
          </div>
        )}
        <div>
          <dt>
            <Trans>Status</Trans>
          </dt>
          <dd>
            <UserStatusBadge status={user.status} />
            {user.statusReason ? <span className="muted"> {user.statusReason}</span> : null}
          </dd>
        </div>
        <div>
          <dt>
            <Trans>Roles</Trans>
          </dt>
          <dd>
            <UserRoleBadges roleIds={user.roleIds} roleNames={roleNames} />
          </dd>
        </div>
        <div>
          <dt>
            <Trans>Profile</Trans>
          </dt>
          <dd>
            {user.profileId ? (
              <IdWithCopy id={user.profileId} label={t`Copy profile id`} />
            ) : (
              <span className="muted">
                <Trans>None yet (set when the invitation is accepted)</Trans>
              </span>
            )}
          </dd>
        </div>
        <ChangeFacts collection="users" id={user.userId} resource={user} />
      </dl>
    </Section>
  );
}

/** Edits the user's name, description, roles and metadata. */
function EditUserDialog({
  user,
  roles,
  open,
  onOpenChange,
}: {
  user: User;
  roles: Option[];
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const update = useUpdateUser();
  return (
    <FormDialog open={open} onOpenChange={onOpenChange} title={t`Edit user`} wide>
      <EditUserForm
        user={user}
        roles={roles}
        onSubmit={async (body) => {
          await update.mutateAsync({ userId: user.userId, body });
          onOpenChange(false);
          toast.success(t`User saved`);
        }}
      />
    </FormDialog>
  );
}
