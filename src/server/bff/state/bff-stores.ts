/**
 * The BFF's state, in one of two stores (DESIGN.md §5): files in the data dir (and the sign-in limit in memory), the
 * embedded default; or PostgreSQL when `config.database` is set (DPS_BFF_DATABASE_URL), for several instances
 * behind a load balancer.
 */
import { access, constants } from 'node:fs/promises';
import { FileAuditLog, type AuditLog } from '@/server/bff/audit/audit-log';
import type { BffConfig } from '@/server/bff/config';
import { FileLaunchLinks, type LaunchLinks } from '@/server/bff/sessions/launch-links';
import { MemoryLoginRateLimit, type LoginRateLimit } from '@/server/bff/sessions/login-rate-limit';
import { FileOperatorAccounts, type OperatorAccounts } from '@/server/bff/sessions/operator-accounts';
import { openBffDatabase } from '@/server/bff/state/postgres/bff-database';
import { PgAuditLog } from '@/server/bff/state/postgres/pg-audit-log';
import { PgLaunchLinks } from '@/server/bff/state/postgres/pg-launch-links';
import { PgLoginRateLimit } from '@/server/bff/state/postgres/pg-login-rate-limit';
import { PgOperatorAccounts } from '@/server/bff/state/postgres/pg-operator-accounts';
import { PgSessionStore } from '@/server/bff/state/postgres/pg-session-store';
import { FileSessionStore, type SessionStore } from '@/server/bff/sessions/session-store';
import { FilePendingSignIns, type PendingSignIns } from '@/server/bff/oidc/pending-sign-ins';
import { PgPendingSignIns } from '@/server/bff/state/postgres/pg-pending-sign-ins';
import { FileSeenLogoutTokens, type SeenLogoutTokens } from '@/server/bff/oidc/seen-logout-tokens';
import { PgSeenLogoutTokens } from '@/server/bff/state/postgres/pg-seen-logout-tokens';
import { FileReviewHolds, type ReviewHoldStore } from '@/server/bff/review/review-hold-store';
import { PgReviewHolds } from '@/server/bff/state/postgres/pg-review-holds';
import { FileReviewOutcomes, type ReviewOutcomeStore } from '@/server/bff/review/review-outcome-store';
import { PgReviewOutcomes } from '@/server/bff/state/postgres/pg-review-outcomes';
import { FileReviewSettings, type ReviewSettingsStore } from '@/server/bff/review/review-settings-store';
import { PgReviewSettings } from '@/server/bff/state/postgres/pg-review-settings';
import { bffDir } from '@/server/bff/foundation/data-files';

export interface BffStores {
  sessions: SessionStore;
  operators: OperatorAccounts;
  launchLinks: LaunchLinks;
  loginRateLimit: LoginRateLimit;
  auditLog: AuditLog;
  /** OpenID Connect sign-ins on their way through the provider. */
  pendingSignIns: PendingSignIns;
  /** Back-channel logout tokens answered already (each is answered once). */
  seenLogoutTokens: SeenLogoutTokens;
  /** Who holds which agent run for review. */
  reviewHolds: ReviewHoldStore;
  /** What each finished review hold came to (the team in Insights). */
  reviewOutcomes: ReviewOutcomeStore;
  /** The organization's review settings (how long a run may wait). */
  reviewSettings: ReviewSettingsStore;
  /** Readiness: rejects when the store cannot be reached (the database does not answer, the data dir is not writable). */
  ping(): Promise<void>;
  close(): Promise<void>;
}

export async function openBffStores(
  config: BffConfig,
  audit: { completionWindowMs: number } = { completionWindowMs: 15 * 60_000 },
  /** Where a dropped idle database connection is reported (the message only: it never holds a secret we sent). */
  onDatabaseError: (message: string) => void = (message) => console.error(`bff database: ${message}`),
): Promise<BffStores> {
  const sessionLimits = { idleMs: config.sessionIdleMs, absoluteMs: config.sessionAbsoluteMs, now: config.now };
  const rateLimits = { ...config.loginRateLimit, now: config.now };
  if (config.database) {
    const db = await openBffDatabase(config.database.url, config.database.schema, (error) =>
      onDatabaseError(error.message),
    );
    return {
      sessions: new PgSessionStore(db, sessionLimits),
      operators: new PgOperatorAccounts(db),
      launchLinks: new PgLaunchLinks(db, config.launchLinkTtlMs, config.now),
      loginRateLimit: new PgLoginRateLimit(db, rateLimits),
      auditLog: new PgAuditLog(db),
      pendingSignIns: new PgPendingSignIns(db, config.now),
      seenLogoutTokens: new PgSeenLogoutTokens(db, config.now),
      reviewHolds: new PgReviewHolds(db),
      reviewOutcomes: new PgReviewOutcomes(db),
      reviewSettings: new PgReviewSettings(db),
      ping: () => db.ping(),
      close: () => db.close(),
    };
  }
  return {
    sessions: new FileSessionStore(config.dataDir, sessionLimits),
    operators: new FileOperatorAccounts(config.dataDir),
    launchLinks: new FileLaunchLinks(config.dataDir, config.launchLinkTtlMs, config.now),
    loginRateLimit: new MemoryLoginRateLimit(rateLimits),
    auditLog: new FileAuditLog(config.dataDir, { ...config.audit, ...audit }),
    pendingSignIns: new FilePendingSignIns(config.dataDir, config.now),
    seenLogoutTokens: new FileSeenLogoutTokens(config.dataDir, config.now),
    reviewHolds: new FileReviewHolds(config.dataDir),
    reviewOutcomes: new FileReviewOutcomes(config.dataDir),
    reviewSettings: new FileReviewSettings(config.dataDir),
    ping: () => access(bffDir(config.dataDir), constants.W_OK),
    close: async () => {},
  };
}
