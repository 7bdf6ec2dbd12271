import type { MessageDescriptor } from '@lingui/core';
import { msg, plural, t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { useCapabilities } from '@/api/capabilities';
import { agentRunQueryOptions, agentRunVariablesQueryOptions } from '@/api/agent-run-detail';
import { agentQueryOptions } from '@/api/agents';
import { creationWrite } from '@/api/change-credits';
import { segment } from '@/api/client';
import { subRunsOfAgentRunQueryOptions } from '@/api/hook-action-runs';
import { IdWithCopy } from '@/components/copy-button';
import { DateTime } from '@/components/date-time';
import { PageHeader, Section } from '@/components/page-header';
import { EmptyState, ErrorState, LoadingState } from '@/components/states';
import { formatRunReference, REVIEW_STATUSES, type ActionRun, type AgentRun, type HookRun } from '@/contract';
import { ChangeCredit } from '@/widgets/change-credit/change-credit';
import { JsonBlock } from './json-block';
import { archivingRunText, useArchiveWithUndo, useDeleteRunDialog } from './run-actions';
import { agentRunStatusWords, isAgentRunStatus } from './run-status';
import { AgentRunStatusBadge, RunStatusBadge } from './run-status-badge';
import { RunSubrunsTable } from './run-subruns-table';
import { bareId, resourceKind, type ResourceKind } from '@/api/run-ids';
import { i18n } from '@/i18n/i18n';
import './runs.css';
import { useOrganizationScope } from '@/api/organization-scope';

/** One agent run: what state it is in and what that means, how it got there, what it touched, and what ran for it. */
export function RunDetailScreen({ agentId, runId }: { agentId: string; runId: string }) {
  const org = useOrganizationScope();
  const { data: run } = useSuspenseQuery(agentRunQueryOptions(org, agentId, runId));
  const navigate = useNavigate();
  const deleteDialog = useDeleteRunDialog(() => void navigate({ to: '/runs', search: { agent: agentId } }));
  return (
    <div className="page run-detail">
      <RunDetailHeader run={run} onDelete={deleteDialog.open} />
      <RunOrigin run={run} agentId={agentId} />

      <SubRuns run={run} />

      <RunTimeline run={run} />

      <RunResources run={run} />

      <Variables run={run} />
      {deleteDialog.element}
    </div>
  );
}

/** The run's id and status, what the status means, and what may be done: review, archive, delete. */
function RunDetailHeader({ run, onDelete }: { run: AgentRun; onDelete: (run: AgentRun) => void }) {
  const { review: canArchive, write: canDelete } = useCapabilities();
  const archive = useArchiveWithUndo();
  const shortId = `…${run.runId.slice(-8)}`;
  return (
    <PageHeader
      title={t`Run ${shortId}`}
      meta={
        <>
          <AgentRunStatusBadge status={run.status} />
          <IdWithCopy id={run.runId} label={t`Copy run id`} />
        </>
      }
      description={
        <span className="run-meaning" data-testid="run-meaning">
          {agentRunStatusWords(run.status).meaning}
        </span>
      }
      actions={
        <>
          {REVIEW_STATUSES.includes(run.status) && (
            <Link
              to="/runs/review"
              search={{ agentId: run.agentId, runId: run.runId }}
              className="button button--primary"
            >
              <Trans>Review</Trans>
            </Link>
          )}
          {canArchive && run.status !== 'archived' && (
            <button type="button" className="button" onClick={() => archive([run], archivingRunText(run.runId))}>
              <Trans>Archive</Trans>
            </button>
          )}
          {canDelete && (
            <button type="button" className="button button--danger" onClick={() => onDelete(run)}>
              <Trans>Delete</Trans>
            </button>
          )}
        </>
      }
    />
  );
}

/** Which agent's run it is (`agentId` as the page's address says it), when it was created and by whom. */
function RunOrigin({ run, agentId }: { run: AgentRun; agentId: string }) {
  const org = useOrganizationScope();
  const agent = useQuery(agentQueryOptions(org, agentId));
  const agentName = agent.data?.name || run.agentId;
  return (
    <p className="muted run-origin">
      <Trans>
        Agent{' '}
        <Link to="/agents/$agentId" params={{ agentId: run.agentId }}>
          {agentName}
        </Link>{' '}
        · created <DateTime value={run.createdTime} mode="exact" />
      </Trans>
      <ChangeCredit
        actor={run.createdBy}
        write={creationWrite(`agents/${segment(run.agentId)}/runs`, run.createdTime)}
      />
    </p>
  );
}

function RunTimeline({ run }: { run: AgentRun }) {
  return (
    <Section title={t`Timeline`} description={t`Every state the run went through, oldest first.`}>
      {run.events.length === 0 ? (
        <p className="muted">
          <Trans>No events recorded.</Trans>
        </p>
      ) : (
        <ol className="run-timeline" aria-label={t`Run events`}>
          {run.events.map((event, index) => (
            <TimelineEvent key={index} event={event} />
          ))}
        </ol>
      )}
    </Section>
  );
}

/** An event: the status it brought (in words) or its type, when, by whom, and whatever else it records. */
function TimelineEvent({ event }: { event: AgentRun['events'][number] }) {
  const { type, status, time, by, ...extra } = event;
  const extraText = Object.entries(extra)
    .filter(([, v]) => v !== null && v !== undefined && v !== '')
    .map(([k, v]) => `${k}: ${typeof v === 'string' ? v : JSON.stringify(v)}`)
    .join(' · ');
  return (
    <li>
      <span className="run-timeline__what">
        {status ? (isAgentRunStatus(status) ? agentRunStatusWords(status).label : status) : type}
      </span>
      {status && <span className="muted">({type})</span>}
      <DateTime value={time} mode="exact" />
      <ChangeCredit actor={by} />
      {extraText && <span className="run-timeline__extra">{extraText}</span>}
    </li>
  );
}

function RunResources({ run }: { run: AgentRun }) {
  return (
    <Section title={t`Resources`} description={t`What this run used and produced.`}>
      {run.resourceIds.length === 0 ? (
        <p className="muted">
          <Trans>The run names no resources.</Trans>
        </p>
      ) : (
        <ul className="run-resources">
          {run.resourceIds.map((id) => (
            <ResourceLink key={id} id={id} />
          ))}
        </ul>
      )}
    </Section>
  );
}

/** A resource's kind in words ("validation task"). */
const RESOURCE_KIND_MESSAGES: Record<ResourceKind, MessageDescriptor> = {
  document: msg`document`,
  model: msg`model`,
  validation: msg`validation`,
  'validation-task': msg`validation task`,
  hook: msg`hook`,
  action: msg`action`,
  agent: msg`agent`,
  other: msg`other`,
};

function ResourceLink({ id }: { id: string }) {
  const kind = resourceKind(id);
  const bare = bareId(id);
  const link = (() => {
    switch (kind) {
      case 'document':
        return (
          <Link to="/documents/$documentId" params={{ documentId: bare }}>
            <Trans>Open document</Trans>
          </Link>
        );
      case 'model':
        return (
          <Link to="/models/$modelId" params={{ modelId: bare }}>
            <Trans>Open model</Trans>
          </Link>
        );
      case 'validation':
        return (
          <Link to="/validations/$validationId" params={{ validationId: bare }}>
            <Trans>Open validation</Trans>
          </Link>
        );
      default:
        return null;
    }
  })();
  return (
    <li>
      <span className="run-resources__kind">{i18n._(RESOURCE_KIND_MESSAGES[kind])}</span>
      <IdWithCopy id={id} />
      {link}
    </li>
  );
}

function SubRuns({ run }: { run: AgentRun }) {
  const org = useOrganizationScope();
  const agentRunRef = run.id ?? formatRunReference(run.agentId, run.runId);
  const hookIds = run.resourceIds.filter((id) => resourceKind(id) === 'hook').map(bareId);
  const actionIds = run.resourceIds.filter((id) => resourceKind(id) === 'action').map(bareId);
  const hooks = useQuery({
    ...subRunsOfAgentRunQueryOptions(org, 'hook', agentRunRef, hookIds),
    enabled: hookIds.length > 0,
  });
  const actions = useQuery({
    ...subRunsOfAgentRunQueryOptions(org, 'action', agentRunRef, actionIds),
    enabled: actionIds.length > 0,
  });
  const failed = [...(hooks.data ?? []), ...(actions.data ?? [])].filter((r) => r.status === 'failed').length;
  return (
    <Section
      title={t`Hook runs and action runs`}
      description={
        failed
          ? plural(failed, {
              one: '# failed — its errors are shown below.',
              other: '# failed — their errors are shown below.',
            })
          : t`What the agent’s hooks and actions did for this run.`
      }
      id="subruns"
    >
      {hookIds.length === 0 && actionIds.length === 0 ? (
        <p className="muted">
          <Trans>This agent has no hooks or actions.</Trans>
        </p>
      ) : (
        <>
          {(hooks.isPending && hookIds.length > 0) || (actions.isPending && actionIds.length > 0) ? (
            <LoadingState label={t`Loading hook and action runs…`} />
          ) : null}
          {hooks.isError && <ErrorState error={hooks.error} onRetry={() => void hooks.refetch()} />}
          {actions.isError && <ErrorState error={actions.error} onRetry={() => void actions.refetch()} />}
          {(hooks.data || actions.data) &&
            ((hooks.data?.length ?? 0) + (actions.data?.length ?? 0) === 0 ? (
              <EmptyState title={t`Nothing ran yet`}>
                <Trans>Hooks fire on their trigger status; actions run on export.</Trans>
              </EmptyState>
            ) : (
              <RunSubrunsTable columns={[t`Kind`, t`Name`, t`Status`, t`Problems`, t`Started`]}>
                {(hooks.data ?? []).map((r) => (
                  <SubRunRow key={r.runId} kind="hook" run={r} />
                ))}
                {(actions.data ?? []).map((r) => (
                  <SubRunRow key={r.runId} kind="action" run={r} />
                ))}
              </RunSubrunsTable>
            ))}
        </>
      )}
    </Section>
  );
}

function SubRunRow({ kind, run }: { kind: 'hook' | 'action'; run: HookRun | ActionRun }) {
  const name = run.name || `…${run.runId.slice(-8)}`;
  const link =
    kind === 'hook' ? (
      <Link to="/runs/hooks/$hookId/$runId" params={{ hookId: bareId((run as HookRun).hookId), runId: run.runId }}>
        {name}
      </Link>
    ) : (
      <Link
        to="/runs/actions/$actionId/$runId"
        params={{ actionId: bareId((run as ActionRun).actionId), runId: run.runId }}
      >
        {name}
      </Link>
    );
  return (
    <tr>
      <td>{kind === 'hook' ? t`Hook` : t`Action`}</td>
      <td>{link}</td>
      <td>
        <RunStatusBadge status={run.status} />
      </td>
      <td>
        {run.errors?.length ? (
          <ul className="run-problems run-problems--errors" aria-label={t`Errors`}>
            {run.errors.map((e, i) => (
              <li key={i}>{e}</li>
            ))}
          </ul>
        ) : null}
        {run.warnings?.length ? (
          <ul className="run-problems run-problems--warnings" aria-label={t`Warnings`}>
            {run.warnings.map((w, i) => (
              <li key={i}>{w}</li>
            ))}
          </ul>
        ) : null}
        {!run.errors?.length && !run.warnings?.length && (
          <span className="muted">
            <Trans>None</Trans>
          </span>
        )}
      </td>
      <td>
        <DateTime value={run.createdTime} />
      </td>
    </tr>
  );
}

function Variables({ run }: { run: AgentRun }) {
  const org = useOrganizationScope();
  const variables = useQuery(agentRunVariablesQueryOptions(org, run));
  return (
    <Section title={t`Variables`} description={t`The run’s variables file: what the hooks and actions received.`}>
      {!run.variablesFileUrl ? (
        <p className="muted">
          <Trans>This run has no variables file.</Trans>
        </p>
      ) : variables.isPending ? (
        <LoadingState label={t`Loading variables…`} />
      ) : variables.isError ? (
        <ErrorState error={variables.error} onRetry={() => void variables.refetch()} />
      ) : (
        <JsonBlock label={t`Variables`} copyLabel={t`Copy variables`} value={variables.data} open />
      )}
    </Section>
  );
}
