import { useSuspenseQuery, useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { t } from '@lingui/core/macro';
import { toast } from '@/components/toast';
import { useDeleteValidation, useUpdateValidation, validationQueryOptions } from '@/api/validations';
import { useCapabilities } from '@/api/capabilities';
import { validationTasksListQueryOptions } from '@/api/validation-tasks';
import { TypeToConfirmDelete } from '@/components/confirm-dialog';
import { IdWithCopy } from '@/components/copy-button';
import { DataTable, type ColumnDef } from '@/components/data-table';
import { DateTime } from '@/components/date-time';
import { PageHeader, Section } from '@/components/page-header';
import { EmptyState, ErrorState, LoadingState } from '@/components/states';
import {
  parseAgentRunReference,
  VALIDATION_TASK_STATUSES,
  type ValidationTask,
  type ValidationTaskStatus,
} from '@/contract';
import { ValidationForm } from './validation-form';
import { EnabledBadge, ruleCount } from './validation-status';
import { useOrganizationScope } from '@/api/organization-scope';

/** One validation: enable/disable at once, edit, delete, and its task queue by status. */
export function ValidationDetailScreen({ validationId }: { validationId: string }) {
  const org = useOrganizationScope();
  const canWrite = useCapabilities().write;
  const { data: validation } = useSuspenseQuery(validationQueryOptions(org, validationId));
  const update = useUpdateValidation();
  const remove = useDeleteValidation();
  const navigate = useNavigate();
  const name = validation.name || 'Untitled validation';
  const enabled = validation.enabled !== false;
  return (
    <div className="page">
      <PageHeader
        title={name}
        meta={
          <>
            <EnabledBadge enabled={enabled} />
            <IdWithCopy id={validation.validationId} label="Copy validation id" />
            <span>{ruleCount(validation)}</span>
          </>
        }
        description={validation.description ?? undefined}
        actions={
          !canWrite ? undefined : (
            <>
              <button
                type="button"
                className="button"
                disabled={update.isPending}
                onClick={() =>
                  update.mutate(
                    { validationId, body: { enabled: !enabled } },
                    {
                      onSuccess: () => toast.success(enabled ? 'Validation disabled' : 'Validation enabled'),
                      onError: (e) => toast.error(e.message),
                    },
                  )
                }
              >
                {enabled ? 'Disable' : 'Enable'}
              </button>
              <TypeToConfirmDelete
                title={(name) => t`Delete validation ${name}?`}
                confirmLabel={t`Delete validation`}
                name={name}
                buttonLabel="Delete"
                description="Agents that name it stop sending runs to review. Its tasks are no longer listed. This cannot be undone."
                onDelete={async () => {
                  await remove.mutateAsync(validationId);
                  toast.success(`Deleted validation ${name}`);
                  await navigate({ to: '/validations' });
                }}
              />
            </>
          )
        }
      />
      <p className="muted">
        Updated <DateTime value={validation.updatedTime ?? validation.createdTime} /> · created{' '}
        <DateTime value={validation.createdTime} mode="exact" />
      </p>
      <Section title="Settings">
        <ValidationForm
          key={`${validation.validationId}:${validation.updatedTime ?? ''}`}
          mode="edit"
          validation={validation}
          canWrite={canWrite}
          onUpdate={async (body) => {
            await update.mutateAsync({ validationId, body });
            toast.success('Validation saved');
          }}
        />
      </Section>
      <TaskQueue validationId={validationId} />
    </div>
  );
}

const STATUS_LABEL: Record<ValidationTaskStatus, string> = {
  ready: 'Ready',
  'in-progress': 'In progress',
  succeeded: 'Succeeded',
  failed: 'Failed',
};
const STATUS_TONE: Record<ValidationTaskStatus, string> = {
  ready: 'badge--info',
  'in-progress': 'badge--warning',
  succeeded: 'badge--success',
  failed: 'badge--danger',
};

/** The agent run behind a task, as a link to its run page (`[org/]svc:agent:A/svc:run:R`). */
function runHref(agentRunId: string | null | undefined): string | undefined {
  const ref = parseAgentRunReference(agentRunId);
  return ref ? `/runs/${encodeURIComponent(ref.agentId)}/${encodeURIComponent(ref.runId)}` : undefined;
}

const taskColumns: ColumnDef<ValidationTask, unknown>[] = [
  {
    id: 'task',
    header: 'Task',
    meta: { hideable: false },
    cell: ({ row: { original: t } }) => <IdWithCopy id={t.taskId} label="Copy task id" />,
  },
  {
    id: 'status',
    header: 'Status',
    cell: ({ row: { original: t } }) => (
      <span className={`badge ${STATUS_TONE[t.status]}`}>{STATUS_LABEL[t.status]}</span>
    ),
  },
  {
    id: 'run',
    header: 'Agent run',
    meta: { className: 'wrap' },
    cell: ({ row: { original: t } }) => {
      const href = runHref(t.agentRunId);
      return href ? (
        <a href={href} className="mono">
          {t.agentRunId!.split('/').pop()}
        </a>
      ) : (
        <span className="muted">—</span>
      );
    },
  },
  {
    id: 'updated',
    header: 'Updated',
    cell: ({ row: { original: t } }) => <DateTime value={t.updatedTime ?? t.createdTime} />,
  },
];

function TaskQueue({ validationId }: { validationId: string }) {
  const org = useOrganizationScope();
  const [status, setStatus] = useState<ValidationTaskStatus | undefined>(undefined);
  const [tokens, setTokens] = useState<string[]>([]);
  const nextToken = tokens.at(-1);
  const query = useQuery(validationTasksListQueryOptions(org, validationId, { status, maxResults: 50, nextToken }));
  const choose = (next: ValidationTaskStatus | undefined) => {
    setStatus(next);
    setTokens([]);
  };
  return (
    <Section
      title="Task queue"
      description="Runs waiting for or done with a person’s check. Reviewers take tasks on the review screen."
    >
      <div className="task-tabs" role="group" aria-label="Task status">
        <button
          type="button"
          className="button button--small"
          aria-pressed={status === undefined}
          onClick={() => choose(undefined)}
        >
          All
        </button>
        {VALIDATION_TASK_STATUSES.map((s) => (
          <button
            key={s}
            type="button"
            className="button button--small"
            aria-pressed={status === s}
            onClick={() => choose(s)}
          >
            {STATUS_LABEL[s]}
          </button>
        ))}
      </div>
      {query.isPending ? (
        <LoadingState label="Loading tasks…" />
      ) : query.isError ? (
        <ErrorState error={query.error} onRetry={() => void query.refetch()} />
      ) : (
        <>
          <DataTable
            label="Validation tasks"
            data={query.data.validationTasks}
            columns={taskColumns}
            getRowId={(t) => t.taskId}
            columnsKey="validation-tasks"
            isFetching={query.isFetching}
            empty={
              <EmptyState title={status ? `No ${STATUS_LABEL[status].toLowerCase()} tasks` : 'No tasks yet'}>
                Tasks appear when an agent run that names this validation needs a person.
              </EmptyState>
            }
          />
          <div className="task-tabs">
            {tokens.length ? (
              <button type="button" className="button button--small" onClick={() => setTokens(tokens.slice(0, -1))}>
                Previous
              </button>
            ) : null}
            {query.data.nextToken ? (
              <button
                type="button"
                className="button button--small"
                onClick={() => setTokens([...tokens, query.data.nextToken!])}
              >
                Next
              </button>
            ) : null}
          </div>
        </>
      )}
    </Section>
  );
}
