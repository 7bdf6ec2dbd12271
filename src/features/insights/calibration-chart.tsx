/**
 * Calibration: per confidence bucket, the share of reviewed predictions the reviewer confirmed unchanged, beside the
 * diagonal a calibrated model would follow and the agent's threshold.
 */
import { useMemo } from 'react';
import { useNavigate } from '@tanstack/react-router';
import uPlot from 'uplot';
import { t } from '@lingui/core/macro';
import { formatList } from '@/i18n/format';
import { confidenceRangeText, type AgentInsights } from '@/contract';
import { windowFigureLink, type ThresholdFigureProps } from './agent-figure';
import { ChartCard, Legend, type FigureTable } from './chart-card';
import { confidenceAxis, formatConfidence, formatCount, formatShare, shareAxis } from './charts/axes';
import { useChartTheme, type ChartTheme } from './charts/chart-theme';
import { drawMarkers } from './charts/markers';
import { UPlotChart, type ChartOptions } from './charts/uplot-chart';
import type { RunsLink } from './data/runs-link';

const range = (b: { from: number; to: number }) => `${formatConfidence(b.from)}–${formatConfidence(b.to)}`;

/** The threshold marker's and the summary's words: "threshold 0.80". */
function thresholdWords(threshold: number): string {
  const value = formatConfidence(threshold);
  return t`threshold ${value}`;
}
const unchangedShare = (b: { predictions: number; changed: number }) =>
  b.predictions ? 1 - b.changed / b.predictions : null;

type Bucket = AgentInsights['confidence'][number];

function calibrationTable(buckets: readonly Bucket[], bucketRuns: (b: Bucket) => RunsLink | undefined): FigureTable {
  return {
    caption: t`Predictions of reviewed runs per confidence bucket and the share confirmed unchanged`,
    columns: [t`Confidence`, t`Predictions`, t`Changed`, t`Confirmed unchanged (%)`],
    rows: buckets.map((b) => ({
      key: String(b.from),
      cells: [
        { text: range(b), link: bucketRuns(b) },
        { text: formatCount(b.predictions) },
        { text: formatCount(b.changed) },
        { text: formatShare(unchangedShare(b)) },
      ],
    })),
  };
}

/** Bars of the unchanged share, the dashed diagonal of a calibrated model, and the agent's threshold. */
function calibrationOptions(theme: ChartTheme, threshold: number | null): ChartOptions {
  return {
    scales: { x: { time: false, range: () => [0, 1] }, y: { range: () => [0, 1] } },
    axes: [confidenceAxis(theme, t`Confidence`), shareAxis(theme, t`Unchanged`)],
    series: [
      {},
      {
        label: t`Confirmed unchanged`,
        stroke: theme.accent,
        fill: theme.accent,
        width: 0,
        paths: uPlot.paths.bars!({ size: [0.8, 64] }),
        points: { show: false },
      },
      { label: t`Calibrated`, stroke: theme.muted, width: 1, dash: [4, 4], points: { show: false } },
    ],
    hooks: {
      draw:
        threshold == null
          ? []
          : [drawMarkers([{ x: threshold, color: theme.danger, label: thresholdWords(threshold) }], theme.surface)],
    },
  };
}

export function CalibrationChart(props: ThresholdFigureProps) {
  const { insights, threshold, source } = props;
  const theme = useChartTheme();
  const navigate = useNavigate();
  const buckets = insights.confidence;
  const predictions = buckets.reduce((n, b) => n + b.predictions, 0);
  // A bucket's runs: the reviewed runs with a prediction of that confidence.
  const bucketRuns = (b: Bucket) =>
    b.predictions ? windowFigureLink(props, { predictionConfidence: confidenceRangeText(b.from, b.to) }) : undefined;
  const data = useMemo(
    () =>
      [
        buckets.map((b) => (b.from + b.to) / 2),
        buckets.map((b) => unchangedShare(b)),
        buckets.map((b) => (b.from + b.to) / 2),
      ] as uPlot.AlignedData,
    [buckets],
  );
  const thresholdText = threshold == null ? t`no confidence threshold` : thresholdWords(threshold);
  const predictionsText = formatCount(predictions);
  const perBucket = formatList(
    buckets
      .filter((b) => b.predictions)
      .map((b) => {
        const bucketRange = range(b);
        const share = formatShare(unchangedShare(b));
        return t`${bucketRange}: ${share}`;
      }),
  );
  return (
    <ChartCard
      id="insights-calibration"
      title={t`Calibration`}
      description={t`How often a prediction of a given confidence was confirmed unchanged by review; the agent's ${thresholdText}.`}
      table={calibrationTable(buckets, bucketRuns)}
      empty={predictions === 0 ? t`No reviewed predictions in this window` : undefined}
      legend={
        <Legend
          items={[
            { label: t`Confirmed unchanged`, color: theme.accent },
            { label: t`Calibrated (share = confidence)`, color: theme.muted },
            ...(threshold == null ? [] : [{ label: t`Agent threshold`, color: theme.danger }]),
          ]}
        />
      }
    >
      <UPlotChart
        label={t`Bars: share of reviewed predictions confirmed unchanged per confidence bucket, ${predictionsText} predictions; ${thresholdText}. ${perBucket}.`}
        data={data}
        redrawKey={threshold ?? -1}
        options={(chartTheme) => calibrationOptions(chartTheme, threshold)}
        hint={
          source === 'service'
            ? t`Point at a bar to see its numbers; click it to open the reviewed runs with a prediction of its confidence.`
            : t`Point at a bar to see its numbers.`
        }
        readout={(i) => {
          const b = buckets[i];
          const bucketRange = range(b);
          const bucketPredictions = formatCount(b.predictions);
          const changed = formatCount(b.changed);
          const share = formatShare(unchangedShare(b));
          return t`Confidence ${bucketRange}: ${bucketPredictions} predictions, ${changed} changed, ${share} confirmed unchanged`;
        }}
        onPick={(i) => {
          const link = bucketRuns(buckets[i]);
          if (link) void navigate(link);
        }}
      />
    </ChartCard>
  );
}
