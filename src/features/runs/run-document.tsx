import { Trans } from '@lingui/react/macro';
import { t } from '@lingui/core/macro';
import { Link } from '@tanstack/react-router';
import { useRunDocument } from '@/api/documents';
import { contentTypeLabel } from '@/components/content-type-label';
import type { AgentRun } from '@/contract';

/** The document the run names in its resourceIds: name and type (fetched per visible row, cached). */
export function RunDocument({ run }: { run: AgentRun }) {
  const { documentId, document: doc, failed } = useRunDocument(run);
  if (!documentId)
    return (
      <span className="muted">
        <Trans>No document</Trans>
      </span>
    );
  if (failed)
    return (
      <Link to="/documents/$documentId" params={{ documentId }} className="runs-id">
        …{documentId.slice(-8)}{' '}
        <span className="muted">
          <Trans>(deleted?)</Trans>
        </span>
      </Link>
    );
  return (
    <span className="runs-doc">
      <Link to="/documents/$documentId" params={{ documentId }}>
        {doc ? doc.name || t`Untitled document` : '…'}
      </Link>
      {doc?.contentType && <span className="badge badge--outline">{contentTypeLabel(doc.contentType)}</span>}
    </span>
  );
}
