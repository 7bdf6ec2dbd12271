/** Per field: how often reviewers changed the predicted value, and the confidence of those predictions. */
import { Link } from '@tanstack/react-router';
import { t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import type { AgentInsights } from '@/contract';
import { windowFigureLink, type AgentFigureProps } from './agent-figure';
import { ChartCard, type FigureTable } from './chart-card';
import { formatConfidence, formatCount, formatShare } from './charts/axes';
import type { RunsLink } from './data/runs-link';

type Field = AgentInsights['fields'][number];

/** A link's name holds the words it shows (WCAG 2.5.3): the count in the table, the share on the bar. */
function changedRunsLabel(f: Field, shown: string): string {
  const field = f.label;
  return t`${field}: ${shown} changed — the runs where the reviewer changed it`;
}

/** A field's link in the table: the reviewed runs with a prediction of it. */
function fieldRunsLabel(f: Field): string {
  const field = f.label;
  return t`${field}: the reviewed runs with this field`;
}

/** A field's runs: the reviewed runs with a prediction of it; changed: those where the review changed it. */
type RunsOf = (f: Field, changed: boolean) => RunsLink | undefined;

function fieldsTable(fields: readonly Field[], runsOf: RunsOf): FigureTable {
  return {
    caption: t`Predictions of reviewed runs per field: changed by the reviewer, and mean confidence`,
    columns: [t`Field`, t`Predictions`, t`Changed`, t`Changed (%)`, t`Mean confidence`, t`Mean confidence of changed`],
    rows: fields.map((f) => ({
      key: f.label,
      cells: [
        { text: f.label, link: runsOf(f, false), linkLabel: fieldRunsLabel(f) },
        { text: formatCount(f.predictions) },
        {
          text: formatCount(f.changed),
          link: runsOf(f, true),
          linkLabel: changedRunsLabel(f, formatCount(f.changed)),
        },
        { text: formatShare(f.predictions ? f.changed / f.predictions : null) },
        { text: formatConfidence(f.meanConfidence) },
        { text: formatConfidence(f.meanConfidenceChanged) },
      ],
    })),
  };
}

/** One field's bar: its name linked to its runs, the changed share linked to the runs where it was changed. */
function FieldBar({ f, runsOf }: { f: Field; runsOf: RunsOf }) {
  const share = f.predictions ? f.changed / f.predictions : 0;
  const fieldRuns = runsOf(f, false);
  const changedRuns = runsOf(f, true);
  const shareText = formatShare(share);
  const changed = formatCount(f.changed);
  const predictions = formatCount(f.predictions);
  const confidence = formatConfidence(f.meanConfidence);
  return (
    <li>
      <span className="insights-bars__label" title={f.label}>
        {fieldRuns ? (
          <Link to={fieldRuns.to} search={fieldRuns.search}>
            {f.label}
          </Link>
        ) : (
          f.label
        )}
      </span>
      <span className="insights-bars__track" aria-hidden="true">
        <span className="insights-bars__fill" style={{ width: `${share * 100}%` }} />
      </span>
      <span className="insights-bars__value">
        {changedRuns ? (
          <Link to={changedRuns.to} search={changedRuns.search} aria-label={changedRunsLabel(f, shareText)}>
            <Trans>{shareText} changed</Trans>
          </Link>
        ) : (
          <Trans>{shareText} changed</Trans>
        )}{' '}
        <span className="muted">
          <Trans>
            ({changed}/{predictions}, confidence {confidence})
          </Trans>
        </span>
      </span>
    </li>
  );
}

export function FieldsTable(props: AgentFigureProps) {
  const fields = [...props.insights.fields].sort(
    (a, b) => b.changed / Math.max(1, b.predictions) - a.changed / Math.max(1, a.predictions),
  );
  const runsOf: RunsOf = (f, changed) =>
    (changed ? f.changed : f.predictions) && f.label
      ? windowFigureLink(props, { predictionLabel: f.label, ...(changed ? { predictionChanged: 'true' } : {}) })
      : undefined;
  return (
    <ChartCard
      id="insights-fields"
      title={t`Fields`}
      description={t`Over the runs a review completed: how often the reviewer changed each field's predicted value.`}
      table={fieldsTable(fields, runsOf)}
      empty={fields.length === 0 ? t`No reviewed runs in this window` : undefined}
    >
      <ul className="insights-bars" aria-label={t`Changed share per field`}>
        {fields.map((f) => (
          <FieldBar key={f.label} f={f} runsOf={runsOf} />
        ))}
      </ul>
    </ChartCard>
  );
}
