/**
 * The runs page's URL state: agent, tab, status filter, created-time window and sort. Everything that changes what
 * the table shows lives here, so a reload or a shared link shows the same runs.
 */
import type { MessageDescriptor } from '@lingui/core';
import { msg, t } from '@lingui/core/macro';
import { z } from 'zod/mini';
import type { AgentRunsListParams } from '@/api/agent-runs';
import {
  parseStatusList,
  RUN_TAB_STATUSES,
  RUN_TABS,
  runsListFilter,
  type RunTab,
  type RunsInsightSearch,
} from '@/api/runs-filter';
import { listParams, paginationSearch, type PaginationSearch } from '@/components/data-table';
import {
  agentIdSchema,
  keySchema,
  parseConfidenceRange,
  RUN_OUTCOME_FILTERS,
  TIMESTAMP_PATTERN,
  type Agent,
  type AgentRunStatus,
  type RunOutcomeFilter,
} from '@/contract';
import { i18n } from '@/i18n/i18n';

export interface RunTabDefinition {
  id: RunTab;
  /** The tab's name (translated where shown: `i18n._(def.label)`). */
  label: MessageDescriptor;
  statuses: readonly AgentRunStatus[];
  /** Said in confirmations: "every run waiting for or in review". */
  describes: MessageDescriptor;
}

/** The tabs in words; which statuses each lists is the runs filter's (api/runs-filter.ts). */
export const RUN_TAB_DEFINITIONS: Record<RunTab, RunTabDefinition> = {
  // "All" is every working run: archived runs are put away and have their own tab.
  all: { id: 'all', label: msg`All`, statuses: RUN_TAB_STATUSES.all, describes: msg`not archived` },
  review: {
    id: 'review',
    label: msg`In review`,
    statuses: RUN_TAB_STATUSES.review,
    describes: msg`waiting for or in review`,
  },
  exported: {
    id: 'exported',
    label: msg`Exported`,
    statuses: RUN_TAB_STATUSES.exported,
    describes: msg`exported or completed`,
  },
  errors: { id: 'errors', label: msg`Errors`, statuses: RUN_TAB_STATUSES.errors, describes: msg`failed` },
  archived: {
    id: 'archived',
    label: msg`Archived`,
    statuses: RUN_TAB_STATUSES.archived,
    describes: msg`archived`,
  },
};

/** A tab's name in the operator's language ("In review"). */
export const runTabLabel = (tab: RunTab): string => i18n._(RUN_TAB_DEFINITIONS[tab].label);

const statusListSchema = z.pipe(
  z.string(),
  z.transform((text: string) => parseStatusList(text).join(',')),
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
const RUN_OUTCOME_MESSAGES: Record<RunOutcomeFilter, MessageDescriptor> = {
  straightThrough: msg`straight through`,
  reviewed: msg`reviewed`,
  error: msg`failed`,
  archived: msg`archived`,
  inProgress: msg`in progress`,
  queued: msg`queued for review`,
};

/** An outcome filter in the operator's words ("straight through"). */
export const runOutcomeWords = (outcome: RunOutcomeFilter): string => i18n._(RUN_OUTCOME_MESSAGES[outcome]);

/** `0.3-0.4` in words: "0.3–0.4". */
export const rangeWords = (range: string) => range.replace('-', '–');

/** The prediction filters but the label, in words: ["changed", "confidence 0.3–0.4"]. */
export function predictionTraits(search: RunsInsightSearch): string[] {
  const traits: string[] = [];
  if (search.predictionChanged !== undefined) traits.push(search.predictionChanged ? t`changed` : t`unchanged`);
  if (search.predictionConfidence) {
    const range = rangeWords(search.predictionConfidence);
    traits.push(t`confidence ${range}`);
  }
  return traits;
}

/**
 * The prediction filters as a chip says them — one prediction matches them all, so they are said together: "Field:
 * invoice_number, changed", "Prediction changed, confidence 0.8–1", "Prediction confidence 0.3–0.4".
 */
export function predictionFilterWords(search: RunsInsightSearch): string | undefined {
  const traits = predictionTraits(search);
  const field = search.predictionLabel;
  if (field !== undefined) return [t`Field: ${field}`, ...traits].join(', ');
  const traitList = traits.join(', ');
  return traits.length ? t`Prediction ${traitList}` : undefined;
}

/** The lowest-confidence filter in words: "Lowest confidence 0–0.8". */
export function lowestConfidenceWords(search: RunsInsightSearch): string | undefined {
  if (!search.lowestConfidence) return undefined;
  const range = rangeWords(search.lowestConfidence);
  return t`Lowest confidence ${range}`;
}

/** The statuses of the page's tab, and those of them the status filter chose. */
export function tabStatuses(search: RunsSearch): { statuses: readonly AgentRunStatus[]; chosen: AgentRunStatus[] } {
  const statuses = RUN_TAB_DEFINITIONS[search.tab ?? 'all'].statuses;
  return { statuses, chosen: parseStatusList(search.status).filter((s) => statuses.includes(s)) };
}

/** The list query of the runs page, from its URL. */
export function runsListParams(agentId: string, search: RunsSearch): AgentRunsListParams {
  return { ...runsListFilter(agentId, search), ...listParams(search) };
}

/** What the route's loader reads of the search: all of it but the auto-refresh interval, which changes no query. */
export function runsLoaderDeps({ refresh: _refresh, ...deps }: RunsSearch): Omit<RunsSearch, 'refresh'> {
  return deps;
}

/** The agent the page shows: the one in the URL, else the first agent. */
export function chosenAgentId(agents: readonly Agent[], search: RunsSearch): string | undefined {
  return search.agent ?? agents[0]?.agentId;
}
