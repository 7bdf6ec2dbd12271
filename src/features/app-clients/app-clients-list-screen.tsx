import { plural, t } from '@lingui/core/macro';
import { useState } from 'react';
import { getRouteApi, useNavigate } from '@tanstack/react-router';
import type { AppClient } from '@/contract';
import { appClientsListQueryOptions, useCreateAppClient } from '@/api/app-clients';
import { PagedListScreen } from '@/components/paged-list-screen';
import { FormDialog, type Option } from '@/components/form';
import { CreateAppClientForm } from './app-client-forms';
import { appClientColumns } from './app-clients-columns';
import { SecretReveal } from './secret-reveal';
import { useRoleOptions } from './use-role-options';
import './app-clients.css';

const routeApi = getRouteApi('/_authenticated/settings/app-clients/');

/** App clients (OAuth client credentials): list, create with the secret shown once. */
export function AppClientsListScreen() {
  const { roleOptions, roleNames } = useRoleOptions();
  const [creating, setCreating] = useState(false);
  return (
    <PagedListScreen
      route={routeApi}
      query={appClientsListQueryOptions}
      rows={(data) => data.appClients}
      title={t`App clients`}
      noun={{ count: (n) => plural(n, { one: '# app client', other: '# app clients' }), plural: t`app clients` }}
      listKey="app-clients"
      description={t`OAuth client credentials that apps and scripts use to call the service. Each gets the scopes of its roles.`}
      create={{ label: t`Create app client`, onClick: () => setCreating(true) }}
      emptyText={t`Create one for each app or script that calls the service, so each can be revoked on its own.`}
      columns={appClientColumns(roleNames)}
      getRowId={(c) => c.appClientId}
    >
      <CreateAppClientDialog open={creating} onOpenChange={setCreating} roles={roleOptions} />
    </PagedListScreen>
  );
}

/** Creates an app client, shows its secret once, then opens it. */
function CreateAppClientDialog({
  open,
  onOpenChange,
  roles,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  roles: Option[];
}) {
  // The one place the new secret lives: this component's state, until the operator confirms they stored it.
  const [created, setCreated] = useState<{ client: AppClient; secret: string | null } | null>(null);
  const create = useCreateAppClient();
  const navigate = useNavigate();
  return (
    <>
      <FormDialog
        open={open}
        onOpenChange={onOpenChange}
        title={t`Create app client`}
        description={t`Its client id and secret appear once it is created.`}
        wide
      >
        <CreateAppClientForm
          roles={roles}
          onSubmit={async (body) => {
            let secret: string | null = null;
            const client = await create.mutateAsync({ body, receiveSecret: (s) => (secret = s) });
            // The mutation's own state holds only the secret-free client; drop it anyway.
            create.reset();
            onOpenChange(false);
            setCreated({ client, secret });
          }}
        />
      </FormDialog>
      {created ? (
        <SecretReveal
          clientName={created.client.name || created.client.clientId}
          clientId={created.client.clientId}
          secret={created.secret}
          onDone={() => {
            const { appClientId } = created.client;
            setCreated(null);
            void navigate({ to: '/settings/app-clients/$appClientId', params: { appClientId } });
          }}
        />
      ) : null}
    </>
  );
}
