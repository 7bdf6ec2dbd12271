import { modelKeys } from '@/api/models';
import { useOrganizationScope } from '@/api/organization-scope';
import { useRefetchOnOpen } from '@/components/refetch-on-open';
import type { Model } from '@/contract';
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
  return (
    <div className="gt-tabs" role="tablist" aria-label="Document panels">
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
          {name === 'fields' ? `Ground truth (${fieldCount})` : 'Properties'}
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
      Labels from
      <select
        className="select"
        value={model?.modelId ?? ''}
        onChange={(e) => void navigate({ search: { modelId: e.target.value || undefined }, replace: true })}
        {...refetchModels}
      >
        <option value="">No model</option>
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
          ? 'Saving…'
          : dirty
            ? `${changeCount} unsaved ${changeCount === 1 ? 'change' : 'changes'}`
            : savedAt
              ? 'Saved'
              : 'No unsaved changes'}
      </span>
      {saveError && (
        <span className="gt-savebar__error" role="alert">
          {saveError}
        </span>
      )}
      {canWrite && (
        <>
          <button type="button" className="button" onClick={save.discard} disabled={!dirty || saving}>
            Discard
          </button>
          <button
            type="button"
            className="button button--primary"
            onClick={() => void save.save()}
            disabled={!dirty || saving}
            aria-keyshortcuts="Control+S Meta+S"
          >
            Save
          </button>
        </>
      )}
    </div>
  );
}
