import { t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { useState } from 'react';
import { useSuspenseQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { toast } from '@/components/toast';
import { appClientQueryOptions, useDeleteAppClient, useUpdateAppClient } from '@/api/app-clients';
import { useCapabilities } from '@/api/capabilities';
import { TypeToConfirmDelete } from '@/components/type-to-confirm-delete';
import { IdWithCopy } from '@/components/copy-button';
import { ChangeFacts } from '@/widgets/change-credit/change-facts';
import { FormDialog } from '@/components/form';
import { PageHeader, Section } from '@/components/page-header';
import { EditAppClientForm } from './app-client-forms';
import { useRoleOptions } from './use-role-options';
import './app-clients.css';
import { useOrganizationScope } from '@/api/organization-scope';
import type { AppClient } from '@/contract';

function None() {
  return (
    <span className="muted">
      <Trans>None</Trans>
    </span>
  );
}

function UrlList({ urls }: { urls: string[] | null | undefined }) {
  if (!urls?.length) return <None />;
  return (
    <span className="app-clients-urls">
      {urls.map((u) => (
        <span key={u} className="mono">
          {u}
        </span>
      ))}
    </span>
  );
}

export function AppClientDetailScreen({ appClientId }: { appClientId: string }) {
  const org = useOrganizationScope();
  const { data: client } = useSuspenseQuery(appClientQueryOptions(org, appClientId));
  const { roleOptions, roleNames } = useRoleOptions();
  const [editing, setEditing] = useState(false);
  const update = useUpdateAppClient();
  const remove = useDeleteAppClient();
  const navigate = useNavigate();
  const title = client.name || t`Unnamed app client`;
  const locked = client.mutable === false;
  const canWrite = useCapabilities().write;

  return (
    <div className="page">
      <PageHeader
        title={<span className="app-clients-title">{title}</span>}
        meta={
          <>
            {locked ? (
              <span className="badge badge--info">
                <Trans>This console's client (read-only)</Trans>
              </span>
            ) : null}
            <IdWithCopy id={client.appClientId} label={t`Copy app client id`} />
          </>
        }
        description={client.description || undefined}
        actions={
          locked || !canWrite ? undefined : (
            <>
              <TypeToConfirmDelete
                title={(name) => t`Delete app client ${name}?`}
                confirmLabel={t`Delete app client`}
                name={client.name || client.clientId}
                description={t`Its access tokens stop working at once and its credentials can never be used again. This cannot be undone.`}
                onDelete={async () => {
                  await remove.mutateAsync(client.appClientId);
                  toast.success(t`App client ${title} deleted`);
                  await navigate({ to: '/settings/app-clients' });
                }}
              />
              <button type="button" className="button button--primary" onClick={() => setEditing(true)}>
                <Trans>Edit app client</Trans>
              </button>
            </>
          )
        }
      />

      <Section title={t`Credentials`} id="app-client-credentials">
        <AppClientCredentials client={client} />
      </Section>

      <Section title={t`Details`} id="app-client-details">
        <AppClientDetails client={client} roleNames={roleNames} />
      </Section>

      <FormDialog open={editing} onOpenChange={setEditing} title={t`Edit app client`} wide>
        <EditAppClientForm
          client={client}
          roles={roleOptions}
          onSubmit={async (body) => {
            await update.mutateAsync({ appClientId: client.appClientId, body });
            setEditing(false);
            toast.success(t`App client saved`);
          }}
        />
      </FormDialog>
    </div>
  );
}

/** The client id, and whether it has a secret (never shown again after creation). */
function AppClientCredentials({ client }: { client: AppClient }) {
  return (
    <dl className="details">
      <div>
        <dt>
          <Trans>Client id</Trans>
        </dt>
        <dd>
          <IdWithCopy id={client.clientId} label={t`Copy client id`} />
        </dd>
      </div>
      <div>
        <dt>
          <Trans>Client secret</Trans>
        </dt>
        <dd>{client.hasSecret ? t`Set — shown only once, when the client was created` : <None />}</dd>
      </div>
    </dl>
  );
}

/** Roles, login, logout and callback URLs, and who changed the client when. */
function AppClientDetails({ client, roleNames }: { client: AppClient; roleNames: Map<string, string> }) {
  return (
    <dl className="details">
      <div>
        <dt>
          <Trans>Roles</Trans>
        </dt>
        <dd>{client.roleIds?.length ? client.roleIds.map((id) => roleNames.get(id) ?? id).join(', ') : <None />}</dd>
      </div>
      <div>
        <dt>
          <Trans>Default login URL</Trans>
        </dt>
        <dd>
          {client.defaultLoginUrl ? (
            <span className="mono" style={{ overflowWrap: 'anywhere' }}>
              {client.defaultLoginUrl}
            </span>
          ) : (
            <None />
          )}
        </dd>
      </div>
      <div>
        <dt>
          <Trans>Login URLs</Trans>
        </dt>
        <dd>
          <UrlList urls={client.loginUrls} />
        </dd>
      </div>
      <div>
        <dt>
          <Trans>Logout URLs</Trans>
        </dt>
        <dd>
          <UrlList urls={client.logoutUrls} />
        </dd>
      </div>
      <div>
        <dt>
          <Trans>Callback URLs</Trans>
        </dt>
        <dd>
          <UrlList urls={client.callbackUrls} />
        </dd>
      </div>
      <ChangeFacts collection="appClients" id={client.appClientId} resource={client} />
    </dl>
  );
}
