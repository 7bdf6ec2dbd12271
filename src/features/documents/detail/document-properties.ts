/** The document properties form: values ↔ the document, and the minimal PATCH body of what changed. Pure. */
import { z } from 'zod/mini';
import {
  MAX_RETENTION_DAYS,
  MIN_RETENTION_DAYS,
  datasetIdSchema,
  type Document,
  type UpdateDocumentBody,
} from '@/contract';

const MAX_TEXT = 4096;

export const propertiesFormSchema = z.object({
  name: z.string().check(z.maxLength(MAX_TEXT, { message: `Name must be at most ${MAX_TEXT} characters` })),
  description: z
    .string()
    .check(z.maxLength(MAX_TEXT, { message: `Description must be at most ${MAX_TEXT} characters` })),
  datasetId: z.string().check(
    z.trim(),
    z.refine((v) => v === '' || datasetIdSchema.safeParse(v).success, {
      message: 'Dataset must be an id like svc:dataset:<32 lowercase hex>',
    }),
  ),
  retentionInDays: z.string().check(
    z.trim(),
    z.refine(
      (v) => v === '' || (/^\d+$/.test(v) && Number(v) >= MIN_RETENTION_DAYS && Number(v) <= MAX_RETENTION_DAYS),
      {
        message: `Retention must be a whole number of days from ${MIN_RETENTION_DAYS} to ${MAX_RETENTION_DAYS}`,
      },
    ),
  ),
  metadata: z.string().check(
    z.refine((v) => parseObject(v) !== null, {
      message: 'Metadata must be a JSON object, e.g. {"source": "scanner"}',
    }),
  ),
});
export type PropertiesFormValues = z.infer<typeof propertiesFormSchema>;

function parseObject(text: string): Record<string, unknown> | null {
  if (!text.trim()) return {};
  try {
    const value: unknown = JSON.parse(text);
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

export function propertiesFromDocument(document: Document): PropertiesFormValues {
  return {
    name: document.name ?? '',
    description: document.description ?? '',
    datasetId: document.datasetId ?? '',
    retentionInDays: document.retentionInDays == null ? '' : String(document.retentionInDays),
    metadata: JSON.stringify(document.metadata ?? {}, null, 2),
  };
}

/**
 * Only what changed. The seed's PATCH cannot clear a dataset or a retention (they are not nullable), so emptying those
 * fields is refused by `clearingProblem` rather than silently ignored.
 */
export function propertiesPatch(document: Document, values: PropertiesFormValues): UpdateDocumentBody {
  const before = propertiesFromDocument(document);
  const body: UpdateDocumentBody = {};
  if (values.name !== before.name) body.name = values.name === '' ? null : values.name;
  if (values.description !== before.description)
    body.description = values.description === '' ? null : values.description;
  if (values.datasetId.trim() !== before.datasetId && values.datasetId.trim() !== '')
    body.datasetId = values.datasetId.trim();
  if (values.retentionInDays.trim() !== before.retentionInDays && values.retentionInDays.trim() !== '')
    body.retentionInDays = Number(values.retentionInDays);
  const metadata = parseObject(values.metadata);
  if (metadata && JSON.stringify(metadata) !== JSON.stringify(document.metadata ?? {})) body.metadata = metadata;
  return body;
}

/** A field emptied that the service cannot clear; null when none. */
export function clearingProblem(document: Document, values: PropertiesFormValues): string | null {
  if (document.datasetId && values.datasetId.trim() === '')
    return 'A dataset cannot be removed from a document, only changed.';
  if (document.retentionInDays != null && values.retentionInDays.trim() === '')
    return 'Retention cannot be removed, only changed (1 to 1825 days).';
  return null;
}
