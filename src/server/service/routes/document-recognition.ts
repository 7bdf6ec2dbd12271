/**
 * `GET {ocrFileUrl}` — the recognised words of a document with their page and box (format: src/contract/ocr.ts,
 * docs/ocr.md). An extension beyond the seed, which names the field only. Recognition runs in the background after
 * each upload (../recognition); while it runs this answers with `status: pending|running` and the pages done so far.
 * A document stored before recognition existed is queued by its first read.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { and, eq } from 'drizzle-orm';
import { z } from 'zod';
import { documentIdSchema, type Document } from '../../../contract';
import { isOcrContentType, ocrResultSchema, type OcrResult } from '../../../contract/ocr';
import type { ServiceContext } from '../context';
import { notFound } from '../http-error';
import { serviceContextOf } from '../plugins/service-decorators';
import { requestRecognition, resumeRecognition } from '../recognition/recognition-queue';
import { schema } from '../storage';
import { recognitionsRepo } from '../storage/repositories/document-recognitions';

const params = z.object({ documentId: documentIdSchema });

/** The document's `ocrFileUrl`, for the content types whose text is recognised. */
export function ocrFileUrlOf(ctx: ServiceContext, document: Pick<Document, 'documentId' | 'contentType'>): string | undefined {
  return isOcrContentType(document.contentType) ? `${ctx.urls.publicBaseUrl}/documents/${document.documentId}/ocr` : undefined;
}

/** The document's content type, or 404 (also for another organization's document). */
async function contentTypeOf(ctx: ServiceContext, organizationId: string, documentId: string): Promise<string | null> {
  const d = schema.documents;
  const [row] = await ctx.store.db
    .select({ data: d.data })
    .from(d)
    .where(and(eq(d.organizationId, organizationId), eq(d.id, documentId)))
    .limit(1);
  if (!row) throw notFound(`Document ${documentId} not found`);
  return (row.data as Document).contentType ?? null;
}

async function hasFile(ctx: ServiceContext, organizationId: string, documentId: string): Promise<boolean> {
  const f = schema.documentFiles;
  const [row] = await ctx.store.db
    .select({ documentId: f.documentId })
    .from(f)
    .where(and(eq(f.organizationId, organizationId), eq(f.documentId, documentId)))
    .limit(1);
  return Boolean(row);
}

const config = { family: 'documents' } as const;

export const documentRecognitionRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx = serviceContextOf(app);
  app.get('/documents/:documentId/ocr', {
    schema: {
      summary: "Get the document's recognised words with their page and box (ocrFileUrl; extension): status pending|running|done|failed",
      tags: ['documents'], params, response: { 200: ocrResultSchema },
    },
    config,
  }, async ({ params, auth }, reply) => {
    const { organizationId } = auth;
    const contentType = await contentTypeOf(ctx, organizationId, params.documentId);
    if (!contentType || !isOcrContentType(contentType)) {
      throw notFound(`Document ${params.documentId} has no recognised text: text is recognised in PDF, PNG, JPEG, WEBP and TIFF documents`);
    }
    let recognition = await recognitionsRepo.get(app.store.db, organizationId, params.documentId);
    if (!recognition) {
      if (!(await hasFile(ctx, organizationId, params.documentId))) {
        throw notFound(`Document ${params.documentId} has no file yet: PUT its bytes to its fileUrl`);
      }
      await requestRecognition(ctx, organizationId, params.documentId, contentType);
      recognition = (await recognitionsRepo.get(app.store.db, organizationId, params.documentId))!;
    } else if (recognition.status === 'pending' || recognition.status === 'running') {
      // Left waiting by a stopped instance: this instance takes it (a no-op while its queue is busy).
      resumeRecognition(ctx);
    }
    const result: OcrResult = { documentId: params.documentId, contentType: contentType as OcrResult['contentType'], ...recognition };
    reply.header('Cache-Control', 'private, no-store');
    return result;
  });
};
