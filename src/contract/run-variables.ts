/**
 * An agent run's variables (`GET /agents/{a}/runs/{r}/variables`, its `variablesFileUrl`): the client's variables
 * from Create Agent Run, plus what the service recorded about the run under these names (and `review`, the
 * reviewer's output once its validation task succeeded, left unparsed: other services may not send it).
 */
import { z } from 'zod/mini';
import { boundedString, MAX_ID_LENGTH } from './primitives';
import { predictionSchema } from './validations';

/** Ids as the service wrote them (any namespace or organization prefix: read, not checked). */
const idTextSchema = z.optional(z.nullable(boundedString(MAX_ID_LENGTH)));

export const runVariablesSchema = z.looseObject({
  agentRunId: idTextSchema,
  documentId: idTextSchema,
  modelId: idTextSchema,
  validationId: idTextSchema,
  validationTaskId: idTextSchema,
  predictions: z.optional(z.nullable(z.array(predictionSchema))),
});
export type RunVariables = z.infer<typeof runVariablesSchema>;
