import { useSuspenseQuery } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { useState, type ReactNode } from 'react';
import { plural, t } from '@lingui/core/macro';
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
  const columns: ColumnDef<Agent, unknown>[] = [
    {
      id: 'name',
      header: 'Name',
      meta: { hideable: false, className: 'wrap' },
      cell: ({ row: { original: a } }) => (
        <Link to="/agents/$agentId" params={{ agentId: a.agentId }}>
          {a.name || 'Untitled agent'}
        </Link>
      ),
    },
    {
      id: 'description',
      header: 'Description',
      meta: { className: 'wrap' },
      cell: ({ row: { original: a } }) => a.description || <span className="muted">—</span>,
    },
    {
      id: 'resources',
      header: 'Resources',
      meta: { className: 'num' },
      cell: ({ row: { original: a } }) => a.resourceIds.length,
    },
    {
      id: 'runs',
      header: () => <span className="sr-only">Runs</span>,
      meta: { label: 'Runs' },
      cell: ({ row: { original: a } }) => (
        <Link to="/runs" search={{ agent: a.agentId }}>
          Runs
        </Link>
      ),
    },
    { id: 'created', header: 'Created', cell: ({ row: { original: a } }) => <DateTime value={a.createdTime} /> },
  ];
  return (
    <ListScreen
      title="Agents"
      description="An agent runs a document through a model, a validation, hooks and actions."
      noun={{ count: (n) => plural(n, { one: '# agent', other: '# agents' }), plural: t`agents` }}
      create={{ label: 'Create agent', onClick: () => setCreating(true) }}
      emptyText={canWrite ? 'Create an agent to start runs.' : 'Agents appear here once an admin creates one.'}
      label="Agents"
      data={agents}
      columns={columns}
      getRowId={(a) => a.agentId}
      columnsKey="agents"
      isFetching={isFetching}
    >
      <FormDialog open={creating} onOpenChange={setCreating} title="Create agent">
        <AgentForm
          inDialog
          onSubmit={async (body) => {
            const agent = await create.mutateAsync(body);
            setCreating(false);
            toast.success(`Agent ${agent.name || agent.agentId} created`);
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
  const name = agent.name || 'Untitled agent';
  return (
    <div className="page">
      <PageHeader
        title={name}
        meta={<IdWithCopy id={agent.agentId} label="Copy agent id" />}
        description={agent.description || undefined}
        actions={
          <>
            <Link to="/insights/$agentId" params={{ agentId: agent.agentId }} className="button button--ghost">
              Insights
            </Link>
            <Link to="/runs" search={{ agent: agent.agentId }} className="button button--primary">
              Open its runs
            </Link>
          </>
        }
      />
      {runs}
      <Section title={canWrite ? 'Edit agent' : 'Agent'}>
        <AgentForm
          key={`${agent.agentId}:${agent.updatedTime ?? ''}`}
          agent={agent}
          canWrite={canWrite}
          onSubmit={async (body) => {
            await update.mutateAsync({ agentId: agent.agentId, body });
            toast.success('Agent saved');
          }}
        />
      </Section>
    </div>
  );
}
