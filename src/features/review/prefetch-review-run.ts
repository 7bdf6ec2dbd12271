/**
 * Getting a run ready for the review screen before it is opened: the same queries the screen reads (run and
 * variables, validation task, document, model, validation) into the query cache, and the document's file fetched and
 * its first page opened for the viewer (widgets/document-viewer/preload-document.ts).
 */
import type { QueryClient } from '@tanstack/react-query';
import { agentRunQueryOptions } from '@/api/agent-run-detail';
import { documentQueryOptions } from '@/api/documents';
import { modelQueryOptions } from '@/api/models';
import { reviewQueueQueryOptions, reviewRunQueryOptions, reviewTaskQueryOptions } from '@/api/review';
import { runDocumentId } from '@/api/run-ids';
import { validationQueryOptions } from '@/api/validations';
import { preloadDocument } from '@/widgets/document-viewer/preload-document';

/**
 * How long prefetched data serves another prefetch without a new request. The screen asks again when it opens a run
 * (its queries are stale at once) and shows the prefetched data meanwhile.
 */
const PREFETCH_FRESH_MS = 30_000;

export type ReviewRunRef = { agentId: string; runId: string; resourceIds?: readonly string[] };

/**
 * Fetches a document's metadata and preloads its file; answers the file's URL (null without one). `openingNow`: the
 * file is for the screen opening now, kept over the files the queue gets ready ahead meanwhile.
 */
async function prefetchDocument(
  queryClient: QueryClient,
  org: string,
  documentId: string,
  openingNow: boolean,
): Promise<string | null> {
  // A cached document serves as it is, stale or not: its file stays the same, and the screen asks for it again.
  const document = await queryClient.ensureQueryData(documentQueryOptions(org, documentId));
  if (!document.fileUrl) return null;
  // The same content type and name the review screen's viewer asks with, so it takes this preload.
  preloadDocument(document.fileUrl, {
    contentType: document.contentType,
    name: document.name || document.documentId,
    openingNow,
  });
  return document.fileUrl;
}

/**
 * Prefetches one run for review. When the run's `resourceIds` name its document (a queue entry does), the document
 * and its file start together with the run rather than after it. Answers the preloaded file's URL (null without one);
 * rejects when a call fails (the screen then asks again and explains). `openingNow`: this is the run the screen opens,
 * not one got ready ahead (its file is kept over theirs).
 */
export async function prefetchReviewRun(
  queryClient: QueryClient,
  org: string,
  run: ReviewRunRef,
  { openingNow = false }: { openingNow?: boolean } = {},
) {
  const fresh = { staleTime: PREFETCH_FRESH_MS };
  const knownDocumentId = run.resourceIds ? runDocumentId({ resourceIds: run.resourceIds }) : null;
  const early = knownDocumentId ? prefetchDocument(queryClient, org, knownDocumentId, openingNow) : null;
  // Settled here so a failure of the early document does not go unhandled while the run is fetched.
  early?.catch(() => undefined);
  const { variables } = await queryClient.fetchQuery({
    ...reviewRunQueryOptions(org, run.agentId, run.runId),
    ...fresh,
  });
  const { validationId, validationTaskId, modelId, documentId } = variables;
  const [fileUrl] = await Promise.all([
    documentId && documentId !== knownDocumentId ? prefetchDocument(queryClient, org, documentId, openingNow) : early,
    validationId && validationTaskId
      ? queryClient.prefetchQuery({ ...reviewTaskQueryOptions(org, validationId, validationTaskId), ...fresh })
      : null,
    validationId ? queryClient.prefetchQuery({ ...validationQueryOptions(org, validationId), ...fresh }) : null,
    modelId ? queryClient.prefetchQuery({ ...modelQueryOptions(org, modelId), ...fresh }) : null,
  ]);
  return fileUrl ?? null;
}

/**
 * The review screen opens `runId`: starts getting it ready at once (a route loader does not wait for it), with its
 * document alongside when a cached run names it (the queue's entry, or the run page's run).
 */
export function startReviewRun(queryClient: QueryClient, org: string, agentId: string, runId: string): void {
  const known =
    queryClient.getQueryData(reviewQueueQueryOptions(org, agentId).queryKey)?.runs.find((run) => run.runId === runId) ??
    queryClient.getQueryData(agentRunQueryOptions(org, agentId, runId).queryKey);
  prefetchReviewRun(queryClient, org, { agentId, runId, resourceIds: known?.resourceIds }, { openingNow: true }).catch(
    () => undefined,
  );
}
