import { z } from 'zod/mini';
import { INSIGHT_OUTCOMES } from './agent-insights';
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
  boundedString,
  jsonObjectSchema,
  keySchema,
  longTextSchema,
  MAX_TEXT_LENGTH,
  metadataSchema,
  nullableTextSchema,
  textSchema,
  timestampSchema,
  urlSchema,
  stringSchema,
} from './primitives';

/** Most resource ids one agent or run may name. */
export const MAX_RESOURCE_IDS = 100;
/** Most variable names a hook or action may require. */
export const MAX_REQUIRED_VARIABLES = 100;

const resourceIdSchema = stringSchema().check(
  z.maxLength(MAX_TEXT_LENGTH, { message: `must be at most ${MAX_TEXT_LENGTH} characters` }),
);
/** Resource ids that make up an agent's workflow (models, validations, hooks, actions, …). */
const resourceIdsSchema = z
  .array(resourceIdSchema.check(z.minLength(1, { message: 'must not be empty' })))
  .check(z.maxLength(MAX_RESOURCE_IDS, { message: `must hold at most ${MAX_RESOURCE_IDS} ids` }));

export const agentSchema = z.object({
  agentId: agentIdSchema,
  ...nameDescriptionFields,
  metadata: z.optional(z.nullable(metadataSchema)),
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
export const createAgentBodySchema = z.partial(z.strictObject(agentBodyShape));
export type CreateAgentBody = z.infer<typeof createAgentBodySchema>;
export const updateAgentBodySchema = patchBody(agentBodyShape);
export type UpdateAgentBody = z.infer<typeof updateAgentBodySchema>;

/** One entry of an agent run's `events` timeline. */
export const agentRunEventSchema = z.looseObject({
  type: keySchema,
  status: z.optional(z.nullable(keySchema)),
  time: timestampSchema,
  by: z.optional(z.nullable(textSchema)),
});
export type AgentRunEvent = z.infer<typeof agentRunEventSchema>;

export const agentRunSchema = z.object({
  agentId: agentIdSchema,
  runId: runIdSchema,
  id: z.optional(agentRunRefSchema),
  status: agentRunStatusSchema,
  variablesFileUrl: z.optional(z.nullable(urlSchema)),
  events: z.array(agentRunEventSchema),
  resourceIds: z.array(resourceIdSchema),
  ...auditFields,
});
export type AgentRun = z.infer<typeof agentRunSchema>;
export const agentRunListSchema = listSchema('runs', agentRunSchema);

export const createAgentRunBodySchema = z.strictObject({
  documentId: z.optional(documentIdSchema),
  resourceIds: z.optional(resourceIdsSchema),
  variables: z.optional(metadataSchema),
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

/**
 * The runs list's `outcome` filter (extension, docs/insights.md): what became of a run as the insights endpoints
 * count it, or `queued` — waiting for or in review now (by status), as the insights overview counts it.
 */
export const RUN_OUTCOME_FILTERS = [...INSIGHT_OUTCOMES, 'queued'] as const;
export type RunOutcomeFilter = (typeof RUN_OUTCOME_FILTERS)[number];

/** A confidence bucket edge as the runs list's confidence filters write it: 0, 0.1 … 0.9, 1. */
const CONFIDENCE_EDGE = '(?:0|0\\.[1-9]|1)';
const CONFIDENCE_RANGE_PATTERN = new RegExp(`^${CONFIDENCE_EDGE}-${CONFIDENCE_EDGE}$`);

/** Confidence buckets `[from, to)` by index (tenths, as `least(floor(confidence * 10), 9)` numbers them). */
export interface ConfidenceBuckets {
  from: number;
  to: number;
}

/** `0.3-0.4` → buckets 3 up to 4; undefined for anything but two edges with from below to. */
export function parseConfidenceRange(text: string): ConfidenceBuckets | undefined {
  if (!CONFIDENCE_RANGE_PATTERN.test(text)) return undefined;
  const [from, to] = text.split('-').map((edge) => Math.round(Number(edge) * 10));
  return from < to ? { from, to } : undefined;
}

/** Two bucket edges (multiples of 0.1 in [0, 1]) as the filter's text: (0.8, 1) → `0.8-1`. */
export function confidenceRangeText(from: number, to: number): string {
  const edge = (x: number) => String(Math.round(x * 10) / 10);
  return `${edge(from)}-${edge(to)}`;
}

// `0.1-0.2` is the longest; the bound stops anything long before the pattern runs.
const confidenceRangeSchema = boundedString(16).check(
  z.refine((text: string) => parseConfidenceRange(text) !== undefined, {
    message: 'must be two confidence bucket edges <from>-<to>, each 0, 0.1 … 0.9 or 1, from below to (e.g. 0.3-0.4)',
  }),
);

/**
 * The runs list's insight filters (extension, docs/insights.md), the runs behind a fields or confidence figure:
 * `predictionLabel`/`predictionChanged`/`predictionConfidence` — runs whose review confirmed a ground truth with at
 * least one prediction matching all of those given; `lowestConfidence` — runs whose lowest confidence is in the range.
 */
const runInsightFiltersSchema = z.object({
  predictionLabel: z.optional(keySchema),
  predictionChanged: z.optional(z.enum(['true', 'false'], { message: 'must be true or false' })),
  predictionConfidence: z.optional(confidenceRangeSchema),
  lowestConfidence: z.optional(confidenceRangeSchema),
});
export type RunInsightFilters = z.infer<typeof runInsightFiltersSchema>;

export const agentRunListQuerySchema = z.object({
  status: z.optional(z.union([agentRunStatusSchema, z.array(agentRunStatusSchema)])),
  outcome: z.optional(z.enum(RUN_OUTCOME_FILTERS, { message: `must be one of ${RUN_OUTCOME_FILTERS.join(', ')}` })),
  ...runInsightFiltersSchema.shape,
  sort: z.optional(
    z.enum(['createdTime:desc', 'createdTime:asc'], { message: 'must be createdTime:desc or createdTime:asc' }),
  ),
  createdTimeAfter: z.optional(timestampSchema),
  createdTimeBefore: z.optional(timestampSchema),
});

const runCommonFields = {
  runId: runIdSchema,
  name: z.optional(nullableTextSchema),
  description: z.optional(nullableTextSchema),
  metadata: z.optional(z.nullable(metadataSchema)),
  status: runStatusSchema,
  warnings: z.optional(z.nullable(z.array(longTextSchema))),
  errors: z.optional(z.nullable(z.array(longTextSchema))),
  history: z.optional(z.nullable(z.array(jsonObjectSchema))),
  input: z.optional(z.nullable(jsonObjectSchema)),
  output: z.optional(z.nullable(jsonObjectSchema)),
  agentRunId: z.optional(z.nullable(agentRunRefSchema)),
  logId: z.optional(z.nullable(logIdSchema)),
  ...auditFields,
};

export const hookRunSchema = z.object({
  hookId: hookRefSchema,
  id: z.optional(hookRunRefSchema),
  actionId: z.optional(z.nullable(actionRefSchema)),
  ...runCommonFields,
});
export type HookRun = z.infer<typeof hookRunSchema>;
export const hookRunListSchema = listSchema('runs', hookRunSchema);

export const actionRunSchema = z.object({
  actionId: actionIdSchema,
  id: z.optional(actionRunRefSchema),
  noAgentRunUpdate: z.optional(z.nullable(z.boolean())),
  ...runCommonFields,
});
export type ActionRun = z.infer<typeof actionRunSchema>;
export const actionRunListSchema = listSchema('runs', actionRunSchema);

/** Hooks and actions: the seed shows only their runs; these are the fields the console manages. */
const hookActionFields = {
  ...nameDescriptionFields,
  metadata: z.optional(z.nullable(metadataSchema)),
  enabled: z.optional(z.boolean()),
  config: z.optional(z.nullable(jsonObjectSchema)),
  ...auditFields,
};
export const hookSchema = z.object({
  hookId: hookIdSchema,
  /** The agent run transition that fires the hook, e.g. `ready-for-review`. */
  trigger: z.optional(z.nullable(textSchema)),
  actionId: z.optional(z.nullable(actionRefSchema)),
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
  requiredVariables: z.optional(
    z
      .array(keySchema.check(z.minLength(1, { message: 'must not be empty' })), {
        message: 'must be an array of strings',
      })
      .check(z.maxLength(MAX_REQUIRED_VARIABLES, { message: `must hold at most ${MAX_REQUIRED_VARIABLES} names` })),
  ),
  minConfidence: z.optional(
    z
      .number({ message: 'must be a number' })
      .check(
        z.gte(0, { message: 'must be a number from 0 to 1' }),
        z.lte(1, { message: 'must be a number from 0 to 1' }),
      ),
  ),
  destination: z.optional(textSchema),
  noAgentRunUpdate: z.optional(z.boolean({ message: 'must be a boolean' })),
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
export const createHookBodySchema = z.partial(
  z.strictObject({ ...hookActionBodyShape, trigger: hookTriggerSchema, actionId: z.nullable(actionRefSchema) }),
);
export type CreateHookBody = z.infer<typeof createHookBodySchema>;
export const updateHookBodySchema = patchBody({
  ...hookActionBodyShape,
  trigger: hookTriggerSchema,
  actionId: z.nullable(actionRefSchema),
});
export type UpdateHookBody = z.infer<typeof updateHookBodySchema>;
export const createActionBodySchema = z.partial(z.strictObject(hookActionBodyShape));
export type CreateActionBody = z.infer<typeof createActionBodySchema>;
export const updateActionBodySchema = patchBody(hookActionBodyShape);
export type UpdateActionBody = z.infer<typeof updateActionBodySchema>;
