import { useMemo, useState } from 'react';
import { useCapabilities } from '@/api/capabilities';
import type { Document, Model } from '@/contract';
import { UnsavedChangesGuard } from '@/components/form/unsaved-changes';
import { GroundTruthWorkspace } from '@/widgets/ground-truth/ground-truth-workspace';
import { DEFAULT_THRESHOLD, labelsFromFieldConfig } from '@/widgets/ground-truth/ground-truth-rows';
import { useGroundTruthDraft } from '@/widgets/ground-truth/use-ground-truth-draft';
import { DocumentSaveBar, DocumentTabs, LabelsModelPicker, type DocumentPanel } from './document-panels';
import { DocumentPropertiesForm } from './document-properties-form';
import { documentRoute } from './document-route';
import { labelsModel } from './labels-model';
import { useDocumentSave } from './use-document-save';

export type DocumentDetailScreenProps = {
  document: Document;
  models: readonly Model[];
};

/**
 * The document beside its ground truth; a Properties tab edits name, description, dataset, retention, metadata. A
 * reviewer may change the ground truth only (`review`), the properties take `write`.
 */
export function DocumentDetailScreen({ document, models }: DocumentDetailScreenProps) {
  const { review: canEditGroundTruth, write: canEditProperties } = useCapabilities();
  const modelId = documentRoute.useSearch({ select: (search) => search.modelId ?? null });
  const draft = useGroundTruthDraft(document.groundTruth);
  const [tab, setTab] = useState<DocumentPanel>('fields');
  const [threshold, setThreshold] = useState(DEFAULT_THRESHOLD);
  const save = useDocumentSave({
    document,
    draft,
    canWrite: canEditGroundTruth,
    onInvalidProperties: () => setTab('properties'),
  });
  const model = useMemo(
    () => labelsModel(models, modelId, document.groundTruth),
    [modelId, models, document.groundTruth],
  );
  const labelOptions = useMemo(() => labelsFromFieldConfig(model?.fieldConfig), [model]);

  return (
    <>
      <UnsavedChangesGuard when={save.dirty && canEditGroundTruth} />
      <GroundTruthWorkspace
        fileUrl={document.fileUrl}
        ocrFileUrl={document.ocrFileUrl}
        contentType={document.contentType}
        documentName={document.name || document.documentId}
        draft={draft}
        threshold={threshold}
        onThresholdChange={setThreshold}
        labelOptions={labelOptions}
        canWrite={canEditGroundTruth}
        onSave={() => void save.save()}
        panelHeader={<DocumentTabs tab={tab} fieldCount={draft.rows.length} onChange={setTab} />}
        editorToolbar={<LabelsModelPicker models={models} model={model} />}
        aside={
          tab === 'properties' ? (
            <DocumentPropertiesForm document={document} save={save} canWrite={canEditProperties} />
          ) : undefined
        }
        editorPanelProps={{ id: 'doc-panel-fields', role: 'tabpanel', 'aria-labelledby': 'doc-tab-fields' }}
        editorFooter={<DocumentSaveBar save={save} canWrite={canEditGroundTruth} />}
      />
    </>
  );
}
