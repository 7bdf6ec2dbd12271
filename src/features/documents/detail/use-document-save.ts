import { t } from '@lingui/core/macro';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useUpdateDocument } from '@/api/documents';
import { explainError } from '@/api/errors';
import type { Document, UpdateDocumentBody } from '@/contract';
import type { GroundTruthDraft } from '@/widgets/ground-truth/use-ground-truth-draft';
import {
  clearingProblem,
  propertiesFormSchema,
  propertiesFromDocument,
  propertiesPatch,
  type PropertiesFormValues,
} from './document-properties';

/**
 * Saving a document: its ground-truth draft and its properties form in one PATCH of what changed; a property that
 * does not validate shows the Properties tab (`onInvalidProperties`) instead of saving anything.
 */
export function useDocumentSave({
  document,
  draft,
  canWrite,
  onInvalidProperties,
}: {
  document: Document;
  draft: GroundTruthDraft;
  canWrite: boolean;
  onInvalidProperties: () => void;
}) {
  const update = useUpdateDocument();
  const [saveError, setSaveError] = useState<string | null>(null);
  const [savedAt, setSavedAt] = useState<number | null>(null);
  const form = useForm<PropertiesFormValues>({
    resolver: zodResolver(propertiesFormSchema),
    defaultValues: propertiesFromDocument(document),
    mode: 'onChange',
  });
  const propertiesDirty = form.formState.isDirty;

  /** The PATCH body of what changed, or null (and the error shown) when a property does not validate. */
  const changedBody = async (): Promise<UpdateDocumentBody | null> => {
    let body: UpdateDocumentBody = {};
    if (propertiesDirty) {
      const values = form.getValues();
      const valid = await form.trigger();
      const problem = clearingProblem(document, values);
      if (!valid || problem) {
        onInvalidProperties();
        setSaveError(problem ?? t`Fix the highlighted properties, then save again.`);
        return null;
      }
      body = propertiesPatch(document, values);
    }
    if (draft.dirty) body.groundTruth = draft.entries;
    return body;
  };

  const save = async () => {
    if (!canWrite || update.isPending) return;
    setSaveError(null);
    const body = await changedBody();
    if (!body) return;
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
      setSaveError(t`${title}: ${detail}`);
    }
  };

  const discard = () => {
    draft.reset(document.groundTruth);
    form.reset(propertiesFromDocument(document));
    setSaveError(null);
  };

  return {
    form,
    save,
    discard,
    saving: update.isPending,
    saveError,
    savedAt,
    dirty: draft.dirty || propertiesDirty,
    changeCount: draft.changes.length + Object.keys(form.formState.dirtyFields).length,
  };
}

export type DocumentSave = ReturnType<typeof useDocumentSave>;
