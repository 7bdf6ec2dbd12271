import { z } from 'zod/mini';

export const CONTENT_TYPES = [
  'application/pdf',
  'image/jpeg',
  'image/png',
  'image/tiff',
  'image/webp',
  'message/rfc822',
] as const;
export const USER_STATUSES = ['inactive', 'active', 'invite_pending'] as const;
export const MODEL_STATUSES = ['active', 'inactive'] as const;
/** The two model families of the seed, in their real names (DESIGN §4). */
export const LLM_VERSIONS = ['sonnet-4.0', 'sonnet-4.5', 'sonnet-4.6', 'qwen3-vl'] as const;
export const CONFIDENCE_VERSIONS = ['v1', 'v2'] as const;
export const AGENT_RUN_STATUSES = [
  'archived',
  'exported',
  'pending-export',
  'pending-predictions',
  'ready-for-review',
  'review-completed',
  'succeeded-predictions',
  'error',
  'running',
  'completed',
  'review-in-progress',
] as const;
/** Statuses of hook runs and action runs. */
export const RUN_STATUSES = ['failed', 'ignored', 'running', 'succeeded'] as const;
export const VALIDATION_TASK_STATUSES = ['ready', 'in-progress', 'succeeded', 'failed'] as const;
export const PERMISSION_EFFECTS = ['allow', 'deny'] as const;
export const PERMISSION_ACTIONS = ['read', 'write', 'delegate', '*'] as const;
/** Scope families of the seed; each exists as `:read` and `:write` except the read-only ones. */
export const SCOPE_FAMILIES = [
  'actions',
  'actions.runs',
  'agents',
  'agents.runs',
  'agents.statistics',
  'appclients',
  'documents',
  'hooks',
  'hooks.runs',
  'logs',
  'models',
  'organizations',
  'predictions',
  'users',
  'validations',
  'validations.tasks',
  'workflows',
] as const;
export const READ_ONLY_SCOPE_FAMILIES = ['agents.statistics', 'logs'] as const;

function oneOf<T extends readonly [string, ...string[]]>(values: T) {
  return z.enum(values, { message: `must be one of ${values.join(', ')}` });
}

export const contentTypeSchema = oneOf(CONTENT_TYPES);
export const userStatusSchema = oneOf(USER_STATUSES);
export const modelStatusSchema = oneOf(MODEL_STATUSES);
export const llmVersionSchema = oneOf(LLM_VERSIONS);
export const confidenceVersionSchema = oneOf(CONFIDENCE_VERSIONS);
export const agentRunStatusSchema = oneOf(AGENT_RUN_STATUSES);
export const runStatusSchema = oneOf(RUN_STATUSES);
export const validationTaskStatusSchema = oneOf(VALIDATION_TASK_STATUSES);
export const permissionEffectSchema = oneOf(PERMISSION_EFFECTS);
export const permissionActionSchema = oneOf(PERMISSION_ACTIONS);

export type ContentType = (typeof CONTENT_TYPES)[number];
export type UserStatus = (typeof USER_STATUSES)[number];
export type ModelStatus = (typeof MODEL_STATUSES)[number];
export type LlmVersion = (typeof LLM_VERSIONS)[number];
export type ConfidenceVersion = (typeof CONFIDENCE_VERSIONS)[number];
export type AgentRunStatus = (typeof AGENT_RUN_STATUSES)[number];
export type RunStatus = (typeof RUN_STATUSES)[number];
export type ValidationTaskStatus = (typeof VALIDATION_TASK_STATUSES)[number];
export type ScopeFamily = (typeof SCOPE_FAMILIES)[number];
