import { z } from 'zod/mini';
import { MAX_ID_LENGTH, NS, stringSchema } from './primitives';

/** Id part patterns used by the seed. */
const HEX32 = '[0-9a-f]{32}';
const SLUG = '[a-z0-9-_]+';
const ORG_PREFIX = `(?:${NS}:organization:${SLUG}/)?`;

function idSchema(pattern: string, example: string) {
  return stringSchema().check(
    z.maxLength(MAX_ID_LENGTH, { message: `must be at most ${MAX_ID_LENGTH} characters`, abort: true }),
    z.regex(new RegExp(`^${pattern}$`), { message: `must be an identifier like ${example}` }),
  );
}

export const ID_PATTERNS = {
  document: `${NS}:document:${HEX32}`,
  dataset: `${NS}:dataset:${HEX32}`,
  consent: `legacy:consent:${HEX32}`,
  organization: `${NS}:organization:${SLUG}`,
  plan: `${ORG_PREFIX}${NS}:plan:${SLUG}(?::@[A-Za-z0-9-_.]+|:[0-9]+)?`,
  paymentMethod: `${NS}:payment-method:${HEX32}`,
  model: `${NS}:model:${SLUG}`,
  training: `legacy:model-training:${SLUG}`,
  user: `${NS}:user:[0-9A-Za-z-_]+`,
  role: `${NS}:role:[0-9A-Za-z-_]{1,32}`,
  profile: `${NS}:profile:${HEX32}`,
  appClient: `${NS}:app-client:${SLUG}`,
  validation: `svc:validation:${HEX32}`,
  validationRef: `${ORG_PREFIX}svc:validation:${SLUG}`,
  validationTask: `svc:validation-task:${HEX32}`,
  agent: `svc:agent:${HEX32}`,
  run: `svc:run:${HEX32}`,
  agentRunRef: `${ORG_PREFIX}svc:agent:${SLUG}/svc:run:${SLUG}`,
  hook: `svc:hook:${HEX32}`,
  hookRef: `${ORG_PREFIX}svc:hook:${SLUG}`,
  hookRunRef: `${ORG_PREFIX}svc:hook:${SLUG}/svc:run:${SLUG}`,
  action: `svc:action:${HEX32}`,
  actionRef: `${ORG_PREFIX}svc:action:${SLUG}`,
  actionRunRef: `${ORG_PREFIX}svc:action:${SLUG}/svc:run:${SLUG}`,
  log: `${NS}:log:${HEX32}`,
} as const;

export const documentIdSchema = idSchema(ID_PATTERNS.document, 'svc:document:<32 lowercase hex>');
export const datasetIdSchema = idSchema(ID_PATTERNS.dataset, 'svc:dataset:<32 lowercase hex>');
export const consentIdSchema = idSchema(ID_PATTERNS.consent, 'legacy:consent:<32 lowercase hex>');
export const organizationIdSchema = idSchema(ID_PATTERNS.organization, 'svc:organization:<a-z0-9-_>');
export const planIdSchema = idSchema(ID_PATTERNS.plan, 'svc:plan:<a-z0-9-_>');
export const paymentMethodIdSchema = idSchema(ID_PATTERNS.paymentMethod, 'svc:payment-method:<32 lowercase hex>');
export const modelIdSchema = idSchema(ID_PATTERNS.model, 'svc:model:<a-z0-9-_>');
export const trainingIdSchema = idSchema(ID_PATTERNS.training, 'legacy:model-training:<a-z0-9-_>');
export const userIdSchema = idSchema(ID_PATTERNS.user, 'svc:user:<0-9A-Za-z-_>');
export const roleIdSchema = idSchema(ID_PATTERNS.role, 'svc:role:<1 to 32 of 0-9A-Za-z-_>');
/** Most roles one user or app client may hold. */
export const MAX_ROLE_IDS = 100;
/** roleIds as a request sends them. */
export const roleIdsInputSchema = z
  .array(roleIdSchema)
  .check(z.maxLength(MAX_ROLE_IDS, { message: `must hold at most ${MAX_ROLE_IDS} role ids` }));
export const profileIdSchema = idSchema(ID_PATTERNS.profile, 'svc:profile:<32 lowercase hex>');
export const appClientIdSchema = idSchema(ID_PATTERNS.appClient, 'svc:app-client:<a-z0-9-_>');
export const validationIdSchema = idSchema(ID_PATTERNS.validation, 'svc:validation:<32 lowercase hex>');
export const validationRefSchema = idSchema(ID_PATTERNS.validationRef, 'svc:validation:<a-z0-9-_>');
export const validationTaskIdSchema = idSchema(ID_PATTERNS.validationTask, 'svc:validation-task:<32 lowercase hex>');
export const agentIdSchema = idSchema(ID_PATTERNS.agent, 'svc:agent:<32 lowercase hex>');
export const runIdSchema = idSchema(ID_PATTERNS.run, 'svc:run:<32 lowercase hex>');
export const agentRunRefSchema = idSchema(ID_PATTERNS.agentRunRef, 'svc:agent:<id>/svc:run:<id>');
export const hookIdSchema = idSchema(ID_PATTERNS.hook, 'svc:hook:<32 lowercase hex>');
export const hookRefSchema = idSchema(ID_PATTERNS.hookRef, 'svc:hook:<a-z0-9-_>');
export const hookRunRefSchema = idSchema(ID_PATTERNS.hookRunRef, 'svc:hook:<id>/svc:run:<id>');
export const actionIdSchema = idSchema(ID_PATTERNS.action, 'svc:action:<32 lowercase hex>');
export const actionRefSchema = idSchema(ID_PATTERNS.actionRef, 'svc:action:<a-z0-9-_>');
export const actionRunRefSchema = idSchema(ID_PATTERNS.actionRunRef, 'svc:action:<id>/svc:run:<id>');
export const logIdSchema = idSchema(ID_PATTERNS.log, 'svc:log:<32 lowercase hex>');

/** Id types whose new ids are `svc:<type>:<32 lowercase hex>`. */
export type NewIdType =
  | 'document'
  | 'dataset'
  | 'organization'
  | 'model'
  | 'user'
  | 'role'
  | 'profile'
  | 'app-client'
  | 'validation'
  | 'validation-task'
  | 'agent'
  | 'run'
  | 'hook'
  | 'action'
  | 'log'
  | 'payment-method';

/** A new identifier `svc:<type>:<32 lowercase hex>` (works in Node and in the browser). */
export function newId(type: NewIdType): string {
  return `svc:${type}:${globalThis.crypto.randomUUID().replaceAll('-', '')}`;
}
