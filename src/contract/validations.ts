import { z } from 'zod/mini';
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
  id: z.optional(validationRefSchema),
  ...nameDescriptionFields,
  metadata: z.optional(z.nullable(metadataSchema)),
  config: z.optional(z.nullable(jsonObjectSchema)),
  enabled: z.optional(z.boolean()),
  ...auditFields,
});
export type Validation = z.infer<typeof validationSchema>;
export const validationListSchema = listSchema('validations', validationSchema);

export const validationTaskSchema = z.object({
  taskId: validationTaskIdSchema,
  validationId: validationIdSchema,
  agentRunId: z.optional(z.nullable(agentRunRefSchema)),
  status: validationTaskStatusSchema,
  input: z.optional(z.nullable(jsonObjectSchema)),
  output: z.optional(z.nullable(jsonObjectSchema)),
  ...auditFields,
});
export type ValidationTask = z.infer<typeof validationTaskSchema>;
export const validationTaskListSchema = listSchema('validationTasks', validationTaskSchema);

/** Moves a task on: ready → in-progress → succeeded | failed. */
export const updateValidationTaskBodySchema = z.strictObject({
  status: validationTaskStatusSchema,
  output: z.optional(metadataSchema),
});
export type UpdateValidationTaskBody = z.infer<typeof updateValidationTaskBodySchema>;

/** One predicted field, as the service puts it in a validation task's input. */
export const predictionSchema = z.object({
  label: keySchema,
  value: z.nullable(textSchema),
  rawValue: z.optional(z.nullable(textSchema)),
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
  documentId: z.nullable(boundedString(MAX_ID_LENGTH)),
  modelId: z.nullable(boundedString(MAX_ID_LENGTH)),
  predictions: z.array(predictionSchema),
  issues: z.array(validationIssueSchema),
});
export type ValidationTaskInput = z.infer<typeof validationTaskInputSchema>;
