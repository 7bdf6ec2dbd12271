/**
 * Documents: metadata in `documents`, bytes in the file store (storage/file-store: database chunks or S3). Content
 * arrives inline (base64 `content` on POST) or later as raw bytes on `PUT {fileUrl}`, streamed into the store up to
 * the file size limit; `GET {fileUrl}` streams them back with their content type and answers `Range`. Responses
 * carry `fileUrl` (built from the public URL) and never `content`.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { Readable } from 'node:stream';
import { z } from 'zod/mini';
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
} from '@/contract';
import type { ServiceContext } from '@/server/service/context';
import { badRequest, HttpError, notFound } from '@/server/service/http-error';
import { serviceContextOf } from '@/server/service/plugins/service-decorators';
import { cancelRecognition, requestRecognition } from '@/server/service/recognition/recognition-queue';
import { recognitionsRepo } from '@/server/service/storage/repositories/document-recognitions';
import { fileBaseUrlOf, ocrFileUrlOf } from './document-recognition';
import { parseRange } from '@/server/service/storage/file-store/byte-range';
import { fileTooLarge, type FileHead, type Upload } from '@/server/service/storage/file-store/file-store';
import { documentsRepo, patchDocument } from '@/server/service/storage/repositories/documents';
import { bumpCounter, createdStamp, updatedStamp } from '@/server/service/storage';
import { withIdempotency } from '@/server/service/plugins/idempotency';
import type { ZodApp } from './resource-routes';

const params = z.object({ documentId: documentIdSchema });

export function withFileUrl(ctx: ServiceContext, document: Document): Document {
  return {
    ...document,
    fileUrl: `${fileBaseUrlOf(ctx)}/documents/${document.documentId}/file`,
    ocrFileUrl: ocrFileUrlOf(ctx, document),
  };
}

/**
 * `withFileUrl` on a document just read from storage, which nothing else holds: the same fields in the same order,
 * set on it rather than on a copy (a list of 50 copied each of its documents).
 */
function addFileUrl(ctx: ServiceContext, document: Document): Document {
  document.fileUrl = `${fileBaseUrlOf(ctx)}/documents/${document.documentId}/file`;
  document.ocrFileUrl = ocrFileUrlOf(ctx, document);
  return document;
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
const fileBytes = z.custom<Buffer | Readable>().register(z.globalRegistry, { type: 'string', format: 'binary' });

export const documentRoutes: FastifyPluginAsyncZod = async (app) => {
  createDocumentRoute(app);
  documentReadRoutes(app);
  documentWriteRoutes(app);
  await fileUploadRoute(app);
  fileDownloadRoute(app);
};

/** Removes bytes no document points to; a failure leaves an orphan to log, not an error for the caller. */
async function discardFile(
  app: ZodApp,
  organizationId: string,
  file: Pick<FileHead, 'fileId' | 'location'> | undefined,
) {
  await app.files.discard(organizationId, file).catch((error: Error) => {
    app.log.warn({ fileId: file?.fileId, reason: error.message }, 'file bytes not removed');
  });
}

/** Runs `work`, the transaction that makes `upload` a document's file; if it fails, the upload's bytes go. */
async function committing<T>(app: ZodApp, organizationId: string, upload: Upload | undefined, work: () => Promise<T>) {
  try {
    return await work();
  } catch (error) {
    if (upload) await discardFile(app, organizationId, upload);
    throw error;
  }
}

/** 413: and close the connection after the answer rather than read (and drop) the rest of the body. */
function refuseRest(reply: FastifyReply, fileLimit: number): HttpError {
  reply.header('connection', 'close');
  return fileTooLarge(fileLimit);
}

/** `POST /documents`: metadata, with the file's bytes inline (base64 `content`) or to come on `PUT {fileUrl}`. */
function createDocumentRoute(app: ZodApp) {
  const ctx = serviceContextOf(app);
  const fileLimit = app.serviceConfig.rawBodyLimit;
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
    async (request) => {
      const { body, auth } = request;
      const { content, ...fields } = body;
      const bytes = content === undefined ? undefined : decodeContent(content);
      const documentId = newId('document');
      // Before the transaction: on PGlite the store writes on the connection a transaction would hold.
      const upload = bytes && (await app.files.upload(auth.organizationId, documentId, [bytes], fileLimit));
      if (upload) app.serviceMetrics.uploadBytes.inc(upload.size);
      const document: Document = {
        documentId,
        name: fields.name ?? null,
        description: fields.description ?? null,
        metadata: fields.metadata ?? {},
        retentionInDays: fields.retentionInDays ?? null,
        contentMD5: upload?.md5 ?? null,
        contentType: fields.contentType ?? null,
        datasetId: fields.datasetId ?? null,
        consentId: fields.consentId ?? null,
        agentRunId: fields.agentRunId ?? null,
        groundTruth: fields.groundTruth ?? [],
        ...createdStamp(auth.actor),
      };
      await committing(app, auth.organizationId, upload, () =>
        withIdempotency(request, async (tx) => {
          await bumpCounter(tx, auth.organizationId, 'monthlyNumberOfDocumentsCreated', 1);
          await documentsRepo.create(tx, auth.organizationId, document);
          if (upload) await app.files.commit(tx, upload, document.contentType!);
        }),
      );
      if (upload) await requestRecognition(ctx, auth.organizationId, document.documentId, document.contentType);
      return withFileUrl(ctx, document);
    },
  );
}

/** `GET /documents` (one page) and `GET /documents/:documentId`. */
function documentReadRoutes(app: ZodApp) {
  const ctx = serviceContextOf(app);
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
      return { documents: page.items.map((document) => addFileUrl(ctx, document)), nextToken: page.nextToken };
    },
  );

  app.get(
    '/documents/:documentId',
    {
      schema: { summary: 'Get a document (fileUrl, no content)', params, response: { 200: documentSchema } },
      config,
    },
    async ({ params, auth }) =>
      addFileUrl(ctx, await documentsRepo.require(app.store.db, auth.organizationId, params.documentId)),
  );
}

/** `PATCH` and `DELETE /documents/:documentId` (a delete takes the file and its recognition with it). */
function documentWriteRoutes(app: ZodApp) {
  const ctx = serviceContextOf(app);
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
      // One statement: the body's fields and the audit stamp merged into the stored document.
      const updated = await patchDocument(app.store.db, auth.organizationId, params.documentId, {
        ...body,
        ...updatedStamp(auth.actor),
      });
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
      const { document, file } = await app.store.transaction(async (tx) => {
        const document = await documentsRepo.delete(tx, auth.organizationId, params.documentId);
        await recognitionsRepo.delete(tx, auth.organizationId, params.documentId);
        return { document, file: await app.files.detach(tx, auth.organizationId, params.documentId) };
      });
      cancelRecognition(params.documentId);
      await discardFile(app, auth.organizationId, file);
      return withFileUrl(ctx, document);
    },
  );
}

/** `PUT /documents/:documentId/file`: the bytes streamed into the file store, replacing any earlier file. */
async function fileUploadRoute(app: ZodApp) {
  const ctx = serviceContextOf(app);
  const fileLimit = app.serviceConfig.rawBodyLimit;
  await app.register(async (raw) => {
    // The file PUT takes the bytes of any content type as a stream, read by the handler into the file store: no
    // buffering, the JSON rules do not apply, and a declared length above the limit is refused before any is read.
    raw.removeAllContentTypeParsers();
    raw.addContentTypeParser('*', (_request, payload, done) => done(null, payload));
    raw.put(
      '/documents/:documentId/file',
      {
        schema: {
          summary: `Upload the document's bytes (raw body, streamed; up to ${fileLimit / 1024 / 1024} MiB)`,
          params,
          response: { 200: documentSchema },
        },
        config: { ...config, rawBody: true },
        // After authentication (the app's onRequest hooks run first).
        onRequest: async (request, reply) => {
          if (Number(request.headers['content-length']) > fileLimit) throw refuseRest(reply, fileLimit);
        },
      },
      uploadFile,
    );
  });

  async function uploadFile(request: FastifyRequest<{ Params: z.output<typeof params> }>, reply: FastifyReply) {
    const { params, auth } = request;
    const { organizationId } = auth;
    const headerType = contentTypeOf(request.headers['content-type']);
    const noType = () =>
      badRequest(`Content-Type must be one of ${CONTENT_TYPES.join(', ')} (the document has no contentType yet)`);
    const before = await documentsRepo.require(app.store.db, organizationId, params.documentId);
    if (!headerType && !before.contentType) throw noType();
    const body = request.body as Readable | undefined;
    if (!body) throw badRequest('body must contain the file bytes (at least 1 byte)');
    let upload: Upload;
    try {
      upload = await app.files.upload(organizationId, params.documentId, body, fileLimit);
    } catch (error) {
      if (error instanceof HttpError && error.statusCode === 413) throw refuseRest(reply, fileLimit);
      // The client went away mid-upload: its own doing, not a server error to log as one.
      if (request.raw.readableAborted) throw badRequest('the upload was cut off before its end');
      throw error;
    }
    app.serviceMetrics.uploadBytes.inc(upload.size);
    if (upload.size === 0) {
      await discardFile(app, organizationId, upload);
      throw badRequest('body must contain the file bytes (at least 1 byte)');
    }
    let replaced: FileHead | undefined;
    const updated = await committing(app, organizationId, upload, () =>
      app.store.transaction(async (tx) =>
        documentsRepo.patch(tx, organizationId, params.documentId, async (current) => {
          const contentType = headerType ?? current.contentType;
          if (!contentType) throw noType();
          replaced = await app.files.commit(tx, upload, contentType);
          return { ...current, contentType, contentMD5: upload.md5, ...updatedStamp(auth.actor) };
        }),
      ),
    );
    await discardFile(app, organizationId, replaced);
    await requestRecognition(ctx, organizationId, params.documentId, updated.contentType);
    return withFileUrl(ctx, updated);
  }
}

/** `GET /documents/:documentId/file` (and HEAD): the bytes with their content type, one range on request. */
function fileDownloadRoute(app: ZodApp) {
  app.get(
    '/documents/:documentId/file',
    {
      schema: {
        summary: "Download the document's bytes with their content type (streamed; single byte Range → 206)",
        params,
        produces: ['application/octet-stream'],
        response: { 200: fileBytes, 206: fileBytes },
      },
      config,
    },
    async (request, reply) => {
      const { params, auth } = request;
      await documentsRepo.require(app.store.db, auth.organizationId, params.documentId);
      const file = await app.files.head(app.store.db, auth.organizationId, params.documentId);
      if (!file) throw notFound(`Document ${params.documentId} has no file yet: PUT its bytes to its fileUrl`);
      reply
        .header('Accept-Ranges', 'bytes')
        .header('Cache-Control', 'private, no-store')
        .header('X-Content-Type-Options', 'nosniff');
      const asked = parseRange(request.headers.range, file.size);
      if (asked.kind === 'unsatisfiable') {
        reply.header('Content-Range', `bytes */${file.size}`);
        throw new HttpError(416, `Range ${request.headers.range} is not within the file's ${file.size} bytes`);
      }
      const range = asked.kind === 'partial' ? asked.range : undefined;
      if (range) reply.code(206).header('Content-Range', `bytes ${range.start}-${range.end}/${file.size}`);
      reply
        .header('Content-Type', file.contentType)
        .header('Content-Length', String(range ? range.end - range.start + 1 : file.size));
      // HEAD: the headers only, without reading the bytes (Fastify's HEAD route keeps a stream answer's length).
      if (request.method === 'HEAD') return reply.send(Readable.from([]));
      return reply.send(Readable.from(app.files.read(auth.organizationId, file, range)));
    },
  );
}
