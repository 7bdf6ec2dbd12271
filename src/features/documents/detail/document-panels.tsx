import { plural, t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { modelKeys } from '@/api/models';
import { useOrganizationScope } from '@/api/organization-scope';
import { useRefetchOnOpen } from '@/components/refetch-on-open';
import type { Model } from '@/contract';
import { formatNumber } from '@/i18n/format';
import { documentRoute } from './document-route';
import type { DocumentSave } from './use-document-save';

export type DocumentPanel = 'fields' | 'properties';

/** Ground truth | Properties: the two panels beside the document. */
export function DocumentTabs({
  tab,
  fieldCount,
  onChange,
}: {
  tab: DocumentPanel;
  fieldCount: number;
  onChange: (tab: DocumentPanel) => void;
}) {
  const count = formatNumber(fieldCount);
  return (
    <div className="gt-tabs" role="tablist" aria-label={t`Document panels`}>
      {(['fields', 'properties'] as const).map((name) => (
        <button
          key={name}
          type="button"
          role="tab"
          className="gt-tab"
          id={`doc-tab-${name}`}
          aria-controls={tab === name ? `doc-panel-${name}` : undefined}
          aria-selected={tab === name}
          onClick={() => onChange(name)}
        >
          {name === 'fields' ? t`Ground truth (${count})` : t`Properties`}
        </button>
      ))}
    </div>
  );
}

/** "Labels from": the model whose fields are offered as labels; the choice goes into the URL (`?modelId=`). */
export function LabelsModelPicker({ models, model }: { models: readonly Model[]; model: Model | null }) {
  const navigate = documentRoute.useNavigate();
  const refetchModels = useRefetchOnOpen(modelKeys.lists(useOrganizationScope()));
  return (
    <label className="gt-model-picker">
      <Trans>Labels from</Trans>
      <select
        className="select"
        value={model?.modelId ?? ''}
        onChange={(e) => void navigate({ search: { modelId: e.target.value || undefined }, replace: true })}
        {...refetchModels}
      >
        <option value="">{t`No model`}</option>
        {models.map((m) => (
          <option key={m.modelId} value={m.modelId}>
            {m.name || m.modelId}
          </option>
        ))}
      </select>
    </label>
  );
}

/** Below the editor: what is unsaved (or saved), the last save's error, Discard and Save. */
export function DocumentSaveBar({ save, canWrite }: { save: DocumentSave; canWrite: boolean }) {
  const { saving, dirty, changeCount, savedAt, saveError } = save;
  return (
    <div className="gt-savebar">
      <span className="gt-savebar__status" role="status">
        {saving
          ? t`Saving…`
          : dirty
            ? plural(changeCount, { one: '# unsaved change', other: '# unsaved changes' })
            : savedAt
              ? t`Saved`
              : t`No unsaved changes`}
      </span>
      {saveError && (
        <span className="gt-savebar__error" role="alert">
          {saveError}
        </span>
      )}
      {canWrite && (
        <>
          <button type="button" className="button" onClick={save.discard} disabled={!dirty || saving}>
            <Trans>Discard</Trans>
          </button>
          <button
            type="button"
            className="button button--primary"
            onClick={() => void save.save()}
            disabled={!dirty || saving}
            aria-keyshortcuts="Control+S Meta+S"
          >
            <Trans>Save</Trans>
          </button>
        </>
      )}
    </div>
  );
}
