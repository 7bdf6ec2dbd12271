/**
 * For a threshold t on the 0.1 edges: how many of the window's runs would have gone to review, and how many values a
 * reviewer changed would have passed unreviewed — beside the agent's current threshold.
 */
import { useId, useMemo, useState } from 'react';
import { Link } from '@tanstack/react-router';
import type uPlot from 'uplot';
import { plural, t } from '@lingui/core/macro';
import { Plural, Trans } from '@lingui/react/macro';
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

function toReviewLabel(o: ThresholdOutcome): string {
  const at = formatConfidence(o.threshold);
  const runsToReview = o.runsToReview;
  return plural(runsToReview, {
    one: `# run to review at ${at} — open it`,
    other: `# runs to review at ${at} — open them`,
  });
}
function unreviewedLabel(o: ThresholdOutcome): string {
  const at = formatConfidence(o.threshold);
  const changedUnreviewed = o.changedUnreviewed;
  return plural(changedUnreviewed, {
    one: `# changed value unreviewed at ${at} — open its run`,
    other: `# changed values unreviewed at ${at} — open their runs`,
  });
}

function Figures({ outcome, title, links }: { outcome: ThresholdOutcome; title: string; links: ThresholdLinks }) {
  const toReview = (
    <Linked text={formatCount(outcome.runsToReview)} link={links.toReview} label={toReviewLabel(outcome)} />
  );
  const unreviewed = (
    <Linked text={formatCount(outcome.changedUnreviewed)} link={links.unreviewed} label={unreviewedLabel(outcome)} />
  );
  const share = formatShare(outcome.runs ? outcome.runsToReview / outcome.runs : null);
  const runCount = outcome.runs;
  const changedCount = outcome.changed;
  return (
    <div className="insights-figures__item">
      <dt>{title}</dt>
      <dd>
        <Trans>
          <strong>{toReview}</strong> of <Plural value={runCount} one="# run" other="# runs" /> to review ({share}),{' '}
          <strong>{unreviewed}</strong> of{' '}
          <Plural value={changedCount} one="# changed value" other="# changed values" /> unreviewed
        </Trans>
      </dd>
    </div>
  );
}

function ThresholdControls({
  chosen,
  onChange,
  at,
  threshold,
  current,
  linksOf,
}: {
  chosen: number;
  onChange: (threshold: number) => void;
  at: ThresholdOutcome;
  threshold: number | null;
  current: ThresholdOutcome | undefined;
  linksOf: (outcome: ThresholdOutcome) => ThresholdLinks;
}) {
  const id = useId();
  const chosenText = formatConfidence(chosen);
  const agentText = formatConfidence(threshold);
  return (
    <div className="insights-threshold">
      <label htmlFor={`${id}-t`}>
        <Trans>
          Threshold <output htmlFor={`${id}-t`}>{chosenText}</output>
        </Trans>
      </label>
      <input
        id={`${id}-t`}
        type="range"
        min={0}
        max={1}
        step={0.1}
        value={chosen}
        onChange={(e) => onChange(Number(e.target.value))}
      />
      <dl className="insights-figures">
        <Figures outcome={at} title={t`At ${chosenText}`} links={linksOf(at)} />
        {current ? (
          <Figures outcome={current} title={t`Agent's threshold ${agentText}`} links={linksOf(current)} />
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
    caption: t`Per threshold: runs that would go to review and changed values that would pass unreviewed`,
    columns: [t`Threshold`, t`Runs to review`, t`Runs to review (%)`, t`Changed values unreviewed`],
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
function thresholdOptions(th: ChartTheme, chosen: number, threshold: number | null): ChartOptions {
  const chosenText = formatConfidence(chosen);
  return {
    scales: { x: { time: false, range: () => [0, 1] }, y: { range: (_u, _min, max) => [0, Math.max(1, max)] } },
    axes: [confidenceAxis(th, t`Threshold`), countAxis(th)],
    series: [
      {},
      { label: t`Runs to review`, stroke: th.accent, width: 2, points: { show: true, size: 5, fill: th.accent } },
      {
        label: t`Changed values unreviewed`,
        stroke: th.danger,
        width: 2,
        points: { show: true, size: 5, fill: th.danger },
      },
    ],
    hooks: {
      draw: [
        drawMarkers(
          [
            // "t": the threshold's symbol, as in the docs' formulas.
            { x: chosen, color: th.fg, label: `t ${chosenText}` },
            ...(threshold == null ? [] : [{ x: threshold, color: th.muted, label: t`agent`, dashed: true }]),
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
  const value = chosen ?? snapped;
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
  return { value, setChosen, outcomes, at: outcomes[Math.round(value * 10)], data };
}

/** The chart's summary for screen readers. */
function chartSummary(outcomes: readonly ThresholdOutcome[], at: ThresholdOutcome, value: number): string {
  const reviewFrom = formatCount(outcomes[0].runsToReview);
  const reviewTo = formatCount(outcomes[10].runsToReview);
  const unreviewedFrom = formatCount(outcomes[0].changedUnreviewed);
  const chosen = formatConfidence(value);
  const toReview = formatCount(at.runsToReview);
  const unreviewed = formatCount(at.changedUnreviewed);
  return t`Lines over thresholds 0 to 1: runs to review rise from ${reviewFrom} to ${reviewTo}, changed values unreviewed fall from ${unreviewedFrom} to 0. At ${chosen}: ${toReview} runs to review, ${unreviewed} changed values unreviewed.`;
}

export function ThresholdExplorer(props: ThresholdFigureProps) {
  const { agentId, insights, threshold } = props;
  const theme = useChartTheme();
  const { value, setChosen, outcomes, at, data } = useThresholdChoice(props);
  const windowRuns = runsLinkFor({ agentId, from: insights.from, to: insights.to });
  const linksOf = (outcome: ThresholdOutcome) => thresholdLinks(props, outcome);
  const current = threshold == null ? undefined : thresholdOutcome(insights.confidence, threshold);
  return (
    <ChartCard
      id="insights-threshold"
      title={t`Threshold explorer`}
      description={t`A run goes to review when its lowest prediction confidence is below the threshold.`}
      table={thresholdTable(outcomes, linksOf)}
      empty={at.runs === 0 ? t`No runs in this window` : undefined}
      extra={
        at.runs === 0 ? undefined : (
          <ThresholdControls
            chosen={value}
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
            { label: t`Runs to review`, color: theme.accent },
            { label: t`Changed values unreviewed`, color: theme.danger },
          ]}
        />
      }
    >
      <UPlotChart
        label={chartSummary(outcomes, at, value)}
        data={data}
        height={200}
        redrawKey={`${value}|${threshold}`}
        options={(th) => thresholdOptions(th, value, threshold)}
        hint={t`Point at a threshold to see its numbers; click to choose it.`}
        readout={(i) => {
          const at = formatConfidence(outcomes[i].threshold);
          const toReview = formatCount(outcomes[i].runsToReview);
          const unreviewed = formatCount(outcomes[i].changedUnreviewed);
          return t`Threshold ${at}: ${toReview} runs to review, ${unreviewed} changed values unreviewed`;
        }}
        onPick={(i) => setChosen(THRESHOLD_STEPS[i])}
      />
      <p className="muted">
        <Link to={windowRuns.to} search={windowRuns.search}>
          <Trans>Runs of this window</Trans>
        </Link>
      </p>
    </ChartCard>
  );
}
