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
  const hookAction = kind === 'hook' ? (run as HookRun).actionId : null;
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

      {run.errors?.length ? (
        <div className="banner banner--danger" role="alert">
          <div className="banner__text">
            <p className="banner__title">{run.errors.length === 1 ? 'Error' : `${run.errors.length} errors`}</p>
            <ul className="run-problems" aria-label="Errors">
              {run.errors.map((e, i) => (
                <li key={i}>{e}</li>
              ))}
            </ul>
          </div>
        </div>
      ) : null}
      {run.warnings?.length ? (
        <div className="banner banner--warning">
          <div className="banner__text">
            <p className="banner__title">{run.warnings.length === 1 ? 'Warning' : `${run.warnings.length} warnings`}</p>
            <ul className="run-problems" aria-label="Warnings">
              {run.warnings.map((w, i) => (
                <li key={i}>{w}</li>
              ))}
            </ul>
          </div>
        </div>
      ) : null}

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

      <Section title="Input and output">
        <JsonBlock label="Input" value={run.input} />
        <JsonBlock label="Output" value={run.output} open={run.status !== 'failed'} />
      </Section>

      <Section title="History">
        {!run.history?.length ? (
          <p className="muted">No history recorded.</p>
        ) : (
          <ol className="run-timeline" aria-label={`${noun} history`}>
            {run.history.map((entry, index) => {
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
    </div>
  );
}
