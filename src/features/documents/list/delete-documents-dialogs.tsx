import { useDeleteDocument } from '@/api/documents';
import { ConfirmDialog } from '@/components/confirm-dialog';
import type { Document } from '@/contract';

/** Deleting one document: type its name to confirm. */
export function DeleteDialog({ document, onClose }: { document: Document | null; onClose: () => void }) {
  const remove = useDeleteDocument();
  const entries = document?.groundTruth?.length ?? 0;
  return (
    <ConfirmDialog
      open={document !== null}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      title={`Delete ${document?.name ? `“${document.name}”` : 'this document'}?`}
      description={`The document, its file and its ${entries} ground-truth ${entries === 1 ? 'entry' : 'entries'} are removed for good.`}
      confirmLabel="Delete document"
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
  const noun = count === 1 ? 'document' : 'documents';
  return (
    <ConfirmDialog
      open={target !== null}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      title={`Delete ${count} ${noun}?`}
      description={`${target?.rows.map((d) => d.name || d.documentId).join(', ')}: their files and ground truth are removed for good.`}
      confirmLabel={`Delete ${count} ${noun}`}
      tone="danger"
      typeToConfirm={`delete ${count}`}
      onConfirm={async () => {
        if (!target) return;
        for (const d of target.rows) await remove.mutateAsync(d.documentId);
        target.clear();
      }}
    />
  );
}
