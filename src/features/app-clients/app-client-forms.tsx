import {
  createAppClientBodySchema,
  updateAppClientBodySchema,
  type AppClient,
  type CreateAppClientBody,
  type UpdateAppClientBody,
} from '@/contract';
import {
  EditForm,
  CheckboxField,
  DialogCancel,
  Form,
  FormActions,
  JsonField,
  MultiSelectField,
  SubmitButton,
  TextareaField,
  TextField,
  useZodForm,
  type Option,
} from '@/components/form';
import { UrlListField } from './url-list-field';

const URL_RULE = 'Each starts with https:// (or http://localhost).';
const ROLES_EMPTY = 'No roles exist yet. Create one under Settings → Roles.';

export function CreateAppClientForm({
  roles,
  onSubmit,
}: {
  roles: Option[];
  onSubmit: (body: CreateAppClientBody) => Promise<unknown>;
}) {
  const form = useZodForm(createAppClientBodySchema, {
    defaultValues: {
      name: undefined,
      description: undefined,
      roleIds: [],
      loginUrls: [],
      defaultLoginUrl: undefined,
      metadata: undefined,
      generateSecret: true,
    },
  });
  return (
    <Form form={form} aria-label="Create app client" onSubmit={(values) => onSubmit(withoutEmptyLists(values))}>
      <div className="form-grid">
        <TextField name="name" label="Name" optional emptyAs="undefined" maxLength={4096} wide />
        <TextareaField name="description" label="Description" optional emptyAs="undefined" wide />
        <MultiSelectField
          name="roleIds"
          label="Roles"
          optional
          options={roles}
          emptyText={ROLES_EMPTY}
          wide
          hint="Its access tokens get the scopes of these roles."
        />
        <UrlListField name="loginUrls" label="Login URLs" hint={`One per line. ${URL_RULE}`} />
        <TextField
          name="defaultLoginUrl"
          label="Default login URL"
          optional
          emptyAs="undefined"
          type="url"
          hint="Starts with https:// (or http://localhost)."
          wide
        />
        <CheckboxField
          name="generateSecret"
          label="Generate a client secret"
          hint="Needed for the client-credentials flow. It is shown once, right after creation."
          wide
        />
        <JsonField name="metadata" label="Metadata" optional />
      </div>
      <FormActions align="end">
        <DialogCancel />
        <SubmitButton>Create app client</SubmitButton>
      </FormActions>
    </Form>
  );
}

function withoutEmptyLists(body: CreateAppClientBody): CreateAppClientBody {
  return {
    ...body,
    loginUrls: body.loginUrls?.length ? body.loginUrls : undefined,
    roleIds: body.roleIds?.length ? body.roleIds : undefined,
  };
}

export function EditAppClientForm({
  client,
  roles,
  onSubmit,
}: {
  client: AppClient;
  roles: Option[];
  onSubmit: (body: UpdateAppClientBody) => Promise<unknown>;
}) {
  const form = useZodForm(updateAppClientBodySchema, {
    defaultValues: {
      name: client.name ?? null,
      description: client.description ?? null,
      roleIds: client.roleIds ?? [],
      loginUrls: client.loginUrls ?? [],
      defaultLoginUrl: client.defaultLoginUrl ?? undefined,
      metadata: client.metadata ?? undefined,
    },
  });
  return (
    <EditForm form={form} label="Edit app client" original={client} onSubmit={onSubmit}>
      <TextField name="name" label="Name" optional emptyAs="null" maxLength={4096} wide />
      <TextareaField name="description" label="Description" optional emptyAs="null" wide />
      <MultiSelectField name="roleIds" label="Roles" optional options={roles} emptyText={ROLES_EMPTY} wide />
      <UrlListField name="loginUrls" label="Login URLs" hint={`One per line. ${URL_RULE}`} />
      <TextField
        name="defaultLoginUrl"
        label="Default login URL"
        optional
        emptyAs="undefined"
        type="url"
        hint="Starts with https:// (or http://localhost)."
        wide
      />
      <JsonField name="metadata" label="Metadata" optional />
    </EditForm>
  );
}
