/** The review queue at the end of each bucket (a line), and how long runs waited for and spent in review. */
import { useMemo } from 'react';
import { useNavigate } from '@tanstack/react-router';
import type uPlot from 'uplot';
import { plural, t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import type { AgentInsights } from '@/contract';
import { ChartCard, type FigureTable } from './chart-card';
import { bucketFormatter, countAxis, formatCount, formatDuration, timeAxis } from './charts/axes';
import { UPlotChart } from './charts/uplot-chart';
import { runsLinkFor } from './data/runs-link';
import { bucketMs } from './insights-window';

function Durations({ durations }: { durations: AgentInsights['durations'] }) {
  const rows = [
    { key: 'wait', label: t`Waiting for review`, figures: durations.waitForReview },
    { key: 'review', label: t`In review`, figures: durations.inReview },
  ];
  return (
    <dl className="insights-figures">
      {rows.map(({ key, label, figures }) => {
        const median = formatDuration(figures.medianSeconds);
        const p90 = formatDuration(figures.p90Seconds);
        const runCount = figures.runs;
        const runs = plural(runCount, { one: '(# run)', other: '(# runs)' });
        return (
          <div key={key} className="insights-figures__item">
            <dt>{label}</dt>
            <dd>
              <Trans>
                median <strong>{median}</strong>, p90 <strong>{p90}</strong>
              </Trans>{' '}
              <span className="muted">{runs}</span>
            </dd>
          </div>
        );
      })}
    </dl>
  );
}

export function QueueChart({ agentId, insights }: { agentId: string; insights: AgentInsights }) {
  const navigate = useNavigate();
  const step = bucketMs(insights.bucket);
  const name = bucketFormatter(insights.bucket);
  const ends = insights.queue.map((q) => Math.min(Date.parse(q.start) + step, Date.parse(insights.to)));
  // The queue at a bucket's end: the window's runs created by then still waiting for or in review.
  const linkAt = (i: number) =>
    runsLinkFor({ agentId, from: insights.from, to: new Date(ends[i]).toISOString(), outcome: 'queued' });
  const peak = Math.max(0, ...insights.queue.map((q) => q.queued));
  const data = useMemo(
    () => [ends.map((e) => e / 1000), insights.queue.map((q) => q.queued)] as uPlot.AlignedData,
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the line changes with the answer only
    [insights],
  );
  const table: FigureTable = {
    caption: t`Runs waiting for or in review at the end of each bucket`,
    columns: [t`End of`, t`Queued (runs)`],
    rows: insights.queue.map((q, i) => ({
      key: q.start,
      cells: [{ text: name(Date.parse(q.start)), link: linkAt(i) }, { text: formatCount(q.queued) }],
    })),
  };
  const reviewed = insights.durations.waitForReview.runs + insights.durations.inReview.runs;
  const peakText = formatCount(peak);
  const lastText = formatCount(insights.queue.at(-1)?.queued ?? 0);
  return (
    <ChartCard
      id="insights-queue"
      title={t`Review queue`}
      description={t`Runs of the window waiting for or in review at the end of each bucket; review durations.`}
      table={table}
      extra={<Durations durations={insights.durations} />}
      empty={peak === 0 && reviewed === 0 ? t`No reviews in this window` : undefined}
    >
      <UPlotChart
        label={plural(peak, {
          one: `Line: review queue over the window, peak ${peakText} run, ${lastText} at the end.`,
          other: `Line: review queue over the window, peak ${peakText} runs, ${lastText} at the end.`,
        })}
        data={data}
        height={180}
        options={(chartTheme) => ({
          scales: {
            x: { time: true, range: () => [Date.parse(insights.from) / 1000, Date.parse(insights.to) / 1000] },
            y: { range: (_u, _min, max) => [0, Math.max(1, max)] },
          },
          axes: [timeAxis(chartTheme, insights.bucket), countAxis(chartTheme, t`Queued`)],
          series: [
            {},
            {
              label: t`Queued`,
              stroke: chartTheme.accent,
              width: 2,
              points: { show: true, size: 5, fill: chartTheme.accent },
            },
          ],
        })}
        hint={t`Point at the line to see the queue; click to open those runs.`}
        readout={(i) => {
          const bucket = name(Date.parse(insights.queue[i].start));
          const queued = formatCount(insights.queue[i].queued);
          return t`End of ${bucket}: ${queued} queued`;
        }}
        onPick={(i) => void navigate(linkAt(i))}
      />
    </ChartCard>
  );
}
