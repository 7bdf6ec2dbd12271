import { z } from 'zod';
import { auditFields, listSchema, nameDescriptionFields, patchBody } from './common';
import { AGENT_RUN_STATUSES, agentRunStatusSchema, runStatusSchema } from './enums';
import {
  actionIdSchema,
  actionRefSchema,
  actionRunRefSchema,
  agentIdSchema,
  agentRunRefSchema,
  documentIdSchema,
  hookIdSchema,
  hookRefSchema,
  hookRunRefSchema,
  logIdSchema,
  runIdSchema,
} from './ids';
import {
  jsonObjectSchema,
  keySchema,
  longTextSchema,
  MAX_TEXT_LENGTH,
  metadataSchema,
  nullableTextSchema,
  textSchema,
  timestampSchema,
  urlSchema,
} from './primitives';

/** Most resource ids one agent or run may name. */
export const MAX_RESOURCE_IDS = 100;
/** Most variable names a hook or action may require. */
export const MAX_REQUIRED_VARIABLES = 100;

const resourceIdSchema = z.string().max(MAX_TEXT_LENGTH, { message: `must be at most ${MAX_TEXT_LENGTH} characters` });
/** Resource ids that make up an agent's workflow (models, validations, hooks, actions, …). */
const resourceIdsSchema = z
  .array(resourceIdSchema.min(1, { message: 'must not be empty' }))
  .max(MAX_RESOURCE_IDS, { message: `must hold at most ${MAX_RESOURCE_IDS} ids` });

export const agentSchema = z.object({
  agentId: agentIdSchema,
  ...nameDescriptionFields,
  metadata: metadataSchema.nullable().optional(),
  resourceIds: z.array(resourceIdSchema),
  ...auditFields,
});
export type Agent = z.infer<typeof agentSchema>;
export const agentListSchema = listSchema('agents', agentSchema);

const agentBodyShape = {
  name: nullableTextSchema,
  description: nullableTextSchema,
  metadata: metadataSchema,
  resourceIds: resourceIdsSchema,
};
export const createAgentBodySchema = z.strictObject(agentBodyShape).partial();
export type CreateAgentBody = z.infer<typeof createAgentBodySchema>;
export const updateAgentBodySchema = patchBody(agentBodyShape);
export type UpdateAgentBody = z.infer<typeof updateAgentBodySchema>;

/** One entry of an agent run's `events` timeline. */
export const agentRunEventSchema = z.looseObject({
  type: keySchema,
  status: keySchema.nullable().optional(),
  time: timestampSchema,
  by: textSchema.nullable().optional(),
});
export type AgentRunEvent = z.infer<typeof agentRunEventSchema>;

export const agentRunSchema = z.object({
  agentId: agentIdSchema,
  runId: runIdSchema,
  id: agentRunRefSchema.optional(),
  status: agentRunStatusSchema,
  variablesFileUrl: urlSchema.nullable().optional(),
  events: z.array(agentRunEventSchema),
  resourceIds: z.array(resourceIdSchema),
  ...auditFields,
});
export type AgentRun = z.infer<typeof agentRunSchema>;
export const agentRunListSchema = listSchema('runs', agentRunSchema);

export const createAgentRunBodySchema = z.strictObject({
  documentId: documentIdSchema.optional(),
  resourceIds: resourceIdsSchema.optional(),
  variables: metadataSchema.optional(),
});
export type CreateAgentRunBody = z.infer<typeof createAgentRunBodySchema>;

/**
 * `POST /agents/{agentId}/runs/{runId}/export` (ours): moves a run in `succeeded-predictions` or `review-completed`
 * through `pending-export` (the agent's actions run) to `exported` and `completed`, or to `error` when an action
 * fails. Body: empty object or none.
 */
export const exportAgentRunBodySchema = z.strictObject({});

/** The seed: the only status a client may set is `archived`. */
export const updateAgentRunBodySchema = z.strictObject({
  status: z.literal('archived', { message: 'must be archived (the only status a client may set)' }),
});
export type UpdateAgentRunBody = z.infer<typeof updateAgentRunBodySchema>;

export const agentRunListQuerySchema = z.object({
  status: z.union([agentRunStatusSchema, z.array(agentRunStatusSchema)]).optional(),
  sort: z
    .enum(['createdTime:desc', 'createdTime:asc'], { message: 'must be createdTime:desc or createdTime:asc' })
    .optional(),
  createdTimeAfter: timestampSchema.optional(),
  createdTimeBefore: timestampSchema.optional(),
});

const runCommonFields = {
  runId: runIdSchema,
  name: nullableTextSchema.optional(),
  description: nullableTextSchema.optional(),
  metadata: metadataSchema.nullable().optional(),
  status: runStatusSchema,
  warnings: z.array(longTextSchema).nullable().optional(),
  errors: z.array(longTextSchema).nullable().optional(),
  history: z.array(jsonObjectSchema).nullable().optional(),
  input: jsonObjectSchema.nullable().optional(),
  output: jsonObjectSchema.nullable().optional(),
  agentRunId: agentRunRefSchema.nullable().optional(),
  logId: logIdSchema.nullable().optional(),
  ...auditFields,
};

export const hookRunSchema = z.object({
  hookId: hookRefSchema,
  id: hookRunRefSchema.optional(),
  actionId: actionRefSchema.nullable().optional(),
  ...runCommonFields,
});
export type HookRun = z.infer<typeof hookRunSchema>;
export const hookRunListSchema = listSchema('runs', hookRunSchema);

export const actionRunSchema = z.object({
  actionId: actionIdSchema,
  id: actionRunRefSchema.optional(),
  noAgentRunUpdate: z.boolean().nullable().optional(),
  ...runCommonFields,
});
export type ActionRun = z.infer<typeof actionRunSchema>;
export const actionRunListSchema = listSchema('runs', actionRunSchema);

/** Hooks and actions: the seed shows only their runs; these are the fields the console manages. */
const hookActionFields = {
  ...nameDescriptionFields,
  metadata: metadataSchema.nullable().optional(),
  enabled: z.boolean().optional(),
  config: jsonObjectSchema.nullable().optional(),
  ...auditFields,
};
export const hookSchema = z.object({
  hookId: hookIdSchema,
  /** The agent run transition that fires the hook, e.g. `ready-for-review`. */
  trigger: textSchema.nullable().optional(),
  actionId: actionRefSchema.nullable().optional(),
  ...hookActionFields,
});
export type Hook = z.infer<typeof hookSchema>;
export const hookListSchema = listSchema('hooks', hookSchema);

export const actionSchema = z.object({ actionId: actionIdSchema, ...hookActionFields });
export type Action = z.infer<typeof actionSchema>;
export const actionListSchema = listSchema('actions', actionSchema);

/**
 * config of a hook or an action: free-form, with these keys honoured by the embedded service —
 * `requiredVariables` (names that must be present in the agent run's variables, else the hook/action run fails naming
 * them), `minConfidence` (predictions below it become warnings), `destination` (echoed in the output) and, for
 * actions, `noAgentRunUpdate` (a failure does not move the agent run to error).
 */
export const hookActionConfigSchema = z.looseObject({
  requiredVariables: z
    .array(keySchema.min(1, { message: 'must not be empty' }), { message: 'must be an array of strings' })
    .max(MAX_REQUIRED_VARIABLES, { message: `must hold at most ${MAX_REQUIRED_VARIABLES} names` })
    .optional(),
  minConfidence: z
    .number({ message: 'must be a number' })
    .min(0, { message: 'must be a number from 0 to 1' })
    .max(1, { message: 'must be a number from 0 to 1' })
    .optional(),
  destination: textSchema.optional(),
  noAgentRunUpdate: z.boolean({ message: 'must be a boolean' }).optional(),
});
export type HookActionConfig = z.infer<typeof hookActionConfigSchema>;

/** Hook triggers: an agent run status the run enters, or `*` for every transition. */
export const hookTriggerSchema = z.enum(['*', ...AGENT_RUN_STATUSES], { message: `must be * or an agent run status` });

const hookActionBodyShape = {
  name: nullableTextSchema,
  description: nullableTextSchema,
  metadata: metadataSchema,
  enabled: z.boolean({ message: 'must be a boolean' }),
  config: hookActionConfigSchema,
};
export const createHookBodySchema = z
  .strictObject({ ...hookActionBodyShape, trigger: hookTriggerSchema, actionId: actionRefSchema.nullable() })
  .partial();
export type CreateHookBody = z.infer<typeof createHookBodySchema>;
export const updateHookBodySchema = patchBody({
  ...hookActionBodyShape,
  trigger: hookTriggerSchema,
  actionId: actionRefSchema.nullable(),
});
export type UpdateHookBody = z.infer<typeof updateHookBodySchema>;
export const createActionBodySchema = z.strictObject(hookActionBodyShape).partial();
export type CreateActionBody = z.infer<typeof createActionBodySchema>;
export const updateActionBodySchema = patchBody(hookActionBodyShape);
export type UpdateActionBody = z.infer<typeof updateActionBodySchema>;
