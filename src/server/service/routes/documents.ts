/**
 * Documents: metadata in `documents`, bytes in `document_files`. Content arrives inline (base64 `content` on POST)
 * or later as raw bytes on `PUT {fileUrl}`; `GET {fileUrl}` serves them with their content type. Responses carry
 * `fileUrl` (built from the public URL) and never `content`.
 */
import { createHash } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { z } from 'zod';
import {
  CONTENT_TYPES, createDocumentBodySchema, documentIdSchema, documentListQuerySchema, documentListSchema, documentSchema,
  listQuerySchema, newId, updateDocumentBodySchema, type ContentType, type Document,
} from '../../../contract';
import type { ServiceContext } from '../context';
import { badRequest, notFound } from '../http-error';
import { requestRecognition } from '../recognition/recognition-queue';
import { defineRoute } from '../routing/define-route';
import { recognitionsRepo } from '../storage/repositories/document-recognitions';
import { ocrFileUrlOf } from './document-recognition';
import { documentsRepo } from '../runs/repositories';
import { bumpCounter, createdStamp, schema, updatedStamp, type Executor } from '../storage';

const params = z.object({ documentId: documentIdSchema });
/** The base64 alphabet with optional padding. Padding is not required: the seed allows any length from 1. */
const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

export function withFileUrl(ctx: ServiceContext, document: Document): Document {
  return { ...document, fileUrl: `${ctx.urls.publicBaseUrl}/documents/${document.documentId}/file`, ocrFileUrl: ocrFileUrlOf(ctx, document) };
}

function md5(bytes: Uint8Array): string {
  return createHash('md5').update(bytes).digest('base64');
}

function decodeContent(content: string): Buffer {
  if (!BASE64.test(content)) throw badRequest('content must be base64 (A-Z, a-z, 0-9, +, / and optional = padding)');
  return Buffer.from(content, 'base64');
}

async function writeFile(db: Executor, organizationId: string, documentId: string, contentType: string, bytes: Uint8Array) {
  const t = schema.documentFiles;
  await db.delete(t).where(and(eq(t.organizationId, organizationId), eq(t.documentId, documentId)));
  await db.insert(t).values({ organizationId, documentId, contentType, size: bytes.length, bytes });
}

/** The `Content-Type` of a file PUT, when it is one of the document content types. */
function contentTypeOf(header: string | undefined): ContentType | undefined {
  const type = header?.split(';')[0].trim().toLowerCase();
  return (CONTENT_TYPES as readonly string[]).includes(type ?? '') ? (type as ContentType) : undefined;
}

export const documentRoutes = [
  defineRoute({
    method: 'POST', path: '/documents', family: 'documents', summary: 'Create a document (inline base64 content, or metadata first and bytes via PUT fileUrl)',
    body: createDocumentBodySchema,
    response: documentSchema,
    handler: async ({ body, auth, ctx }) => {
      const { content, ...fields } = body;
      const bytes = content === undefined ? undefined : decodeContent(content);
      const document: Document = {
        documentId: newId('document'),
        name: fields.name ?? null,
        description: fields.description ?? null,
        metadata: fields.metadata ?? {},
        retentionInDays: fields.retentionInDays ?? null,
        contentMD5: bytes ? md5(bytes) : null,
        contentType: fields.contentType ?? null,
        datasetId: fields.datasetId ?? null,
        consentId: fields.consentId ?? null,
        agentRunId: fields.agentRunId ?? null,
        groundTruth: fields.groundTruth ?? [],
        ...createdStamp(auth.actor),
      };
      await ctx.store.transaction(async (tx) => {
        await bumpCounter(tx, auth.organizationId, 'monthlyNumberOfDocumentsCreated', 1);
        await documentsRepo.create(tx, auth.organizationId, document);
        if (bytes) await writeFile(tx, auth.organizationId, document.documentId, document.contentType!, bytes);
      });
      if (bytes) await requestRecognition(ctx, auth.organizationId, document.documentId, document.contentType);
      return withFileUrl(ctx, document);
    },
  }),

  defineRoute({
    method: 'GET', path: '/documents', family: 'documents', summary: 'List documents',
    query: listQuerySchema.extend(documentListQuerySchema.shape),
    response: documentListSchema,
    handler: async ({ query, auth, ctx }) => {
      const page = await documentsRepo.list(ctx.store.db, auth.organizationId, {
        maxResults: query.maxResults,
        nextToken: query.nextToken,
        order: query.order === 'descending' ? 'desc' : 'asc',
        where: { datasetId: query.datasetId, consentId: query.consentId },
      });
      return { documents: page.items.map((document) => withFileUrl(ctx, document)), nextToken: page.nextToken };
    },
  }),

  defineRoute({
    method: 'GET', path: '/documents/:documentId', family: 'documents', summary: 'Get a document (fileUrl, no content)',
    params,
    response: documentSchema,
    handler: async ({ params, auth, ctx }) => withFileUrl(ctx, await documentsRepo.require(ctx.store.db, auth.organizationId, params.documentId)),
  }),

  defineRoute({
    method: 'PATCH', path: '/documents/:documentId', family: 'documents', summary: 'Update a document (groundTruth replaces the whole array; null clears it)',
    params,
    body: updateDocumentBodySchema,
    response: documentSchema,
    handler: async ({ params, body, auth, ctx }) => {
      const updated = await documentsRepo.patch(ctx.store.db, auth.organizationId, params.documentId, (current) => ({
        ...current,
        ...body,
        ...updatedStamp(auth.actor),
      }));
      return withFileUrl(ctx, updated);
    },
  }),

  defineRoute({
    method: 'DELETE', path: '/documents/:documentId', family: 'documents', summary: 'Delete a document and its file',
    params,
    response: documentSchema,
    handler: async ({ params, auth, ctx }) => {
      const removed = await ctx.store.transaction(async (tx) => {
        const document = await documentsRepo.delete(tx, auth.organizationId, params.documentId);
        await recognitionsRepo.delete(tx, auth.organizationId, params.documentId);
        const t = schema.documentFiles;
        await tx.delete(t).where(and(eq(t.organizationId, auth.organizationId), eq(t.documentId, params.documentId)));
        return document;
      });
      return withFileUrl(ctx, removed);
    },
  }),

  defineRoute({
    method: 'PUT', path: '/documents/:documentId/file', family: 'documents', summary: "Upload the document's bytes (raw body)",
    params,
    rawBody: true,
    response: documentSchema,
    handler: async ({ params, body, auth, ctx, request }) => {
      const bytes = body as unknown as Buffer;
      if (!bytes?.length) throw badRequest('body must contain the file bytes (at least 1 byte)');
      const headerType = contentTypeOf(request.headers['content-type']);
      const updated = await ctx.store.transaction(async (tx) =>
        documentsRepo.patch(tx, auth.organizationId, params.documentId, async (current) => {
          const contentType = headerType ?? current.contentType;
          if (!contentType) {
            throw badRequest(`Content-Type must be one of ${CONTENT_TYPES.join(', ')} (the document has no contentType yet)`);
          }
          await writeFile(tx, auth.organizationId, params.documentId, contentType, bytes);
          return { ...current, contentType, contentMD5: md5(bytes), ...updatedStamp(auth.actor) };
        }),
      );
      await requestRecognition(ctx, auth.organizationId, params.documentId, updated.contentType);
      return withFileUrl(ctx, updated);
    },
  }),

  defineRoute({
    method: 'GET', path: '/documents/:documentId/file', family: 'documents', summary: "Download the document's bytes with their content type",
    params,
    responseContentType: 'application/octet-stream',
    handler: async ({ params, auth, ctx, reply }) => {
      await documentsRepo.require(ctx.store.db, auth.organizationId, params.documentId);
      const t = schema.documentFiles;
      const [file] = await ctx.store.db
        .select({ contentType: t.contentType, bytes: t.bytes })
        .from(t)
        .where(and(eq(t.organizationId, auth.organizationId), eq(t.documentId, params.documentId)))
        .limit(1);
      if (!file) throw notFound(`Document ${params.documentId} has no file yet: PUT its bytes to its fileUrl`);
      return reply
        .header('Content-Type', file.contentType)
        .header('Cache-Control', 'private, no-store')
        .header('X-Content-Type-Options', 'nosniff')
        .send(Buffer.from(file.bytes));
    },
  }),
];
