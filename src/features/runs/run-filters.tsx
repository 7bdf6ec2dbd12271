import { useId, type FormEvent } from 'react';
import { parseStatusList } from '@/api/runs-filter';
import { AGENT_RUN_STATUS_WORDS } from './run-status';
import { useRunsSearchChange } from './runs-route';
import {
  lowestConfidenceWords,
  predictionFilterWords,
  RUN_OUTCOME_WORDS,
  RUN_TAB_DEFINITIONS,
  type RunsSearch,
} from './runs-search';

/** datetime-local (the operator's local time) ↔ the seed's UTC timestamps. */
const toLocalInput = (timestamp: string | undefined) => {
  if (!timestamp) return '';
  const d = new Date(timestamp);
  if (Number.isNaN(d.getTime())) return '';
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
};
const fromLocalInput = (value: string) => (value ? new Date(value).toISOString() : undefined);

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
  const tab = search.tab ?? 'all';
  const statuses = RUN_TAB_DEFINITIONS[tab].statuses;
  const chosen = parseStatusList(search.status).filter((s) => statuses.includes(s));
  const prediction = predictionFilterWords(search);
  const lowest = lowestConfidenceWords(search);
  const filtered = Boolean(chosen.length || search.outcome || prediction || lowest || search.from || search.to);
  const apply = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const from = fromLocalInput(String(form.get('from') ?? ''));
    const to = fromLocalInput(String(form.get('to') ?? ''));
    onSearchChange((s) => ({ ...s, cursor: undefined, from, to }));
  };
  return (
    <form className="runs-filters" onSubmit={apply} key={`${search.from}|${search.to}`} aria-label="Filter runs">
      {search.outcome && (
        <FilterChip
          words={`Outcome: ${RUN_OUTCOME_WORDS[search.outcome]}`}
          removeLabel={`Remove the filter outcome ${RUN_OUTCOME_WORDS[search.outcome]}`}
          onRemove={() => onSearchChange((s) => ({ ...s, cursor: undefined, outcome: undefined }))}
        />
      )}
      {prediction && (
        <FilterChip
          words={prediction}
          removeLabel={`Remove the filter ${prediction}`}
          onRemove={() =>
            onSearchChange((s) => ({
              ...s,
              cursor: undefined,
              predictionLabel: undefined,
              predictionChanged: undefined,
              predictionConfidence: undefined,
            }))
          }
        />
      )}
      {lowest && (
        <FilterChip
          words={lowest}
          removeLabel={`Remove the filter ${lowest}`}
          onRemove={() => onSearchChange((s) => ({ ...s, cursor: undefined, lowestConfidence: undefined }))}
        />
      )}
      {statuses.length > 1 && (
        <span className="runs-filter">
          <label htmlFor={`${id}-status`}>Status</label>
          <select
            id={`${id}-status`}
            className="input"
            value={chosen[0] ?? ''}
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
      )}
      <span className="runs-filter">
        <label htmlFor={`${id}-from`}>Created from</label>
        <input
          id={`${id}-from`}
          name="from"
          type="datetime-local"
          className="input"
          defaultValue={toLocalInput(search.from)}
        />
      </span>
      <span className="runs-filter">
        <label htmlFor={`${id}-to`}>until</label>
        <input
          id={`${id}-to`}
          name="to"
          type="datetime-local"
          className="input"
          defaultValue={toLocalInput(search.to)}
        />
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
