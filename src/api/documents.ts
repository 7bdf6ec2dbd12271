/**
 * Documents: the standard family (./resource-api.ts) with its own list (sort and filters). Its create, an upload that
 * reports progress, is ./document-upload.ts: the runs table reads documents on the first screen, which needs none of
 * the upload code.
 */
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { documentListSchema, documentSchema, type CreateDocumentBody, type UpdateDocumentBody } from '@/contract';
import { api } from './client';
import { useOrganizationScope } from './organization-scope';
import { defineResourceApi } from './resource-api';
import { runDocumentId } from './run-ids';

const documentsApi = defineResourceApi<CreateDocumentBody, UpdateDocumentBody>()({
  family: 'documents',
  path: '/documents',
  idField: 'documentId',
  schema: documentSchema,
  listSchema: documentListSchema,
});

export const {
  detailQueryOptions: documentQueryOptions,
  useUpdate: useUpdateDocument,
  useDelete: useDeleteDocument,
} = documentsApi;
const documentKeys = documentsApi.keys;
/** Puts a created document in the cache (the upload's answer). */
export const cacheStoredDocument = documentsApi.cacheStored;

export interface DocumentsListParams {
  order?: 'ascending' | 'descending';
  datasetId?: string;
  consentId?: string;
  maxResults?: number;
  nextToken?: string;
}

export function documentsListQueryOptions(org: string, params: DocumentsListParams = {}) {
  return queryOptions({
    queryKey: documentKeys.list(org, params),
    queryFn: ({ signal }) =>
      api('/documents', {
        query: {
          sortBy: 'createdTime',
          order: params.order ?? 'descending',
          datasetId: params.datasetId,
          consentId: params.consentId,
          maxResults: params.maxResults,
          nextToken: params.nextToken,
        },
        schema: documentListSchema,
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

/**
 * The document a run works on (its name and type for a runs table or the review queue): fetched per visible row,
 * cached for five minutes and shared by every screen; `documentId` is null when the run names none.
 */
export function useRunDocument(run: { resourceIds: readonly string[] }) {
  const org = useOrganizationScope();
  const documentId = runDocumentId(run);
  const query = useQuery({
    ...documentQueryOptions(org, documentId ?? ''),
    enabled: Boolean(documentId),
    staleTime: 5 * 60_000,
    retry: false,
  });
  return { documentId, document: query.data, failed: query.isError };
}
