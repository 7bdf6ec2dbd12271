import { zodResolver } from '@hookform/resolvers/zod';
import { useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useUpdateDocument } from '@/api/documents';
import { modelKeys } from '@/api/models';
import { useOrganizationScope } from '@/api/organization-scope';
import { useRefetchOnOpen } from '@/components/refetch-on-open';
import { useCapabilities } from '@/api/capabilities';
import { explainError } from '@/api/errors';
import { DateTime } from '@/components/date-time';
import { creationWrite, updateWrite } from '@/api/change-credits';
import { ChangeCredit } from '@/widgets/change-credit/change-credit';
import type { Document, Model, UpdateDocumentBody } from '@/contract';
import { GroundTruthWorkspace } from '@/widgets/ground-truth/ground-truth-workspace';
import { DEFAULT_THRESHOLD, labelsFromFieldConfig } from '@/widgets/ground-truth/ground-truth-rows';
import { useGroundTruthDraft } from '@/widgets/ground-truth/use-ground-truth-draft';
import { UnsavedChangesGuard } from '@/components/form/unsaved-changes';
import {
  clearingProblem,
  propertiesFormSchema,
  propertiesFromDocument,
  propertiesPatch,
  type PropertiesFormValues,
} from './document-properties';

export type DocumentDetailScreenProps = {
  document: Document;
  models: readonly Model[];
  /** The model whose fields are offered as labels (URL state); null: none chosen. */
  modelId: string | null;
  onModelChange: (modelId: string | null) => void;
};

/** The document beside its ground truth; a Properties tab edits name, description, dataset, retention, metadata. */
export function DocumentDetailScreen({ document, models, modelId, onModelChange }: DocumentDetailScreenProps) {
  const readOnly = !useCapabilities().write;
  const draft = useGroundTruthDraft(document.groundTruth);
  const [tab, setTab] = useState<'fields' | 'properties'>('fields');
  const [threshold, setThreshold] = useState(DEFAULT_THRESHOLD);
  const [saveError, setSaveError] = useState<string | null>(null);
  const [savedAt, setSavedAt] = useState<number | null>(null);
  const update = useUpdateDocument();

  const form = useForm<PropertiesFormValues>({
    resolver: zodResolver(propertiesFormSchema),
    defaultValues: propertiesFromDocument(document),
    mode: 'onChange',
  });
  const propertiesDirty = form.formState.isDirty;
  const dirty = draft.dirty || propertiesDirty;

  // The model offered for labels: the one in the URL, else the model whose fields overlap the ground truth most.
  const model = useMemo(() => {
    if (modelId) return models.find((m) => m.modelId === modelId) ?? null;
    const labels = new Set((document.groundTruth ?? []).map((entry) => entry.label));
    let best: { model: Model; score: number } | null = null;
    for (const m of models) {
      const score = labelsFromFieldConfig(m.fieldConfig).filter((label) => labels.has(label)).length;
      if (score > 0 && (!best || score > best.score)) best = { model: m, score };
    }
    return best?.model ?? null;
  }, [modelId, models, document.groundTruth]);
  const labelOptions = useMemo(() => labelsFromFieldConfig(model?.fieldConfig), [model]);

  const save = async () => {
    if (readOnly || update.isPending) return;
    setSaveError(null);
    let body: UpdateDocumentBody = {};
    if (propertiesDirty) {
      const values = form.getValues();
      const valid = await form.trigger();
      const problem = clearingProblem(document, values);
      if (!valid || problem) {
        setTab('properties');
        setSaveError(problem ?? 'Fix the highlighted properties, then save again.');
        return;
      }
      body = propertiesPatch(document, values);
    }
    if (draft.dirty) body.groundTruth = draft.entries;
    if (Object.keys(body).length === 0) {
      form.reset(form.getValues());
      draft.markSaved();
      return;
    }
    try {
      const saved = await update.mutateAsync({ documentId: document.documentId, body });
      draft.markSaved();
      form.reset(propertiesFromDocument(saved));
      setSavedAt(Date.now());
    } catch (error) {
      const { title, detail } = explainError(error);
      setSaveError(`${title}: ${detail}`);
    }
  };

  const discard = () => {
    draft.reset(document.groundTruth);
    form.reset(propertiesFromDocument(document));
    setSaveError(null);
  };

  const changeCount = draft.changes.length + Object.keys(form.formState.dirtyFields).length;

  const tabs = (
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
          onClick={() => setTab(name)}
        >
          {name === 'fields' ? `Ground truth (${draft.rows.length})` : 'Properties'}
        </button>
      ))}
    </div>
  );

  const refetchModels = useRefetchOnOpen(modelKeys.lists(useOrganizationScope()));
  const modelPicker = (
    <label className="gt-model-picker">
      Labels from
      <select
        className="select"
        value={model?.modelId ?? ''}
        onChange={(e) => onModelChange(e.target.value || null)}
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

  const footer = (
    <div className="gt-savebar">
      <span className="gt-savebar__status" role="status">
        {update.isPending
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
      {!readOnly && (
        <>
          <button type="button" className="button" onClick={discard} disabled={!dirty || update.isPending}>
            Discard
          </button>
          <button
            type="button"
            className="button button--primary"
            onClick={() => void save()}
            disabled={!dirty || update.isPending}
            aria-keyshortcuts="Control+S Meta+S"
          >
            Save
          </button>
        </>
      )}
    </div>
  );

  const errors = form.formState.errors;
  const properties = (
    <form
      className="doc-properties"
      id="doc-panel-properties"
      role="tabpanel"
      aria-labelledby="doc-tab-properties"
      onSubmit={(e) => {
        e.preventDefault();
        void save();
      }}
    >
      <fieldset disabled={readOnly}>
        <label className="doc-field">
          <span>Name</span>
          <input className="gt-input" {...form.register('name')} aria-invalid={Boolean(errors.name)} />
          {errors.name && <small role="alert">{errors.name.message}</small>}
        </label>
        <label className="doc-field">
          <span>Description</span>
          <textarea
            className="gt-input doc-textarea"
            rows={3}
            {...form.register('description')}
            aria-invalid={Boolean(errors.description)}
          />
          {errors.description && <small role="alert">{errors.description.message}</small>}
        </label>
        <label className="doc-field">
          <span>Dataset</span>
          <input
            className="gt-input doc-mono"
            placeholder="svc:dataset:…"
            spellCheck={false}
            {...form.register('datasetId')}
            aria-invalid={Boolean(errors.datasetId)}
          />
          {errors.datasetId && <small role="alert">{errors.datasetId.message}</small>}
        </label>
        <label className="doc-field">
          <span>Retention (days, 1–1825)</span>
          <input
            className="gt-input"
            inputMode="numeric"
            placeholder="organization default"
            {...form.register('retentionInDays')}
            aria-invalid={Boolean(errors.retentionInDays)}
          />
          {errors.retentionInDays && <small role="alert">{errors.retentionInDays.message}</small>}
        </label>
        <label className="doc-field">
          <span>Metadata (JSON object)</span>
          <textarea
            className="gt-input doc-textarea doc-mono"
            rows={8}
            spellCheck={false}
            {...form.register('metadata')}
            aria-invalid={Boolean(errors.metadata)}
          />
          {errors.metadata && <small role="alert">{errors.metadata.message}</small>}
        </label>
      </fieldset>
      <dl className="doc-facts">
        <dt>Created</dt>
        <dd>
          <DateTime value={document.createdTime} mode="exact" />
          <ChangeCredit actor={document.createdBy} write={creationWrite('documents', document.createdTime)} />
        </dd>
        <dt>Updated</dt>
        <dd>
          <DateTime value={document.updatedTime} mode="exact" empty="never" />
          {document.updatedTime ? (
            <ChangeCredit
              actor={document.updatedBy}
              write={updateWrite('documents', document.documentId, document.updatedTime)}
            />
          ) : null}
        </dd>
        <dt>Content MD5</dt>
        <dd className="doc-mono">{document.contentMD5 ?? '—'}</dd>
        {document.consentId && (
          <>
            <dt>Consent</dt>
            <dd className="doc-mono">{document.consentId}</dd>
          </>
        )}
        {document.agentRunId && (
          <>
            <dt>Agent run</dt>
            <dd className="doc-mono">{document.agentRunId}</dd>
          </>
        )}
      </dl>
    </form>
  );

  return (
    <>
      <UnsavedChangesGuard when={dirty && !readOnly} />
      <GroundTruthWorkspace
        fileUrl={document.fileUrl}
        ocrFileUrl={document.ocrFileUrl}
        contentType={document.contentType}
        documentName={document.name || document.documentId}
        draft={draft}
        threshold={threshold}
        onThresholdChange={setThreshold}
        labelOptions={labelOptions}
        readOnly={readOnly}
        onSave={() => void save()}
        panelHeader={tabs}
        editorToolbar={modelPicker}
        aside={tab === 'properties' ? properties : undefined}
        editorPanelProps={{ id: 'doc-panel-fields', role: 'tabpanel', 'aria-labelledby': 'doc-tab-fields' }}
        editorFooter={footer}
      />
    </>
  );
}
