/**
 * What the BFF's routes share, as decorators of the Fastify instance: configuration, the state stores (sessions,
 * operator accounts, launch links, audit log, the sign-in rate limit, OpenID Connect sign-ins and logout tokens, review
 * holds, outcomes and settings: files or PostgreSQL, see bff-stores.ts), the token manager and the upstream client,
 * and the registry of secrets the log scrubber hides.
 */
import fp from 'fastify-plugin';
import type { SecretRegistry } from '@/server/shared/log-redaction';
import type { BffMetrics } from '@/server/bff/observability/bff-metrics';
import type { AuditLog } from '@/server/bff/audit/audit-log';
import { openBffStores } from './bff-stores';
import type { BffConfig } from '@/server/bff/config';
import type { LaunchLinks } from '@/server/bff/sessions/launch-links';
import type { LoginRateLimit } from '@/server/bff/sessions/login-rate-limit';
import type { OperatorAccounts } from '@/server/bff/sessions/operator-accounts';
import type { SessionStore } from '@/server/bff/sessions/session-store';
import type { PendingSignIns } from '@/server/bff/oidc/pending-sign-ins';
import type { SeenLogoutTokens } from '@/server/bff/oidc/seen-logout-tokens';
import type { ReviewHoldStore } from '@/server/bff/review/review-hold-store';
import type { ReviewOutcomeStore } from '@/server/bff/review/review-outcome-store';
import type { ReviewSettingsStore } from '@/server/bff/review/review-settings-store';
import { TokenManager } from '@/server/bff/proxy/token-manager';
import { UpstreamClient } from '@/server/bff/proxy/upstream-client';

declare module 'fastify' {
  interface FastifyInstance {
    bffConfig: BffConfig;
    sessionStore: SessionStore;
    operatorAccounts: OperatorAccounts;
    launchLinks: LaunchLinks;
    auditLog: AuditLog;
    loginRateLimit: LoginRateLimit;
    pendingSignIns: PendingSignIns;
    seenLogoutTokens: SeenLogoutTokens;
    reviewHolds: ReviewHoldStore;
    reviewOutcomes: ReviewOutcomeStore;
    reviewSettings: ReviewSettingsStore;
    tokenManager: TokenManager;
    upstream: UpstreamClient;
    /** Readiness of the state store: rejects when it cannot be reached. */
    stateStorePing: () => Promise<void>;
    /** Tokens and secrets added here are cut out of every log line. */
    logSecrets: SecretRegistry;
    bffMetrics: BffMetrics;
  }
}

export interface BffStateOptions {
  config: BffConfig;
  /** Made before the app: the logger that scrubs with it is an option of the Fastify factory. */
  secrets: SecretRegistry;
  /** The longest a browser request may wait on the service: token requests with retries plus the call itself. */
  upstreamWaitMs: number;
  metrics: BffMetrics;
}

export const bffState = fp<BffStateOptions>(
  async (app, { config, secrets, upstreamWaitMs, metrics }) => {
    const tokenManager = new TokenManager({
      timeoutMs: config.tokenTimeoutMs,
      retryDelaysMs: config.tokenRetryDelaysMs,
      now: config.now,
      onToken: (token) => secrets.add(token),
      onTokenRequest: (outcome) => metrics.tokenRequested(outcome),
    });
    // An outcome is recorded at most one whole wait for the service after its write was sent.
    const stores = await openBffStores(config, { completionWindowMs: upstreamWaitMs + 60_000 }, (message) =>
      app.log.error({ err: message }, 'BFF database connection lost'),
    );
    app.addHook('onClose', () => stores.close());
    metrics.countSessionsWith(async () => (await stores.sessions.list()).length);
    app.decorate('bffMetrics', metrics);
    app.decorate('bffConfig', config);
    app.decorate('logSecrets', secrets);
    app.decorate('sessionStore', stores.sessions);
    app.decorate('operatorAccounts', stores.operators);
    app.decorate('launchLinks', stores.launchLinks);
    app.decorate('auditLog', stores.auditLog);
    app.decorate('loginRateLimit', stores.loginRateLimit);
    app.decorate('pendingSignIns', stores.pendingSignIns);
    app.decorate('seenLogoutTokens', stores.seenLogoutTokens);
    app.decorate('reviewHolds', stores.reviewHolds);
    app.decorate('reviewOutcomes', stores.reviewOutcomes);
    app.decorate('reviewSettings', stores.reviewSettings);
    app.decorate('stateStorePing', stores.ping);
    app.decorate('tokenManager', tokenManager);
    app.decorate(
      'upstream',
      new UpstreamClient(
        config.upstream,
        tokenManager,
        {
          readMs: config.upstreamReadTimeoutMs,
          writeMs: config.upstreamTimeoutMs,
        },
        metrics,
      ),
    );
  },
  { name: 'bff-state', fastify: '5.x' },
);
