import {
  createUserBodySchema,
  updateUserBodySchema,
  type CreateUserBody,
  type UpdateUserBody,
  type User,
} from '@/contract';
import {
  EditForm,
  DialogCancel,
  Form,
  FormActions,
  JsonField,
  MultiSelectField,
  SelectField,
  SubmitButton,
  TextareaField,
  TextField,
  useZodForm,
  type Option,
} from '@/components/form';

export interface UserFormOptions {
  roles: Option[];
  appClients: Option[];
}

const ROLES_EMPTY = 'No roles exist yet. Create one under Settings → Roles.';

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
    <Form form={form} aria-label="Create user" onSubmit={onSubmit}>
      <div className="form-grid">
        <TextField
          name="email"
          label="Email"
          type="email"
          autoComplete="off"
          spellCheck={false}
          hint="The invitation goes to this address, e.g. ann@example.com."
        />
        <TextField name="name" label="Name" optional emptyAs="undefined" maxLength={4096} />
        <TextareaField name="description" label="Description" optional emptyAs="undefined" wide />
        <MultiSelectField name="roleIds" label="Roles" optional options={options.roles} emptyText={ROLES_EMPTY} wide />
        <SelectField
          name="appClientId"
          label="App client"
          optional
          options={options.appClients}
          placeholder="None"
          hint="The app the invitation signs in to."
          wide
        />
        <JsonField name="metadata" label="Metadata" optional />
      </div>
      <FormActions align="end">
        <DialogCancel />
        <SubmitButton>Create user</SubmitButton>
      </FormActions>
    </Form>
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
    <EditForm form={form} label="Edit user" original={user} onSubmit={onSubmit}>
      <TextField name="name" label="Name" optional emptyAs="null" maxLength={4096} wide />
      <TextareaField name="description" label="Description" optional emptyAs="null" wide />
      <MultiSelectField name="roleIds" label="Roles" optional options={roles} emptyText={ROLES_EMPTY} wide />
      <JsonField name="metadata" label="Metadata" optional />
    </EditForm>
  );
}
