import { z } from 'zod';
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
  COUNTER_FIELDS.map((field) => [field, nonNegativeIntSchema.optional()]),
) as Record<CounterField, z.ZodOptional<typeof nonNegativeIntSchema>>;

export const organizationSchema = z.object({
  organizationId: organizationIdSchema,
  name: textSchema.nullable().optional(),
  description: textSchema.nullable().optional(),
  metadata: metadataSchema.nullable().optional(),
  url: urlSchema.nullable().optional(),
  pictureUrl: textSchema.nullable().optional(),
  code: keySchema
    .regex(/^[0-9a-z]+$/, { message: 'must be lowercase letters and digits' })
    .nullable()
    .optional(),
  clientId: keySchema.nullable().optional(),
  planId: planIdSchema.nullable().optional(),
  paymentMethodId: paymentMethodIdSchema.nullable().optional(),
  documentRetentionInDays: retentionInDaysSchema.nullable().optional(),
  useNewScopes: z.boolean().nullable().optional(),
  monthlyUsageSummary: jsonObjectSchema.nullable().optional(),
  privileges: jsonObjectSchema.nullable().optional(),
  deploymentsAllowed: jsonObjectSchema.nullable().optional(),
  deploymentsCreated: jsonObjectSchema.nullable().optional(),
  ...counterShape,
  ...auditFields,
});
export type Organization = z.infer<typeof organizationSchema>;
export const organizationListSchema = listSchema('organizations', organizationSchema);

export const createOrganizationBodySchema = z.strictObject({
  metadata: metadataSchema.optional(),
  name: textSchema.nullable().optional(),
  description: textSchema.nullable().optional(),
  url: urlSchema.optional(),
  useNewScopes: z.boolean({ message: 'must be a boolean' }).optional(),
});
export type CreateOrganizationBody = z.infer<typeof createOrganizationBodySchema>;

export const updateOrganizationBodySchema = patchBody({
  metadata: metadataSchema,
  paymentMethodId: paymentMethodIdSchema,
  name: textSchema.nullable(),
  description: textSchema.nullable(),
  documentRetentionInDays: retentionInDaysSchema,
  planId: planIdSchema,
  url: urlSchema,
});
export type UpdateOrganizationBody = z.infer<typeof updateOrganizationBodySchema>;
