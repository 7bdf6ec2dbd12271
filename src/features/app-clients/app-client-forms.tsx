import { t } from '@lingui/core/macro';
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

/** Where the app client's users sign in: its login URLs and the default one. */
function LoginUrlFields() {
  return (
    <>
      <UrlListField
        name="loginUrls"
        label={t`Login URLs`}
        hint={t`One per line. Each starts with https:// (or http://localhost).`}
      />
      <TextField
        name="defaultLoginUrl"
        label={t`Default login URL`}
        optional
        emptyAs="undefined"
        type="url"
        hint={t`Starts with https:// (or http://localhost).`}
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
    <CreateForm form={form} label={t`Create app client`} onSubmit={(values) => onSubmit(withoutEmptyLists(values))}>
      <NameDescriptionFields emptyAs="undefined" />
      <RolesField options={roles} hint={t`Its access tokens get the scopes of these roles.`} />
      <LoginUrlFields />
      <CheckboxField
        name="generateSecret"
        label={t`Generate a client secret`}
        hint={t`Needed for the client-credentials flow. It is shown once, right after creation.`}
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
    <EditForm form={form} label={t`Edit app client`} original={client} onSubmit={onSubmit}>
      <NameDescriptionFields emptyAs="null" />
      <RolesField options={roles} />
      <LoginUrlFields />
      <MetadataField />
    </EditForm>
  );
}
