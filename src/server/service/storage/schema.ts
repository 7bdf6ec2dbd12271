/**
 * The service's one PostgreSQL schema (Drizzle table definitions). The SQL that creates it lives in
 * `migrations/NNNN_*.sql` and must be kept in step with this file (a test compares them).
 *
 * Every resource family has its own table with the same common columns:
 *   organization_id + id (primary key), seq (identity: insertion order, never shown and not used by lists),
 *   created_time, updated_time, data (the resource exactly as the API returns it)
 * plus plain columns for what lists filter on, derived from `data` on every write by the repository. Lists read in
 * `(created_time, id)` order (pagination.ts), so each list's index ends with those two columns.
 */
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  customType,
  doublePrecision,
  index,
  integer,
  json,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({ dataType: () => 'bytea' });

function commonColumns() {
  return {
    organizationId: text('organization_id').notNull(),
    id: text('id').notNull(),
    seq: bigint('seq', { mode: 'number' }).generatedAlwaysAsIdentity().notNull(),
    createdTime: timestamp('created_time', { withTimezone: true, mode: 'string' })
      .notNull()
      .default(sql`now()`),
    updatedTime: timestamp('updated_time', { withTimezone: true, mode: 'string' }),
    data: json('data').$type<Record<string, unknown>>().notNull(),
  };
}

export const organizations = pgTable(
  'organizations',
  {
    ...commonColumns(),
    /** The organization whose token created this one (null for the bootstrap organization). */
    parentOrganizationId: text('parent_organization_id'),
    /** `numberOf…Allowed/Created`, `monthlyNumberOf…`; kept apart from `data` so writes to it are one UPDATE. */
    counters: jsonb('counters').$type<Record<string, number>>().notNull().default({}),
    /** `YYYY-MM` the monthly counters belong to; a write in a later month resets them. */
    usageMonth: text('usage_month').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.organizationId, t.id] }),
    index('organizations_parent').on(t.parentOrganizationId, t.createdTime, t.id),
  ],
);

export const users = pgTable(
  'users',
  {
    ...commonColumns(),
    email: text('email'),
    /** The user's profile (extension: its email and name), derived from `data.profileId`. */
    profileId: text('profile_id'),
  },
  (t) => [
    primaryKey({ columns: [t.organizationId, t.id] }),
    index('users_org_created').on(t.organizationId, t.createdTime, t.id),
    uniqueIndex('users_org_email').on(t.organizationId, sql`lower(${t.email})`),
    uniqueIndex('users_org_profile').on(t.organizationId, t.profileId),
  ],
);

export const roles = pgTable('roles', { ...commonColumns() }, (t) => [
  primaryKey({ columns: [t.organizationId, t.id] }),
  index('roles_org_created').on(t.organizationId, t.createdTime, t.id),
]);

export const appClients = pgTable(
  'app_clients',
  {
    ...commonColumns(),
    /** OAuth client id, unique across organizations (the token endpoint looks it up without an organization). */
    clientId: text('client_id').notNull().unique(),
    /** scrypt hash `scrypt$N$r$p$salt$hash`; null when the client has no secret. */
    secretHash: text('secret_hash'),
  },
  (t) => [
    primaryKey({ columns: [t.organizationId, t.id] }),
    index('app_clients_org_created').on(t.organizationId, t.createdTime, t.id),
  ],
);

export const accessTokens = pgTable(
  'access_tokens',
  {
    /** sha256 hex of the token; the token itself is never stored. */
    tokenHash: text('token_hash').primaryKey(),
    organizationId: text('organization_id').notNull(),
    appClientId: text('app_client_id').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'string' }).notNull(),
  },
  (t) => [
    index('access_tokens_expiry').on(t.expiresAt),
    index('access_tokens_client').on(t.organizationId, t.appClientId),
  ],
);

export const documents = pgTable(
  'documents',
  {
    ...commonColumns(),
    datasetId: text('dataset_id'),
    consentId: text('consent_id'),
    agentRunId: text('agent_run_id'),
  },
  (t) => [
    primaryKey({ columns: [t.organizationId, t.id] }),
    index('documents_org_created').on(t.organizationId, t.createdTime, t.id),
    index('documents_dataset').on(t.organizationId, t.datasetId, t.createdTime, t.id),
    index('documents_consent').on(t.organizationId, t.consentId, t.createdTime, t.id),
  ],
);

/**
 * A document's file: its header (the bytes are in `document_file_chunks`, or an object when `location` is an
 * `s3://` URL). `file_id` is random and new on every upload, so a replaced file's bytes are never the new file's.
 */
export const documentFiles = pgTable(
  'document_files',
  {
    organizationId: text('organization_id').notNull(),
    documentId: text('document_id').notNull(),
    fileId: text('file_id').notNull(),
    contentType: text('content_type').notNull(),
    size: integer('size').notNull(),
    /** Base64 MD5 of the bytes. */
    md5: text('md5').notNull(),
    /** `database` or `s3://bucket/key`. */
    location: text('location').notNull(),
    /** Bytes per chunk of a file in the database (null in object storage). */
    chunkSize: integer('chunk_size'),
  },
  (t) => [
    primaryKey({ columns: [t.organizationId, t.documentId] }),
    uniqueIndex('document_files_file').on(t.organizationId, t.fileId),
  ],
);

/** The bytes of files in the database, in bounded chunks (file-store/database-chunks.ts). */
export const documentFileChunks = pgTable(
  'document_file_chunks',
  {
    organizationId: text('organization_id').notNull(),
    fileId: text('file_id').notNull(),
    seq: integer('seq').notNull(),
    bytes: bytea('bytes').notNull(),
    createdTime: timestamp('created_time', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.organizationId, t.fileId, t.seq] })],
);

export const models = pgTable('models', { ...commonColumns() }, (t) => [
  primaryKey({ columns: [t.organizationId, t.id] }),
  index('models_org_created').on(t.organizationId, t.createdTime, t.id),
]);

export const validations = pgTable('validations', { ...commonColumns() }, (t) => [
  primaryKey({ columns: [t.organizationId, t.id] }),
  index('validations_org_created').on(t.organizationId, t.createdTime, t.id),
]);

export const validationTasks = pgTable(
  'validation_tasks',
  {
    ...commonColumns(),
    validationId: text('validation_id'),
    status: text('status'),
    agentRunId: text('agent_run_id'),
  },
  (t) => [
    primaryKey({ columns: [t.organizationId, t.id] }),
    index('validation_tasks_org_created').on(t.organizationId, t.createdTime, t.id),
    index('validation_tasks_validation').on(t.organizationId, t.validationId, t.createdTime, t.id),
    index('validation_tasks_agent_run').on(t.organizationId, t.agentRunId),
  ],
);

export const agents = pgTable('agents', { ...commonColumns() }, (t) => [
  primaryKey({ columns: [t.organizationId, t.id] }),
  index('agents_org_created').on(t.organizationId, t.createdTime, t.id),
]);

export const agentRuns = pgTable(
  'agent_runs',
  {
    ...commonColumns(),
    agentId: text('agent_id'),
    status: text('status'),
    /** What the insights endpoint reads of the run, set from `data` by a trigger on every write (migration 0013). */
    insight: jsonb('insight').$type<Record<string, unknown>>(),
  },
  (t) => [
    primaryKey({ columns: [t.organizationId, t.id] }),
    index('agent_runs_org_created').on(t.organizationId, t.createdTime, t.id),
    index('agent_runs_agent').on(t.organizationId, t.agentId, t.createdTime, t.id),
    index('agent_runs_status').on(t.organizationId, t.status, t.createdTime, t.id),
    index('agent_runs_agent_status').on(t.organizationId, t.agentId, t.status, t.createdTime),
  ],
);

/**
 * How many of an agent's runs are in each status, kept by triggers on agent_runs (migration 0009): the counts endpoint
 * reads these rows when it has no time window.
 */
export const agentRunStatusCounts = pgTable(
  'agent_run_status_counts',
  {
    organizationId: text('organization_id').notNull(),
    agentId: text('agent_id').notNull(),
    status: text('status').notNull(),
    n: bigint('n', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ name: 'agent_run_status_counts_pk', columns: [t.organizationId, t.agentId, t.status] })],
);

/**
 * The insights endpoints' figures per agent and per hour of creation, as additive (metric, key) counters kept by
 * triggers on agent_runs (migration 0014, docs/insights.md).
 */
export const agentInsightHours = pgTable(
  'agent_insight_hours',
  {
    organizationId: text('organization_id').notNull(),
    agentId: text('agent_id').notNull(),
    metric: text('metric').notNull(),
    hour: timestamp('hour', { withTimezone: true, mode: 'string' }).notNull(),
    key: text('key').notNull(),
    n: bigint('n', { mode: 'number' }).notNull().default(0),
    changed: bigint('changed', { mode: 'number' }).notNull().default(0),
    confidenceN: bigint('confidence_n', { mode: 'number' }).notNull().default(0),
    confidenceSum: doublePrecision('confidence_sum').notNull().default(0),
    changedConfidenceN: bigint('changed_confidence_n', { mode: 'number' }).notNull().default(0),
    changedConfidenceSum: doublePrecision('changed_confidence_sum').notNull().default(0),
  },
  (t) => [
    primaryKey({ name: 'agent_insight_hours_pk', columns: [t.organizationId, t.agentId, t.metric, t.hour, t.key] }),
    index('agent_insight_hours_org').on(t.organizationId, t.metric, t.hour),
  ],
);

/**
 * How many transactions have written each scope (an organization's id, or '*' for service-wide tables), in 16 shards
 * summed on read; kept by deferred triggers on every table a GET may read (migration 0010). The authentication query
 * reads it so the read cache can tell whether an organization's data changed, whichever instance wrote.
 */
export const dataVersions = pgTable(
  'data_versions',
  {
    scope: text('scope').notNull(),
    shard: smallint('shard').notNull(),
    version: bigint('version', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ name: 'data_versions_pk', columns: [t.scope, t.shard] })],
);

export const hooks = pgTable('hooks', { ...commonColumns() }, (t) => [
  primaryKey({ columns: [t.organizationId, t.id] }),
  index('hooks_org_created').on(t.organizationId, t.createdTime, t.id),
]);

export const hookRuns = pgTable(
  'hook_runs',
  { ...commonColumns(), hookId: text('hook_id'), agentRunId: text('agent_run_id'), status: text('status') },
  (t) => [
    primaryKey({ columns: [t.organizationId, t.id] }),
    index('hook_runs_org_created').on(t.organizationId, t.createdTime, t.id),
    index('hook_runs_hook').on(t.organizationId, t.hookId, t.createdTime, t.id),
    index('hook_runs_agent_run').on(t.organizationId, t.agentRunId, t.createdTime, t.id),
  ],
);

export const actions = pgTable('actions', { ...commonColumns() }, (t) => [
  primaryKey({ columns: [t.organizationId, t.id] }),
  index('actions_org_created').on(t.organizationId, t.createdTime, t.id),
]);

export const actionRuns = pgTable(
  'action_runs',
  { ...commonColumns(), actionId: text('action_id'), agentRunId: text('agent_run_id'), status: text('status') },
  (t) => [
    primaryKey({ columns: [t.organizationId, t.id] }),
    index('action_runs_org_created').on(t.organizationId, t.createdTime, t.id),
    index('action_runs_action').on(t.organizationId, t.actionId, t.createdTime, t.id),
    index('action_runs_agent_run').on(t.organizationId, t.agentRunId, t.createdTime, t.id),
  ],
);

/** Key/value facts about the installation itself (e.g. which organization was bootstrapped). */
export const serviceState = pgTable('service_state', {
  key: text('key').primaryKey(),
  value: jsonb('value').$type<unknown>().notNull(),
});

/**
 * `Idempotency-Key` records (../idempotency.ts), per organization and app client. `claim_token` names the request that
 * wrote the row; `applied` is set inside the create's own transaction; `response_*` is the answer to replay.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    organizationId: text('organization_id').notNull(),
    appClientId: text('app_client_id').notNull(),
    idempotencyKey: text('idempotency_key').notNull(),
    /** sha256 of method, path and canonical JSON body. */
    requestHash: text('request_hash').notNull(),
    claimToken: text('claim_token').notNull(),
    applied: boolean('applied').notNull().default(false),
    responseStatus: integer('response_status'),
    responseContentType: text('response_content_type'),
    responseBody: text('response_body'),
    createdTime: timestamp('created_time', { withTimezone: true, mode: 'string' })
      .notNull()
      .default(sql`now()`),
  },
  (t) => [
    primaryKey({ columns: [t.organizationId, t.appClientId, t.idempotencyKey] }),
    index('idempotency_keys_created').on(t.createdTime),
  ],
);

/** Keys the service signs with (list continuation tokens), shared by every instance on the database. */
export const signingKeys = pgTable('signing_keys', {
  purpose: text('purpose').primaryKey(),
  key: bytea('key').notNull(),
  createdTime: timestamp('created_time', { withTimezone: true, mode: 'string' })
    .notNull()
    .default(sql`now()`),
});

/** Every table that holds one resource family (the repository works over any of them). */
export const resourceTables = {
  organizations,
  users,
  roles,
  appClients,
  documents,
  models,
  validations,
  validationTasks,
  agents,
  agentRuns,
  hooks,
  hookRuns,
  actions,
  actionRuns,
};
export type ResourceTable = (typeof resourceTables)[keyof typeof resourceTables];
