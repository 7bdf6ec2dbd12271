/**
 * The runs page's filter, turned into what each of its users needs: the list query, the counts query (the same
 * filters without the status: the tabs count every status), the key a pagination trail is kept under, and the search
 * of a link that opens the page. The runs page and the features that link to it (insights) may not import each other,
 * and the queries are this layer's: so the one translation from the page's URL to the service's query lives here.
 */
import {
  AGENT_RUN_LIFECYCLE_ORDER,
  AGENT_RUN_STATUSES,
  DONE_STATUSES,
  REVIEW_STATUSES,
  type AgentRunStatus,
  type RunInsightFilters,
  type RunOutcomeFilter,
} from '@/contract';
import type { AgentRunCountsParams, AgentRunsListParams } from './agent-runs';

export const RUN_TABS = ['all', 'review', 'exported', 'errors', 'archived'] as const;
export type RunTab = (typeof RUN_TABS)[number];

/** The statuses each tab lists. "All" is every working run: archived runs are put away and have their own tab. */
export const RUN_TAB_STATUSES: Record<RunTab, readonly AgentRunStatus[]> = {
  all: AGENT_RUN_LIFECYCLE_ORDER.filter((s) => s !== 'archived'),
  review: REVIEW_STATUSES,
  exported: DONE_STATUSES,
  errors: ['error'],
  archived: ['archived'],
};

/** The prediction filters of the page (the service's insight filters, docs/insights.md), as its URL holds them. */
export interface RunsInsightSearch {
  predictionLabel?: string;
  /** A boolean in the URL (`predictionChanged=true`); the service's query says it as text. */
  predictionChanged?: boolean;
  predictionConfidence?: string;
  lowestConfidence?: string;
}

/** The part of the runs page's URL that filters and orders its runs (page, page size and refresh aside). */
export interface RunsFilterSearch extends RunsInsightSearch {
  agent?: string;
  tab?: RunTab;
  /** Comma-separated statuses within the tab. */
  status?: string;
  outcome?: RunOutcomeFilter;
  /** Created from, and until (inclusive): seed timestamps. */
  from?: string;
  to?: string;
  sort?: 'asc' | 'desc';
}

/** What drives the list query: the agent, the statuses asked for, the outcome, the window and the order. */
export type RunListFilter = Omit<AgentRunsListParams, 'maxResults' | 'nextToken'> & {
  statuses: AgentRunStatus[];
  sort: 'createdTime:desc' | 'createdTime:asc';
};

export function parseStatusList(text: string | undefined): AgentRunStatus[] {
  if (!text) return [];
  return text.split(',').filter((s): s is AgentRunStatus => (AGENT_RUN_STATUSES as readonly string[]).includes(s));
}

/** The statuses the table lists: the filter's statuses that belong to the tab, or all of the tab's. */
export function effectiveStatuses(tab: RunTab, statusFilter: readonly AgentRunStatus[]): AgentRunStatus[] {
  const tabStatuses = RUN_TAB_STATUSES[tab];
  const chosen = statusFilter.filter((status) => tabStatuses.includes(status));
  return chosen.length ? chosen : [...tabStatuses];
}

/** The insight filters a search sets (and no others), as the URL holds them: kept when the tab changes. */
export function insightSearch(search: RunsInsightSearch): RunsInsightSearch {
  const { predictionLabel, predictionChanged, predictionConfidence, lowestConfidence } = search;
  return Object.fromEntries(
    Object.entries({ predictionLabel, predictionChanged, predictionConfidence, lowestConfidence }).filter(
      ([, value]) => value !== undefined,
    ),
  );
}

/** The insight filters a search sets, as the service's query says them. */
export function insightFilters(search: RunsInsightSearch): RunInsightFilters {
  const { predictionChanged, ...rest } = insightSearch(search);
  return predictionChanged === undefined ? rest : { ...rest, predictionChanged: predictionChanged ? 'true' : 'false' };
}

/** The list query of one agent's runs, from the page's search; the caller adds the page (maxResults, nextToken). */
export function runsListFilter(agentId: string, search: RunsFilterSearch): RunListFilter {
  return {
    agentId,
    statuses: effectiveStatuses(search.tab ?? 'all', parseStatusList(search.status)),
    outcome: search.outcome,
    ...insightFilters(search),
    createdTimeAfter: search.from,
    createdTimeBefore: search.to,
    sort: search.sort === 'asc' ? 'createdTime:asc' : 'createdTime:desc',
  };
}

/** The counts query behind the tabs: the list's filters but the tab and status, which the counts are split by. */
export function runsCountsParams(agentId: string, search: RunsFilterSearch): AgentRunCountsParams {
  return {
    agentId,
    outcome: search.outcome,
    ...insightFilters(search),
    createdTimeAfter: search.from,
    createdTimeBefore: search.to,
  };
}

/** The key the table's trail of page tokens is kept under: a new filter or order starts a new trail. */
export function runsPaginationScope(agentId: string, search: RunsFilterSearch): string {
  const { tab = 'all', status = '', outcome = '', from = '', to = '', sort = '' } = search;
  return `runs:${agentId}:${tab}:${status}:${outcome}:${JSON.stringify(insightSearch(search))}:${from}:${to}:${sort}`;
}

/** The search of a link to the runs page: one agent's runs in a window, on a tab, with the outcome. */
export type RunsLinkSearch = Omit<RunsFilterSearch, 'agent' | 'from' | 'to'> & {
  agent: string;
  from: string;
  to: string;
};

/**
 * The search of a link that opens the runs page filtered as given — `to` the last instant included; the insight
 * filters as the service's query says them (a figure's filters) — with only the filters set, in the URL's order.
 */
export function runsLinkSearch({
  agentId,
  from,
  to,
  tab,
  outcome,
  filters = {},
}: {
  agentId: string;
  from: string;
  to: string;
  tab?: RunTab;
  outcome?: RunOutcomeFilter;
  filters?: RunInsightFilters;
}): RunsLinkSearch {
  const search: RunsLinkSearch = { agent: agentId, from, to };
  if (tab && tab !== 'all') search.tab = tab;
  if (outcome) search.outcome = outcome;
  const { predictionChanged, ...rest } = filters;
  Object.assign(search, rest);
  if (predictionChanged !== undefined) search.predictionChanged = predictionChanged === 'true';
  return search;
}
