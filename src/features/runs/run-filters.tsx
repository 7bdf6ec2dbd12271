import { t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { useId, type FormEvent } from 'react';
import { fromLocalDateTimeInput, toLocalDateTimeInput } from '@/components/form/local-date-time';
import type { AgentRunStatus } from '@/contract';
import { timeZoneName } from '@/i18n/format';
import { currentLocale } from '@/i18n/i18n';
import { agentRunStatusLabel } from './run-status';
import { useRunsSearchChange } from './runs-route';
import {
  lowestConfidenceWords,
  predictionFilterWords,
  runOutcomeWords,
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
  // The inputs take the browser's local wall-clock time (not the console's UTC choice): their labels name its zone.
  const zone = timeZoneName('local', search.from ?? search.to);
  return (
    <form className="runs-filters" onSubmit={apply} key={`${search.from}|${search.to}`} aria-label={t`Filter runs`}>
      <InsightChips search={search} />
      {statuses.length > 1 && <StatusFilter id={`${id}-status`} statuses={statuses} chosen={chosen[0]} />}
      <span className="runs-filter">
        <CreatedInput id={`${id}-from`} name="from" label={t`Created from (${zone})`} value={search.from} />
      </span>
      <span className="runs-filter">
        <CreatedInput id={`${id}-to`} name="to" label={t`until (${zone})`} value={search.to} />
        <button type="submit" className="button">
          <Trans>Apply</Trans>
        </button>
      </span>
      {filtered && (
        <button
          type="button"
          className="button button--ghost"
          onClick={() => onSearchChange((s) => ({ agent: s.agent, tab: s.tab, sort: s.sort, refresh: s.refresh }))}
        >
          <Trans>Clear filters</Trans>
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
  const outcome = search.outcome ? runOutcomeWords(search.outcome) : undefined;
  return (
    <>
      {outcome && (
        <FilterChip
          words={t`Outcome: ${outcome}`}
          removeLabel={t`Remove the filter outcome ${outcome}`}
          onRemove={() => remove({ outcome: undefined })}
        />
      )}
      {prediction && (
        <FilterChip
          words={prediction}
          removeLabel={t`Remove the filter ${prediction}`}
          onRemove={() =>
            remove({ predictionLabel: undefined, predictionChanged: undefined, predictionConfidence: undefined })
          }
        />
      )}
      {lowest && (
        <FilterChip
          words={lowest}
          removeLabel={t`Remove the filter ${lowest}`}
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
      <label htmlFor={id}>
        <Trans>Status</Trans>
      </label>
      <select
        id={id}
        className="input"
        value={chosen ?? ''}
        onChange={(e) => {
          const status = e.target.value || undefined;
          onSearchChange((s) => ({ ...s, cursor: undefined, status }));
        }}
      >
        <option value="">{t`Any in this tab`}</option>
        {statuses.map((s) => (
          <option key={s} value={s}>
            {agentRunStatusLabel(s)}
          </option>
        ))}
      </select>
    </span>
  );
}

/**
 * A bound of the created-time window, in the operator's local time; applied with the form. `lang` asks the browser to
 * write the date and time in the operator's locale (honoured where the platform allows; others follow the system).
 */
function CreatedInput({ id, name, label, value }: { id: string; name: string; label: string; value?: string }) {
  return (
    <>
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        name={name}
        type="datetime-local"
        className="input"
        lang={currentLocale()}
        defaultValue={toLocalDateTimeInput(value)}
      />
    </>
  );
}
