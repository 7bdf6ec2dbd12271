/** One agent's Insights: outcomes, review queue and durations, the team, fields, calibration and the threshold explorer. */
import { useMemo } from 'react';
import { useQueries, useQuery } from '@tanstack/react-query';
import { getRouteApi, Link } from '@tanstack/react-router';
import { t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { agentQueryOptions } from '@/api/agents';
import { useOrganizationScope } from '@/api/organization-scope';
import { validationQueryOptions } from '@/api/validations';
import { useAgentInsights } from '@/api/insights';
import { PageHeader } from '@/components/page-header';
import { OldestWaiting } from '@/widgets/review-wait/oldest-waiting';
import { ErrorState, LoadingState } from '@/components/states';
import { CalibrationChart } from './calibration-chart';
import { FiguresSourceNote } from './figures-source-note';
import { FieldsTable } from './fields-table';
import { resolveWindow } from './insights-window';
import { OutcomesChart } from './outcomes-chart';
import { QueueChart } from './queue-chart';
import { TeamCard } from './team-card';
import { agentThreshold } from './threshold';
import { ThresholdExplorer } from './threshold-explorer';
import { WindowPicker } from './window-picker';
import './insights.css';

const route = getRouteApi('/_authenticated/insights/$agentId');
const VALIDATION_PREFIX = 'svc:validation:';

export function AgentInsightsScreen() {
  const { agentId } = route.useParams();
  const search = route.useSearch();
  const org = useOrganizationScope();
  const resolved = useMemo(() => resolveWindow(search), [search]);
  const { from, to, bucket } = resolved;
  const agent = useQuery(agentQueryOptions(org, agentId));
  const insights = useAgentInsights(agentId, { from, to, bucket });
  const validationIds = (agent.data?.resourceIds ?? []).filter((id) => id.startsWith(VALIDATION_PREFIX));
  const validations = useQueries({ queries: validationIds.map((id) => validationQueryOptions(org, id)) });
  const known = (figure: string) => !insights.data?.unknown.includes(figure);
  const threshold = agentThreshold(validations.flatMap((q) => (q.data ? [q.data] : [])));

  return (
    <div className="page insights-page">
      <PageHeader
        title={agent.data?.name || t`Agent insights`}
        description={t`How this agent is doing over the window: throughput, review load, and how far its predictions can be trusted.`}
        actions={
          <Link to="/agents/$agentId" params={{ agentId }} className="button button--ghost">
            <Trans>Agent</Trans>
          </Link>
        }
      />
      <WindowPicker resolved={resolved} />
      <p className="insights-waiting">
        <OldestWaiting
          agentId={agentId}
          empty={
            <span className="muted">
              <Trans>No run waits for review now</Trans>
            </span>
          }
        />
      </p>
      {insights.data && <FiguresSourceNote result={insights.data} />}
      {insights.isPending ? (
        <LoadingState label={t`Loading insights…`} />
      ) : insights.isError ? (
        <ErrorState error={insights.error} onRetry={() => void insights.refetch()} />
      ) : (
        <div className="insights-grid" aria-busy={insights.isPlaceholderData}>
          <OutcomesChart agentId={agentId} insights={insights.data.insights} source={insights.data.source} />
          {/* Figures the source cannot know are left out, not drawn as zeros (FiguresSourceNote says which). */}
          {known('queue') && known('durations') && <QueueChart agentId={agentId} insights={insights.data.insights} />}
          <TeamCard agentId={agentId} from={from} to={to} />
          {known('fields') && (
            <FieldsTable agentId={agentId} insights={insights.data.insights} source={insights.data.source} />
          )}
          {known('confidence') && (
            <>
              <CalibrationChart
                agentId={agentId}
                insights={insights.data.insights}
                threshold={threshold}
                source={insights.data.source}
              />
              <ThresholdExplorer
                agentId={agentId}
                insights={insights.data.insights}
                threshold={threshold}
                source={insights.data.source}
              />
            </>
          )}
        </div>
      )}
    </div>
  );
}
