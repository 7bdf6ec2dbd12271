/**
 * The BFF's PostgreSQL tables (Drizzle definitions) in its own schema. The SQL that creates them is
 * `migrations/NNNN_*.sql`, kept in step with this file. Times the BFF's clock decides (sessions, launch links,
 * sign-in limits) are epoch milliseconds from the BFF; audit times come from the database server.
 */
import { bigint, bigserial, boolean, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import type { OperatorRole } from '@/contract/bff-session';

const epochMs = (name: string) => bigint(name, { mode: 'number' }).notNull();
const instant = (name: string) => timestamp(name, { withTimezone: true });

/** Sessions by the SHA-256 of their id: the table holds no usable id. */
export const sessions = pgTable('sessions', {
  idHash: text('id_hash').primaryKey(),
  handle: text('handle').notNull().unique(),
  operatorAccount: text('operator_account').notNull(),
  operatorName: text('operator_name').notNull(),
  operatorRole: text('operator_role').$type<OperatorRole>().notNull(),
  /** The agents its operator is limited to, as at sign-in; null: every agent. */
  operatorAgents: text('operator_agents').array(),
  userAgent: text('user_agent').notNull(),
  address: text('address'),
  createdMs: epochMs('created_ms'),
  lastSeenMs: epochMs('last_seen_ms'),
  /** Sessions signed in through OpenID Connect: the person at the provider and the ID token (for sign-out only). */
  oidcIssuer: text('oidc_issuer'),
  oidcSubject: text('oidc_subject'),
  oidcSid: text('oidc_sid'),
  idToken: text('id_token'),
  expiresMs: bigint('expires_ms', { mode: 'number' }),
});

/** OpenID Connect sign-ins begun and not yet come back, by the SHA-256 of their cookie; taking one deletes it. */
export const oidcPendingSignIns = pgTable('oidc_pending_sign_ins', {
  keyHash: text('key_hash').primaryKey(),
  pending: text('pending').notNull(),
  expiresMs: epochMs('expires_ms'),
});

/** Back-channel logout tokens answered already, by the SHA-256 of issuer and jti, while they could be replayed. */
export const oidcSeenLogoutTokens = pgTable('oidc_seen_logout_tokens', {
  keyHash: text('key_hash').primaryKey(),
  expiresMs: epochMs('expires_ms'),
});

export const operators = pgTable('operators', {
  id: text('id').notNull().unique(),
  name: text('name').primaryKey(),
  role: text('role').$type<OperatorRole>().notNull(),
  /** A reviewer's agents; null: every agent. */
  agents: text('agents').array(),
  passwordHash: text('password_hash').notNull(),
  createdTime: instant('created_time').notNull(),
  updatedTime: instant('updated_time').notNull(),
});

/** One-time launch links by the SHA-256 of their token; redeeming deletes the row. */
export const launchLinks = pgTable('launch_links', {
  tokenHash: text('token_hash').primaryKey(),
  expiresMs: epochMs('expires_ms'),
});

/** Sign-in attempts counted as failed (key `ip:<address>` or `name:<lowercase name>`), within the window. */
export const signInFailures = pgTable(
  'sign_in_failures',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    key: text('key').notNull(),
    atMs: epochMs('at_ms'),
  },
  (table) => [index('sign_in_failures_key_at').on(table.key, table.atMs), index('sign_in_failures_at').on(table.atMs)],
);

/** The audit log, append-only: a write (forwarded, or answered by the BFF with `status`)… */
export const auditEntries = pgTable(
  'audit_entries',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    time: instant('time').notNull(),
    operator: text('operator').notNull(),
    method: text('method').notNull(),
    path: text('path').notNull(),
    forwarded: boolean('forwarded').notNull(),
    status: integer('status'),
    requestId: text('request_id'),
    /** The person at the OpenID provider (entries of someone signed in through it). */
    oidcIssuer: text('oidc_issuer'),
    oidcSubject: text('oidc_subject'),
  },
  (table) => [
    index('audit_entries_time').on(table.time, table.id),
    index('audit_entries_operator_time').on(table.operator, table.time, table.id),
    index('audit_entries_path_time').on(table.path, table.time, table.id),
  ],
);

/** …and, for a forwarded one, its outcome in a row of its own once known. */
export const auditOutcomes = pgTable('audit_outcomes', {
  entryId: bigint('entry_id', { mode: 'number' })
    .primaryKey()
    .references(() => auditEntries.id),
  time: instant('time').notNull(),
  outcome: text('outcome').notNull(),
  status: integer('status'),
  clientClosed: boolean('client_closed').notNull(),
});

/** Review holds: who holds which agent run for review, and its last sign of life (review/review-hold-store.ts). */
export const reviewHolds = pgTable(
  'review_holds',
  {
    runId: text('run_id').primaryKey(),
    agentId: text('agent_id').notNull(),
    validationId: text('validation_id').notNull(),
    taskId: text('task_id').notNull().unique(),
    documentId: text('document_id'),
    holderAccountId: text('holder_account_id').notNull(),
    holderName: text('holder_name').notNull(),
    sinceMs: epochMs('since_ms'),
    keptAliveMs: epochMs('kept_alive_ms'),
  },
  (table) => [
    index('review_holds_agent').on(table.agentId, table.sinceMs),
    index('review_holds_kept_alive').on(table.keptAliveMs),
  ],
);

/** One per review hold that ended with its task finished (review/review-outcome-store.ts). */
export const reviewOutcomes = pgTable(
  'review_outcomes',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    runId: text('run_id').notNull(),
    agentId: text('agent_id').notNull(),
    taskId: text('task_id').notNull(),
    reviewerAccountId: text('reviewer_account_id').notNull(),
    reviewerName: text('reviewer_name').notNull(),
    outcome: text('outcome').$type<'reviewed' | 'rejected'>().notNull(),
    sinceMs: epochMs('since_ms'),
    endedMs: epochMs('ended_ms'),
    correctedLabels: text('corrected_labels').array(),
  },
  (table) => [
    index('review_outcomes_agent_ended').on(table.agentId, table.endedMs),
    index('review_outcomes_ended').on(table.endedMs),
  ],
);

/** The organization's review settings: one row, key `organization` (review/review-settings-store.ts). */
export const reviewSettings = pgTable('review_settings', {
  key: text('key').primaryKey(),
  maxWaitMinutes: integer('max_wait_minutes').notNull(),
  updatedBy: text('updated_by').notNull(),
  updatedMs: epochMs('updated_ms'),
});
