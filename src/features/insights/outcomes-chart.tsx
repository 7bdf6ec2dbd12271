/** Runs per bucket by outcome: stacked bars, each segment (and each table cell) opening the runs it counts. */
import { useMemo } from 'react';
import { useNavigate } from '@tanstack/react-router';
import { plural, t } from '@lingui/core/macro';
import { formatList } from '@/i18n/format';
import type { AgentInsights } from '@/contract';
import type { AgentFigureProps } from './agent-figure';
import { ChartCard, Legend, type FigureTable } from './chart-card';
import { bucketFormatter, formatCount, timeAxis } from './charts/axes';
import { useChartTheme } from './charts/chart-theme';
import { stackedBarData, stackedBarOptions } from './charts/stacked-bars';
import { UPlotChart } from './charts/uplot-chart';
import { runsLinkFor } from './data/runs-link';
import { bucketMs } from './insights-window';
import { OUTCOME_ORDER, outcomeAt, outcomeColor, outcomeColumn, outcomeCount, outcomeLabel, totalOf } from './outcomes';

/** The answer's buckets: their starts and names, and each one's window — up to the next one's start or the end. */
function outcomeBuckets(insights: AgentInsights) {
  const step = bucketMs(insights.bucket);
  const starts = insights.runs.map((r) => Date.parse(r.start));
  const bucketWindow = (i: number) => ({
    from: new Date(starts[i]).toISOString(),
    to: new Date(Math.min(starts[i] + step, Date.parse(insights.to))).toISOString(),
  });
  const name = bucketFormatter(insights.bucket);
  const per: 'hour' | 'day' = insights.bucket === 'hour' ? 'hour' : 'day';
  return { step, starts, bucketWindow, name, per };
}

/** A table link's name: "3 reviewed, Mon, Nov 23". */
function bucketCountLabel(count: string, bucket: string): string {
  return t`${count}, ${bucket}`;
}

/** The chart's summary for screen readers: the totals, and each outcome's. */
function outcomesSummary(insights: AgentInsights, total: number, buckets: number, per: 'hour' | 'day'): string {
  const totalText = formatCount(total);
  const byOutcome = formatList(
    OUTCOME_ORDER.map((o) => {
      const label = outcomeLabel(o);
      const count = formatCount(insights.runs.reduce((n, r) => n + r[o], 0));
      return t`${label}: ${count}`;
    }),
  );
  return per === 'hour'
    ? plural(buckets, {
        one: `Stacked bars: runs per hour by outcome, ${totalText} runs in # hour. ${byOutcome}.`,
        other: `Stacked bars: runs per hour by outcome, ${totalText} runs in # hours. ${byOutcome}.`,
      })
    : plural(buckets, {
        one: `Stacked bars: runs per day by outcome, ${totalText} runs in # day. ${byOutcome}.`,
        other: `Stacked bars: runs per day by outcome, ${totalText} runs in # days. ${byOutcome}.`,
      });
}

function outcomesTable({ agentId, insights, source }: AgentFigureProps): FigureTable {
  const { starts, bucketWindow, name, per } = outcomeBuckets(insights);
  return {
    caption: per === 'hour' ? t`Runs per hour by outcome` : t`Runs per day by outcome`,
    columns: [per === 'hour' ? t`Hour` : t`Day (UTC)`, ...OUTCOME_ORDER.map(outcomeColumn), t`Total (runs)`],
    rows: insights.runs.map((r, i) => {
      const window = bucketWindow(i);
      return {
        key: r.start,
        cells: [
          { text: name(starts[i]), link: runsLinkFor({ agentId, ...window, source }) },
          ...OUTCOME_ORDER.map((o) => ({
            text: formatCount(r[o]),
            link: r[o] ? runsLinkFor({ agentId, ...window, outcome: o, source }) : undefined,
            linkLabel: bucketCountLabel(outcomeCount(o, r[o]), name(starts[i])),
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
      title={t`Outcomes`}
      description={
        per === 'hour'
          ? t`Runs created per hour, by what became of them.`
          : t`Runs created per day, by what became of them.`
      }
      table={outcomesTable(props)}
      empty={total === 0 ? t`No runs in this window` : undefined}
      legend={<Legend items={OUTCOME_ORDER.map((o) => ({ label: outcomeLabel(o), color: outcomeColor(theme, o) }))} />}
    >
      <UPlotChart
        label={outcomesSummary(insights, total, starts.length, per)}
        data={data}
        options={(chartTheme) =>
          stackedBarOptions(chartTheme, series, {
            axis: timeAxis(chartTheme, insights.bucket),
            time: true,
            range: [Date.parse(insights.from) / 1000, Date.parse(insights.to) / 1000],
          })
        }
        hint={t`Point at a bar to see its numbers; click a segment to open its runs.`}
        readout={(i) => {
          const r = insights.runs[i];
          const bucket = name(starts[i]);
          const counts = formatList(OUTCOME_ORDER.map((o) => outcomeCount(o, r[o])));
          return t`${bucket}: ${counts}`;
        }}
        onPick={(i, y) =>
          void navigate(runsLinkFor({ agentId, ...bucketWindow(i), outcome: outcomeAt(insights.runs[i], y), source }))
        }
      />
    </ChartCard>
  );
}
