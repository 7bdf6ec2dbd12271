import { plural, t } from '@lingui/core/macro';
import type { AgentRunCountsResult } from '@/api/agent-runs';
import { insightSearch, RUN_TABS, type RunTab } from '@/api/runs-filter';
import { formatNumber } from '@/i18n/format';
import { useRunsSearchChange } from './runs-route';
import { RUN_TAB_DEFINITIONS, runTabLabel } from './runs-search';

/** A count in the operator's locale, with "+" when it is a lower bound (a service without the count extension). */
export function formatCount(n: number, complete: boolean): string {
  return `${formatNumber(n)}${complete ? '' : '+'}`;
}

/** What a tab's count says to a screen reader: "12 runs", "at least 100 runs", "counting". */
function countLabel(count: number | undefined, complete: boolean): string {
  if (count === undefined) return t`counting`;
  return complete
    ? plural(count, { one: '# run', other: '# runs' })
    : plural(count, { one: 'at least # run', other: 'at least # runs' });
}

/** The runs page's tabs, each with its count of runs (a lower bound when the service cannot count them all). */
export function RunTabs({
  tab,
  counts,
  loading,
}: {
  tab: RunTab;
  counts: AgentRunCountsResult | undefined;
  loading: boolean;
}) {
  const onSearchChange = useRunsSearchChange();
  // Another tab keeps the agent, outcome, insight filters, window, sort, refresh and page size; its status filter and
  // page start afresh.
  const onChange = (next: RunTab) =>
    onSearchChange((s) => ({
      agent: s.agent,
      outcome: s.outcome,
      ...insightSearch(s),
      from: s.from,
      to: s.to,
      sort: s.sort,
      refresh: s.refresh,
      pageSize: s.pageSize,
      tab: next === 'all' ? undefined : next,
    }));
  return (
    <nav className="runs-tabs" aria-label={t`Run tabs`}>
      {RUN_TABS.map((tabId) => {
        const def = RUN_TAB_DEFINITIONS[tabId];
        const count = counts ? def.statuses.reduce((sum, s) => sum + (counts.counts[s] ?? 0), 0) : undefined;
        const shown = count === undefined ? undefined : formatCount(count, counts!.complete);
        return (
          <button
            key={tabId}
            type="button"
            className="runs-tab"
            aria-current={tabId === tab ? 'page' : undefined}
            onClick={() => onChange(tabId)}
            data-tab={tabId}
          >
            {runTabLabel(tabId)}
            <span className="runs-tab__count" aria-label={countLabel(count, counts?.complete ?? true)}>
              {shown ?? (loading ? '…' : '?')}
            </span>
          </button>
        );
      })}
    </nav>
  );
}
