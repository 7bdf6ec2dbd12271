/** The document properties form: values ↔ the document, and the minimal PATCH body of what changed. Pure. */
import { t } from '@lingui/core/macro';
import { z } from 'zod/mini';
import {
  MAX_RETENTION_DAYS,
  MIN_RETENTION_DAYS,
  datasetIdSchema,
  type Document,
  type UpdateDocumentBody,
} from '@/contract';
import { formatNumber } from '@/i18n/format';

const MAX_TEXT = 4096;

// The messages are functions: worded when a value fails, in the operator's language (the schema is built at load).
export const propertiesFormSchema = z.object({
  name: z.string().check(
    z.maxLength(MAX_TEXT, {
      error: () => {
        const max = formatNumber(MAX_TEXT);
        return t`Name must be at most ${max} characters`;
      },
    }),
  ),
  description: z.string().check(
    z.maxLength(MAX_TEXT, {
      error: () => {
        const max = formatNumber(MAX_TEXT);
        return t`Description must be at most ${max} characters`;
      },
    }),
  ),
  datasetId: z.string().check(
    z.trim(),
    z.refine((v) => v === '' || datasetIdSchema.safeParse(v).success, {
      error: () => t`Dataset must be an id like svc:dataset:<32 lowercase hex>`,
    }),
  ),
  retentionInDays: z.string().check(
    z.trim(),
    z.refine(
      (v) => v === '' || (/^\d+$/.test(v) && Number(v) >= MIN_RETENTION_DAYS && Number(v) <= MAX_RETENTION_DAYS),
      {
        error: () => {
          const min = formatNumber(MIN_RETENTION_DAYS);
          const max = formatNumber(MAX_RETENTION_DAYS);
          return t`Retention must be a whole number of days from ${min} to ${max}`;
        },
      },
    ),
  ),
  metadata: z.string().check(
    z.refine((v) => parseObject(v) !== null, {
      error: () => t`Metadata must be a JSON object, e.g. {"source": "scanner"}`,
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
    return t`A dataset cannot be removed from a document, only changed.`;
  if (document.retentionInDays != null && values.retentionInDays.trim() === '') {
    const min = formatNumber(MIN_RETENTION_DAYS);
    const max = formatNumber(MAX_RETENTION_DAYS);
    return t`Retention cannot be removed, only changed (${min} to ${max} days).`;
  }
  return null;
}
