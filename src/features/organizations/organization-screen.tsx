import { useState } from 'react';
import { useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { getRouteApi } from '@tanstack/react-router';
import { plural, t } from '@lingui/core/macro';
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
  const title = organization.name || 'Unnamed organization';

  return (
    <div className="page">
      <PageHeader
        title={title}
        meta={
          <>
            <span className="badge badge--info">Your organization</span>
            <IdWithCopy id={organization.organizationId} label="Copy organization id" />
          </>
        }
        description={organization.description || undefined}
        actions={
          canWrite ? (
            <>
              <button type="button" className="button" onClick={() => setCreating(true)}>
                <IconPlus /> Create organization
              </button>
              <button type="button" className="button button--primary" onClick={() => setEditing(true)}>
                Edit organization
              </button>
            </>
          ) : undefined
        }
      />

      <Section title="Details" id="organization-details">
        <OrganizationDetails organization={organization} />
      </Section>

      <Section
        title="Quotas this month"
        description="Usage since the start of the month against the monthly allowance."
        id="quota-monthly"
      >
        <QuotaTable organization={organization} kind="monthly" />
        <h3 className="subheading">Usage without an allowance</h3>
        <UsageOnlyList organization={organization} />
      </Section>

      <Section
        title="Total quotas"
        description="Resources that exist now against how many the organization may have."
        id="quota-total"
      >
        <QuotaTable organization={organization} kind="total" />
      </Section>

      <Section
        title="Review"
        description="How long a run may wait for review before the console marks it."
        id="review-wait"
      >
        <ReviewWaitSetting />
      </Section>

      <Section title="Organizations" description="This organization and the ones it created." id="organizations-list">
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

/** What the organization is: name, URL, retention, plan, payment method, scopes, and who changed it when. */
function OrganizationDetails({ organization }: { organization: Organization }) {
  return (
    <dl className="details">
      <div>
        <dt>Name</dt>
        <dd>{organization.name || <span className="muted">Not set</span>}</dd>
      </div>
      <div>
        <dt>URL</dt>
        <dd>
          {organization.url ? (
            <a href={organization.url} target="_blank" rel="noreferrer noopener">
              {organization.url}
            </a>
          ) : (
            <span className="muted">Not set</span>
          )}
        </dd>
      </div>
      <div>
        <dt>Document retention</dt>
        <dd>
          {organization.documentRetentionInDays != null ? (
            `${organization.documentRetentionInDays.toLocaleString('en-US')} days`
          ) : (
            <span className="muted">Not set</span>
          )}
        </dd>
      </div>
      <div>
        <dt>Plan</dt>
        <dd>
          {organization.planId ? (
            <IdWithCopy id={organization.planId} label="Copy plan id" />
          ) : (
            <span className="muted">No plan</span>
          )}
        </dd>
      </div>
      <div>
        <dt>Payment method</dt>
        <dd>
          {organization.paymentMethodId ? (
            <IdWithCopy id={organization.paymentMethodId} label="Copy payment method id" />
          ) : (
            <span className="muted">None on file</span>
          )}
        </dd>
      </div>
      <div>
        <dt>Scopes</dt>
        <dd>{organization.useNewScopes === false ? 'Legacy scopes' : 'New scopes (per resource family)'}</dd>
      </div>
      <ChangeFacts collection="organizations" id={organization.organizationId} resource={organization} />
    </dl>
  );
}

type DialogProps = { open: boolean; onOpenChange: (open: boolean) => void };

function EditOrganizationDialog({ organization, open, onOpenChange }: DialogProps & { organization: Organization }) {
  const update = useUpdateOrganization();
  return (
    <FormDialog open={open} onOpenChange={onOpenChange} title="Edit organization" wide>
      <EditOrganizationForm
        organization={organization}
        onSubmit={async (body) => {
          await update.mutateAsync({ organizationId: organization.organizationId, body });
          onOpenChange(false);
          toast.success('Organization saved');
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
      title="Create organization"
      description="A new, separate organization with the built-in roles and default quotas. This console keeps managing the current one."
      wide
    >
      <CreateOrganizationForm
        onSubmit={async (body) => {
          const created = await create.mutateAsync(body);
          onOpenChange(false);
          toast.success(`Organization ${created.name || created.organizationId} created`, {
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
  if (list.isPending) return <LoadingState label="Loading organizations" />;
  if (list.isError) {
    if (isApiError(list.error, 403)) return <ForbiddenState message={list.error.message} />;
    return <ErrorState error={list.error} onRetry={() => void list.refetch()} />;
  }
  const columns: ColumnDef<Organization>[] = [
    {
      id: 'name',
      header: 'Name',
      cell: ({ row }) => (
        <span className="row" style={{ flexWrap: 'nowrap' }}>
          <span className="truncate" title={row.original.name ?? undefined}>
            {row.original.name || <span className="muted">Unnamed</span>}
          </span>
          {row.original.organizationId === currentId ? <span className="badge badge--info">This one</span> : null}
        </span>
      ),
      meta: { hideable: false },
    },
    {
      id: 'organizationId',
      header: 'Organization id',
      cell: ({ row }) => <IdWithCopy id={row.original.organizationId} label="Copy organization id" />,
    },
    {
      id: 'retention',
      header: 'Retention (days)',
      meta: { className: 'num' },
      cell: ({ row }) => row.original.documentRetentionInDays ?? '—',
    },
    { id: 'created', header: 'Created', cell: ({ row }) => <DateTime value={row.original.createdTime} /> },
  ];
  return (
    <DataTable
      label="Organizations"
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
          title="No organizations"
          action={
            onCreate ? (
              <button type="button" className="button" onClick={onCreate}>
                Create organization
              </button>
            ) : undefined
          }
        >
          Create one to keep another team's documents and users apart.
        </EmptyState>
      }
    />
  );
}
