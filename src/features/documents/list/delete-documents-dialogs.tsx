import { plural, t } from '@lingui/core/macro';
import { useDeleteDocument } from '@/api/documents';
import { ConfirmDialog } from '@/components/confirm-dialog';
import type { Document } from '@/contract';

/** Deleting one document: type its name to confirm. */
export function DeleteDialog({ document, onClose }: { document: Document | null; onClose: () => void }) {
  const remove = useDeleteDocument();
  const entries = document?.groundTruth?.length ?? 0;
  const documentName = document?.name;
  return (
    <ConfirmDialog
      open={document !== null}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      title={documentName ? t`Delete “${documentName}”?` : t`Delete this document?`}
      description={plural(entries, {
        one: 'The document, its file and its # ground-truth entry are removed for good.',
        other: 'The document, its file and its # ground-truth entries are removed for good.',
      })}
      confirmLabel={t`Delete document`}
      tone="danger"
      typeToConfirm={document?.name || document?.documentId || ''}
      onConfirm={() => (document ? remove.mutateAsync(document.documentId) : undefined)}
    />
  );
}

/** Deleting the selected documents: type `delete <count>` to confirm. */
export function BulkDeleteDialog({
  target,
  onClose,
}: {
  target: { rows: Document[]; clear: () => void } | null;
  onClose: () => void;
}) {
  const remove = useDeleteDocument();
  const count = target?.rows.length ?? 0;
  const names = target?.rows.map((d) => d.name || d.documentId).join(', ') ?? '';
  return (
    <ConfirmDialog
      open={target !== null}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      title={plural(count, { one: 'Delete # document?', other: 'Delete # documents?' })}
      description={t`${names}: their files and ground truth are removed for good.`}
      confirmLabel={plural(count, { one: 'Delete # document', other: 'Delete # documents' })}
      tone="danger"
      // The phrase the operator types, in their language ("delete 3").
      typeToConfirm={t`delete ${count}`}
      onConfirm={async () => {
        if (!target) return;
        for (const d of target.rows) await remove.mutateAsync(d.documentId);
        target.clear();
      }}
    />
  );
}
