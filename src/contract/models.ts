import { z } from 'zod/mini';
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
  stringSchema,
} from './primitives';

/** Most fields one fieldConfig may define, and most columns of one lines/table field. */
export const MAX_MODEL_FIELDS = 500;
export const MAX_NESTED_FIELDS = 100;
/** Most values one enum field may list. */
export const MAX_ENUM_VALUES = 1000;

/** Field names: snake_case, starting with a letter, at most 64 characters. */
export const FIELD_NAME_PATTERN = /^[a-z][a-z0-9_]{0,63}$/;
export const fieldNameSchema = stringSchema().check(
  z.maxLength(64, {
    message: 'must be snake_case: a lowercase letter, then lowercase letters, digits or _ (at most 64)',
    abort: true,
  }),
  z.regex(FIELD_NAME_PATTERN, {
    message: 'must be snake_case: a lowercase letter, then lowercase letters, digits or _ (at most 64)',
  }),
);

export const SCALAR_FIELD_TYPES = ['string', 'number', 'amount', 'date', 'boolean', 'enum'] as const;
/** Types whose field holds nested fields: `lines` (repeating line items) and `table` (columns). */
export const NESTED_FIELD_TYPES = ['lines', 'table'] as const;
export const FIELD_TYPES = [...SCALAR_FIELD_TYPES, ...NESTED_FIELD_TYPES] as const;
export type FieldType = (typeof FIELD_TYPES)[number];

const fieldSettings = {
  description: z.optional(textSchema),
  promptHint: z.optional(textSchema),
  format: z.optional(keySchema),
  nullable: z.optional(z.boolean({ message: 'must be a boolean' })),
  multiValue: z.optional(z.boolean({ message: 'must be a boolean' })),
  enum: z.optional(
    z
      .array(textSchema.check(z.minLength(1, { message: 'must not be empty' })))
      .check(z.maxLength(MAX_ENUM_VALUES, { message: `must list at most ${MAX_ENUM_VALUES} values` })),
  ),
  maxLength: z.optional(
    z
      .int({ message: 'must be an integer' })
      .check(
        z.gte(1, { message: `must be an integer from 1 to ${MAX_TEXT_LENGTH}` }),
        z.lte(MAX_TEXT_LENGTH, { message: `must be an integer from 1 to ${MAX_TEXT_LENGTH}` }),
      ),
  ),
};

const scalarFieldSchema = z.strictObject({
  type: z.enum(SCALAR_FIELD_TYPES, { message: `must be one of ${SCALAR_FIELD_TYPES.join(', ')}` }),
  ...fieldSettings,
});

function requireEnumValues(field: { type: string; enum?: string[] }, ctx: z.core.$RefinementCtx) {
  if (field.type === 'enum' && !field.enum?.length) {
    ctx.addIssue({ code: 'custom', path: ['enum'], message: 'must list at least one value for an enum field' });
  }
}

/** A column of a `lines`/`table` field: scalar only (one level of nesting). */
export const nestedFieldSpecSchema = scalarFieldSchema.check(z.superRefine(requireEnumValues));

export const fieldSpecSchema = z
  .strictObject({
    type: z.enum(FIELD_TYPES, { message: `must be one of ${FIELD_TYPES.join(', ')}` }),
    ...fieldSettings,
    fields: z.optional(
      z.record(fieldNameSchema, nestedFieldSpecSchema).check(
        z.refine((fields) => Object.keys(fields).length <= MAX_NESTED_FIELDS, {
          message: `must define at most ${MAX_NESTED_FIELDS} columns`,
        }),
      ),
    ),
  })
  .check(
    z.superRefine((field, ctx) => {
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
    }),
  );
export type FieldSpec = z.infer<typeof fieldSpecSchema>;

/** `{ <field name>: FieldSpec }` — the order of keys is the order of fields. */
export const fieldConfigSchema = z.record(fieldNameSchema, fieldSpecSchema).check(
  z.refine((fields) => Object.keys(fields).length <= MAX_MODEL_FIELDS, {
    message: `must define at most ${MAX_MODEL_FIELDS} fields`,
  }),
);
export type FieldConfig = z.infer<typeof fieldConfigSchema>;

/** Most pages preprocessConfig.pages may list. */
export const MAX_PREPROCESS_PAGES = 1000;
const pageIndexSchema = z
  .int({ message: 'must be an integer' })
  .check(z.gte(0, { message: 'must be an integer >= 0' }));

/** preprocessConfig as a request accepts it. */
export const preprocessConfigInputSchema = z.strictObject({
  trimMargins: z.optional(z.boolean({ message: 'must be a boolean' })),
  startPage: z.optional(pageIndexSchema),
  useGhostScript: z.optional(z.boolean({ message: 'must be a boolean' })),
  pages: z.optional(
    z
      .array(pageIndexSchema)
      .check(z.maxLength(MAX_PREPROCESS_PAGES, { message: `must list at most ${MAX_PREPROCESS_PAGES} pages` })),
  ),
  usePoppler: z.optional(z.boolean({ message: 'must be a boolean' })),
  padToFit: z.optional(z.boolean({ message: 'must be a boolean' })),
  useTextDetection: z.optional(z.boolean({ message: 'must be a boolean' })),
  maxPages: z.optional(
    z.int({ message: 'must be an integer' }).check(z.gte(1, { message: 'must be an integer >= 1' })),
  ),
  optimizeDimensions: z.optional(z.boolean({ message: 'must be a boolean' })),
  deskewImage: z.optional(z.boolean({ message: 'must be a boolean' })),
  autoRotate: z.optional(z.boolean({ message: 'must be a boolean' })),
});
export type PreprocessConfigInput = z.infer<typeof preprocessConfigInputSchema>;

/** preprocessConfig in responses also has the response-only `rotation` and `imageQuality`. */
export const preprocessConfigSchema = z.extend(preprocessConfigInputSchema, {
  rotation: z.optional(z.nullable(z.int())),
  imageQuality: z.optional(z.nullable(keySchema)),
});
export type PreprocessConfig = z.infer<typeof preprocessConfigSchema>;

/** Known strategies; the seed gives BEST_FIRST, other values are accepted as strings. */
export const POSTPROCESS_STRATEGIES = ['BEST_FIRST', 'BEST_N_PAGES'] as const;
export const postprocessConfigInputSchema = z.strictObject({
  strategy: keySchema.check(z.minLength(1, { message: 'must not be empty' })),
});
export const postprocessConfigSchema = z.object({
  strategy: keySchema,
  outputFormat: z.optional(z.nullable(keySchema)),
});

export const modelSchema = z.object({
  modelId: modelIdSchema,
  organizationId: z.optional(z.nullable(organizationIdSchema)),
  trainingId: z.optional(z.nullable(trainingIdSchema)),
  ...nameDescriptionFields,
  metadata: z.optional(z.nullable(metadataSchema)),
  fieldConfig: z.optional(z.nullable(jsonObjectSchema)),
  preprocessConfig: z.optional(z.nullable(preprocessConfigSchema)),
  postprocessConfig: z.optional(z.nullable(postprocessConfigSchema)),
  status: modelStatusSchema,
  llmVersion: z.optional(z.nullable(llmVersionSchema)),
  confidenceVersion: z.optional(z.nullable(confidenceVersionSchema)),
  version: z.optional(nonNegativeIntSchema),
  numberOfRunningTrainings: z.optional(nonNegativeIntSchema),
  numberOfDataBundles: z.optional(nonNegativeIntSchema),
  statistics: z.optional(z.nullable(jsonObjectSchema)),
  updatedFieldConfigTime: z.optional(z.nullable(timestampSchema)),
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

export const createModelBodySchema = z.partial(z.strictObject(modelBodyShape));
export type CreateModelBody = z.infer<typeof createModelBodySchema>;

export const updateModelBodySchema = patchBody({ ...modelBodyShape, status: modelStatusSchema });
export type UpdateModelBody = z.infer<typeof updateModelBodySchema>;
