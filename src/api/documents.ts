/**
 * Documents: key factory, list/detail queries, create (with upload progress), update and delete. Responses are parsed
 * with the contract's schemas; mutation hooks own invalidation and await it.
 */
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  documentListSchema,
  documentSchema,
  type CreateDocumentBody,
  type Document,
  type UpdateDocumentBody,
} from '@/contract';
import { api, segment } from './client';
import { sendForDocument, type UploadProgress } from './document-files';
import { createFamilyKeys } from './keys';
import { useOrganizationScope } from './organization-scope';
import { runDocumentId } from './run-ids';

export const documentKeys = createFamilyKeys('documents');

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

export function documentQueryOptions(org: string, documentId: string) {
  return queryOptions({
    queryKey: documentKeys.detail(org, documentId),
    queryFn: ({ signal }) => api(`/documents/${segment(documentId)}`, { schema: documentSchema, signal }),
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
    label: 'POST /documents',
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
    onSuccess: async (document) => {
      queryClient.setQueryData(documentKeys.detail(org, document.documentId), document);
      await queryClient.invalidateQueries({ queryKey: documentKeys.lists(org) });
    },
  });
}

export function useUpdateDocument() {
  const queryClient = useQueryClient();
  const org = useOrganizationScope();
  return useMutation({
    mutationFn: ({ documentId, body }: { documentId: string; body: UpdateDocumentBody }) =>
      api(`/documents/${segment(documentId)}`, { method: 'PATCH', body, schema: documentSchema }),
    onSuccess: async (document) => {
      queryClient.setQueryData(documentKeys.detail(org, document.documentId), document);
      await queryClient.invalidateQueries({ queryKey: documentKeys.lists(org) });
    },
  });
}

export function useDeleteDocument() {
  const queryClient = useQueryClient();
  const org = useOrganizationScope();
  return useMutation({
    mutationFn: (documentId: string) =>
      api(`/documents/${segment(documentId)}`, { method: 'DELETE', schema: documentSchema }),
    onSuccess: async (document: Document) => {
      queryClient.removeQueries({ queryKey: documentKeys.detail(org, document.documentId) });
      await queryClient.invalidateQueries({ queryKey: documentKeys.lists(org) });
    },
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
