import { msg, t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import type { MessageDescriptor } from '@lingui/core';
import { TableScroll } from '@/components/table-scroll';
import { MONTHLY_COUNTERS, TOTAL_COUNTERS, USAGE_ONLY_COUNTERS, type Organization } from '@/contract';
import { i18n } from '@/i18n/i18n';
import { formatNumber, formatPercent } from '@/i18n/format';

/** Every counter the screen shows, in words: the total and monthly counters, page predictions, usage-only fields. */
const COUNTER_WORDS: Record<string, MessageDescriptor> = {
  Users: msg`Users`,
  Models: msg`Models`,
  Transitions: msg`Transitions`,
  Workflows: msg`Workflows`,
  Secrets: msg`Secrets`,
  AppClients: msg`App clients`,
  Assets: msg`Assets`,
  Agents: msg`Agents`,
  Hooks: msg`Hooks`,
  Datasets: msg`Datasets`,
  Actions: msg`Actions`,
  Validations: msg`Validations`,
  Connections: msg`Connections`,
  Predictions: msg`Predictions`,
  Documents: msg`Documents`,
  Transformations: msg`Transformations`,
  WorkflowExecutions: msg`Workflow executions`,
  DataBundles: msg`Data bundles`,
  TransitionExecutions: msg`Transition executions`,
  Trainings: msg`Trainings`,
  ActionRuns: msg`Action runs`,
  AgentRuns: msg`Agent runs`,
  HookRuns: msg`Hook runs`,
  ValidationTasks: msg`Validation tasks`,
  PagePredictions: msg`Page predictions`,
  monthlyNumberOfGpuHoursUsed: msg`GPU hours`,
  monthlyNumberOfActiveModelsUsed: msg`Active models`,
  monthlyNumberOfFieldPredictionsUsed: msg`Field predictions`,
  monthlyNumberOfProductionWorkflowMinutesUsed: msg`Production workflow minutes`,
  monthlyNumberOfUserMinutesUsed: msg`User minutes`,
  monthlyNumberOfModelDeploymentUnitsUsed: msg`Model deployment units`,
};

/**
 * "AppClients" → "App clients", "monthlyNumberOfGpuHoursUsed" → "GPU hours", in the operator's language; a counter
 * the console does not know yet (a newer service) is named from its field name, in English.
 */
export function counterLabel(counter: string): string {
  const known = COUNTER_WORDS[counter];
  if (known) return i18n._(known);
  const words = counter
    .replace(/^monthlyNumberOf|^numberOf/, '')
    .replace(/Used$|Allowed$|Created$/, '')
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** The one monthly counter with its own field names (`…PagePredictionsUsed`, not `…Created`). */
const PAGE_PREDICTIONS = 'PagePredictions';

interface QuotaRow {
  key: string;
  label: string;
  used: number | undefined;
  allowed: number | undefined;
}

function rows(organization: Organization, kind: 'monthly' | 'total'): QuotaRow[] {
  const record = organization as Record<string, unknown>;
  const num = (field: string) => (typeof record[field] === 'number' ? (record[field] as number) : undefined);
  if (kind === 'total') {
    return TOTAL_COUNTERS.map((c) => ({
      key: c,
      label: counterLabel(c),
      used: num(`numberOf${c}Created`),
      allowed: num(`numberOf${c}Allowed`),
    }));
  }
  return [
    ...MONTHLY_COUNTERS.map((c) => ({
      key: c,
      label: counterLabel(c),
      used: num(`monthlyNumberOf${c}Created`),
      allowed: num(`monthlyNumberOf${c}Allowed`),
    })),
    {
      key: PAGE_PREDICTIONS,
      label: counterLabel(PAGE_PREDICTIONS),
      used: num('monthlyNumberOfPagePredictionsUsed'),
      allowed: num('monthlyNumberOfPagePredictionsAllowed'),
    },
  ];
}

const format = (n: number | undefined) => (n === undefined ? '—' : formatNumber(n));

/** Every quota as usage against allowance: Allowed vs Created (total) or Created/Used (this month). */
export function QuotaTable({ organization, kind }: { organization: Organization; kind: 'monthly' | 'total' }) {
  const list = rows(organization, kind);
  const usedHeader = kind === 'monthly' ? t`Used this month` : t`Created`;
  const label = kind === 'monthly' ? t`Monthly quotas` : t`Total quotas`;
  const scrollLabel = kind === 'monthly' ? t`Monthly quotas table` : t`Total quotas table`;
  return (
    <TableScroll label={scrollLabel} framed>
      <table className="table" aria-label={label}>
        <thead>
          <tr>
            <th scope="col">
              <Trans>Resource</Trans>
            </th>
            <th scope="col" className="num">
              {usedHeader}
            </th>
            <th scope="col" className="num">
              <Trans>Allowed</Trans>
            </th>
            <th scope="col" style={{ width: '32%' }}>
              <Trans>Usage</Trans>
            </th>
          </tr>
        </thead>
        <tbody>
          {list.map((row) => (
            <QuotaRowView key={row.key} row={row} />
          ))}
        </tbody>
      </table>
    </TableScroll>
  );
}

/** One quota: the resource, used and allowed, and a meter of the share used (red when reached, amber from 80%). */
function QuotaRowView({ row }: { row: QuotaRow }) {
  const ratio: number | null =
    row.allowed === undefined || row.used === undefined
      ? null
      : row.allowed === 0
        ? row.used > 0
          ? 1
          : 0
        : row.used / row.allowed;
  const tone = ratio === null ? '' : ratio >= 1 ? ' meter__fill--danger' : ratio >= 0.8 ? ' meter__fill--warning' : '';
  const resource = row.label;
  const used = format(row.used);
  const allowed = format(row.allowed);
  return (
    <tr>
      <th scope="row">{row.label}</th>
      <td className="num">{format(row.used)}</td>
      <td className="num">{format(row.allowed)}</td>
      <td>
        {ratio === null ? (
          <span className="muted">
            <Trans>No limit reported</Trans>
          </span>
        ) : (
          <div className="row" style={{ flexWrap: 'nowrap' }}>
            <div
              className="meter"
              style={{ flex: 1 }}
              role="meter"
              aria-label={t`${resource}: ${used} of ${allowed}`}
              aria-valuemin={0}
              aria-valuemax={row.allowed}
              aria-valuenow={row.used}
            >
              <div
                className={`meter__fill${tone}`}
                style={{ width: `${Math.min(100, Math.round((ratio ?? 0) * 100))}%` }}
              />
            </div>
            <span className="num muted" style={{ minWidth: '4ch', textAlign: 'right' }}>
              {formatPercent(ratio)}
            </span>
          </div>
        )}
      </td>
    </tr>
  );
}

/** Monthly usage figures that have no allowance (GPU hours, active models, …). */
export function UsageOnlyList({ organization }: { organization: Organization }) {
  const record = organization as Record<string, unknown>;
  return (
    <dl className="details">
      {USAGE_ONLY_COUNTERS.map((field) => (
        <div key={field}>
          <dt>{counterLabel(field)}</dt>
          <dd className="num">{typeof record[field] === 'number' ? formatNumber(record[field] as number) : '—'}</dd>
        </div>
      ))}
    </dl>
  );
}
