import { t } from '@lingui/core/macro';
import {
  createUserBodySchema,
  updateUserBodySchema,
  type CreateUserBody,
  type UpdateUserBody,
  type User,
} from '@/contract';
import {
  CreateForm,
  EditForm,
  MetadataField,
  NameDescriptionFields,
  RolesField,
  SelectField,
  TextField,
  useZodForm,
  type Option,
} from '@/components/form';

export interface UserFormOptions {
  roles: Option[];
  appClients: Option[];
}

/** Create User as the seed has it: email (the seed's rule), name, description, roles, app client, metadata. */
export function CreateUserForm({
  options,
  onSubmit,
}: {
  options: UserFormOptions;
  onSubmit: (body: CreateUserBody) => Promise<unknown>;
}) {
  const form = useZodForm(createUserBodySchema, {
    defaultValues: {
      email: '',
      name: undefined,
      description: undefined,
      roleIds: [],
      appClientId: undefined,
      metadata: undefined,
    },
  });
  return (
    <CreateForm form={form} label={t`Create user`} onSubmit={onSubmit}>
      <TextField
        name="email"
        label={t`Email`}
        type="email"
        autoComplete="off"
        spellCheck={false}
        hint={t`The invitation goes to this address, e.g. ann@example.com.`}
      />
      <NameDescriptionFields emptyAs="undefined" nameWide={false} />
      <RolesField options={options.roles} />
      <SelectField
        name="appClientId"
        label={t`App client`}
        optional
        options={options.appClients}
        placeholder={t`None`}
        hint={t`The app the invitation signs in to.`}
        wide
      />
      <MetadataField />
    </CreateForm>
  );
}

/** Edit: name, description, roles, metadata (the seed's PATCH). Only changed fields are sent. */
export function EditUserForm({
  user,
  roles,
  onSubmit,
}: {
  user: User;
  roles: Option[];
  onSubmit: (body: UpdateUserBody) => Promise<unknown>;
}) {
  const form = useZodForm(updateUserBodySchema, {
    defaultValues: {
      name: user.name ?? null,
      description: user.description ?? null,
      roleIds: user.roleIds ?? [],
      metadata: user.metadata ?? undefined,
    },
  });
  return (
    <EditForm form={form} label={t`Edit user`} original={user} onSubmit={onSubmit}>
      <NameDescriptionFields emptyAs="null" />
      <RolesField options={roles} />
      <MetadataField />
    </EditForm>
  );
}
