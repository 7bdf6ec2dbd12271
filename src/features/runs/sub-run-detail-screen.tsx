import { useSuspenseQuery } from '@tanstack/react-query';
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
function SubRunDetail({ kind, run, ownerId }: { kind: 'hook' | 'action'; run: HookRun | ActionRun; ownerId: string }) {
  const noun = kind === 'hook' ? 'Hook run' : 'Action run';
  const agentRun = parseAgentRunReference(run.agentRunId);
  return (
    <div className="page run-detail">
      <PageHeader
        title={run.name ? `${noun}: ${run.name}` : `${noun} …${run.runId.slice(-8)}`}
        meta={
          <>
            <RunStatusBadge status={run.status} />
            <IdWithCopy id={run.runId} label="Copy run id" />
          </>
        }
        description={runStatusWords(run.status).meaning}
        actions={
          agentRun ? (
            <Link to="/runs/$agentId/$runId" params={agentRun} className="button">
              Open the agent run
            </Link>
          ) : undefined
        }
      />

      <RunProblems kind="error" problems={run.errors} />
      <RunProblems kind="warning" problems={run.warnings} />
      <SubRunDetails kind={kind} run={run} ownerId={ownerId} />

      <Section title="Input and output">
        <JsonBlock label="Input" value={run.input} />
        <JsonBlock label="Output" value={run.output} open={run.status !== 'failed'} />
      </Section>

      <SubRunHistory noun={noun} history={run.history} />
    </div>
  );
}

/** The run's errors (a danger banner, announced) or warnings (a warning banner); nothing when there are none. */
function RunProblems({ kind, problems }: { kind: 'error' | 'warning'; problems: string[] | null | undefined }) {
  if (!problems?.length) return null;
  const word = kind === 'error' ? 'Error' : 'Warning';
  return (
    <div
      className={`banner banner--${kind === 'error' ? 'danger' : 'warning'}`}
      role={kind === 'error' ? 'alert' : undefined}
    >
      <div className="banner__text">
        <p className="banner__title">{problems.length === 1 ? word : `${problems.length} ${word.toLowerCase()}s`}</p>
        <ul className="run-problems" aria-label={`${word}s`}>
          {problems.map((problem, i) => (
            <li key={i}>{problem}</li>
          ))}
        </ul>
      </div>
    </div>
  );
}

/** What the run belongs to (hook or action, the action a hook starts, the agent run), its log id and times. */
function SubRunDetails({ kind, run, ownerId }: { kind: 'hook' | 'action'; run: HookRun | ActionRun; ownerId: string }) {
  const agentRun = parseAgentRunReference(run.agentRunId);
  const hookAction = kind === 'hook' ? (run as HookRun).actionId : null;
  return (
    <Section title="Details">
      <dl className="details">
        <div>
          <dt>{kind === 'hook' ? 'Hook' : 'Action'}</dt>
          <dd>
            <IdWithCopy id={ownerId} />
          </dd>
        </div>
        {hookAction && (
          <div>
            <dt>Starts action</dt>
            <dd>
              <IdWithCopy id={hookAction} />
            </dd>
          </div>
        )}
        <div>
          <dt>Agent run</dt>
          <dd>
            {agentRun ? (
              <Link to="/runs/$agentId/$runId" params={agentRun}>
                …{agentRun.runId.slice(-8)}
              </Link>
            ) : (
              <span className="muted">None</span>
            )}
          </dd>
        </div>
        {/* No copy button: a log id opens nothing in the console (⌘K takes what copy buttons copy); it stays selectable. */}
        <div>
          <dt>Log id</dt>
          <dd>
            {run.logId ? (
              <span className="id-chip">
                <span className="id-chip__text" title={run.logId}>
                  {run.logId}
                </span>
              </span>
            ) : (
              <span className="muted">None</span>
            )}
          </dd>
        </div>
        <div>
          <dt>Started</dt>
          <dd>
            <DateTime value={run.createdTime} mode="exact" />
          </dd>
        </div>
        <div>
          <dt>Last change</dt>
          <dd>
            <DateTime value={run.updatedTime} mode="exact" empty="Never" />
          </dd>
        </div>
        {kind === 'action' && (run as ActionRun).noAgentRunUpdate ? (
          <div>
            <dt>On failure</dt>
            <dd>Does not fail the agent run</dd>
          </div>
        ) : null}
      </dl>
    </Section>
  );
}

/** The run's history, oldest first: each step's status or message, its time, and anything else it recorded. */
function SubRunHistory({ noun, history }: { noun: string; history: HookRun['history'] }) {
  return (
    <Section title="History">
      {!history?.length ? (
        <p className="muted">No history recorded.</p>
      ) : (
        <ol className="run-timeline" aria-label={`${noun} history`}>
          {history.map((entry, index) => {
            const { time, status, message, ...rest } = entry as Record<string, unknown>;
            const extra = Object.entries(rest)
              .map(([k, v]) => `${k}: ${typeof v === 'string' ? v : JSON.stringify(v)}`)
              .join(' · ');
            return (
              <li key={index}>
                <span className="run-timeline__what">
                  {typeof status === 'string'
                    ? runStatusWords(status).label
                    : typeof message === 'string'
                      ? message
                      : `Step ${index + 1}`}
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
