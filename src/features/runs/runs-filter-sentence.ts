/**
 * The runs page's filter said as a sentence, for the confirmation of "Archive all matching…" (loaded with the page's
 * actions, not with the first screen).
 */
import { t } from '@lingui/core/macro';
import type { RunsInsightSearch } from '@/api/runs-filter';
import type { AgentRunStatus } from '@/contract';
import { formatDateTime, formatList } from '@/i18n/format';
import { i18n } from '@/i18n/i18n';
import {
  predictionTraits,
  rangeWords,
  RUN_TAB_DEFINITIONS,
  runOutcomeWords,
  tabStatuses,
  type RunsSearch,
} from './runs-search';

/** The same in a sentence: "with a prediction of field invoice_number, changed". */
function predictionFilterSentence(search: RunsInsightSearch): string | undefined {
  const traits = predictionTraits(search);
  const field = search.predictionLabel;
  if (field !== undefined) return [t`with a prediction of field ${field}`, ...traits].join(', ');
  const traitList = traits.join(', ');
  return traits.length ? t`with a prediction ${traitList}` : undefined;
}

/**
 * "failed, created from 1 Nov 2026, 09:00:00 CET" — the current filter in words, for confirmations (each part a
 * phrase that follows "every run of this agent that is"; the time bounds in the operator's local time, as entered).
 */
export function describeFilter(search: RunsSearch, statusLabel: (status: AgentRunStatus) => string): string {
  const { chosen } = tabStatuses(search);
  const statusList = formatList(chosen.map(statusLabel), 'disjunction');
  const parts = [chosen.length ? t`status ${statusList}` : i18n._(RUN_TAB_DEFINITIONS[search.tab ?? 'all'].describes)];
  if (search.outcome) {
    const outcome = runOutcomeWords(search.outcome);
    parts.push(t`outcome ${outcome}`);
  }
  const prediction = predictionFilterSentence(search);
  if (prediction) parts.push(prediction);
  if (search.lowestConfidence) {
    const range = rangeWords(search.lowestConfidence);
    parts.push(t`lowest confidence ${range}`);
  }
  if (search.from) {
    const from = formatDateTime(search.from, 'local');
    parts.push(t`created from ${from}`);
  }
  if (search.to) {
    const until = formatDateTime(search.to, 'local');
    parts.push(t`created until ${until}`);
  }
  return parts.join(', ');
}
