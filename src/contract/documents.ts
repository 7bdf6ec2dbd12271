import { z } from 'zod';
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
} from './primitives';

/** Most ground-truth entries one document may hold (line items of a long invoice fit many times over). */
export const MAX_GROUND_TRUTH_ENTRIES = 10_000;
/** Most pages one ground-truth entry may name. */
export const MAX_ENTRY_PAGES = 1000;

export const groundTruthEntrySchema = z.strictObject({
  label: keySchema,
  value: textSchema,
  pages: z
    .array(z.int({ message: 'must be an integer' }).min(0, { message: 'must be an integer >= 0' }))
    .max(MAX_ENTRY_PAGES, { message: `must list at most ${MAX_ENTRY_PAGES} pages` })
    .optional(),
  rawValue: textSchema.optional(),
  confidence: z.number({ message: 'must be a number' }).optional(),
});
export type GroundTruthEntry = z.infer<typeof groundTruthEntrySchema>;

/** groundTruth as a request sends it. */
export const groundTruthInputSchema = z
  .array(groundTruthEntrySchema)
  .max(MAX_GROUND_TRUTH_ENTRIES, { message: `must hold at most ${MAX_GROUND_TRUTH_ENTRIES} entries` });

/** Base64 document content: 1 to 6,250,000 characters. */
export const documentContentSchema = z
  .string({ message: 'must be a base64 string' })
  .min(MIN_CONTENT_LENGTH, { message: `must be ${MIN_CONTENT_LENGTH} to ${MAX_CONTENT_LENGTH} characters long` })
  .max(MAX_CONTENT_LENGTH, { message: `must be ${MIN_CONTENT_LENGTH} to ${MAX_CONTENT_LENGTH} characters long` });

export const documentSchema = z.object({
  documentId: documentIdSchema,
  ...nameDescriptionFields,
  metadata: metadataSchema.nullable().optional(),
  retentionInDays: retentionInDaysSchema.nullable().optional(),
  contentMD5: textSchema.nullable().optional(),
  contentType: contentTypeSchema.nullable().optional(),
  fileUrl: urlSchema.nullable().optional(),
  ocrFileUrl: urlSchema.nullable().optional(),
  annotationFileUrl: urlSchema.nullable().optional(),
  agentRunId: agentRunRefSchema.nullable().optional(),
  consentId: consentIdSchema.nullable().optional(),
  datasetId: datasetIdSchema.nullable().optional(),
  groundTruth: z.array(groundTruthEntrySchema).nullable().optional(),
  ...auditFields,
});
export type Document = z.infer<typeof documentSchema>;
export const documentListSchema = listSchema('documents', documentSchema);

export const createDocumentBodySchema = z
  .strictObject({
    content: documentContentSchema.optional(),
    contentType: contentTypeSchema.optional(),
    name: textSchema.nullable().optional(),
    description: textSchema.nullable().optional(),
    metadata: metadataSchema.optional(),
    retentionInDays: retentionInDaysSchema.optional(),
    datasetId: datasetIdSchema.optional(),
    consentId: consentIdSchema.optional(),
    agentRunId: agentRunRefSchema.optional(),
    groundTruth: groundTruthInputSchema.optional(),
  })
  .refine((body) => body.content === undefined || body.contentType !== undefined, {
    message: 'is required when content is given',
    path: ['contentType'],
  });
export type CreateDocumentBody = z.infer<typeof createDocumentBodySchema>;

export const updateDocumentBodySchema = patchBody({
  groundTruth: groundTruthInputSchema.nullable(),
  metadata: metadataSchema,
  retentionInDays: retentionInDaysSchema,
  name: textSchema.nullable(),
  description: textSchema.nullable(),
  datasetId: datasetIdSchema,
});
export type UpdateDocumentBody = z.infer<typeof updateDocumentBodySchema>;

export const documentListQuerySchema = z.object({
  sortBy: z.enum(['createdTime'], { message: 'must be createdTime' }).optional(),
  order: z.enum(['ascending', 'descending'], { message: 'must be ascending or descending' }).optional(),
  datasetId: datasetIdSchema.optional(),
  consentId: consentIdSchema.optional(),
});
