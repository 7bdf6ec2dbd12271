/**
 * `GET {ocrFileUrl}` — the recognised words of a document with their page and box (format: src/contract/ocr.ts,
 * docs/ocr.md). An extension beyond the seed, which names the field only. Recognition runs in the background after
 * each upload (../recognition); while it runs this answers with `status: pending|running` and the pages done so far.
 * A document stored before recognition existed is queued by its first read.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod/mini';
import { documentIdSchema, type Document } from '@/contract';
import { isOcrContentType, ocrResultSchema, type OcrResult, type OcrUnrecognisedPages } from '@/contract/ocr';
import type { ServiceContext } from '@/server/service/context';
import { notFound } from '@/server/service/http-error';
import { serviceContextOf } from '@/server/service/plugins/service-decorators';
import { requestRecognition, resumeRecognition } from '@/server/service/recognition/recognition-queue';
import { recognitionsRepo } from '@/server/service/storage/repositories/document-recognitions';
import { hasDocumentFile } from '@/server/service/storage/repositories/document-files';
import { documentsRepo } from '@/server/service/storage/repositories/documents';

const params = z.object({ documentId: documentIdSchema });

/** Where a document's files are served from: `fileBaseUrl` when configured (another origin), else the API's base. */
export function fileBaseUrlOf(ctx: ServiceContext): string {
  return ctx.config.fileBaseUrl ?? ctx.urls.publicBaseUrl;
}

/** The document's `ocrFileUrl`, for the content types whose text is recognised. */
export function ocrFileUrlOf(
  ctx: ServiceContext,
  document: Pick<Document, 'documentId' | 'contentType'>,
): string | undefined {
  return isOcrContentType(document.contentType)
    ? `${fileBaseUrlOf(ctx)}/documents/${document.documentId}/ocr`
    : undefined;
}

/** The document's content type, or 404 (also for another organization's document). */
async function contentTypeOf(ctx: ServiceContext, organizationId: string, documentId: string): Promise<string | null> {
  return (await documentsRepo.require(ctx.store.db, organizationId, documentId)).contentType ?? null;
}

const NOT_RECOGNISED_BECAUSE: Record<OcrUnrecognisedPages['reason'], string> = {
  'page-limit': 'past the page limit (DPS_OCR_MAX_PAGES)',
  'time-limit': 'over the page time limit (DPS_OCR_PAGE_TIMEOUT_MS)',
  'too-large': 'over the page pixel limit (DPS_OCR_MAX_PAGE_PIXELS)',
  unreadable: 'could not be decoded',
};

/** A done document's `message`: which pages were not recognised and why, or null when every page was. */
function unrecognisedMessage(runs: OcrUnrecognisedPages[]): string | null {
  const pages = ({ first, last }: OcrUnrecognisedPages) =>
    first === last ? `page ${first + 1}` : `pages ${first + 1}–${last + 1}`;
  return runs.length
    ? `not recognised: ${runs.map((run) => `${pages(run)} ${NOT_RECOGNISED_BECAUSE[run.reason]}`).join('; ')}`
    : null;
}

const config = { family: 'documents' } as const;

export const documentRecognitionRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx = serviceContextOf(app);
  app.get(
    '/documents/:documentId/ocr',
    {
      schema: {
        summary:
          "Get the document's recognised words with their page and box (ocrFileUrl; extension): status pending|running|done|failed, pages not recognised",
        tags: ['documents'],
        params,
        response: { 200: ocrResultSchema },
      },
      config,
    },
    async ({ params, auth }, reply) => {
      const { organizationId } = auth;
      const contentType = await contentTypeOf(ctx, organizationId, params.documentId);
      if (!contentType || !isOcrContentType(contentType)) {
        throw notFound(
          `Document ${params.documentId} has no recognised text: text is recognised in PDF, PNG, JPEG, WEBP and TIFF documents`,
        );
      }
      let recognition = await recognitionsRepo.get(app.store.db, organizationId, params.documentId);
      if (!recognition) {
        if (!(await hasDocumentFile(ctx.store.db, organizationId, params.documentId))) {
          throw notFound(`Document ${params.documentId} has no file yet: PUT its bytes to its fileUrl`);
        }
        await requestRecognition(ctx, organizationId, params.documentId, contentType);
        recognition = (await recognitionsRepo.get(app.store.db, organizationId, params.documentId))!;
      } else if (recognition.status === 'pending' || recognition.status === 'running') {
        // Left waiting by a stopped instance: this instance takes it (a no-op while its queue is busy).
        resumeRecognition(ctx);
      }
      const result: OcrResult = {
        documentId: params.documentId,
        contentType: contentType as OcrResult['contentType'],
        ...recognition,
        message:
          recognition.status === 'done' ? unrecognisedMessage(recognition.unrecognisedPages) : recognition.message,
      };
      reply.header('Cache-Control', 'private, no-store');
      return result;
    },
  );
};
