/** What the BFF's routes share: configuration, stores and the upstream client. */
import type { AuditLog } from './audit-log';
import type { BffConfig } from './config';
import type { LaunchLinks } from './launch-links';
import type { LoginRateLimit } from './login-rate-limit';
import type { OperatorAccounts } from './operator-accounts';
import type { SessionOperator, SessionStore } from './session-store';
import type { TokenManager } from './token-manager';
import type { UpstreamClient } from './upstream-client';
import type { SecretRegistry } from '../shared/log-redaction';

export interface BffContext {
  config: BffConfig;
  sessions: SessionStore;
  operators: OperatorAccounts;
  launchLinks: LaunchLinks;
  audit: AuditLog;
  loginRateLimit: LoginRateLimit;
  tokens: TokenManager;
  upstream: UpstreamClient;
  secrets: SecretRegistry;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in operator, set by the access hook for routes that need one. */
    operator?: SessionOperator;
  }
}
