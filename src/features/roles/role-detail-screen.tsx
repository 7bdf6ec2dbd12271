import { t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { useState } from 'react';
import { useSuspenseQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { toast } from '@/components/toast';
import { useCapabilities } from '@/api/capabilities';
import { roleQueryOptions, useDeleteRole, useUpdateRole } from '@/api/roles';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { IdWithCopy } from '@/components/copy-button';
import { ChangeFacts } from '@/widgets/change-credit/change-facts';
import { FormDialog } from '@/components/form';
import { PageHeader, Section } from '@/components/page-header';
import { EditRoleForm } from './role-forms';
import { PermissionsTable } from './permissions-table';
import './roles.css';
import { useOrganizationScope } from '@/api/organization-scope';

const BUILTIN = /^(?:svc|legacy):role:(?:admin|member|validator|viewer)$/;

export function RoleDetailScreen({ roleId }: { roleId: string }) {
  const org = useOrganizationScope();
  const { data: role } = useSuspenseQuery(roleQueryOptions(org, roleId));
  const [editing, setEditing] = useState(false);
  const update = useUpdateRole();
  const remove = useDeleteRole();
  const navigate = useNavigate();
  const canWrite = useCapabilities().write;
  const title = role.name || t`Unnamed role`;
  const builtin = BUILTIN.test(role.roleId);

  return (
    <div className="page">
      <PageHeader
        title={<span className="roles-title">{title}</span>}
        meta={
          <>
            {builtin ? (
              <span className="badge badge--info">
                <Trans>Built-in</Trans>
              </span>
            ) : null}
            <IdWithCopy id={role.roleId} label={t`Copy role id`} />
          </>
        }
        description={role.description || undefined}
        actions={
          canWrite ? (
            <>
              {builtin ? null : (
                <ConfirmDialog
                  trigger={
                    <button type="button" className="button button--danger">
                      <Trans>Delete role</Trans>
                    </button>
                  }
                  title={t`Delete role ${title}?`}
                  description={t`Users lose the permissions it gave them. A role still given to an app client cannot be deleted. This cannot be undone.`}
                  confirmLabel={t`Delete role`}
                  tone="danger"
                  onConfirm={async () => {
                    await remove.mutateAsync(role.roleId);
                    toast.success(t`Role ${title} deleted`);
                    await navigate({ to: '/settings/roles' });
                  }}
                />
              )}
              <button type="button" className="button button--primary" onClick={() => setEditing(true)}>
                <Trans>Edit role</Trans>
              </button>
            </>
          ) : undefined
        }
      />

      <Section
        title={t`Permissions`}
        id="role-permissions"
        description={t`Deny wins over allow when both match a request.`}
      >
        <PermissionsTable permissions={role.permissions} />
      </Section>

      <Section title={t`Details`} id="role-details">
        <dl className="details">
          <ChangeFacts collection="roles" id={role.roleId} resource={role} />
        </dl>
      </Section>

      <FormDialog open={editing} onOpenChange={setEditing} title={t`Edit role`} wide>
        <EditRoleForm
          role={role}
          onSubmit={async (body) => {
            await update.mutateAsync({ roleId: role.roleId, body });
            setEditing(false);
            toast.success(t`Role saved`);
          }}
        />
      </FormDialog>
    </div>
  );
}
