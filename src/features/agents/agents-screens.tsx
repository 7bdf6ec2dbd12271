import { plural, t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { useSuspenseQuery } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { useState, type ReactNode } from 'react';
import { toast } from '@/components/toast';
import { agentQueryOptions, agentsQueryOptions, useCreateAgent, useUpdateAgent } from '@/api/agents';
import { useCapabilities } from '@/api/capabilities';
import { IdWithCopy } from '@/components/copy-button';
import type { ColumnDef } from '@/components/data-table';
import { DateTime } from '@/components/date-time';
import { FormDialog } from '@/components/form';
import { ListScreen } from '@/components/list-screen';
import { PageHeader, Section } from '@/components/page-header';
import type { Agent } from '@/contract';
import { formatNumber } from '@/i18n/format';
import { AgentForm } from './agent-form';
import { useOrganizationScope } from '@/api/organization-scope';

/** Agents: what each one does and how many resources make up its workflow; create one. */
export function AgentsListScreen() {
  const org = useOrganizationScope();
  const canWrite = useCapabilities().write;
  const { data: agents, isFetching } = useSuspenseQuery(agentsQueryOptions(org));
  const [creating, setCreating] = useState(false);
  const create = useCreateAgent();
  const navigate = useNavigate();
  const columns: ColumnDef<Agent>[] = [
    {
      id: 'name',
      header: t`Name`,
      meta: { hideable: false, className: 'wrap' },
      cell: ({ row: { original: a } }) => (
        <Link to="/agents/$agentId" params={{ agentId: a.agentId }}>
          {a.name || t`Untitled agent`}
        </Link>
      ),
    },
    {
      id: 'description',
      header: t`Description`,
      meta: { className: 'wrap' },
      cell: ({ row: { original: a } }) => a.description || <span className="muted">—</span>,
    },
    {
      id: 'resources',
      header: t`Resources`,
      meta: { className: 'num' },
      cell: ({ row: { original: a } }) => formatNumber(a.resourceIds.length),
    },
    {
      id: 'runs',
      header: () => (
        <span className="sr-only">
          <Trans>Runs</Trans>
        </span>
      ),
      meta: { label: t`Runs` },
      cell: ({ row: { original: a } }) => (
        <Link to="/runs" search={{ agent: a.agentId }}>
          <Trans>Runs</Trans>
        </Link>
      ),
    },
    { id: 'created', header: t`Created`, cell: ({ row: { original: a } }) => <DateTime value={a.createdTime} /> },
  ];
  return (
    <ListScreen
      title={t`Agents`}
      description={t`An agent runs a document through a model, a validation, hooks and actions.`}
      noun={{ count: (n) => plural(n, { one: '# agent', other: '# agents' }), plural: t`agents` }}
      create={{ label: t`Create agent`, onClick: () => setCreating(true) }}
      emptyText={canWrite ? t`Create an agent to start runs.` : t`Agents appear here once an admin creates one.`}
      label={t`Agents`}
      data={agents}
      columns={columns}
      getRowId={(a) => a.agentId}
      columnsKey="agents"
      isFetching={isFetching}
    >
      <FormDialog open={creating} onOpenChange={setCreating} title={t`Create agent`}>
        <AgentForm
          inDialog
          onSubmit={async (body) => {
            const agent = await create.mutateAsync(body);
            setCreating(false);
            const agentName = agent.name || agent.agentId;
            toast.success(t`Agent ${agentName} created`);
            await navigate({ to: '/agents/$agentId', params: { agentId: agent.agentId } });
          }}
        />
      </FormDialog>
    </ListScreen>
  );
}

/** One agent: its workflow, runs per status, recent runs, and the edit form. */
export function AgentDetailScreen({ agentId, runs }: { agentId: string; runs: ReactNode }) {
  const org = useOrganizationScope();
  const canWrite = useCapabilities().write;
  const { data: agent } = useSuspenseQuery(agentQueryOptions(org, agentId));
  const update = useUpdateAgent();
  const name = agent.name || t`Untitled agent`;
  return (
    <div className="page">
      <PageHeader
        title={name}
        meta={<IdWithCopy id={agent.agentId} label={t`Copy agent id`} />}
        description={agent.description || undefined}
        actions={
          <>
            <Link to="/insights/$agentId" params={{ agentId: agent.agentId }} className="button button--ghost">
              <Trans>Insights</Trans>
            </Link>
            <Link to="/runs" search={{ agent: agent.agentId }} className="button button--primary">
              <Trans>Open its runs</Trans>
            </Link>
          </>
        }
      />
      {runs}
      <Section title={canWrite ? t`Edit agent` : t`Agent`}>
        <AgentForm
          key={`${agent.agentId}:${agent.updatedTime ?? ''}`}
          agent={agent}
          canWrite={canWrite}
          onSubmit={async (body) => {
            await update.mutateAsync({ agentId: agent.agentId, body });
            toast.success(t`Agent saved`);
          }}
        />
      </Section>
    </div>
  );
}
