import type { AgentRunCountsResult } from '@/api/agent-runs';
import { insightSearch, RUN_TABS, type RunTab } from '@/api/runs-filter';
import { useRunsSearchChange } from './runs-route';
import { RUN_TAB_DEFINITIONS } from './runs-search';

/** A count, with "+" when it is a lower bound (a service without the count extension). */
export function formatCount(n: number, complete: boolean): string {
  return `${n.toLocaleString()}${complete ? '' : '+'}`;
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
    <nav className="runs-tabs" aria-label="Run tabs">
      {RUN_TABS.map((t) => {
        const def = RUN_TAB_DEFINITIONS[t];
        const count = counts ? def.statuses.reduce((sum, s) => sum + (counts.counts[s] ?? 0), 0) : undefined;
        const shown = count === undefined ? undefined : formatCount(count, counts!.complete);
        return (
          <button
            key={t}
            type="button"
            className="runs-tab"
            aria-current={t === tab ? 'page' : undefined}
            onClick={() => onChange(t)}
            data-tab={t}
          >
            {def.label}
            <span
              className="runs-tab__count"
              aria-label={
                shown === undefined ? 'counting' : counts!.complete ? `${count} runs` : `at least ${count} runs`
              }
            >
              {shown ?? (loading ? '…' : '?')}
            </span>
          </button>
        );
      })}
    </nav>
  );
}
