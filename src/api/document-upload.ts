/**
 * A document's create: POST /documents through the BFF with upload progress (fetch cannot report it), apart from
 * ./documents.ts so that only the screens that upload load it.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateDocumentBody, Document } from '@/contract';
import { sendForDocument, type UploadProgress } from './document-files';
import { cacheStoredDocument } from './documents';
import { useOrganizationScope } from './organization-scope';

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
    onSuccess: (document) => cacheStoredDocument(queryClient, org, document),
  });
}
