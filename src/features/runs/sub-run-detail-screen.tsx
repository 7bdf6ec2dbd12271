import { plural, t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { useSuspenseQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link } from '@tanstack/react-router';
import { subRunQueryOptions } from '@/api/hook-action-runs';
import { IdWithCopy } from '@/components/copy-button';
import { DateTime } from '@/components/date-time';
import { PageHeader, Section } from '@/components/page-header';
import { parseAgentRunReference, type ActionRun, type HookRun } from '@/contract';
import { JsonBlock } from './json-block';
import { runStatusWords } from './run-status';
import { RunStatusBadge } from './run-status-badge';
import './runs.css';
import { useOrganizationScope } from '@/api/organization-scope';

export function HookRunDetailScreen({ hookId, runId }: { hookId: string; runId: string }) {
  const org = useOrganizationScope();
  const { data: run } = useSuspenseQuery(subRunQueryOptions(org, 'hook', hookId, runId));
  return <SubRunDetail kind="hook" run={run} ownerId={run.hookId} />;
}

export function ActionRunDetailScreen({ actionId, runId }: { actionId: string; runId: string }) {
  const org = useOrganizationScope();
  const { data: run } = useSuspenseQuery(subRunQueryOptions(org, 'action', actionId, runId));
  return <SubRunDetail kind="action" run={run} ownerId={run.actionId} />;
}

/** A hook run or action run: errors and warnings first, then what went in and out, its history and where it belongs. */
/** The page's title: "Hook run: Send to ERP", or by the end of its id when it has no name. */
function subRunTitle(kind: 'hook' | 'action', run: HookRun | ActionRun): string {
  const { name } = run;
  const shortId = `…${run.runId.slice(-8)}`;
  if (kind === 'hook') return name ? t`Hook run: ${name}` : t`Hook run ${shortId}`;
  return name ? t`Action run: ${name}` : t`Action run ${shortId}`;
}

function SubRunDetail({ kind, run, ownerId }: { kind: 'hook' | 'action'; run: HookRun | ActionRun; ownerId: string }) {
  const agentRun = parseAgentRunReference(run.agentRunId);
  return (
    <div className="page run-detail">
      <PageHeader
        title={subRunTitle(kind, run)}
        meta={
          <>
            <RunStatusBadge status={run.status} />
            <IdWithCopy id={run.runId} label={t`Copy run id`} />
          </>
        }
        description={runStatusWords(run.status).meaning}
        actions={
          agentRun ? (
            <Link to="/runs/$agentId/$runId" params={agentRun} className="button">
              <Trans>Open the agent run</Trans>
            </Link>
          ) : undefined
        }
      />

      <RunProblems kind="error" problems={run.errors} />
      <RunProblems kind="warning" problems={run.warnings} />
      <SubRunDetails kind={kind} run={run} ownerId={ownerId} />

      <Section title={t`Input and output`}>
        <JsonBlock label={t`Input`} copyLabel={t`Copy input`} value={run.input} />
        <JsonBlock label={t`Output`} copyLabel={t`Copy output`} value={run.output} open={run.status !== 'failed'} />
      </Section>

      <SubRunHistory label={kind === 'hook' ? t`Hook run history` : t`Action run history`} history={run.history} />
    </div>
  );
}

/** The run's errors (a danger banner, announced) or warnings (a warning banner); nothing when there are none. */
function RunProblems({ kind, problems }: { kind: 'error' | 'warning'; problems: string[] | null | undefined }) {
  if (!problems?.length) return null;
  const count = problems.length;
  const title =
    kind === 'error'
      ? plural(count, { one: 'Error', other: '# errors' })
      : plural(count, { one: 'Warning', other: '# warnings' });
  return (
    <div
      className={`banner banner--${kind === 'error' ? 'danger' : 'warning'}`}
      role={kind === 'error' ? 'alert' : undefined}
    >
      <div className="banner__text">
        <p className="banner__title">{title}</p>
        <ul className="run-problems" aria-label={kind === 'error' ? t`Errors` : t`Warnings`}>
          {problems.map((problem, i) => (
            <li key={i}>{problem}</li>
          ))}
        </ul>
      </div>
    </div>
  );
}

/** One term of the details list and what it says. */
function Detail({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div>
      <dt>{term}</dt>
      <dd>{children}</dd>
    </div>
  );
}

function NoneText() {
  return (
    <span className="muted">
      <Trans>None</Trans>
    </span>
  );
}

/** What the run belongs to (hook or action, the action a hook starts, the agent run), its log id and times. */
function SubRunDetails({ kind, run, ownerId }: { kind: 'hook' | 'action'; run: HookRun | ActionRun; ownerId: string }) {
  const agentRun = parseAgentRunReference(run.agentRunId);
  const hookAction = kind === 'hook' ? (run as HookRun).actionId : null;
  return (
    <Section title={t`Details`}>
      <dl className="details">
        <Detail term={kind === 'hook' ? t`Hook` : t`Action`}>
          <IdWithCopy id={ownerId} />
        </Detail>
        {hookAction && (
          <Detail term={t`Starts action`}>
            <IdWithCopy id={hookAction} />
          </Detail>
        )}
        <Detail term={t`Agent run`}>
          {agentRun ? (
            <Link to="/runs/$agentId/$runId" params={agentRun}>
              …{agentRun.runId.slice(-8)}
            </Link>
          ) : (
            <NoneText />
          )}
        </Detail>
        {/* No copy button: a log id opens nothing in the console (⌘K takes what copy buttons copy); it stays selectable. */}
        <Detail term={t`Log id`}>
          {run.logId ? (
            <span className="id-chip">
              <span className="id-chip__text" title={run.logId}>
                {run.logId}
              </span>
            </span>
          ) : (
            <NoneText />
          )}
        </Detail>
        <Detail term={t`Started`}>
          <DateTime value={run.createdTime} mode="exact" />
        </Detail>
        <Detail term={t`Last change`}>
          <DateTime value={run.updatedTime} mode="exact" empty={t`Never`} />
        </Detail>
        {kind === 'action' && (run as ActionRun).noAgentRunUpdate ? (
          <Detail term={t`On failure`}>
            <Trans>Does not fail the agent run</Trans>
          </Detail>
        ) : null}
      </dl>
    </Section>
  );
}

/** The run's history, oldest first: each step's status or message, its time, and anything else it recorded. */
function SubRunHistory({ label, history }: { label: string; history: HookRun['history'] }) {
  return (
    <Section title={t`History`}>
      {!history?.length ? (
        <p className="muted">
          <Trans>No history recorded.</Trans>
        </p>
      ) : (
        <ol className="run-timeline" aria-label={label}>
          {history.map((entry, index) => {
            const { time, status, message, ...rest } = entry as Record<string, unknown>;
            const extra = Object.entries(rest)
              .map(([k, v]) => `${k}: ${typeof v === 'string' ? v : JSON.stringify(v)}`)
              .join(' · ');
            const step = index + 1;
            return (
              <li key={index}>
                <span className="run-timeline__what">
                  {typeof status === 'string'
                    ? runStatusWords(status).label
                    : typeof message === 'string'
                      ? message
                      : t`Step ${step}`}
                </span>
                {typeof time === 'string' && <DateTime value={time} mode="exact" />}
                {typeof status === 'string' && typeof message === 'string' && (
                  <span className="run-timeline__extra">{message}</span>
                )}
                {extra && <span className="run-timeline__extra">{extra}</span>}
              </li>
            );
          })}
        </ol>
      )}
    </Section>
  );
}
