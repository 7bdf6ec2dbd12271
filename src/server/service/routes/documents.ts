/**
 * Documents: metadata in `documents`, bytes in `document_files`. Content arrives inline (base64 `content` on POST)
 * or later as raw bytes on `PUT {fileUrl}`; `GET {fileUrl}` serves them with their content type. Responses carry
 * `fileUrl` (built from the public URL) and never `content`.
 */
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { createHash } from 'node:crypto';
import { z } from 'zod';
import {
  CONTENT_TYPES,
  createDocumentBodySchema,
  documentIdSchema,
  documentListQuerySchema,
  documentListSchema,
  documentSchema,
  listQuerySchema,
  isBase64Text,
  newId,
  updateDocumentBodySchema,
  type ContentType,
  type Document,
} from '../../../contract';
import type { ServiceContext } from '../context';
import { badRequest, notFound } from '../http-error';
import { serviceContextOf } from '../plugins/service-decorators';
import { cancelRecognition, requestRecognition } from '../recognition/recognition-queue';
import { recognitionsRepo } from '../storage/repositories/document-recognitions';
import { fileBaseUrlOf, ocrFileUrlOf } from './document-recognition';
import { deleteDocumentFile, readDocumentFile, writeDocumentFile } from '../storage/repositories/document-files';
import { documentsRepo } from '../storage/repositories/documents';
import { bumpCounter, createdStamp, updatedStamp } from '../storage';

const params = z.object({ documentId: documentIdSchema });
/** The base64 alphabet with optional padding. Padding is not required: the seed allows any length from 1. */

export function withFileUrl(ctx: ServiceContext, document: Document): Document {
  return {
    ...document,
    fileUrl: `${fileBaseUrlOf(ctx)}/documents/${document.documentId}/file`,
    ocrFileUrl: ocrFileUrlOf(ctx, document),
  };
}

function md5(bytes: Uint8Array): string {
  return createHash('md5').update(bytes).digest('base64');
}

function decodeContent(content: string): Buffer {
  if (!isBase64Text(content)) throw badRequest('content must be base64 (A-Z, a-z, 0-9, +, / and optional = padding)');
  return Buffer.from(content, 'base64');
}

/** The `Content-Type` of a file PUT, when it is one of the document content types. */
function contentTypeOf(header: string | undefined): ContentType | undefined {
  const type = header?.split(';')[0].trim().toLowerCase();
  return (CONTENT_TYPES as readonly string[]).includes(type ?? '') ? (type as ContentType) : undefined;
}

const config = { family: 'documents' } as const;
/** The file download, in the OpenAPI document. */
const fileBytes = z.custom<Buffer>().meta({ type: 'string', format: 'binary' });

export const documentRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx = serviceContextOf(app);
  app.post(
    '/documents',
    {
      schema: {
        summary: 'Create a document (inline base64 content, or metadata first and bytes via PUT fileUrl)',
        body: createDocumentBodySchema,
        response: { 200: documentSchema },
      },
      config,
    },
    async ({ body, auth }) => {
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
      await app.store.transaction(async (tx) => {
        await bumpCounter(tx, auth.organizationId, 'monthlyNumberOfDocumentsCreated', 1);
        await documentsRepo.create(tx, auth.organizationId, document);
        if (bytes) await writeDocumentFile(tx, auth.organizationId, document.documentId, document.contentType!, bytes);
      });
      if (bytes) await requestRecognition(ctx, auth.organizationId, document.documentId, document.contentType);
      return withFileUrl(ctx, document);
    },
  );

  app.get(
    '/documents',
    {
      schema: {
        summary: 'List documents',
        querystring: z.object({ ...listQuerySchema.shape, ...documentListQuerySchema.shape }),
        response: { 200: documentListSchema },
      },
      config,
    },
    async ({ query, auth }) => {
      const page = await documentsRepo.list(app.store.db, auth.organizationId, {
        maxResults: query.maxResults,
        nextToken: query.nextToken,
        order: query.order === 'descending' ? 'desc' : 'asc',
        where: { datasetId: query.datasetId, consentId: query.consentId },
      });
      return { documents: page.items.map((document) => withFileUrl(ctx, document)), nextToken: page.nextToken };
    },
  );

  app.get(
    '/documents/:documentId',
    {
      schema: { summary: 'Get a document (fileUrl, no content)', params, response: { 200: documentSchema } },
      config,
    },
    async ({ params, auth }) =>
      withFileUrl(ctx, await documentsRepo.require(app.store.db, auth.organizationId, params.documentId)),
  );

  app.patch(
    '/documents/:documentId',
    {
      schema: {
        summary: 'Update a document (groundTruth replaces the whole array; null clears it)',
        params,
        body: updateDocumentBodySchema,
        response: { 200: documentSchema },
      },
      config,
    },
    async ({ params, body, auth }) => {
      const updated = await documentsRepo.patch(app.store.db, auth.organizationId, params.documentId, (current) => ({
        ...current,
        ...body,
        ...updatedStamp(auth.actor),
      }));
      return withFileUrl(ctx, updated);
    },
  );

  app.delete(
    '/documents/:documentId',
    {
      schema: { summary: 'Delete a document and its file', params, response: { 200: documentSchema } },
      config,
    },
    async ({ params, auth }) => {
      const removed = await app.store.transaction(async (tx) => {
        const document = await documentsRepo.delete(tx, auth.organizationId, params.documentId);
        await recognitionsRepo.delete(tx, auth.organizationId, params.documentId);
        await deleteDocumentFile(tx, auth.organizationId, params.documentId);
        return document;
      });
      cancelRecognition(params.documentId);
      return withFileUrl(ctx, removed);
    },
  );

  await app.register(async (raw) => {
    // The file PUT takes the bytes of any content type, up to the file size limit; the JSON rules do not apply.
    raw.removeAllContentTypeParsers();
    raw.addContentTypeParser(
      '*',
      { parseAs: 'buffer', bodyLimit: app.serviceConfig.rawBodyLimit },
      (_req, body, done) => done(null, body),
    );
    raw.put(
      '/documents/:documentId/file',
      {
        schema: { summary: "Upload the document's bytes (raw body)", params, response: { 200: documentSchema } },
        config: { ...config, rawBody: true },
      },
      uploadFile,
    );
  });

  async function uploadFile(request: FastifyRequest<{ Params: z.output<typeof params> }>) {
    const { params, auth } = request;
    const bytes = (request.body as Buffer | undefined) ?? Buffer.alloc(0);
    if (!bytes.length) throw badRequest('body must contain the file bytes (at least 1 byte)');
    const headerType = contentTypeOf(request.headers['content-type']);
    const updated = await app.store.transaction(async (tx) =>
      documentsRepo.patch(tx, auth.organizationId, params.documentId, async (current) => {
        const contentType = headerType ?? current.contentType;
        if (!contentType) {
          throw badRequest(
            `Content-Type must be one of ${CONTENT_TYPES.join(', ')} (the document has no contentType yet)`,
          );
        }
        await writeDocumentFile(tx, auth.organizationId, params.documentId, contentType, bytes);
        return { ...current, contentType, contentMD5: md5(bytes), ...updatedStamp(auth.actor) };
      }),
    );
    await requestRecognition(ctx, auth.organizationId, params.documentId, updated.contentType);
    return withFileUrl(ctx, updated);
  }

  app.get(
    '/documents/:documentId/file',
    {
      schema: {
        summary: "Download the document's bytes with their content type",
        params,
        produces: ['application/octet-stream'],
        response: { 200: fileBytes },
      },
      config,
    },
    async ({ params, auth }, reply) => {
      await documentsRepo.require(app.store.db, auth.organizationId, params.documentId);
      const file = await readDocumentFile(app.store.db, auth.organizationId, params.documentId);
      if (!file) throw notFound(`Document ${params.documentId} has no file yet: PUT its bytes to its fileUrl`);
      return reply
        .header('Content-Type', file.contentType)
        .header('Cache-Control', 'private, no-store')
        .header('X-Content-Type-Options', 'nosniff')
        .send(Buffer.from(file.bytes));
    },
  );
};
