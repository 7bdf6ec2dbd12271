import { useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute, Link, useNavigate } from '@tanstack/react-router';
import { z } from 'zod';
import { documentQueryOptions } from '@/api/documents';
import { CopyButton } from '@/components/copy-button';
import { modelsListQueryOptions } from '@/api/models';
import { DocumentDetailScreen } from '@/features/documents/detail/document-detail-screen';
import { useOrganizationScope } from '@/api/organization-scope';

const searchSchema = z.object({
  modelId: z.string().min(1).optional().catch(undefined),
});

export const Route = createFileRoute('/_authenticated/documents/$documentId')({
  validateSearch: searchSchema,
  loader: async ({ context, params }) => {
    const document = await context.queryClient.ensureQueryData(
      documentQueryOptions(context.organization, params.documentId),
    );
    void context.queryClient.prefetchQuery(modelsListQueryOptions(context.organization, { maxResults: 100 }));
    return { crumb: document.name || document.documentId };
  },
  component: DocumentRoute,
});

function DocumentRoute() {
  const org = useOrganizationScope();
  const { documentId } = Route.useParams();
  const { modelId } = Route.useSearch();
  const navigate = useNavigate({ from: Route.fullPath });
  const { data: document } = useSuspenseQuery(documentQueryOptions(org, documentId));
  const models = useQuery(modelsListQueryOptions(org, { maxResults: 100 }));
  return (
    <div className="doc-page">
      <header className="doc-page__header">
        <h1 className="page-header__title">{document.name || 'Untitled document'}</h1>
        <p className="doc-page__meta">
          <span className="doc-page__id">
            {document.documentId}
            <CopyButton value={document.documentId} label="Copy document id" />
          </span>
          {document.contentType && <span className="badge badge--outline">{document.contentType}</span>}
          {document.datasetId && (
            <Link to="/documents" search={{ datasetId: document.datasetId }}>
              dataset …{document.datasetId.slice(-6)}
            </Link>
          )}
        </p>
      </header>
      <DocumentDetailScreen
        key={document.documentId}
        document={document}
        models={models.data?.models ?? []}
        modelId={modelId ?? null}
        onModelChange={(next) => void navigate({ search: { modelId: next ?? undefined }, replace: true })}
      />
    </div>
  );
}
