import { z } from 'zod';
import { auditFields, listSchema, nameDescriptionFields, patchBody } from './common';
import { confidenceVersionSchema, llmVersionSchema, modelStatusSchema } from './enums';
import { modelIdSchema, organizationIdSchema, trainingIdSchema } from './ids';
import {
  jsonObjectSchema,
  keySchema,
  MAX_TEXT_LENGTH,
  metadataSchema,
  nonNegativeIntSchema,
  nullableTextSchema,
  textSchema,
  timestampSchema,
} from './primitives';

/** Most fields one fieldConfig may define, and most columns of one lines/table field. */
export const MAX_MODEL_FIELDS = 500;
export const MAX_NESTED_FIELDS = 100;
/** Most values one enum field may list. */
export const MAX_ENUM_VALUES = 1000;

/** Field names: snake_case, starting with a letter, at most 64 characters. */
export const FIELD_NAME_PATTERN = /^[a-z][a-z0-9_]{0,63}$/;
export const fieldNameSchema = z
  .string()
  .max(64, {
    message: 'must be snake_case: a lowercase letter, then lowercase letters, digits or _ (at most 64)',
    abort: true,
  })
  .regex(FIELD_NAME_PATTERN, {
    message: 'must be snake_case: a lowercase letter, then lowercase letters, digits or _ (at most 64)',
  });

export const SCALAR_FIELD_TYPES = ['string', 'number', 'amount', 'date', 'boolean', 'enum'] as const;
/** Types whose field holds nested fields: `lines` (repeating line items) and `table` (columns). */
export const NESTED_FIELD_TYPES = ['lines', 'table'] as const;
export const FIELD_TYPES = [...SCALAR_FIELD_TYPES, ...NESTED_FIELD_TYPES] as const;
export type FieldType = (typeof FIELD_TYPES)[number];

const fieldSettings = {
  description: textSchema.optional(),
  promptHint: textSchema.optional(),
  format: keySchema.optional(),
  nullable: z.boolean({ message: 'must be a boolean' }).optional(),
  multiValue: z.boolean({ message: 'must be a boolean' }).optional(),
  enum: z
    .array(textSchema.min(1, { message: 'must not be empty' }))
    .max(MAX_ENUM_VALUES, { message: `must list at most ${MAX_ENUM_VALUES} values` })
    .optional(),
  maxLength: z
    .int({ message: 'must be an integer' })
    .min(1, { message: `must be an integer from 1 to ${MAX_TEXT_LENGTH}` })
    .max(MAX_TEXT_LENGTH, { message: `must be an integer from 1 to ${MAX_TEXT_LENGTH}` })
    .optional(),
};

const scalarFieldSchema = z.strictObject({
  type: z.enum(SCALAR_FIELD_TYPES, { message: `must be one of ${SCALAR_FIELD_TYPES.join(', ')}` }),
  ...fieldSettings,
});

function requireEnumValues(field: { type: string; enum?: string[] }, ctx: z.RefinementCtx) {
  if (field.type === 'enum' && !field.enum?.length) {
    ctx.addIssue({ code: 'custom', path: ['enum'], message: 'must list at least one value for an enum field' });
  }
}

/** A column of a `lines`/`table` field: scalar only (one level of nesting). */
export const nestedFieldSpecSchema = scalarFieldSchema.superRefine(requireEnumValues);

export const fieldSpecSchema = z
  .strictObject({
    type: z.enum(FIELD_TYPES, { message: `must be one of ${FIELD_TYPES.join(', ')}` }),
    ...fieldSettings,
    fields: z
      .record(fieldNameSchema, nestedFieldSpecSchema)
      .refine((fields) => Object.keys(fields).length <= MAX_NESTED_FIELDS, {
        message: `must define at most ${MAX_NESTED_FIELDS} columns`,
      })
      .optional(),
  })
  .superRefine((field, ctx) => {
    requireEnumValues(field, ctx);
    const nested = (NESTED_FIELD_TYPES as readonly string[]).includes(field.type);
    if (nested && !Object.keys(field.fields ?? {}).length) {
      ctx.addIssue({
        code: 'custom',
        path: ['fields'],
        message: `must define at least one column for a ${field.type} field`,
      });
    }
    if (!nested && field.fields) {
      ctx.addIssue({ code: 'custom', path: ['fields'], message: 'is only allowed on lines and table fields' });
    }
  });
export type FieldSpec = z.infer<typeof fieldSpecSchema>;

/** `{ <field name>: FieldSpec }` — the order of keys is the order of fields. */
export const fieldConfigSchema = z
  .record(fieldNameSchema, fieldSpecSchema)
  .refine((fields) => Object.keys(fields).length <= MAX_MODEL_FIELDS, {
    message: `must define at most ${MAX_MODEL_FIELDS} fields`,
  });
export type FieldConfig = z.infer<typeof fieldConfigSchema>;

/** Most pages preprocessConfig.pages may list. */
export const MAX_PREPROCESS_PAGES = 1000;
const pageIndexSchema = z.int({ message: 'must be an integer' }).min(0, { message: 'must be an integer >= 0' });

/** preprocessConfig as a request accepts it. */
export const preprocessConfigInputSchema = z.strictObject({
  trimMargins: z.boolean({ message: 'must be a boolean' }).optional(),
  startPage: pageIndexSchema.optional(),
  useGhostScript: z.boolean({ message: 'must be a boolean' }).optional(),
  pages: z
    .array(pageIndexSchema)
    .max(MAX_PREPROCESS_PAGES, { message: `must list at most ${MAX_PREPROCESS_PAGES} pages` })
    .optional(),
  usePoppler: z.boolean({ message: 'must be a boolean' }).optional(),
  padToFit: z.boolean({ message: 'must be a boolean' }).optional(),
  useTextDetection: z.boolean({ message: 'must be a boolean' }).optional(),
  maxPages: z.int({ message: 'must be an integer' }).min(1, { message: 'must be an integer >= 1' }).optional(),
  optimizeDimensions: z.boolean({ message: 'must be a boolean' }).optional(),
  deskewImage: z.boolean({ message: 'must be a boolean' }).optional(),
  autoRotate: z.boolean({ message: 'must be a boolean' }).optional(),
});
export type PreprocessConfigInput = z.infer<typeof preprocessConfigInputSchema>;

/** preprocessConfig in responses also has the response-only `rotation` and `imageQuality`. */
export const preprocessConfigSchema = preprocessConfigInputSchema.extend({
  rotation: z.int().nullable().optional(),
  imageQuality: keySchema.nullable().optional(),
});
export type PreprocessConfig = z.infer<typeof preprocessConfigSchema>;

/** Known strategies; the seed gives BEST_FIRST, other values are accepted as strings. */
export const POSTPROCESS_STRATEGIES = ['BEST_FIRST', 'BEST_N_PAGES'] as const;
export const postprocessConfigInputSchema = z.strictObject({
  strategy: keySchema.min(1, { message: 'must not be empty' }),
});
export const postprocessConfigSchema = z.object({
  strategy: keySchema,
  outputFormat: keySchema.nullable().optional(),
});

export const modelSchema = z.object({
  modelId: modelIdSchema,
  organizationId: organizationIdSchema.nullable().optional(),
  trainingId: trainingIdSchema.nullable().optional(),
  ...nameDescriptionFields,
  metadata: metadataSchema.nullable().optional(),
  fieldConfig: jsonObjectSchema.nullable().optional(),
  preprocessConfig: preprocessConfigSchema.nullable().optional(),
  postprocessConfig: postprocessConfigSchema.nullable().optional(),
  status: modelStatusSchema,
  llmVersion: llmVersionSchema.nullable().optional(),
  confidenceVersion: confidenceVersionSchema.nullable().optional(),
  version: nonNegativeIntSchema.optional(),
  numberOfRunningTrainings: nonNegativeIntSchema.optional(),
  numberOfDataBundles: nonNegativeIntSchema.optional(),
  statistics: jsonObjectSchema.nullable().optional(),
  updatedFieldConfigTime: timestampSchema.nullable().optional(),
  ...auditFields,
});
export type Model = z.infer<typeof modelSchema>;
export const modelListSchema = listSchema('models', modelSchema);

const modelBodyShape = {
  fieldConfig: fieldConfigSchema,
  metadata: metadataSchema,
  preprocessConfig: preprocessConfigInputSchema,
  postprocessConfig: postprocessConfigInputSchema,
  name: nullableTextSchema,
  description: nullableTextSchema,
  confidenceVersion: confidenceVersionSchema,
  llmVersion: llmVersionSchema,
};

export const createModelBodySchema = z.strictObject(modelBodyShape).partial();
export type CreateModelBody = z.infer<typeof createModelBodySchema>;

export const updateModelBodySchema = patchBody({ ...modelBodyShape, status: modelStatusSchema });
export type UpdateModelBody = z.infer<typeof updateModelBodySchema>;
