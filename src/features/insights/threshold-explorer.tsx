/**
 * For a threshold t on the 0.1 edges: how many of the window's runs would have gone to review, and how many values a
 * reviewer changed would have passed unreviewed — beside the agent's current threshold.
 */
import { useId, useMemo, useState } from 'react';
import { Link } from '@tanstack/react-router';
import type uPlot from 'uplot';
import type { RunInsightFilters } from '@/contract';
import { windowFigureLink, type AgentFigureProps, type ThresholdFigureProps } from './agent-figure';
import { ChartCard, Legend, type FigureTable } from './chart-card';
import { confidenceAxis, countAxis, formatConfidence, formatCount, formatShare } from './charts/axes';
import { useChartTheme, type ChartTheme } from './charts/chart-theme';
import { drawMarkers } from './charts/markers';
import { UPlotChart, type ChartOptions } from './charts/uplot-chart';
import { runsLinkFor, type RunsLink } from './data/runs-link';
import { THRESHOLD_STEPS, thresholdOutcome, thresholdRunsFilters, type ThresholdOutcome } from './threshold';

/** The runs behind the explorer's two figures at a threshold (on an edge); none behind a zero. */
interface ThresholdLinks {
  toReview?: RunsLink;
  unreviewed?: RunsLink;
}

function thresholdLinks(figure: AgentFigureProps, outcome: ThresholdOutcome): ThresholdLinks {
  const filters = thresholdRunsFilters(outcome);
  const link = (filter: RunInsightFilters | undefined) => (filter ? windowFigureLink(figure, filter) : undefined);
  return { toReview: link(filters.toReview), unreviewed: link(filters.unreviewed) };
}

/** A figure, linked to its runs when it has a link. */
function Linked({ text, link, label }: { text: string; link: RunsLink | undefined; label: string }) {
  return link ? (
    <Link to={link.to} search={link.search} aria-label={label}>
      {text}
    </Link>
  ) : (
    <>{text}</>
  );
}

const toReviewLabel = (o: ThresholdOutcome) =>
  `${formatCount(o.runsToReview)} runs to review at ${formatConfidence(o.threshold)} — open them`;
const unreviewedLabel = (o: ThresholdOutcome) =>
  `${formatCount(o.changedUnreviewed)} changed values unreviewed at ${formatConfidence(o.threshold)} — open their runs`;

function Figures({ outcome, title, links }: { outcome: ThresholdOutcome; title: string; links: ThresholdLinks }) {
  return (
    <div className="insights-figures__item">
      <dt>{title}</dt>
      <dd>
        <strong>
          <Linked text={formatCount(outcome.runsToReview)} link={links.toReview} label={toReviewLabel(outcome)} />
        </strong>{' '}
        of {formatCount(outcome.runs)} runs to review (
        {formatShare(outcome.runs ? outcome.runsToReview / outcome.runs : null)}),{' '}
        <strong>
          <Linked
            text={formatCount(outcome.changedUnreviewed)}
            link={links.unreviewed}
            label={unreviewedLabel(outcome)}
          />
        </strong>{' '}
        of {formatCount(outcome.changed)} changed values unreviewed
      </dd>
    </div>
  );
}

function ThresholdControls({
  t,
  onChange,
  at,
  threshold,
  current,
  linksOf,
}: {
  t: number;
  onChange: (t: number) => void;
  at: ThresholdOutcome;
  threshold: number | null;
  current: ThresholdOutcome | undefined;
  linksOf: (outcome: ThresholdOutcome) => ThresholdLinks;
}) {
  const id = useId();
  return (
    <div className="insights-threshold">
      <label htmlFor={`${id}-t`}>
        Threshold <output htmlFor={`${id}-t`}>{formatConfidence(t)}</output>
      </label>
      <input
        id={`${id}-t`}
        type="range"
        min={0}
        max={1}
        step={0.1}
        value={t}
        onChange={(e) => onChange(Number(e.target.value))}
      />
      <dl className="insights-figures">
        <Figures outcome={at} title={`At ${formatConfidence(t)}`} links={linksOf(at)} />
        {current ? (
          <Figures
            outcome={current}
            title={`Agent's threshold ${formatConfidence(threshold)}`}
            links={linksOf(current)}
          />
        ) : null}
      </dl>
    </div>
  );
}

function thresholdTable(
  outcomes: readonly ThresholdOutcome[],
  linksOf: (outcome: ThresholdOutcome) => ThresholdLinks,
): FigureTable {
  return {
    caption: 'Per threshold: runs that would go to review and changed values that would pass unreviewed',
    columns: ['Threshold', 'Runs to review', 'Runs to review (%)', 'Changed values unreviewed'],
    rows: outcomes.map((o) => {
      const links = linksOf(o);
      return {
        key: String(o.threshold),
        cells: [
          { text: formatConfidence(o.threshold) },
          { text: formatCount(o.runsToReview), link: links.toReview, linkLabel: toReviewLabel(o) },
          { text: formatShare(o.runs ? o.runsToReview / o.runs : null) },
          { text: formatCount(o.changedUnreviewed), link: links.unreviewed, linkLabel: unreviewedLabel(o) },
        ],
      };
    }),
  };
}

/** Both figures over the thresholds, the chosen threshold marked solid and the agent's dashed. */
function thresholdOptions(th: ChartTheme, t: number, threshold: number | null): ChartOptions {
  return {
    scales: { x: { time: false, range: () => [0, 1] }, y: { range: (_u, _min, max) => [0, Math.max(1, max)] } },
    axes: [confidenceAxis(th, 'Threshold'), countAxis(th)],
    series: [
      {},
      { label: 'Runs to review', stroke: th.accent, width: 2, points: { show: true, size: 5, fill: th.accent } },
      {
        label: 'Changed values unreviewed',
        stroke: th.danger,
        width: 2,
        points: { show: true, size: 5, fill: th.danger },
      },
    ],
    hooks: {
      draw: [
        drawMarkers(
          [
            { x: t, color: th.fg, label: `t ${formatConfidence(t)}` },
            ...(threshold == null ? [] : [{ x: threshold, color: th.muted, label: 'agent', dashed: true }]),
          ],
          th.surface,
        ),
      ],
    },
  };
}

/** The threshold the operator chose (the agent's, snapped to an edge, until they choose) and the outcome at each edge. */
function useThresholdChoice({ insights, threshold }: ThresholdFigureProps) {
  const snapped = threshold == null ? 0.8 : Math.round(threshold * 10) / 10;
  const [chosen, setChosen] = useState<number | null>(null);
  const t = chosen ?? snapped;
  const outcomes = useMemo(() => THRESHOLD_STEPS.map((s) => thresholdOutcome(insights.confidence, s)), [insights]);
  const data = useMemo(
    () =>
      [
        THRESHOLD_STEPS,
        outcomes.map((o) => o.runsToReview),
        outcomes.map((o) => o.changedUnreviewed),
      ] as uPlot.AlignedData,
    [outcomes],
  );
  return { t, setChosen, outcomes, at: outcomes[Math.round(t * 10)], data };
}

export function ThresholdExplorer(props: ThresholdFigureProps) {
  const { agentId, insights, threshold } = props;
  const theme = useChartTheme();
  const { t, setChosen, outcomes, at, data } = useThresholdChoice(props);
  const windowRuns = runsLinkFor({ agentId, from: insights.from, to: insights.to });
  const linksOf = (outcome: ThresholdOutcome) => thresholdLinks(props, outcome);
  const current = threshold == null ? undefined : thresholdOutcome(insights.confidence, threshold);
  return (
    <ChartCard
      id="insights-threshold"
      title="Threshold explorer"
      description="A run goes to review when its lowest prediction confidence is below the threshold."
      table={thresholdTable(outcomes, linksOf)}
      empty={at.runs === 0 ? 'No runs in this window' : undefined}
      extra={
        at.runs === 0 ? undefined : (
          <ThresholdControls
            t={t}
            onChange={setChosen}
            at={at}
            threshold={threshold}
            current={current}
            linksOf={linksOf}
          />
        )
      }
      legend={
        <Legend
          items={[
            { label: 'Runs to review', color: theme.accent },
            { label: 'Changed values unreviewed', color: theme.danger },
          ]}
        />
      }
    >
      <UPlotChart
        label={`Lines over thresholds 0 to 1: runs to review rise from ${formatCount(outcomes[0].runsToReview)} to ${formatCount(outcomes[10].runsToReview)}, changed values unreviewed fall from ${formatCount(outcomes[0].changedUnreviewed)} to 0. At ${formatConfidence(t)}: ${formatCount(at.runsToReview)} runs to review, ${formatCount(at.changedUnreviewed)} changed values unreviewed.`}
        data={data}
        height={200}
        redrawKey={`${t}|${threshold}`}
        options={(th) => thresholdOptions(th, t, threshold)}
        hint="Point at a threshold to see its numbers; click to choose it."
        readout={(i) =>
          `Threshold ${formatConfidence(outcomes[i].threshold)}: ${formatCount(outcomes[i].runsToReview)} runs to review, ${formatCount(outcomes[i].changedUnreviewed)} changed values unreviewed`
        }
        onPick={(i) => setChosen(THRESHOLD_STEPS[i])}
      />
      <p className="muted">
        <Link to={windowRuns.to} search={windowRuns.search}>
          Runs of this window
        </Link>
      </p>
    </ChartCard>
  );
}
