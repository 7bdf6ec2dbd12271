import { useId, type FormEvent } from 'react';
import { t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { useDocumentsSearchChange } from './documents-route';
import type { DocumentsSearch } from './documents-search';

/** Dataset and consent filters (applied together) and Clear filters. */
export function DocumentFilters({ search }: { search: DocumentsSearch }) {
  const id = useId();
  const onSearchChange = useDocumentsSearchChange();
  const apply = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const value = (name: string) => String(form.get(name) ?? '').trim() || undefined;
    const datasetId = value('datasetId');
    const consentId = value('consentId');
    onSearchChange((s) => ({ ...s, cursor: undefined, datasetId, consentId }));
  };
  return (
    <form
      className="docs-filters"
      onSubmit={apply}
      key={`${search.datasetId}|${search.consentId}`}
      aria-label={t`Filter documents`}
    >
      <label htmlFor={`${id}-dataset`}>
        <Trans>Dataset</Trans>
      </label>
      <input
        id={`${id}-dataset`}
        name="datasetId"
        className="input input--mono docs-filter-input"
        placeholder="svc:dataset:…"
        defaultValue={search.datasetId ?? ''}
        spellCheck={false}
      />
      <label htmlFor={`${id}-consent`}>
        <Trans>Consent</Trans>
      </label>
      <input
        id={`${id}-consent`}
        name="consentId"
        className="input input--mono docs-filter-input"
        placeholder="legacy:consent:…"
        defaultValue={search.consentId ?? ''}
        spellCheck={false}
      />
      <button type="submit" className="button">
        <Trans>Apply</Trans>
      </button>
      {(search.datasetId || search.consentId) && (
        <button
          type="button"
          className="button button--ghost"
          onClick={() => onSearchChange((s) => ({ order: s.order }))}
        >
          <Trans>Clear filters</Trans>
        </button>
      )}
    </form>
  );
}
