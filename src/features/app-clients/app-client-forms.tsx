import {
  createAppClientBodySchema,
  updateAppClientBodySchema,
  type AppClient,
  type CreateAppClientBody,
  type UpdateAppClientBody,
} from '@/contract';
import {
  CheckboxField,
  CreateForm,
  EditForm,
  MetadataField,
  NameDescriptionFields,
  RolesField,
  TextField,
  useZodForm,
  type Option,
} from '@/components/form';
import { UrlListField } from './url-list-field';

const URL_RULE = 'Each starts with https:// (or http://localhost).';

/** Where the app client's users sign in: its login URLs and the default one. */
function LoginUrlFields() {
  return (
    <>
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
    </>
  );
}

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
    <CreateForm form={form} label="Create app client" onSubmit={(values) => onSubmit(withoutEmptyLists(values))}>
      <NameDescriptionFields emptyAs="undefined" />
      <RolesField options={roles} hint="Its access tokens get the scopes of these roles." />
      <LoginUrlFields />
      <CheckboxField
        name="generateSecret"
        label="Generate a client secret"
        hint="Needed for the client-credentials flow. It is shown once, right after creation."
        wide
      />
      <MetadataField />
    </CreateForm>
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
      <NameDescriptionFields emptyAs="null" />
      <RolesField options={roles} />
      <LoginUrlFields />
      <MetadataField />
    </EditForm>
  );
}
