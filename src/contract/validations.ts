import { z } from 'zod';
import { auditFields, listSchema, nameDescriptionFields, patchBody } from './common';
import { validationTaskStatusSchema } from './enums';
import { agentRunRefSchema, validationIdSchema, validationRefSchema, validationTaskIdSchema } from './ids';
import { metadataSchema, nullableTextSchema } from './primitives';

/** Rules of a validation's config (DESIGN: the seed leaves config's shape open; this is ours). */
export const validationRuleSchema = z.discriminatedUnion(
  'type',
  [
    z.strictObject({
      type: z.literal('confidenceThreshold'),
      /** Omit to apply to every field. */
      field: z.string().min(1, { message: 'must not be empty' }).optional(),
      threshold: z
        .number({ message: 'must be a number' })
        .min(0, { message: 'must be a number from 0 to 1' })
        .max(1, { message: 'must be a number from 0 to 1' }),
    }),
    z.strictObject({ type: z.literal('requiredField'), field: z.string().min(1, { message: 'must not be empty' }) }),
    z.strictObject({
      type: z.literal('pattern'),
      field: z.string().min(1, { message: 'must not be empty' }),
      pattern: z.string().min(1, { message: 'must not be empty' }).refine(isValidRegex, { message: 'must be a valid regular expression' }),
    }),
  ],
  { message: 'must have type confidenceThreshold, requiredField or pattern' },
);
export type ValidationRule = z.infer<typeof validationRuleSchema>;

function isValidRegex(source: string): boolean {
  try {
    new RegExp(source);
    return true;
  } catch {
    return false;
  }
}

/**
 * config: any object; its `rules`, when present, must be valid rules. `autoApprove: true` lets a run whose
 * predictions raise no issue skip the review (agent run → succeeded-predictions instead of ready-for-review).
 */
export const validationConfigSchema = z.looseObject({
  rules: z.array(validationRuleSchema).optional(),
  autoApprove: z.boolean({ message: 'must be a boolean' }).optional(),
});
export type ValidationConfig = z.infer<typeof validationConfigSchema>;

export const validationSchema = z.object({
  validationId: validationIdSchema,
  id: validationRefSchema.optional(),
  ...nameDescriptionFields,
  metadata: metadataSchema.nullable().optional(),
  config: z.record(z.string(), z.unknown()).nullable().optional(),
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
  input: z.record(z.string(), z.unknown()).nullable().optional(),
  output: z.record(z.string(), z.unknown()).nullable().optional(),
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
  label: z.string(),
  value: z.string().nullable(),
  rawValue: z.string().nullable().optional(),
  pages: z.array(z.int()),
  confidence: z.number(),
});
export type Prediction = z.infer<typeof predictionSchema>;

/** A rule of the validation that the predictions break (shown to the reviewer). */
export const validationIssueSchema = z.object({
  field: z.string(),
  rule: z.enum(['confidenceThreshold', 'requiredField', 'pattern']),
  message: z.string(),
});
export type ValidationIssue = z.infer<typeof validationIssueSchema>;

/** `input` of a validation task created by an agent run (the review screen prefills its fields from it). */
export const validationTaskInputSchema = z.looseObject({
  agentRunId: agentRunRefSchema,
  documentId: z.string().nullable(),
  modelId: z.string().nullable(),
  predictions: z.array(predictionSchema),
  issues: z.array(validationIssueSchema),
});
export type ValidationTaskInput = z.infer<typeof validationTaskInputSchema>;
