import { useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { documentQueryOptions } from '@/api/documents';
import { modelsListQueryOptions } from '@/api/models';
import { useOrganizationScope } from '@/api/organization-scope';
import { CopyButton } from '@/components/copy-button';
import { DocumentDetailScreen } from './document-detail-screen';
import { documentRoute } from './document-route';

/** A document's page: its name, id, type and dataset above the workspace (viewer + ground-truth editor). */
export function DocumentPage() {
  const { documentId } = documentRoute.useParams();
  const org = useOrganizationScope();
  const { data: document } = useSuspenseQuery(documentQueryOptions(org, documentId));
  const models = useQuery(modelsListQueryOptions(org, { maxResults: 100 }));
  const datasetEnd = document.datasetId?.slice(-6);
  return (
    <div className="doc-page">
      <header className="doc-page__header">
        <h1 className="page-header__title">{document.name || t`Untitled document`}</h1>
        <p className="doc-page__meta">
          <span className="doc-page__id">
            {document.documentId}
            <CopyButton value={document.documentId} label={t`Copy document id`} />
          </span>
          {document.contentType && <span className="badge badge--outline">{document.contentType}</span>}
          {document.datasetId && (
            <Link to="/documents" search={{ datasetId: document.datasetId }}>
              <Trans>dataset …{datasetEnd}</Trans>
            </Link>
          )}
        </p>
      </header>
      <DocumentDetailScreen key={document.documentId} document={document} models={models.data?.models ?? []} />
    </div>
  );
}
