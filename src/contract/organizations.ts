import { z } from 'zod/mini';
import { auditFields, listSchema, patchBody } from './common';
import { organizationIdSchema, paymentMethodIdSchema, planIdSchema } from './ids';
import {
  jsonObjectSchema,
  keySchema,
  metadataSchema,
  nonNegativeIntSchema,
  retentionInDaysSchema,
  textSchema,
  urlSchema,
} from './primitives';

/** `numberOf<X>Allowed` / `numberOf<X>Created` pairs. */
export const TOTAL_COUNTERS = [
  'Users',
  'Models',
  'Transitions',
  'Workflows',
  'Secrets',
  'AppClients',
  'Assets',
  'Agents',
  'Hooks',
  'Datasets',
  'Actions',
  'Validations',
  'Connections',
] as const;
/** `monthlyNumberOf<X>Allowed` / `monthlyNumberOf<X>Created` pairs. */
export const MONTHLY_COUNTERS = [
  'Predictions',
  'Documents',
  'Transformations',
  'WorkflowExecutions',
  'DataBundles',
  'TransitionExecutions',
  'Trainings',
  'ActionRuns',
  'AgentRuns',
  'HookRuns',
  'ValidationTasks',
] as const;
/** Usage-only monthly counters. */
export const USAGE_ONLY_COUNTERS = [
  'monthlyNumberOfGpuHoursUsed',
  'monthlyNumberOfActiveModelsUsed',
  'monthlyNumberOfFieldPredictionsUsed',
  'monthlyNumberOfProductionWorkflowMinutesUsed',
  'monthlyNumberOfUserMinutesUsed',
  'monthlyNumberOfModelDeploymentUnitsUsed',
] as const;
export type TotalCounter = (typeof TOTAL_COUNTERS)[number];
export type MonthlyCounter = (typeof MONTHLY_COUNTERS)[number];

/** Every counter field name of an organization, all integers >= 0. */
export const COUNTER_FIELDS = [
  ...TOTAL_COUNTERS.flatMap((c) => [`numberOf${c}Allowed`, `numberOf${c}Created`]),
  ...MONTHLY_COUNTERS.flatMap((c) => [`monthlyNumberOf${c}Allowed`, `monthlyNumberOf${c}Created`]),
  'monthlyNumberOfPagePredictionsAllowed',
  'monthlyNumberOfPagePredictionsUsed',
  ...USAGE_ONLY_COUNTERS,
] as const;
export type CounterField = (typeof COUNTER_FIELDS)[number];

const counterShape = Object.fromEntries(
  COUNTER_FIELDS.map((field) => [field, z.optional(nonNegativeIntSchema)]),
) as Record<CounterField, z.ZodMiniOptional<typeof nonNegativeIntSchema>>;

export const organizationSchema = z.object({
  organizationId: organizationIdSchema,
  name: z.optional(z.nullable(textSchema)),
  description: z.optional(z.nullable(textSchema)),
  metadata: z.optional(z.nullable(metadataSchema)),
  url: z.optional(z.nullable(urlSchema)),
  pictureUrl: z.optional(z.nullable(textSchema)),
  code: z.optional(
    z.nullable(keySchema.check(z.regex(/^[0-9a-z]+$/, { message: 'must be lowercase letters and digits' }))),
  ),
  clientId: z.optional(z.nullable(keySchema)),
  planId: z.optional(z.nullable(planIdSchema)),
  paymentMethodId: z.optional(z.nullable(paymentMethodIdSchema)),
  documentRetentionInDays: z.optional(z.nullable(retentionInDaysSchema)),
  useNewScopes: z.optional(z.nullable(z.boolean())),
  monthlyUsageSummary: z.optional(z.nullable(jsonObjectSchema)),
  privileges: z.optional(z.nullable(jsonObjectSchema)),
  deploymentsAllowed: z.optional(z.nullable(jsonObjectSchema)),
  deploymentsCreated: z.optional(z.nullable(jsonObjectSchema)),
  ...counterShape,
  ...auditFields,
});
export type Organization = z.infer<typeof organizationSchema>;
export const organizationListSchema = listSchema('organizations', organizationSchema);

export const createOrganizationBodySchema = z.strictObject({
  metadata: z.optional(metadataSchema),
  name: z.optional(z.nullable(textSchema)),
  description: z.optional(z.nullable(textSchema)),
  url: z.optional(urlSchema),
  useNewScopes: z.optional(z.boolean({ message: 'must be a boolean' })),
});
export type CreateOrganizationBody = z.infer<typeof createOrganizationBodySchema>;

export const updateOrganizationBodySchema = patchBody({
  metadata: metadataSchema,
  paymentMethodId: paymentMethodIdSchema,
  name: z.nullable(textSchema),
  description: z.nullable(textSchema),
  documentRetentionInDays: retentionInDaysSchema,
  planId: planIdSchema,
  url: urlSchema,
});
export type UpdateOrganizationBody = z.infer<typeof updateOrganizationBodySchema>;
