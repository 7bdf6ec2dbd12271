/** Runs per bucket by outcome: stacked bars, each segment (and each table cell) opening the runs it counts. */
import { useMemo } from 'react';
import { useNavigate } from '@tanstack/react-router';
import type { AgentInsights } from '@/contract';
import type { AgentFigureProps } from './agent-figure';
import { ChartCard, Legend, type FigureTable } from './chart-card';
import { bucketFormatter, formatCount, timeAxis } from './charts/axes';
import { useChartTheme } from './charts/chart-theme';
import { stackedBarData, stackedBarOptions } from './charts/stacked-bars';
import { UPlotChart } from './charts/uplot-chart';
import { runsLinkFor } from './data/runs-link';
import { bucketMs } from './insights-window';
import { OUTCOME_LABELS, OUTCOME_ORDER, outcomeAt, outcomeColor, totalOf } from './outcomes';

/** The answer's buckets: their starts and names, and each one's window — up to the next one's start or the end. */
function outcomeBuckets(insights: AgentInsights) {
  const step = bucketMs(insights.bucket);
  const starts = insights.runs.map((r) => Date.parse(r.start));
  const bucketWindow = (i: number) => ({
    from: new Date(starts[i]).toISOString(),
    to: new Date(Math.min(starts[i] + step, Date.parse(insights.to))).toISOString(),
  });
  const name = bucketFormatter(insights.bucket);
  const per = insights.bucket === 'hour' ? 'hour' : 'day';
  return { step, starts, bucketWindow, name, per };
}

function outcomesTable({ agentId, insights, source }: AgentFigureProps): FigureTable {
  const { starts, bucketWindow, name, per } = outcomeBuckets(insights);
  return {
    caption: `Runs per ${per} by outcome`,
    columns: [
      per === 'hour' ? 'Hour' : 'Day (UTC)',
      ...OUTCOME_ORDER.map((o) => `${OUTCOME_LABELS[o]} (runs)`),
      'Total (runs)',
    ],
    rows: insights.runs.map((r, i) => {
      const window = bucketWindow(i);
      return {
        key: r.start,
        cells: [
          { text: name(starts[i]), link: runsLinkFor({ agentId, ...window, source }) },
          ...OUTCOME_ORDER.map((o) => ({
            text: formatCount(r[o]),
            link: r[o] ? runsLinkFor({ agentId, ...window, outcome: o, source }) : undefined,
            linkLabel: `${formatCount(r[o])} ${OUTCOME_LABELS[o].toLowerCase()}, ${name(starts[i])}`,
          })),
          { text: formatCount(totalOf(r)) },
        ],
      };
    }),
  };
}

export function OutcomesChart(props: AgentFigureProps) {
  const { agentId, insights, source } = props;
  const theme = useChartTheme();
  const navigate = useNavigate();
  const { step, starts, bucketWindow, name, per } = outcomeBuckets(insights);
  const total = insights.runs.reduce((n, r) => n + totalOf(r), 0);
  const { series, data } = useMemo(
    () =>
      stackedBarData(
        starts.map((s) => (s + step / 2) / 1000),
        insights.runs,
      ),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the bars change with the answer only
    [insights],
  );
  return (
    <ChartCard
      id="insights-outcomes"
      title="Outcomes"
      description={`Runs created per ${per}, by what became of them.`}
      table={outcomesTable(props)}
      empty={total === 0 ? 'No runs in this window' : undefined}
      legend={
        <Legend items={OUTCOME_ORDER.map((o) => ({ label: OUTCOME_LABELS[o], color: outcomeColor(theme, o) }))} />
      }
    >
      <UPlotChart
        label={`Stacked bars: runs per ${per} by outcome, ${formatCount(total)} runs in ${starts.length} ${per}s. ${OUTCOME_ORDER.map((o) => `${OUTCOME_LABELS[o]} ${formatCount(insights.runs.reduce((n, r) => n + r[o], 0))}`).join(', ')}.`}
        data={data}
        options={(t) =>
          stackedBarOptions(t, series, {
            axis: timeAxis(t, insights.bucket),
            time: true,
            range: [Date.parse(insights.from) / 1000, Date.parse(insights.to) / 1000],
          })
        }
        hint="Point at a bar to see its numbers; click a segment to open its runs."
        readout={(i) => {
          const r = insights.runs[i];
          return `${name(starts[i])}: ${OUTCOME_ORDER.map((o) => `${formatCount(r[o])} ${OUTCOME_LABELS[o].toLowerCase()}`).join(', ')}`;
        }}
        onPick={(i, y) =>
          void navigate(runsLinkFor({ agentId, ...bucketWindow(i), outcome: outcomeAt(insights.runs[i], y), source }))
        }
      />
    </ChartCard>
  );
}
