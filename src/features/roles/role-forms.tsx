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

const RESOURCE_OPTIONS = [
  { value: '*', label: '* (every resource family)' },
  ...SCOPE_FAMILIES.map((f) => ({ value: f, label: f })),
];
const EFFECT_OPTIONS = PERMISSION_EFFECTS.map((e) => ({ value: e, label: e === 'allow' ? 'Allow' : 'Deny' }));
const ACTION_OPTIONS = PERMISSION_ACTIONS.map((a) => ({ value: a, label: a === '*' ? '* (any action)' : a }));

/** Rows of resource / effect / action; deny wins over allow when both match. */
function PermissionsEditor() {
  const { control } = useFormContext<{ permissions: { resourceId: string; effect: string; action: string }[] }>();
  const { fields, append, remove } = useFieldArray({ control, name: 'permissions' });
  return (
    <fieldset className="field field--wide roles-perms" style={{ border: 0, padding: 0, margin: 0 }}>
      <legend className="field__label">Permissions</legend>
      <p className="field__hint">
        Each row allows or denies an action on a resource family. A deny wins over any allow.
      </p>
      {fields.length === 0 ? <p className="muted">No permissions: holders of this role can do nothing.</p> : null}
      {fields.map((field, index) => (
        <div key={field.id} className="roles-perm-row" role="group" aria-label={`Permission ${index + 1}`}>
          <SelectField
            name={`permissions.${index}.resourceId`}
            label="Resource"
            options={RESOURCE_OPTIONS}
            placeholder="Pick a resource"
            emptyAs="string"
          />
          <SelectField name={`permissions.${index}.effect`} label="Effect" options={EFFECT_OPTIONS} />
          <SelectField name={`permissions.${index}.action`} label="Action" options={ACTION_OPTIONS} />
          <button
            type="button"
            className="button button--ghost button--small roles-perm-remove"
            onClick={() => remove(index)}
            aria-label={`Remove permission ${index + 1}`}
          >
            Remove
          </button>
        </div>
      ))}
      <div>
        <button
          type="button"
          className="button button--small"
          onClick={() => append({ resourceId: '', effect: 'allow', action: 'read' })}
        >
          <IconPlus size={14} /> Add permission
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
    <CreateForm form={form} label="Create role" onSubmit={onSubmit}>
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
    <EditForm form={form} label="Edit role" original={role} onSubmit={onSubmit}>
      <NameDescriptionFields emptyAs="null" />
      <PermissionsEditor />
      <MetadataField />
    </EditForm>
  );
}
