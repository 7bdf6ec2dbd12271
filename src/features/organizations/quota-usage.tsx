import { TableScroll } from '@/components/table-scroll';
import { MONTHLY_COUNTERS, TOTAL_COUNTERS, USAGE_ONLY_COUNTERS, type Organization } from '@/contract';

/** "AppClients" → "App clients", "monthlyNumberOfGpuHoursUsed" → "GPU hours". */
export function counterLabel(counter: string): string {
  const words = counter
    .replace(/^monthlyNumberOf|^numberOf/, '')
    .replace(/Used$|Allowed$|Created$/, '')
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .replace(/\bgpu\b/, 'GPU');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

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
      key: 'PagePredictions',
      label: 'Page predictions',
      used: num('monthlyNumberOfPagePredictionsUsed'),
      allowed: num('monthlyNumberOfPagePredictionsAllowed'),
    },
  ];
}

const format = (n: number | undefined) => (n === undefined ? '—' : n.toLocaleString('en-US'));

/** Every quota as usage against allowance: Allowed vs Created (total) or Created/Used (this month). */
export function QuotaTable({ organization, kind }: { organization: Organization; kind: 'monthly' | 'total' }) {
  const list = rows(organization, kind);
  const usedHeader = kind === 'monthly' ? 'Used this month' : 'Created';
  const label = kind === 'monthly' ? 'Monthly quotas' : 'Total quotas';
  return (
    <TableScroll label={`${label} table`} framed>
      <table className="table" aria-label={label}>
        <thead>
          <tr>
            <th scope="col">Resource</th>
            <th scope="col" className="num">
              {usedHeader}
            </th>
            <th scope="col" className="num">
              Allowed
            </th>
            <th scope="col" style={{ width: '32%' }}>
              Usage
            </th>
          </tr>
        </thead>
        <tbody>
          {list.map((row) => {
            const ratio =
              row.allowed === undefined || row.used === undefined
                ? null
                : row.allowed === 0
                  ? row.used > 0
                    ? 1
                    : 0
                  : row.used / row.allowed;
            const tone =
              ratio === null ? '' : ratio >= 1 ? ' meter__fill--danger' : ratio >= 0.8 ? ' meter__fill--warning' : '';
            return (
              <tr key={row.key}>
                <th scope="row">{row.label}</th>
                <td className="num">{format(row.used)}</td>
                <td className="num">{format(row.allowed)}</td>
                <td>
                  {ratio === null ? (
                    <span className="muted">No limit reported</span>
                  ) : (
                    <div className="row" style={{ flexWrap: 'nowrap' }}>
                      <div
                        className="meter"
                        style={{ flex: 1 }}
                        role="meter"
                        aria-label={`${row.label}: ${format(row.used)} of ${format(row.allowed)}`}
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
                        {Math.round((ratio ?? 0) * 100)}%
                      </span>
                    </div>
                  )}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </TableScroll>
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
          <dd className="num">
            {typeof record[field] === 'number' ? (record[field] as number).toLocaleString('en-US') : '—'}
          </dd>
        </div>
      ))}
    </dl>
  );
}
