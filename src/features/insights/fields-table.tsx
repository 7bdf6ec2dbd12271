/** Per field: how often reviewers changed the predicted value, and the confidence of those predictions. */
import type { AgentInsights } from '@/contract';
import { ChartCard, type FigureTable } from './chart-card';
import { formatConfidence, formatCount, formatShare } from './charts/axes';
import { runsLinkFor } from './data/runs-link';

export function FieldsTable({ agentId, insights }: { agentId: string; insights: AgentInsights }) {
  const fields = [...insights.fields].sort(
    (a, b) => b.changed / Math.max(1, b.predictions) - a.changed / Math.max(1, a.predictions),
  );
  const reviewedRuns = runsLinkFor({ agentId, from: insights.from, to: insights.to, outcome: 'reviewed' });
  const table: FigureTable = {
    caption: 'Predictions of reviewed runs per field: changed by the reviewer, and mean confidence',
    columns: ['Field', 'Predictions', 'Changed', 'Changed (%)', 'Mean confidence', 'Mean confidence of changed'],
    rows: fields.map((f) => ({
      key: f.label,
      cells: [
        { text: f.label, link: reviewedRuns },
        { text: formatCount(f.predictions) },
        { text: formatCount(f.changed) },
        { text: formatShare(f.predictions ? f.changed / f.predictions : null) },
        { text: formatConfidence(f.meanConfidence) },
        { text: formatConfidence(f.meanConfidenceChanged) },
      ],
    })),
  };
  return (
    <ChartCard
      id="insights-fields"
      title="Fields"
      description="Over the runs a review completed: how often the reviewer changed each field's predicted value."
      table={table}
      empty={fields.length === 0 ? 'No reviewed runs in this window' : undefined}
    >
      <ul className="insights-bars" aria-label="Changed share per field">
        {fields.map((f) => {
          const share = f.predictions ? f.changed / f.predictions : 0;
          return (
            <li key={f.label}>
              <span className="insights-bars__label" title={f.label}>
                {f.label}
              </span>
              <span className="insights-bars__track" aria-hidden="true">
                <span className="insights-bars__fill" style={{ width: `${share * 100}%` }} />
              </span>
              <span className="insights-bars__value">
                {formatShare(share)} changed{' '}
                <span className="muted">
                  ({formatCount(f.changed)}/{formatCount(f.predictions)}, confidence{' '}
                  {formatConfidence(f.meanConfidence)})
                </span>
              </span>
            </li>
          );
        })}
      </ul>
    </ChartCard>
  );
}
