import { z } from 'zod';
import { auditFields, listSchema, nameDescriptionFields, patchBody } from './common';
import { validationTaskStatusSchema } from './enums';
import { agentRunRefSchema, validationIdSchema, validationRefSchema, validationTaskIdSchema } from './ids';
import { compileCallerPattern, MAX_PATTERN_LENGTH } from './caller-pattern';
import {
  boundedString, jsonObjectSchema, keySchema, longTextSchema, MAX_ID_LENGTH, metadataSchema, nullableTextSchema, textSchema,
} from './primitives';

/** Field a rule applies to: a prediction's label (`invoice_number`, `line_items.amount`). */
const ruleFieldSchema = keySchema.min(1, { message: 'must not be empty' });

/** A caller's regular expression: RE2 syntax (linear-time matching), length- and size-capped (caller-pattern.ts). */
export const callerPatternSchema = z
  .string({ message: 'must be a string' })
  .min(1, { message: 'must not be empty' })
  .max(MAX_PATTERN_LENGTH, { message: `must be at most ${MAX_PATTERN_LENGTH} characters`, abort: true })
  .superRefine((source, ctx) => {
    const result = compileCallerPattern(source);
    if (!result.ok) ctx.addIssue({ code: 'custom', message: result.reason });
  });

/** Rules of a validation's config (DESIGN: the seed leaves config's shape open; this is ours). */
export const validationRuleSchema = z.discriminatedUnion(
  'type',
  [
    z.strictObject({
      type: z.literal('confidenceThreshold'),
      /** Omit to apply to every field. */
      field: ruleFieldSchema.optional(),
      threshold: z
        .number({ message: 'must be a number' })
        .min(0, { message: 'must be a number from 0 to 1' })
        .max(1, { message: 'must be a number from 0 to 1' }),
    }),
    z.strictObject({ type: z.literal('requiredField'), field: ruleFieldSchema }),
    z.strictObject({ type: z.literal('pattern'), field: ruleFieldSchema, pattern: callerPatternSchema }),
  ],
  { message: 'must have type confidenceThreshold, requiredField or pattern' },
);
export type ValidationRule = z.infer<typeof validationRuleSchema>;

/** Most rules one validation may hold. */
export const MAX_VALIDATION_RULES = 100;

/**
 * config: any object; its `rules`, when present, must be valid rules. `autoApprove: true` lets a run whose
 * predictions raise no issue skip the review (agent run → succeeded-predictions instead of ready-for-review).
 */
export const validationConfigSchema = z.looseObject({
  rules: z.array(validationRuleSchema).max(MAX_VALIDATION_RULES, { message: `must hold at most ${MAX_VALIDATION_RULES} rules` }).optional(),
  autoApprove: z.boolean({ message: 'must be a boolean' }).optional(),
});
export type ValidationConfig = z.infer<typeof validationConfigSchema>;

export const validationSchema = z.object({
  validationId: validationIdSchema,
  id: validationRefSchema.optional(),
  ...nameDescriptionFields,
  metadata: metadataSchema.nullable().optional(),
  config: jsonObjectSchema.nullable().optional(),
  enabled: z.boolean().optional(),
  ...auditFields,
});
export type Validation = z.infer<typeof validationSchema>;
export const validationListSchema = listSchema('validations', validationSchema);

const validationBodyShape = {
  metadata: metadataSchema,
  name: nullableTextSchema,
  description: nullableTextSchema,
  config: validationConfigSchema,
  enabled: z.boolean({ message: 'must be a boolean' }),
};
export const createValidationBodySchema = z.strictObject(validationBodyShape).partial();
export type CreateValidationBody = z.infer<typeof createValidationBodySchema>;
export const updateValidationBodySchema = patchBody(validationBodyShape);
export type UpdateValidationBody = z.infer<typeof updateValidationBodySchema>;

export const validationTaskSchema = z.object({
  taskId: validationTaskIdSchema,
  validationId: validationIdSchema,
  agentRunId: agentRunRefSchema.nullable().optional(),
  status: validationTaskStatusSchema,
  input: jsonObjectSchema.nullable().optional(),
  output: jsonObjectSchema.nullable().optional(),
  ...auditFields,
});
export type ValidationTask = z.infer<typeof validationTaskSchema>;
export const validationTaskListSchema = listSchema('validationTasks', validationTaskSchema);

/** Moves a task on: ready → in-progress → succeeded | failed. */
export const updateValidationTaskBodySchema = z.strictObject({
  status: validationTaskStatusSchema,
  output: metadataSchema.optional(),
});
export type UpdateValidationTaskBody = z.infer<typeof updateValidationTaskBodySchema>;

/** One predicted field, as the service puts it in a validation task's input. */
export const predictionSchema = z.object({
  label: keySchema,
  value: textSchema.nullable(),
  rawValue: textSchema.nullable().optional(),
  pages: z.array(z.int()),
  confidence: z.number(),
});
export type Prediction = z.infer<typeof predictionSchema>;

/** A rule of the validation that the predictions break (shown to the reviewer). */
export const validationIssueSchema = z.object({
  field: keySchema,
  rule: z.enum(['confidenceThreshold', 'requiredField', 'pattern']),
  message: longTextSchema,
});
export type ValidationIssue = z.infer<typeof validationIssueSchema>;

/** `input` of a validation task created by an agent run (the review screen prefills its fields from it). */
export const validationTaskInputSchema = z.looseObject({
  agentRunId: agentRunRefSchema,
  documentId: boundedString(MAX_ID_LENGTH).nullable(),
  modelId: boundedString(MAX_ID_LENGTH).nullable(),
  predictions: z.array(predictionSchema),
  issues: z.array(validationIssueSchema),
});
export type ValidationTaskInput = z.infer<typeof validationTaskInputSchema>;
