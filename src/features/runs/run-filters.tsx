import { useId, type FormEvent } from 'react';
import { fromLocalDateTimeInput, toLocalDateTimeInput } from '@/components/form/local-date-time';
import type { AgentRunStatus } from '@/contract';
import { AGENT_RUN_STATUS_WORDS } from './run-status';
import { useRunsSearchChange } from './runs-route';
import {
  lowestConfidenceWords,
  predictionFilterWords,
  RUN_OUTCOME_WORDS,
  tabStatuses,
  type RunsSearch,
} from './runs-search';

/** A filter set from another page (Insights), in the operator's words, with a button that removes it. */
function FilterChip({ words, removeLabel, onRemove }: { words: string; removeLabel: string; onRemove: () => void }) {
  return (
    <span className="runs-filter runs-filter__chip">
      {words}
      <button type="button" className="button button--ghost button--small" aria-label={removeLabel} onClick={onRemove}>
        ×
      </button>
    </span>
  );
}

/** Status within the tab and created-time window (applied together), and clear. */
export function RunFilters({ search }: { search: RunsSearch }) {
  const id = useId();
  const onSearchChange = useRunsSearchChange();
  const { statuses, chosen } = tabStatuses(search);
  const filtered = Boolean(
    chosen.length ||
    search.outcome ||
    predictionFilterWords(search) ||
    lowestConfidenceWords(search) ||
    search.from ||
    search.to,
  );
  const apply = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const from = fromLocalDateTimeInput(String(form.get('from') ?? ''));
    const to = fromLocalDateTimeInput(String(form.get('to') ?? ''));
    onSearchChange((s) => ({ ...s, cursor: undefined, from, to }));
  };
  return (
    <form className="runs-filters" onSubmit={apply} key={`${search.from}|${search.to}`} aria-label="Filter runs">
      <InsightChips search={search} />
      {statuses.length > 1 && <StatusFilter id={`${id}-status`} statuses={statuses} chosen={chosen[0]} />}
      <span className="runs-filter">
        <CreatedInput id={`${id}-from`} name="from" label="Created from" value={search.from} />
      </span>
      <span className="runs-filter">
        <CreatedInput id={`${id}-to`} name="to" label="until" value={search.to} />
        <button type="submit" className="button">
          Apply
        </button>
      </span>
      {filtered && (
        <button
          type="button"
          className="button button--ghost"
          onClick={() => onSearchChange((s) => ({ agent: s.agent, tab: s.tab, sort: s.sort, refresh: s.refresh }))}
        >
          Clear filters
        </button>
      )}
    </form>
  );
}

/** The filters set from Insights (outcome, prediction, lowest confidence), a chip each that removes it. */
function InsightChips({ search }: { search: RunsSearch }) {
  const onSearchChange = useRunsSearchChange();
  const remove = (cleared: Partial<RunsSearch>) => onSearchChange((s) => ({ ...s, cursor: undefined, ...cleared }));
  const prediction = predictionFilterWords(search);
  const lowest = lowestConfidenceWords(search);
  return (
    <>
      {search.outcome && (
        <FilterChip
          words={`Outcome: ${RUN_OUTCOME_WORDS[search.outcome]}`}
          removeLabel={`Remove the filter outcome ${RUN_OUTCOME_WORDS[search.outcome]}`}
          onRemove={() => remove({ outcome: undefined })}
        />
      )}
      {prediction && (
        <FilterChip
          words={prediction}
          removeLabel={`Remove the filter ${prediction}`}
          onRemove={() =>
            remove({ predictionLabel: undefined, predictionChanged: undefined, predictionConfidence: undefined })
          }
        />
      )}
      {lowest && (
        <FilterChip
          words={lowest}
          removeLabel={`Remove the filter ${lowest}`}
          onRemove={() => remove({ lowestConfidence: undefined })}
        />
      )}
    </>
  );
}

/** One status of the tab's, or any. */
function StatusFilter({
  id,
  statuses,
  chosen,
}: {
  id: string;
  statuses: readonly AgentRunStatus[];
  chosen: AgentRunStatus | undefined;
}) {
  const onSearchChange = useRunsSearchChange();
  return (
    <span className="runs-filter">
      <label htmlFor={id}>Status</label>
      <select
        id={id}
        className="input"
        value={chosen ?? ''}
        onChange={(e) => {
          const status = e.target.value || undefined;
          onSearchChange((s) => ({ ...s, cursor: undefined, status }));
        }}
      >
        <option value="">Any in this tab</option>
        {statuses.map((s) => (
          <option key={s} value={s}>
            {AGENT_RUN_STATUS_WORDS[s].label}
          </option>
        ))}
      </select>
    </span>
  );
}

/** A bound of the created-time window, in the operator's local time; applied with the form. */
function CreatedInput({ id, name, label, value }: { id: string; name: string; label: string; value?: string }) {
  return (
    <>
      <label htmlFor={id}>{label}</label>
      <input id={id} name={name} type="datetime-local" className="input" defaultValue={toLocalDateTimeInput(value)} />
    </>
  );
}
