/**
 * The runs page's URL state: agent, tab, status filter, created-time window and sort. Everything that changes what
 * the table shows lives here, so a reload or a shared link shows the same runs.
 */
import { z } from 'zod/mini';
import type { AgentRunsListParams } from '@/api/agent-runs';
import { listParams, paginationSearch, type PaginationSearch } from '@/components/data-table';
import {
  AGENT_RUN_STATUSES,
  agentIdSchema,
  DONE_STATUSES,
  keySchema,
  parseConfidenceRange,
  REVIEW_STATUSES,
  RUN_OUTCOME_FILTERS,
  TIMESTAMP_PATTERN,
  AGENT_RUN_LIFECYCLE_ORDER,
  type Agent,
  type AgentRunStatus,
  type RunInsightFilters,
  type RunOutcomeFilter,
} from '@/contract';

export const RUN_TABS = ['all', 'review', 'exported', 'errors', 'archived'] as const;
export type RunTab = (typeof RUN_TABS)[number];

export interface RunTabDefinition {
  id: RunTab;
  label: string;
  statuses: readonly AgentRunStatus[];
  /** Said in confirmations: "every run waiting for or in review". */
  describes: string;
}

export const RUN_TAB_DEFINITIONS: Record<RunTab, RunTabDefinition> = {
  // "All" is every working run: archived runs are put away and have their own tab.
  all: {
    id: 'all',
    label: 'All',
    statuses: AGENT_RUN_LIFECYCLE_ORDER.filter((s) => s !== 'archived'),
    describes: 'not archived',
  },
  review: { id: 'review', label: 'In review', statuses: REVIEW_STATUSES, describes: 'waiting for or in review' },
  exported: { id: 'exported', label: 'Exported', statuses: DONE_STATUSES, describes: 'exported or completed' },
  errors: { id: 'errors', label: 'Errors', statuses: ['error'], describes: 'failed' },
  archived: { id: 'archived', label: 'Archived', statuses: ['archived'], describes: 'archived' },
};

const statusListSchema = z.pipe(
  z.string(),
  z.transform((text: string) =>
    text
      .split(',')
      .filter((s): s is AgentRunStatus => (AGENT_RUN_STATUSES as readonly string[]).includes(s))
      .join(','),
  ),
);

/** A confidence range of the insight filters (`0.3-0.4`); anything else is dropped rather than failing the page. */
const confidenceRangeSchema = z.catch(
  z.optional(z.string().check(z.refine((text: string) => parseConfidenceRange(text) !== undefined))),
  undefined,
);

/** A created-time bound: a seed timestamp; anything else is dropped rather than failing the page. */
const boundSchema = z.catch(z.optional(z.string().check(z.regex(TIMESTAMP_PATTERN))), undefined);

export const runsSearchSchema = z.object({
  agent: z.catch(z.optional(agentIdSchema), undefined),
  tab: z.catch(z.optional(z.enum(RUN_TABS)), undefined),
  /** Comma-separated statuses within the tab, e.g. `ready-for-review,review-in-progress`. */
  status: z.catch(z.optional(statusListSchema), undefined),
  /**
   * What became of the runs, as the insights count them (the service's `outcome` extension, docs/insights.md). Only
   * the insights screens set it, and only when the service answered their extension: a service without it would
   * ignore the parameter and list every run under an "Outcome" label.
   */
  outcome: z.catch(z.optional(z.enum(RUN_OUTCOME_FILTERS)), undefined),
  /**
   * The runs behind a fields or confidence figure (the service's insight filters, docs/insights.md): set, like
   * `outcome`, only by the insights screens when the service answered them.
   */
  predictionLabel: z.catch(z.optional(keySchema.check(z.minLength(1))), undefined),
  /** A boolean in the URL (`predictionChanged=true`); the service's query says it as text. */
  predictionChanged: z.catch(z.optional(z.boolean()), undefined),
  predictionConfidence: confidenceRangeSchema,
  lowestConfidence: confidenceRangeSchema,
  from: boundSchema,
  to: boundSchema,
  sort: z.catch(z.optional(z.enum(['asc', 'desc'])), undefined),
  /** Auto-refresh interval in seconds; 0 turns it off. */
  refresh: z.catch(
    z.optional(
      z.coerce.number().check(
        z.int(),
        z.refine((n: number) => (REFRESH_CHOICES as readonly number[]).includes(n)),
      ),
    ),
    undefined,
  ),
  ...paginationSearch,
});
export type RunsSearch = Omit<z.infer<typeof runsSearchSchema>, 'status'> & { status?: string } & PaginationSearch;

export const REFRESH_CHOICES = [0, 10, 30, 60] as const;
export const DEFAULT_REFRESH_SECONDS = 30;

/** An outcome filter in words: "Outcome: reviewed". */
export const RUN_OUTCOME_WORDS: Record<RunOutcomeFilter, string> = {
  straightThrough: 'straight through',
  reviewed: 'reviewed',
  error: 'failed',
  archived: 'archived',
  inProgress: 'in progress',
  queued: 'queued for review',
};

/** `0.3-0.4` in words: "0.3–0.4". */
const rangeWords = (range: string) => range.replace('-', '–');

/** The page's insight filters, as its URL holds them. */
type InsightSearch = Pick<
  RunsSearch,
  'predictionLabel' | 'predictionChanged' | 'predictionConfidence' | 'lowestConfidence'
>;

/** The prediction filters but the label, in words: ["changed", "confidence 0.3–0.4"]. */
function predictionTraits(search: InsightSearch): string[] {
  const traits: string[] = [];
  if (search.predictionChanged !== undefined) traits.push(search.predictionChanged ? 'changed' : 'unchanged');
  if (search.predictionConfidence) traits.push(`confidence ${rangeWords(search.predictionConfidence)}`);
  return traits;
}

/**
 * The prediction filters as a chip says them — one prediction matches them all, so they are said together: "Field:
 * invoice_number, changed", "Prediction changed, confidence 0.8–1", "Prediction confidence 0.3–0.4".
 */
export function predictionFilterWords(search: InsightSearch): string | undefined {
  const traits = predictionTraits(search);
  if (search.predictionLabel !== undefined) return [`Field: ${search.predictionLabel}`, ...traits].join(', ');
  return traits.length ? `Prediction ${traits.join(', ')}` : undefined;
}

/** The same in a sentence: "with a prediction of field invoice_number, changed". */
function predictionFilterSentence(search: InsightSearch): string | undefined {
  const traits = predictionTraits(search);
  if (search.predictionLabel !== undefined)
    return [`with a prediction of field ${search.predictionLabel}`, ...traits].join(', ');
  return traits.length ? `with a prediction ${traits.join(', ')}` : undefined;
}

/** The lowest-confidence filter in words: "Lowest confidence 0–0.8". */
export function lowestConfidenceWords(search: InsightSearch): string | undefined {
  return search.lowestConfidence ? `Lowest confidence ${rangeWords(search.lowestConfidence)}` : undefined;
}

/** The insight filters a search sets (and no others), as the URL holds them: kept when the tab changes. */
export function insightSearch(search: InsightSearch): InsightSearch {
  const { predictionLabel, predictionChanged, predictionConfidence, lowestConfidence } = search;
  return Object.fromEntries(
    Object.entries({ predictionLabel, predictionChanged, predictionConfidence, lowestConfidence }).filter(
      ([, value]) => value !== undefined,
    ),
  );
}

/** The insight filters a search sets, as the service's query says them. */
export function insightFilters(search: InsightSearch): RunInsightFilters {
  const { predictionChanged, ...rest } = insightSearch(search);
  return predictionChanged === undefined ? rest : { ...rest, predictionChanged: predictionChanged ? 'true' : 'false' };
}

/** What drives the list query: the agent, the statuses asked for, the outcome, the window and the order. */
export interface RunListFilter extends RunInsightFilters {
  agentId: string;
  statuses: AgentRunStatus[];
  outcome?: RunOutcomeFilter;
  createdTimeAfter?: string;
  createdTimeBefore?: string;
  sort: 'createdTime:desc' | 'createdTime:asc';
}

export function parseStatusList(text: string | undefined): AgentRunStatus[] {
  if (!text) return [];
  return text.split(',').filter((s): s is AgentRunStatus => (AGENT_RUN_STATUSES as readonly string[]).includes(s));
}

/** The statuses the table lists: the filter's statuses that belong to the tab, or all of the tab's. */
export function effectiveStatuses(tab: RunTab, statusFilter: readonly AgentRunStatus[]): AgentRunStatus[] {
  const tabStatuses = RUN_TAB_DEFINITIONS[tab].statuses;
  const chosen = statusFilter.filter((status) => tabStatuses.includes(status));
  return chosen.length ? chosen : [...tabStatuses];
}

/** "failed, created after 1 Nov 2026 09:00" — the current filter in words, for confirmations. */
export function describeFilter(search: RunsSearch, statusLabel: (status: AgentRunStatus) => string): string {
  const tab = RUN_TAB_DEFINITIONS[search.tab ?? 'all'];
  const chosen = parseStatusList(search.status).filter((s) => tab.statuses.includes(s));
  const parts = [chosen.length ? `status ${chosen.map(statusLabel).join(' or ')}` : tab.describes];
  if (search.outcome) parts.push(`outcome ${RUN_OUTCOME_WORDS[search.outcome]}`);
  const prediction = predictionFilterSentence(search);
  if (prediction) parts.push(prediction);
  if (search.lowestConfidence) parts.push(`lowest confidence ${rangeWords(search.lowestConfidence)}`);
  if (search.from) parts.push(`created from ${search.from}`);
  if (search.to) parts.push(`created until ${search.to}`);
  return parts.join(', ');
}

export function listFilterFromSearch(agentId: string, search: RunsSearch): RunListFilter {
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

/** The list query of the runs page, from its URL. */
export function runsListParams(agentId: string, search: RunsSearch): AgentRunsListParams {
  return { ...listFilterFromSearch(agentId, search), ...listParams(search) };
}

/** What the route's loader reads of the search: all of it but the auto-refresh interval, which changes no query. */
export function runsLoaderDeps({ refresh: _refresh, ...deps }: RunsSearch): Omit<RunsSearch, 'refresh'> {
  return deps;
}

/** The agent the page shows: the one in the URL, else the first agent. */
export function chosenAgentId(agents: readonly Agent[], search: RunsSearch): string | undefined {
  return search.agent ?? agents[0]?.agentId;
}
