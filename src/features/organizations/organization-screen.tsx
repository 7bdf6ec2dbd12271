import { useState } from 'react';
import { plural, t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { getRouteApi } from '@tanstack/react-router';
import { toast } from '@/components/toast';
import type { Organization } from '@/contract';
import {
  organizationMeQueryOptions,
  organizationsListQueryOptions,
  useCreateOrganization,
  useUpdateOrganization,
} from '@/api/organizations';
import { isApiError } from '@/api/errors';
import { useCapabilities } from '@/api/capabilities';
import { PageHeader, Section } from '@/components/page-header';
import { IdWithCopy } from '@/components/copy-button';
import { DateTime } from '@/components/date-time';
import { formatNumber } from '@/i18n/format';
import { ChangeFacts } from '@/widgets/change-credit/change-facts';
import { FormDialog } from '@/components/form';
import { DataTable, listParams, type ColumnDef, type PaginationSearch } from '@/components/data-table';
import { EmptyState, ErrorState, ForbiddenState, LoadingState } from '@/components/states';
import { IconPlus } from '@/components/icons';
import { CreateOrganizationForm, EditOrganizationForm } from './organization-forms';
import { QuotaTable, UsageOnlyList } from './quota-usage';
import { ReviewWaitSetting } from './review-wait-setting';
import { useOrganizationScope } from '@/api/organization-scope';

const routeApi = getRouteApi('/_authenticated/settings/organization');

/** The operator's organization: details, every quota as usage vs allowance, edit, create, and the organizations list. */
export function OrganizationScreen() {
  const { data: organization } = useSuspenseQuery(organizationMeQueryOptions(useOrganizationScope()));
  const [editing, setEditing] = useState(false);
  const [creating, setCreating] = useState(false);
  const canWrite = useCapabilities().write;
  const title = organization.name || t`Unnamed organization`;

  return (
    <div className="page">
      <PageHeader
        title={title}
        meta={
          <>
            <span className="badge badge--info">
              <Trans>Your organization</Trans>
            </span>
            <IdWithCopy id={organization.organizationId} label={t`Copy organization id`} />
          </>
        }
        description={organization.description || undefined}
        actions={
          canWrite ? (
            <>
              <button type="button" className="button" onClick={() => setCreating(true)}>
                <IconPlus /> <Trans>Create organization</Trans>
              </button>
              <button type="button" className="button button--primary" onClick={() => setEditing(true)}>
                <Trans>Edit organization</Trans>
              </button>
            </>
          ) : undefined
        }
      />

      <Section title={t`Details`} id="organization-details">
        <OrganizationDetails organization={organization} />
      </Section>

      <Section
        title={t`Quotas this month`}
        description={t`Usage since the start of the month against the monthly allowance.`}
        id="quota-monthly"
      >
        <QuotaTable organization={organization} kind="monthly" />
        <h3 className="subheading">
          <Trans>Usage without an allowance</Trans>
        </h3>
        <UsageOnlyList organization={organization} />
      </Section>

      <Section
        title={t`Total quotas`}
        description={t`Resources that exist now against how many the organization may have.`}
        id="quota-total"
      >
        <QuotaTable organization={organization} kind="total" />
      </Section>

      <Section
        title={t`Review`}
        description={t`How long a run may wait for review before the console marks it.`}
        id="review-wait"
      >
        <ReviewWaitSetting />
      </Section>

      <Section
        title={t`Organizations`}
        description={t`This organization and the ones it created.`}
        id="organizations-list"
      >
        <OrganizationsList
          currentId={organization.organizationId}
          onCreate={canWrite ? () => setCreating(true) : undefined}
        />
      </Section>

      <EditOrganizationDialog organization={organization} open={editing} onOpenChange={setEditing} />
      <CreateOrganizationDialog open={creating} onOpenChange={setCreating} />
    </div>
  );
}

function NotSet() {
  return (
    <span className="muted">
      <Trans>Not set</Trans>
    </span>
  );
}

/** What the organization is: name, URL, retention, plan, payment method, scopes, and who changed it when. */
function OrganizationDetails({ organization }: { organization: Organization }) {
  const retentionDays = organization.documentRetentionInDays;
  return (
    <dl className="details">
      <div>
        <dt>
          <Trans>Name</Trans>
        </dt>
        <dd>{organization.name || <NotSet />}</dd>
      </div>
      <div>
        <dt>
          <Trans>URL</Trans>
        </dt>
        <dd>
          {organization.url ? (
            <a href={organization.url} target="_blank" rel="noreferrer noopener">
              {organization.url}
            </a>
          ) : (
            <NotSet />
          )}
        </dd>
      </div>
      <div>
        <dt>
          <Trans>Document retention</Trans>
        </dt>
        <dd>{retentionDays != null ? plural(retentionDays, { one: '# day', other: '# days' }) : <NotSet />}</dd>
      </div>
      <div>
        <dt>
          <Trans>Plan</Trans>
        </dt>
        <dd>
          {organization.planId ? (
            <IdWithCopy id={organization.planId} label={t`Copy plan id`} />
          ) : (
            <span className="muted">
              <Trans>No plan</Trans>
            </span>
          )}
        </dd>
      </div>
      <div>
        <dt>
          <Trans>Payment method</Trans>
        </dt>
        <dd>
          {organization.paymentMethodId ? (
            <IdWithCopy id={organization.paymentMethodId} label={t`Copy payment method id`} />
          ) : (
            <span className="muted">
              <Trans>None on file</Trans>
            </span>
          )}
        </dd>
      </div>
      <div>
        <dt>
          <Trans>Scopes</Trans>
        </dt>
        <dd>{organization.useNewScopes === false ? t`Legacy scopes` : t`New scopes (per resource family)`}</dd>
      </div>
      <ChangeFacts collection="organizations" id={organization.organizationId} resource={organization} />
    </dl>
  );
}

type DialogProps = { open: boolean; onOpenChange: (open: boolean) => void };

function EditOrganizationDialog({ organization, open, onOpenChange }: DialogProps & { organization: Organization }) {
  const update = useUpdateOrganization();
  return (
    <FormDialog open={open} onOpenChange={onOpenChange} title={t`Edit organization`} wide>
      <EditOrganizationForm
        organization={organization}
        onSubmit={async (body) => {
          await update.mutateAsync({ organizationId: organization.organizationId, body });
          onOpenChange(false);
          toast.success(t`Organization saved`);
        }}
      />
    </FormDialog>
  );
}

function CreateOrganizationDialog({ open, onOpenChange }: DialogProps) {
  const create = useCreateOrganization();
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title={t`Create organization`}
      description={t`A new, separate organization with the built-in roles and default quotas. This console keeps managing the current one.`}
      wide
    >
      <CreateOrganizationForm
        onSubmit={async (body) => {
          const created = await create.mutateAsync(body);
          onOpenChange(false);
          const organizationName = created.name || created.organizationId;
          toast.success(t`Organization ${organizationName} created`, {
            description: created.organizationId,
          });
        }}
      />
    </FormDialog>
  );
}

function OrganizationsList({
  currentId,
  onCreate,
}: {
  currentId: string;
  /** Offered in the empty state; absent for an operator who may not write. */
  onCreate?: () => void;
}) {
  const org = useOrganizationScope();
  const search = routeApi.useSearch();
  const navigate = routeApi.useNavigate();
  // The list sits at the bottom of the screen: paging it keeps the scroll position.
  const onSearch = (patch: PaginationSearch) =>
    void navigate({ search: (prev) => ({ ...prev, ...patch }), resetScroll: false });
  const list = useQuery(organizationsListQueryOptions(org, listParams(search)));
  if (list.isPending) return <LoadingState label={t`Loading organizations`} />;
  if (list.isError) {
    if (isApiError(list.error, 403)) return <ForbiddenState message={list.error.message} />;
    return <ErrorState error={list.error} onRetry={() => void list.refetch()} />;
  }
  const columns = organizationColumns(currentId);
  return (
    <DataTable
      label={t`Organizations`}
      data={list.data.organizations}
      columns={columns}
      getRowId={(o) => o.organizationId}
      columnsKey="organizations"
      isFetching={list.isFetching}
      pagination={{
        scope: 'organizations',
        noun: {
          count: (n) => plural(n, { one: '# organization', other: '# organizations' }),
          plural: t`organizations`,
        },
        search,
        nextToken: list.data.nextToken,
        onNavigate: onSearch,
      }}
      empty={
        <EmptyState
          title={t`No organizations`}
          action={
            onCreate ? (
              <button type="button" className="button" onClick={onCreate}>
                <Trans>Create organization</Trans>
              </button>
            ) : undefined
          }
        >
          <Trans>Create one to keep another team's documents and users apart.</Trans>
        </EmptyState>
      }
    />
  );
}

/** The organizations table's columns; the operator's own is marked. */
function organizationColumns(currentId: string): ColumnDef<Organization>[] {
  return [
    {
      id: 'name',
      header: t`Name`,
      cell: ({ row }) => (
        <span className="row" style={{ flexWrap: 'nowrap' }}>
          <span className="truncate" title={row.original.name ?? undefined}>
            {row.original.name || (
              <span className="muted">
                <Trans>Unnamed</Trans>
              </span>
            )}
          </span>
          {row.original.organizationId === currentId ? (
            <span className="badge badge--info">
              <Trans>This one</Trans>
            </span>
          ) : null}
        </span>
      ),
      meta: { hideable: false },
    },
    {
      id: 'organizationId',
      header: t`Organization id`,
      cell: ({ row }) => <IdWithCopy id={row.original.organizationId} label={t`Copy organization id`} />,
    },
    {
      id: 'retention',
      header: t`Retention (days)`,
      meta: { className: 'num' },
      cell: ({ row }) => {
        const days = row.original.documentRetentionInDays;
        return days == null ? '—' : formatNumber(days);
      },
    },
    { id: 'created', header: t`Created`, cell: ({ row }) => <DateTime value={row.original.createdTime} /> },
  ];
}
