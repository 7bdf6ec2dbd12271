/**
 * Documents: the standard family (./resource-api.ts) with its own list (sort and filters) and its own create (the
 * upload reports progress, so it does not go through fetch).
 */
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  documentListSchema,
  documentSchema,
  type CreateDocumentBody,
  type Document,
  type UpdateDocumentBody,
} from '@/contract';
import { api } from './client';
import { sendForDocument, type UploadProgress } from './document-files';
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
 * POST /documents through the BFF with upload progress (fetch cannot report it). Rejects with the client's typed
 * errors.
 */
export function createDocument(
  body: CreateDocumentBody,
  options: { onProgress?: (progress: UploadProgress) => void; signal?: AbortSignal; idempotencyKey?: string } = {},
): Promise<Document> {
  const { idempotencyKey, ...rest } = options;
  return sendForDocument({
    method: 'POST',
    url: '/api/documents',
    target: '/documents',
    headers: { 'Content-Type': 'application/json', ...(idempotencyKey ? { 'Idempotency-Key': idempotencyKey } : {}) },
    body: JSON.stringify(body),
    ...rest,
  });
}

export function useCreateDocument() {
  const queryClient = useQueryClient();
  const org = useOrganizationScope();
  return useMutation({
    mutationFn: ({
      body,
      ...options
    }: {
      body: CreateDocumentBody;
      onProgress?: (p: UploadProgress) => void;
      signal?: AbortSignal;
      idempotencyKey?: string;
    }) => createDocument(body, options),
    onSuccess: (document) => documentsApi.cacheStored(queryClient, org, document),
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
