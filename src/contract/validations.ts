import { z } from 'zod';
import { auditFields, listSchema, nameDescriptionFields } from './common';
import { validationTaskStatusSchema } from './enums';
import { agentRunRefSchema, validationIdSchema, validationRefSchema, validationTaskIdSchema } from './ids';
import {
  boundedString,
  jsonObjectSchema,
  keySchema,
  longTextSchema,
  MAX_ID_LENGTH,
  metadataSchema,
  textSchema,
} from './primitives';

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
