import type { ReactNode } from 'react';
import { t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import type { FieldError } from 'react-hook-form';
import { creationWrite, updateWrite } from '@/api/change-credits';
import { DateTime } from '@/components/date-time';
import { MAX_RETENTION_DAYS, MIN_RETENTION_DAYS, type Document } from '@/contract';
import { formatNumber } from '@/i18n/format';
import { ChangeCredit } from '@/widgets/change-credit/change-credit';
import type { DocumentSave } from './use-document-save';

/** The Properties tab: name, description, dataset, retention and metadata (saved with the ground truth), then facts. */
export function DocumentPropertiesForm({
  document,
  save,
  canWrite,
}: {
  document: Document;
  save: DocumentSave;
  canWrite: boolean;
}) {
  const { register, formState } = save.form;
  const errors = formState.errors;
  const minDays = formatNumber(MIN_RETENTION_DAYS);
  const maxDays = formatNumber(MAX_RETENTION_DAYS);
  // The tab panel is a <div> around the form: a <form> may not take the tabpanel role (ARIA in HTML).
  return (
    <div className="doc-properties" id="doc-panel-properties" role="tabpanel" aria-labelledby="doc-tab-properties">
      <form
        aria-label={t`Document properties`}
        onSubmit={(e) => {
          e.preventDefault();
          void save.save();
        }}
      >
        <fieldset disabled={!canWrite}>
          <PropertyField label={t`Name`} error={errors.name}>
            <input className="gt-input" {...register('name')} aria-invalid={Boolean(errors.name)} />
          </PropertyField>
          <PropertyField label={t`Description`} error={errors.description}>
            <textarea
              className="gt-input doc-textarea"
              rows={3}
              {...register('description')}
              aria-invalid={Boolean(errors.description)}
            />
          </PropertyField>
          <PropertyField label={t`Dataset`} error={errors.datasetId}>
            <input
              className="gt-input doc-mono"
              placeholder="svc:dataset:…"
              spellCheck={false}
              {...register('datasetId')}
              aria-invalid={Boolean(errors.datasetId)}
            />
          </PropertyField>
          <PropertyField label={t`Retention (days, ${minDays}–${maxDays})`} error={errors.retentionInDays}>
            <input
              className="gt-input"
              inputMode="numeric"
              placeholder={t`organization default`}
              {...register('retentionInDays')}
              aria-invalid={Boolean(errors.retentionInDays)}
            />
          </PropertyField>
          <PropertyField label={t`Metadata (JSON object)`} error={errors.metadata}>
            <textarea
              className="gt-input doc-textarea doc-mono"
              rows={8}
              spellCheck={false}
              {...register('metadata')}
              aria-invalid={Boolean(errors.metadata)}
            />
          </PropertyField>
        </fieldset>
        <DocumentFacts document={document} />
      </form>
    </div>
  );
}

function PropertyField({ label, error, children }: { label: string; error?: FieldError; children: ReactNode }) {
  return (
    <label className="doc-field">
      <span>{label}</span>
      {children}
      {error && <small role="alert">{error.message}</small>}
    </label>
  );
}

/** What the operator cannot edit: when and by whom it was created and changed, its checksum, consent and run. */
function DocumentFacts({ document }: { document: Document }) {
  return (
    <dl className="doc-facts">
      <dt>
        <Trans>Created</Trans>
      </dt>
      <dd>
        <DateTime value={document.createdTime} mode="exact" />
        <ChangeCredit actor={document.createdBy} write={creationWrite('documents', document.createdTime)} />
      </dd>
      <dt>
        <Trans>Updated</Trans>
      </dt>
      <dd>
        <DateTime value={document.updatedTime} mode="exact" empty={t`never`} />
        {document.updatedTime ? (
          <ChangeCredit
            actor={document.updatedBy}
            write={updateWrite('documents', document.documentId, document.updatedTime)}
          />
        ) : null}
      </dd>
      <dt>
        <Trans>Content MD5</Trans>
      </dt>
      <dd className="doc-mono">{document.contentMD5 ?? '—'}</dd>
      {document.consentId && (
        <>
          <dt>
            <Trans>Consent</Trans>
          </dt>
          <dd className="doc-mono">{document.consentId}</dd>
        </>
      )}
      {document.agentRunId && (
        <>
          <dt>
            <Trans>Agent run</Trans>
          </dt>
          <dd className="doc-mono">{document.agentRunId}</dd>
        </>
      )}
    </dl>
  );
}
