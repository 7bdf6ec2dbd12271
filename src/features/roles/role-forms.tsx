import { useMemo } from 'react';
import { t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { useFieldArray, useFormContext } from 'react-hook-form';
import {
  createRoleBodySchema,
  PERMISSION_ACTIONS,
  PERMISSION_EFFECTS,
  SCOPE_FAMILIES,
  updateRoleBodySchema,
  type CreateRoleBody,
  type Role,
  type UpdateRoleBody,
} from '@/contract';
import { CreateForm, EditForm, MetadataField, NameDescriptionFields, SelectField, useZodForm } from '@/components/form';
import { IconPlus } from '@/components/icons';
import { actionWords, effectWords, resourceWords } from './permission-words';

// Built at render (their labels are in the operator's language); resource families stay their scope ids.
const resourceOptions = () => ['*', ...SCOPE_FAMILIES].map((f) => ({ value: f, label: resourceWords(f) }));
const effectOptions = () => PERMISSION_EFFECTS.map((e) => ({ value: e, label: effectWords(e) }));
const actionOptions = () => PERMISSION_ACTIONS.map((a) => ({ value: a, label: actionWords(a) }));

/** Rows of resource / effect / action; deny wins over allow when both match. */
function PermissionsEditor() {
  const { control } = useFormContext<{ permissions: { resourceId: string; effect: string; action: string }[] }>();
  const { fields, append, remove } = useFieldArray({ control, name: 'permissions' });
  const [resources, effects, actions] = useMemo(() => [resourceOptions(), effectOptions(), actionOptions()], []);
  return (
    <fieldset className="field field--wide roles-perms" style={{ border: 0, padding: 0, margin: 0 }}>
      <legend className="field__label">
        <Trans>Permissions</Trans>
      </legend>
      <p className="field__hint">
        <Trans>Each row allows or denies an action on a resource family. A deny wins over any allow.</Trans>
      </p>
      {fields.length === 0 ? (
        <p className="muted">
          <Trans>No permissions: holders of this role can do nothing.</Trans>
        </p>
      ) : null}
      {fields.map((field, index) => {
        const number = index + 1;
        return (
          <div key={field.id} className="roles-perm-row" role="group" aria-label={t`Permission ${number}`}>
            <SelectField
              name={`permissions.${index}.resourceId`}
              label={t`Resource`}
              options={resources}
              placeholder={t`Pick a resource`}
              emptyAs="string"
            />
            <SelectField name={`permissions.${index}.effect`} label={t`Effect`} options={effects} />
            <SelectField name={`permissions.${index}.action`} label={t`Action`} options={actions} />
            <button
              type="button"
              className="button button--ghost button--small roles-perm-remove"
              onClick={() => remove(index)}
              aria-label={t`Remove permission ${number}`}
            >
              <Trans>Remove</Trans>
            </button>
          </div>
        );
      })}
      <div>
        <button
          type="button"
          className="button button--small"
          onClick={() => append({ resourceId: '', effect: 'allow', action: 'read' })}
        >
          <IconPlus size={14} /> <Trans>Add permission</Trans>
        </button>
      </div>
    </fieldset>
  );
}

export function CreateRoleForm({ onSubmit }: { onSubmit: (body: CreateRoleBody) => Promise<unknown> }) {
  const form = useZodForm(createRoleBodySchema, {
    defaultValues: {
      name: undefined,
      description: undefined,
      metadata: undefined,
      permissions: [{ resourceId: 'documents', effect: 'allow', action: 'read' }],
    },
  });
  return (
    <CreateForm form={form} label={t`Create role`} onSubmit={onSubmit}>
      <NameDescriptionFields emptyAs="undefined" />
      <PermissionsEditor />
      <MetadataField />
    </CreateForm>
  );
}

export function EditRoleForm({ role, onSubmit }: { role: Role; onSubmit: (body: UpdateRoleBody) => Promise<unknown> }) {
  const form = useZodForm(updateRoleBodySchema, {
    defaultValues: {
      name: role.name ?? null,
      description: role.description ?? null,
      metadata: role.metadata ?? undefined,
      permissions: role.permissions.map((p) => ({ resourceId: p.resourceId, effect: p.effect, action: p.action })),
    },
  });
  return (
    <EditForm form={form} label={t`Edit role`} original={role} onSubmit={onSubmit}>
      <NameDescriptionFields emptyAs="null" />
      <PermissionsEditor />
      <MetadataField />
    </EditForm>
  );
}
