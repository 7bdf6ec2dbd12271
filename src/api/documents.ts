/**
 * Documents: key factory, list/detail queries, create (with upload progress), update and delete. Responses are parsed
 * with the contract's schemas; mutation hooks own invalidation and await it.
 */
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  describeZodError,
  documentListSchema,
  documentSchema,
  type CreateDocumentBody,
  type Document,
  type UpdateDocumentBody,
} from '@/contract';
import { api, segment } from './client';
import { ApiError, NetworkError, ResponseShapeError } from './errors';
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

/** Upload progress of a create: bytes of the JSON body sent so far. */
export type UploadProgress = { loaded: number; total: number };

/**
 * POST /documents through the BFF with upload progress (fetch cannot report it, so this one call uses XHR with the
 * same headers as ./client.ts: `X-CSRF: 1`, same-origin cookie, JSON). Rejects with the client's typed errors.
 */
export function createDocument(
  body: CreateDocumentBody,
  options: { onProgress?: (progress: UploadProgress) => void; signal?: AbortSignal; idempotencyKey?: string } = {},
): Promise<Document> {
  const label = 'POST /documents';
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', '/api/documents');
    xhr.withCredentials = true;
    xhr.setRequestHeader('X-CSRF', '1');
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.setRequestHeader('Content-Type', 'application/json');
    if (options.idempotencyKey) xhr.setRequestHeader('Idempotency-Key', options.idempotencyKey);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) options.onProgress?.({ loaded: event.loaded, total: event.total });
    };
    xhr.onerror = () => reject(new NetworkError(`${label} could not reach the console server.`, label));
    xhr.onabort = () => reject(new DOMException('The upload was cancelled.', 'AbortError'));
    xhr.onload = () => {
      const text = xhr.responseText;
      let data: unknown;
      try {
        data = text ? JSON.parse(text) : undefined;
      } catch {
        data = undefined;
      }
      if (xhr.status < 200 || xhr.status >= 300) {
        const message =
          data && typeof (data as { message?: unknown }).message === 'string'
            ? (data as { message: string }).message
            : `${xhr.status} ${xhr.statusText || 'error'}`;
        return reject(new ApiError(xhr.status, message, label));
      }
      const parsed = documentSchema.safeParse(data);
      if (!parsed.success) {
        return reject(
          new ResponseShapeError(
            `${label} answered with an unexpected shape: ${describeZodError(parsed.error, data, 'response')}`,
            label,
          ),
        );
      }
      resolve(parsed.data);
    };
    options.signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(JSON.stringify(body));
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
