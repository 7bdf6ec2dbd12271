import { z } from 'zod/mini';
import { auditFields, listSchema, nameDescriptionFields, patchBody } from './common';
import { contentTypeSchema } from './enums';
import { agentRunRefSchema, consentIdSchema, datasetIdSchema, documentIdSchema } from './ids';
import {
  keySchema,
  MAX_CONTENT_LENGTH,
  MIN_CONTENT_LENGTH,
  metadataSchema,
  retentionInDaysSchema,
  textSchema,
  urlSchema,
  stringSchema,
} from './primitives';

/** Most ground-truth entries one document may hold (line items of a long invoice fit many times over). */
export const MAX_GROUND_TRUTH_ENTRIES = 10_000;
/** Most pages one ground-truth entry may name. */
export const MAX_ENTRY_PAGES = 1000;

export const groundTruthEntrySchema = z.strictObject({
  label: keySchema,
  value: textSchema,
  pages: z.optional(
    z
      .array(z.int({ message: 'must be an integer' }).check(z.gte(0, { message: 'must be an integer >= 0' })))
      .check(z.maxLength(MAX_ENTRY_PAGES, { message: `must list at most ${MAX_ENTRY_PAGES} pages` })),
  ),
  rawValue: z.optional(textSchema),
  confidence: z.optional(z.number({ message: 'must be a number' })),
});
export type GroundTruthEntry = z.infer<typeof groundTruthEntrySchema>;

/** groundTruth as a request sends it. */
export const groundTruthInputSchema = z
  .array(groundTruthEntrySchema)
  .check(z.maxLength(MAX_GROUND_TRUTH_ENTRIES, { message: `must hold at most ${MAX_GROUND_TRUTH_ENTRIES} entries` }));

/** Base64 document content: 1 to 6,250,000 characters. */
export const documentContentSchema = stringSchema({ message: 'must be a base64 string' }).check(
  z.minLength(MIN_CONTENT_LENGTH, {
    message: `must be ${MIN_CONTENT_LENGTH} to ${MAX_CONTENT_LENGTH} characters long`,
  }),
  z.maxLength(MAX_CONTENT_LENGTH, {
    message: `must be ${MIN_CONTENT_LENGTH} to ${MAX_CONTENT_LENGTH} characters long`,
  }),
);

export const documentSchema = z.object({
  documentId: documentIdSchema,
  ...nameDescriptionFields,
  metadata: z.optional(z.nullable(metadataSchema)),
  retentionInDays: z.optional(z.nullable(retentionInDaysSchema)),
  contentMD5: z.optional(z.nullable(textSchema)),
  contentType: z.optional(z.nullable(contentTypeSchema)),
  fileUrl: z.optional(z.nullable(urlSchema)),
  ocrFileUrl: z.optional(z.nullable(urlSchema)),
  annotationFileUrl: z.optional(z.nullable(urlSchema)),
  agentRunId: z.optional(z.nullable(agentRunRefSchema)),
  consentId: z.optional(z.nullable(consentIdSchema)),
  datasetId: z.optional(z.nullable(datasetIdSchema)),
  groundTruth: z.optional(z.nullable(z.array(groundTruthEntrySchema))),
  ...auditFields,
});
export type Document = z.infer<typeof documentSchema>;
export const documentListSchema = listSchema('documents', documentSchema);

export const createDocumentBodySchema = z
  .strictObject({
    content: z.optional(documentContentSchema),
    contentType: z.optional(contentTypeSchema),
    name: z.optional(z.nullable(textSchema)),
    description: z.optional(z.nullable(textSchema)),
    metadata: z.optional(metadataSchema),
    retentionInDays: z.optional(retentionInDaysSchema),
    datasetId: z.optional(datasetIdSchema),
    consentId: z.optional(consentIdSchema),
    agentRunId: z.optional(agentRunRefSchema),
    groundTruth: z.optional(groundTruthInputSchema),
  })
  .check(
    z.refine((body) => body.content === undefined || body.contentType !== undefined, {
      message: 'is required when content is given',
      path: ['contentType'],
    }),
  );
export type CreateDocumentBody = z.infer<typeof createDocumentBodySchema>;

export const updateDocumentBodySchema = patchBody({
  groundTruth: z.nullable(groundTruthInputSchema),
  metadata: metadataSchema,
  retentionInDays: retentionInDaysSchema,
  name: z.nullable(textSchema),
  description: z.nullable(textSchema),
  datasetId: datasetIdSchema,
});
export type UpdateDocumentBody = z.infer<typeof updateDocumentBodySchema>;

export const documentListQuerySchema = z.object({
  sortBy: z.optional(z.enum(['createdTime'], { message: 'must be createdTime' })),
  order: z.optional(z.enum(['ascending', 'descending'], { message: 'must be ascending or descending' })),
  datasetId: z.optional(datasetIdSchema),
  consentId: z.optional(consentIdSchema),
});
