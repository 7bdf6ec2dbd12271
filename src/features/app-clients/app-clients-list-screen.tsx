import { useState } from 'react';
import { useSuspenseQuery } from '@tanstack/react-query';
import { getRouteApi, Link, useNavigate } from '@tanstack/react-router';
import type { AppClient } from '@/contract';
import { appClientsListQueryOptions, useCreateAppClient } from '@/api/app-clients';
import { IdWithCopy } from '@/components/copy-button';
import { listParams, type ColumnDef, type PaginationSearch } from '@/components/data-table';
import { DateTime } from '@/components/date-time';
import { ListScreen } from '@/components/list-screen';
import { FormDialog } from '@/components/form';
import { CreateAppClientForm } from './app-client-forms';
import { SecretReveal } from './secret-reveal';
import { useRoleOptions } from './use-role-options';
import './app-clients.css';
import { useOrganizationScope } from '@/api/organization-scope';

const routeApi = getRouteApi('/_authenticated/settings/app-clients/');

/** App clients (OAuth client credentials): list, create with the secret shown once. */
export function AppClientsListScreen() {
  const search = routeApi.useSearch();
  const navigateSearch = routeApi.useNavigate();
  const onSearch = (patch: PaginationSearch) => void navigateSearch({ search: (prev) => ({ ...prev, ...patch }) });
  const org = useOrganizationScope();
  const { data, isFetching } = useSuspenseQuery(appClientsListQueryOptions(org, listParams(search)));
  const { roleOptions, roleNames } = useRoleOptions();
  const [creating, setCreating] = useState(false);
  // The one place the new secret lives: this component's state, until the operator confirms they stored it.
  const [created, setCreated] = useState<{ client: AppClient; secret: string | null } | null>(null);
  const create = useCreateAppClient();
  const navigate = useNavigate();

  const columns: ColumnDef<AppClient>[] = [
    {
      id: 'name',
      header: 'Name',
      meta: { hideable: false },
      cell: ({ row: { original: c } }) => (
        <span className="row" style={{ flexWrap: 'nowrap' }}>
          <Link
            to="/settings/app-clients/$appClientId"
            params={{ appClientId: c.appClientId }}
            className="truncate app-clients-name"
            title={c.name ?? undefined}
          >
            {c.name || <span className="muted">Unnamed app client</span>}
          </Link>
          {c.mutable === false ? <span className="badge badge--info">This console</span> : null}
        </span>
      ),
    },
    {
      id: 'clientId',
      header: 'Client id',
      cell: ({ row: { original: c } }) => <IdWithCopy id={c.clientId} label="Copy client id" />,
    },
    {
      id: 'roles',
      header: 'Roles',
      meta: { className: 'wrap' },
      cell: ({ row: { original: c } }) =>
        c.roleIds?.length ? (
          c.roleIds.map((id) => roleNames.get(id) ?? id).join(', ')
        ) : (
          <span className="muted">None</span>
        ),
    },
    {
      id: 'appClientId',
      header: 'App client id',
      cell: ({ row: { original: c } }) => <IdWithCopy id={c.appClientId} label="Copy app client id" />,
    },
    { id: 'created', header: 'Created', cell: ({ row: { original: c } }) => <DateTime value={c.createdTime} /> },
  ];

  return (
    <ListScreen
      title="App clients"
      description="OAuth client credentials that apps and scripts use to call the service. Each gets the scopes of its roles."
      plural="app clients"
      create={{ label: 'Create app client', onClick: () => setCreating(true) }}
      emptyText="Create one for each app or script that calls the service, so each can be revoked on its own."
      label="App clients"
      data={data.appClients}
      columns={columns}
      getRowId={(c) => c.appClientId}
      columnsKey="app-clients"
      isFetching={isFetching}
      pagination={{
        scope: 'app-clients',
        noun: ['app client', 'app clients'],
        search,
        nextToken: data.nextToken,
        onNavigate: onSearch,
      }}
    >
      <FormDialog
        open={creating}
        onOpenChange={setCreating}
        title="Create app client"
        description="Its client id and secret appear once it is created."
        wide
      >
        <CreateAppClientForm
          roles={roleOptions}
          onSubmit={async (body) => {
            let secret: string | null = null;
            const client = await create.mutateAsync({ body, receiveSecret: (s) => (secret = s) });
            // The mutation's own state holds only the secret-free client; drop it anyway.
            create.reset();
            setCreating(false);
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
    </ListScreen>
  );
}
