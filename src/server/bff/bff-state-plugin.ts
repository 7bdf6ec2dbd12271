/**
 * What the BFF's routes share, as decorators of the Fastify instance: configuration, the stores in the data dir
 * (sessions, operator accounts, launch links, audit log), the sign-in rate limit, the token manager and the upstream
 * client, and the registry of secrets the log scrubber hides.
 */
import type { FastifyInstance } from 'fastify';
import fastifyPlugin from 'fastify-plugin';
import type { SecretRegistry } from '../shared/log-redaction';
import { AuditLog } from './audit-log';
import type { BffConfig } from './config';
import { LaunchLinks } from './launch-links';
import { LoginRateLimit } from './login-rate-limit';
import { OperatorAccounts } from './operator-accounts';
import { SessionStore } from './session-store';
import { TokenManager } from './token-manager';
import { UpstreamClient } from './upstream-client';

declare module 'fastify' {
  interface FastifyInstance {
    bffConfig: BffConfig;
    sessionStore: SessionStore;
    operatorAccounts: OperatorAccounts;
    launchLinks: LaunchLinks;
    auditLog: AuditLog;
    loginRateLimit: LoginRateLimit;
    tokenManager: TokenManager;
    upstream: UpstreamClient;
    /** Tokens and secrets added here are cut out of every log line. */
    logSecrets: SecretRegistry;
  }
}

export interface BffStateOptions {
  config: BffConfig;
  /** Made before the app: the logger that scrubs with it is an option of the Fastify factory. */
  secrets: SecretRegistry;
  /** The longest a browser request may wait on the service: token requests with retries plus the call itself. */
  upstreamWaitMs: number;
}

async function bffState(app: FastifyInstance, { config, secrets, upstreamWaitMs }: BffStateOptions): Promise<void> {
  const tokenManager = new TokenManager({
    timeoutMs: config.tokenTimeoutMs,
    retryDelaysMs: config.tokenRetryDelaysMs,
    now: config.now,
    onToken: (token) => secrets.add(token),
  });
  app.decorate('bffConfig', config);
  app.decorate('logSecrets', secrets);
  app.decorate(
    'sessionStore',
    new SessionStore(config.dataDir, {
      idleMs: config.sessionIdleMs,
      absoluteMs: config.sessionAbsoluteMs,
      now: config.now,
    }),
  );
  app.decorate('operatorAccounts', new OperatorAccounts(config.dataDir));
  app.decorate('launchLinks', new LaunchLinks(config.dataDir, config.launchLinkTtlMs, config.now));
  // An outcome is recorded at most one whole wait for the service after its write was sent.
  app.decorate(
    'auditLog',
    new AuditLog(config.dataDir, { ...config.audit, completionWindowMs: upstreamWaitMs + 60_000 }),
  );
  app.decorate('loginRateLimit', new LoginRateLimit({ ...config.loginRateLimit, now: config.now }));
  app.decorate('tokenManager', tokenManager);
  app.decorate(
    'upstream',
    new UpstreamClient(config.upstream, tokenManager, {
      readMs: config.upstreamReadTimeoutMs,
      writeMs: config.upstreamTimeoutMs,
    }),
  );
}

export default fastifyPlugin(bffState, { name: 'bff-state', fastify: '5.x' });
