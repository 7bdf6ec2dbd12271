import { useSuspenseQuery, useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useMemo, useState } from 'react';
import { msg, t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import type { MessageDescriptor } from '@lingui/core';
import { i18n } from '@/i18n/i18n';
import { toast } from '@/components/toast';
import { useDeleteValidation, useUpdateValidation, validationQueryOptions } from '@/api/validations';
import { useCapabilities } from '@/api/capabilities';
import { validationTasksListQueryOptions } from '@/api/validation-tasks';
import { TypeToConfirmDelete } from '@/components/type-to-confirm-delete';
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
  const name = validation.name || t`Untitled validation`;
  const enabled = validation.enabled !== false;
  return (
    <div className="page">
      <PageHeader
        title={name}
        meta={
          <>
            <EnabledBadge enabled={enabled} />
            <IdWithCopy id={validation.validationId} label={t`Copy validation id`} />
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
                      onSuccess: () => toast.success(enabled ? t`Validation disabled` : t`Validation enabled`),
                      onError: (e) => toast.error(e.message),
                    },
                  )
                }
              >
                {enabled ? t`Disable` : t`Enable`}
              </button>
              <TypeToConfirmDelete
                title={(name) => t`Delete validation ${name}?`}
                confirmLabel={t`Delete validation`}
                name={name}
                buttonLabel={t`Delete`}
                description={t`Agents that name it stop sending runs to review. Its tasks are no longer listed. This cannot be undone.`}
                onDelete={async () => {
                  await remove.mutateAsync(validationId);
                  toast.success(t`Deleted validation ${name}`);
                  await navigate({ to: '/validations' });
                }}
              />
            </>
          )
        }
      />
      <p className="muted">
        <Trans>
          Updated <DateTime value={validation.updatedTime ?? validation.createdTime} /> · created{' '}
          <DateTime value={validation.createdTime} mode="exact" />
        </Trans>
      </p>
      <Section title={t`Settings`}>
        <ValidationForm
          key={`${validation.validationId}:${validation.updatedTime ?? ''}`}
          mode="edit"
          validation={validation}
          canWrite={canWrite}
          onUpdate={async (body) => {
            await update.mutateAsync({ validationId, body });
            toast.success(t`Validation saved`);
          }}
        />
      </Section>
      <TaskQueue validationId={validationId} />
    </div>
  );
}

const STATUS_LABEL: Record<ValidationTaskStatus, MessageDescriptor> = {
  ready: msg`Ready`,
  'in-progress': msg`In progress`,
  succeeded: msg`Succeeded`,
  failed: msg`Failed`,
};
/** The empty queue's title when filtered to a status. */
const STATUS_EMPTY: Record<ValidationTaskStatus, MessageDescriptor> = {
  ready: msg`No ready tasks`,
  'in-progress': msg`No in progress tasks`,
  succeeded: msg`No succeeded tasks`,
  failed: msg`No failed tasks`,
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

/** The task table's columns, worded in the operator's language (built at render, never at load). */
const taskColumns = (): ColumnDef<ValidationTask>[] => [
  {
    id: 'task',
    header: t`Task`,
    meta: { hideable: false },
    cell: ({ row: { original: task } }) => <IdWithCopy id={task.taskId} label={t`Copy task id`} />,
  },
  {
    id: 'status',
    header: t`Status`,
    cell: ({ row: { original: task } }) => (
      <span className={`badge ${STATUS_TONE[task.status]}`}>{i18n._(STATUS_LABEL[task.status])}</span>
    ),
  },
  {
    id: 'run',
    header: t`Agent run`,
    meta: { className: 'wrap' },
    cell: ({ row: { original: task } }) => {
      const href = runHref(task.agentRunId);
      return href ? (
        <a href={href} className="mono">
          {task.agentRunId!.split('/').pop()}
        </a>
      ) : (
        <span className="muted">—</span>
      );
    },
  },
  {
    id: 'updated',
    header: t`Updated`,
    cell: ({ row: { original: task } }) => <DateTime value={task.updatedTime ?? task.createdTime} />,
  },
];

function TaskQueue({ validationId }: { validationId: string }) {
  const org = useOrganizationScope();
  const [status, setStatus] = useState<ValidationTaskStatus | undefined>(undefined);
  const [tokens, setTokens] = useState<string[]>([]);
  const nextToken = tokens.at(-1);
  const query = useQuery(validationTasksListQueryOptions(org, validationId, { status, maxResults: 50, nextToken }));
  const columns = useMemo(() => taskColumns(), []);
  const choose = (next: ValidationTaskStatus | undefined) => {
    setStatus(next);
    setTokens([]);
  };
  return (
    <Section
      title={t`Task queue`}
      description={t`Runs waiting for or done with a person’s check. Reviewers take tasks on the review screen.`}
    >
      <div className="task-tabs" role="group" aria-label={t`Task status`}>
        <button
          type="button"
          className="button button--small"
          aria-pressed={status === undefined}
          onClick={() => choose(undefined)}
        >
          <Trans>All</Trans>
        </button>
        {VALIDATION_TASK_STATUSES.map((s) => (
          <button
            key={s}
            type="button"
            className="button button--small"
            aria-pressed={status === s}
            onClick={() => choose(s)}
          >
            {i18n._(STATUS_LABEL[s])}
          </button>
        ))}
      </div>
      {query.isPending ? (
        <LoadingState label={t`Loading tasks…`} />
      ) : query.isError ? (
        <ErrorState error={query.error} onRetry={() => void query.refetch()} />
      ) : (
        <>
          <DataTable
            label={t`Validation tasks`}
            data={query.data.validationTasks}
            columns={columns}
            getRowId={(task) => task.taskId}
            columnsKey="validation-tasks"
            isFetching={query.isFetching}
            empty={
              <EmptyState title={status ? i18n._(STATUS_EMPTY[status]) : t`No tasks yet`}>
                <Trans>Tasks appear when an agent run that names this validation needs a person.</Trans>
              </EmptyState>
            }
          />
          <div className="task-tabs">
            {tokens.length ? (
              <button type="button" className="button button--small" onClick={() => setTokens(tokens.slice(0, -1))}>
                <Trans>Previous</Trans>
              </button>
            ) : null}
            {query.data.nextToken ? (
              <button
                type="button"
                className="button button--small"
                onClick={() => setTokens([...tokens, query.data.nextToken!])}
              >
                <Trans>Next</Trans>
              </button>
            ) : null}
          </div>
        </>
      )}
    </Section>
  );
}
