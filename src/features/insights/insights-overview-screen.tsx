/** Every agent's outcomes over the window (a stacked bar per agent and a table) and how many are queued now. */
import { useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import { getRouteApi, Link, useNavigate } from '@tanstack/react-router';
import type uPlot from 'uplot';
import { plural, t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { formatList } from '@/i18n/format';
import type { InsightsOverview } from '@/contract';
import { agentsQueryOptions } from '@/api/agents';
import { useOrganizationScope } from '@/api/organization-scope';
import { useInsightsOverview, type FiguresSource } from '@/api/insights';
import { PageHeader, Section } from '@/components/page-header';
import { EmptyState, ErrorState, LoadingState } from '@/components/states';
import { OldestWaiting } from '@/widgets/review-wait/oldest-waiting';
import { ChartCard, Legend, type FigureTable } from './chart-card';
import { countAxis, formatCount } from './charts/axes';
import { useChartTheme, type ChartTheme } from './charts/chart-theme';
import { stackedBarData, stackedBarOptions } from './charts/stacked-bars';
import { UPlotChart } from './charts/uplot-chart';
import { runsLinkFor } from './data/runs-link';
import { FiguresSourceNote } from './figures-source-note';
import { resolveWindow } from './insights-window';
import { OUTCOME_ORDER, outcomeAt, outcomeColor, outcomeColumn, outcomeCount, outcomeLabel, totalOf } from './outcomes';
import { WindowPicker } from './window-picker';
import './insights.css';

const route = getRouteApi('/_authenticated/insights/');

/** Long agent names under a bar are cut to the room a bar has (about 7 px a character; the table has them whole). */
function shorten(name: string, room: number): string {
  const max = Math.max(4, Math.floor(room / 7));
  return name.length > max ? `${name.slice(0, max - 1)}…` : name;
}

type OverviewRow = InsightsOverview['agents'][number];

/** A table link's name: "3 archived, Invoice processing". */
function agentCountLabel(count: string, agent: string): string {
  return t`${count}, ${agent}`;
}

function overviewTable(
  rows: readonly OverviewRow[],
  nameOf: (agentId: string) => string,
  from: string,
  to: string,
  source: FiguresSource,
): FigureTable {
  return {
    caption: t`Runs per agent by outcome, and runs queued for review now`,
    columns: [t`Agent`, ...OUTCOME_ORDER.map(outcomeColumn), t`Total (runs)`, t`Queued now (runs)`],
    rows: rows.map((r) => {
      const agent = nameOf(r.agentId);
      const total = totalOf(r);
      const queued = r.queued;
      return {
        key: r.agentId,
        cells: [
          { text: nameOf(r.agentId) },
          ...OUTCOME_ORDER.map((o) => ({
            text: formatCount(r[o]),
            link: r[o] ? runsLinkFor({ agentId: r.agentId, from, to, outcome: o, source }) : undefined,
            linkLabel: agentCountLabel(outcomeCount(o, r[o]), agent),
          })),
          {
            text: formatCount(totalOf(r)),
            link: runsLinkFor({ agentId: r.agentId, from, to, source }),
            linkLabel: plural(total, { one: `All # run, ${agent}`, other: `All # runs, ${agent}` }),
          },
          {
            text: formatCount(r.queued),
            link: r.queued ? runsLinkFor({ agentId: r.agentId, from, to, outcome: 'queued', source }) : undefined,
            linkLabel: plural(queued, { one: `# queued, ${agent}`, other: `# queued, ${agent}` }),
          },
        ],
      };
    }),
  };
}

/** The window from the URL, every agent's row of the overview (most runs first) and the agents' names. */
function useOverviewRows() {
  const search = route.useSearch();
  const org = useOrganizationScope();
  const resolved = useMemo(() => resolveWindow(search), [search]);
  const { from, to } = resolved;
  const agents = useQuery(agentsQueryOptions(org));
  const overview = useInsightsOverview({ from, to });
  const names = new Map((agents.data ?? []).map((a) => [a.agentId, a.name || a.agentId]));
  const rows = useMemo(
    () => [...(overview.data?.insights.agents ?? [])].sort((a, b) => totalOf(b) - totalOf(a)),
    [overview.data],
  );
  const nameOf = (agentId: string) => names.get(agentId) ?? agentId;
  return { resolved, overview, names, rows, nameOf };
}

/** "12 runs, 3 queued now". */
function agentRunsText(total: number, queued: number): string {
  const queuedText = formatCount(queued);
  return plural(total, { one: `# run, ${queuedText} queued now`, other: `# runs, ${queuedText} queued now` });
}

/** The agents, each linked to its own Insights over the same window. */
function AgentList({ rows, nameOf }: { rows: readonly OverviewRow[]; nameOf: (agentId: string) => string }) {
  const search = route.useSearch();
  return (
    <Section id="insights-agents" title={t`Agents`}>
      <ul className="insights-agent-list">
        {rows.map((r) => (
          <li key={r.agentId}>
            <Link to="/insights/$agentId" params={{ agentId: r.agentId }} search={search} title={nameOf(r.agentId)}>
              {nameOf(r.agentId)}
            </Link>
            <span className="muted">{agentRunsText(totalOf(r), r.queued)}</span>
            <OldestWaiting agentId={r.agentId} />
          </li>
        ))}
      </ul>
    </Section>
  );
}

/** The x axis of the overview: one tick per agent, named (cut to a bar's room). */
function agentAxis(theme: ChartTheme, rows: readonly OverviewRow[], nameOf: (agentId: string) => string): uPlot.Axis {
  return {
    ...countAxis(theme),
    label: undefined,
    size: 40,
    grid: { show: false },
    incrs: [1],
    values: (u: uPlot, splits: number[]) =>
      splits.map((s) =>
        Number.isInteger(s) && rows[s] ? shorten(nameOf(rows[s].agentId), (u.width - 60) / rows.length) : '',
      ),
  };
}

/** The chart's summary for screen readers: each agent's total. */
function overviewSummary(rows: readonly OverviewRow[], nameOf: (agentId: string) => string): string {
  const totals = formatList(
    rows.map((r) => {
      const agent = nameOf(r.agentId);
      const total = formatCount(totalOf(r));
      return t`${agent}: ${total}`;
    }),
  );
  return t`Stacked bars: runs per agent by outcome. ${totals}.`;
}

function OverviewChart({
  rows,
  names,
  nameOf,
  from,
  to,
  source,
}: {
  rows: readonly OverviewRow[];
  names: ReadonlyMap<string, string>;
  nameOf: (agentId: string) => string;
  from: string;
  to: string;
  source: FiguresSource;
}) {
  const navigate = useNavigate();
  const theme = useChartTheme();
  const { series, data } = useMemo(
    () =>
      stackedBarData(
        rows.map((_, i) => i),
        rows,
      ),
    [rows],
  );
  return (
    <ChartCard
      id="insights-overview"
      title={t`Outcomes per agent`}
      description={t`Runs created in the window, by what became of them.`}
      table={overviewTable(rows, nameOf, from, to, source)}
      legend={<Legend items={OUTCOME_ORDER.map((o) => ({ label: outcomeLabel(o), color: outcomeColor(theme, o) }))} />}
    >
      <UPlotChart
        label={overviewSummary(rows, nameOf)}
        data={data}
        redrawKey={[...names.values()].join('|')}
        options={(chartTheme) =>
          stackedBarOptions(chartTheme, series, {
            axis: agentAxis(chartTheme, rows, nameOf),
            time: false,
            range: [-0.5, rows.length - 0.5],
          })
        }
        hint={t`Point at a bar to see its numbers; click a segment to open its runs.`}
        readout={(i) => {
          const agent = nameOf(rows[i].agentId);
          const counts = formatList(OUTCOME_ORDER.map((o) => outcomeCount(o, rows[i][o])));
          const queued = formatCount(rows[i].queued);
          return t`${agent}: ${counts}; ${queued} queued now`;
        }}
        onPick={(i, y) =>
          void navigate(runsLinkFor({ agentId: rows[i].agentId, from, to, outcome: outcomeAt(rows[i], y), source }))
        }
      />
    </ChartCard>
  );
}

export function InsightsOverviewScreen() {
  const { resolved, overview, names, rows, nameOf } = useOverviewRows();
  return (
    <div className="page insights-page">
      <PageHeader
        title={t`Insights`}
        description={t`How every agent is doing over the window. Open an agent for its charts.`}
      />
      <WindowPicker resolved={resolved} />
      {overview.data && <FiguresSourceNote result={overview.data} nameOf={nameOf} />}
      {overview.isPending ? (
        <LoadingState label={t`Loading insights…`} />
      ) : overview.isError ? (
        <ErrorState error={overview.error} onRetry={() => void overview.refetch()} />
      ) : rows.length === 0 ? (
        <EmptyState title={t`No runs in this window`}>
          <Trans>No agent ran in this window. Choose a longer window.</Trans>
        </EmptyState>
      ) : (
        <div className="insights-grid" aria-busy={overview.isPlaceholderData}>
          <AgentList rows={rows} nameOf={nameOf} />
          <OverviewChart
            rows={rows}
            names={names}
            nameOf={nameOf}
            from={resolved.from}
            to={resolved.to}
            source={overview.data.source}
          />
        </div>
      )}
    </div>
  );
}
