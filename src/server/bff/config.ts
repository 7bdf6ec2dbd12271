/**
 * BFF configuration: from the environment (DESIGN.md §3) for `npm run bff` / `npm start`, or built directly by tests.
 */
import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { z } from 'zod/mini';
import { credentialsFileSchema } from '@/contract/credentials-file';
import {
  ConfigError,
  envDefault,
  envDecimal,
  envInteger,
  envText,
  envTextWhere,
  parseEnv,
  type Env,
} from '@/server/shared/env-schema';
import { allowedHostsSchema } from '@/server/shared/host-allowlist';
import type { LineSink } from '@/server/shared/log-redaction';
import type { ClientConnectionLimits } from '@/server/bff/security/client-connections';
import { parseFileOrigins } from '@/server/bff/proxy/file-origins';
import { MIB } from '@/server/bff/proxy/body-limits';
import type { UpstreamCredentials } from '@/server/bff/proxy/upstream-client';
import { oidcConfigFromEnv, type OidcConfig } from '@/server/bff/oidc/oidc-config';
import {
  metricsConfigOf,
  metricsHostSchema,
  metricsPortSchema,
  metricsTokenSchema,
  type MetricsConfig,
} from '@/server/shared/metrics/metrics-config';

export interface BffConfig {
  host: string;
  port: number;
  upstream: UpstreamCredentials;
  /** Root of the data dir; the BFF keeps its own files in `<dataDir>/bff/`. */
  dataDir: string;
  /**
   * PostgreSQL for the BFF's state instead of files (DPS_BFF_DATABASE_URL), in its own schema (DPS_BFF_DATABASE_SCHEMA,
   * default `dps_bff`; tests use one of their own): what several instances behind a load balancer share.
   */
  database?: { url: string; schema?: string };
  /** The built console (vite build output). */
  consoleDir: string;
  /**
   * Origins besides the upstream's where document files live (DPS_FILE_ORIGINS): `/bff/file` fetches and uploads
   * there with the bearer token; any other origin is refused.
   */
  fileOrigins: string[];
  /** Host names (or host:port) accepted besides the loopback names and the bound host. */
  allowedHosts: string[];
  /** Time allowed for the upstream to answer a write (until response headers) before 504. */
  upstreamTimeoutMs: number;
  /**
   * The same for reads (GET, HEAD, file downloads): the console waits on them, so a frozen service fails sooner.
   * Never more than `upstreamTimeoutMs` (the smaller of the two applies).
   */
  upstreamReadTimeoutMs: number;
  /** Timeouts for slow or stalled browser requests and the per-address connection cap. */
  clientConnections: ClientConnectionLimits;
  /** Audit log rotation: the file is rotated at `maxBytes`, and `keepFiles` rotated files are kept. */
  audit: { maxBytes: number; keepFiles: number };
  /** Time allowed for the token endpoint per attempt. */
  tokenTimeoutMs: number;
  /** Delays between attempts of one token request; its length is the number of retries. */
  tokenRetryDelaysMs: number[];
  sessionIdleMs: number;
  sessionAbsoluteMs: number;
  /** A review hold not kept alive by its holder's tab for this long goes back to the queue (DPS_REVIEW_HOLD_MINUTES). */
  reviewHoldMs: number;
  launchLinkTtlMs: number;
  /** How long `/organizations/me` is remembered for `/bff/session`. */
  organizationCacheMs: number;
  loginRateLimit: { windowMs: number; maxFailuresPerName: number; maxFailuresPerIp: number };
  /** Fastify `trustProxy`: only set when a load balancer in front sets X-Forwarded-For/-Proto. */
  trustProxy: boolean | string;
  logLevel: string;
  /** Readiness: a token obtained within this time proves the token endpoint; older, /readyz fetches one (at most once per this time). */
  readyTokenCheckMs: number;
  /** Prometheus metrics (DPS_METRICS_PORT / _HOST / _TOKEN); off when unset. */
  metrics?: MetricsConfig;
  /** Where log lines go (after scrubbing); default stderr. */
  logStream?: LineSink;
  /** OpenID Connect sign-in (DPS_OIDC_*); unset: local accounts and the launch link only. */
  oidc?: OidcConfig;
  /** The password form and `/bff/login` (DPS_LOCAL_ACCOUNTS=0 turns them off; the launch link stays). */
  localAccounts: boolean;
  /** The clock of session, launch-link, rate-limit and token expiry (tests move it instead of waiting). */
  now?: () => number;
}

/** The Host names every listener of the BFF answers besides the loopback names: DPS_ALLOWED_HOSTS and the bind host. */
export function servedHostNames(config: Pick<BffConfig, 'allowedHosts' | 'host'>): string[] {
  return [...config.allowedHosts, config.host];
}

export function defaultBffConfig(upstream: UpstreamCredentials, dataDir: string): BffConfig {
  return {
    host: '127.0.0.1',
    port: 3000,
    upstream,
    dataDir,
    consoleDir: resolve('dist/console'),
    fileOrigins: [],
    allowedHosts: [],
    upstreamTimeoutMs: 30_000,
    upstreamReadTimeoutMs: 10_000,
    clientConnections: {
      headersTimeoutMs: 20_000,
      // 10 MiB (the document body limit) in 5 min needs 35 KiB/s: a slow link still fits.
      requestTimeoutMs: 300_000,
      // A stalled body is closed after 30 s of silence (the wait for the service afterwards gets its own budget).
      idleTimeoutMs: 30_000,
      // Longer than the 60 s idle timeout of common load balancers, so the BFF never closes a connection they reuse.
      keepAliveTimeoutMs: 72_000,
      // A browser opens about 6 per origin; an office behind one NAT address shares the cap.
      maxPerAddress: 64,
    },
    // About 40,000 writes a file; 20 files kept.
    audit: { maxBytes: 10 * MIB, keepFiles: 20 },
    tokenTimeoutMs: 10_000,
    tokenRetryDelaysMs: [200, 1_000],
    sessionIdleMs: 60 * 60_000,
    sessionAbsoluteMs: 12 * 60 * 60_000,
    reviewHoldMs: 15 * 60_000,
    launchLinkTtlMs: 10 * 60_000,
    organizationCacheMs: 30_000,
    readyTokenCheckMs: 60_000,
    loginRateLimit: { windowMs: 15 * 60_000, maxFailuresPerName: 5, maxFailuresPerIp: 20 },
    trustProxy: false,
    logLevel: 'info',
    localAccounts: true,
  };
}

/** `credentials.json` written by the embedded service (or a file of its shape named by DPS_CREDENTIALS_FILE). */
export function readCredentialsFile(path: string): UpstreamCredentials {
  let parsed: unknown;
  try {
    parsed = JSON.parse(readFileSync(path, 'utf8'));
  } catch (error) {
    throw new ConfigError(`Cannot read credentials file ${path}: ${(error as Error).message}`);
  }
  const result = credentialsFileSchema.safeParse(parsed);
  if (!result.success) {
    const issue = result.error.issues[0];
    const field = issue.path.map(String).join('.');
    throw new ConfigError(
      `Credentials file ${path}: ${field ? `field "${field}" must be a non-empty string` : 'must be a JSON object'}`,
    );
  }
  return result.data;
}

type UpstreamVars = Partial<
  Record<'DPS_BASE_URL' | 'DPS_AUTH_URL' | 'DPS_CLIENT_ID' | 'DPS_CLIENT_SECRET' | 'DPS_CREDENTIALS_FILE', string>
>;

/**
 * Upstream and credentials from the environment: DPS_BASE_URL / DPS_AUTH_URL / DPS_CLIENT_ID / DPS_CLIENT_SECRET
 * (each overrides), else DPS_CREDENTIALS_FILE, else the embedded service's `<DPS_DATA_DIR>/credentials.json`.
 */
function upstreamFromEnv(vars: UpstreamVars, dataDir: string): UpstreamCredentials {
  const { DPS_BASE_URL, DPS_AUTH_URL, DPS_CLIENT_ID, DPS_CLIENT_SECRET, DPS_CREDENTIALS_FILE } = vars;
  const anyDirect = Boolean(DPS_BASE_URL || DPS_AUTH_URL || DPS_CLIENT_ID || DPS_CLIENT_SECRET);
  let file: UpstreamCredentials | undefined;
  const filePath = DPS_CREDENTIALS_FILE ?? resolve(dataDir, 'credentials.json');
  const needFile = !(DPS_BASE_URL && DPS_AUTH_URL && DPS_CLIENT_ID && DPS_CLIENT_SECRET);
  if (needFile) {
    if (DPS_CREDENTIALS_FILE || existsSync(filePath)) {
      file = readCredentialsFile(filePath);
    } else {
      throw new ConfigError(
        anyDirect
          ? 'Incomplete upstream configuration: set all of DPS_BASE_URL, DPS_AUTH_URL, DPS_CLIENT_ID and DPS_CLIENT_SECRET, or DPS_CREDENTIALS_FILE'
          : `No upstream configured: ${filePath} does not exist (start the embedded service with npm run service, or set DPS_CREDENTIALS_FILE or DPS_BASE_URL, DPS_AUTH_URL, DPS_CLIENT_ID, DPS_CLIENT_SECRET)`,
      );
    }
  }
  const upstream = {
    baseUrl: DPS_BASE_URL ?? file!.baseUrl,
    authUrl: DPS_AUTH_URL ?? file!.authUrl,
    clientId: DPS_CLIENT_ID ?? file!.clientId,
    clientSecret: DPS_CLIENT_SECRET ?? file!.clientSecret,
  };
  validateUpstreamUrl('DPS_BASE_URL', upstream.baseUrl);
  validateUpstreamUrl('DPS_AUTH_URL', upstream.authUrl);
  return upstream;
}

export function validateUpstreamUrl(name: string, value: string): void {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new ConfigError(`${name} must be an absolute http(s) URL`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new ConfigError(`${name} must use http or https`);
  if (url.username || url.password) throw new ConfigError(`${name} must not contain credentials`);
  if (url.search || url.hash) throw new ConfigError(`${name} must not contain a query or fragment`);
}

/** `true`, or a comma-separated list of proxy addresses/CIDRs (proxy-addr syntax); unset, `0` or `false`: none. */
const trustProxySchema = z.pipe(
  envText,
  z.transform((raw): boolean | string => {
    if (!raw || raw === '0' || raw === 'false') return false;
    return raw === 'true' ? true : raw;
  }),
);

const bffEnvSchema = z
  .object({
    HOST: envDefault(envText, '127.0.0.1'),
    PORT: envDefault(envInteger(0, 65535), 3000),
    DPS_DATA_DIR: envDefault(envText, '.data'),
    DPS_CONSOLE_DIR: envText,
    DPS_BASE_URL: envText,
    DPS_AUTH_URL: envText,
    DPS_CLIENT_ID: envText,
    DPS_CLIENT_SECRET: envText,
    DPS_CREDENTIALS_FILE: envText,
    DPS_BFF_DATABASE_URL: envTextWhere(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://'),
    DPS_BFF_DATABASE_SCHEMA: envTextWhere(
      /^[a-z_][a-z0-9_]{0,62}$/,
      'must be a plain lowercase identifier (letters, digits, _)',
    ),
    DPS_ALLOWED_HOSTS: allowedHostsSchema,
    DPS_FILE_ORIGINS: envText,
    DPS_UPSTREAM_TIMEOUT_MS: envInteger(100, 600_000),
    DPS_UPSTREAM_READ_TIMEOUT_MS: envInteger(100, 600_000),
    DPS_MAX_CONNECTIONS_PER_ADDRESS: envInteger(0, 100_000),
    DPS_AUDIT_MAX_BYTES: envInteger(4096, 2 ** 40),
    DPS_AUDIT_KEEP_FILES: envInteger(1, 100_000),
    DPS_READY_TOKEN_CHECK_MS: envInteger(1_000, 3_600_000),
    DPS_SESSION_IDLE_MINUTES: envDefault(envInteger(1, 7 * 24 * 60), 60),
    DPS_SESSION_MAX_HOURS: envDefault(envInteger(1, 30 * 24), 12),
    // Fractions allowed (0.1 = 6 s) so that tests can watch a hold expire.
    DPS_REVIEW_HOLD_MINUTES: envDefault(envDecimal(0.05, 24 * 60), 15),
    DPS_TRUST_PROXY: trustProxySchema,
    LOG_LEVEL: envDefault(envText, 'info'),
    DPS_METRICS_PORT: metricsPortSchema,
    DPS_METRICS_HOST: metricsHostSchema,
    DPS_METRICS_TOKEN: metricsTokenSchema,
  })
  .check(
    z.refine((vars) => (vars.DPS_UPSTREAM_READ_TIMEOUT_MS ?? 0) <= (vars.DPS_UPSTREAM_TIMEOUT_MS ?? Infinity), {
      path: ['DPS_UPSTREAM_READ_TIMEOUT_MS'],
      message: 'must not be more than DPS_UPSTREAM_TIMEOUT_MS (the write timeout)',
    }),
  );

/** The whole configuration from the environment (`npm run bff`, `npm start`); a ConfigError names every bad variable. */
export function loadBffConfig(env: Env = process.env, upstreamOverride?: UpstreamCredentials): BffConfig {
  const vars = parseEnv(bffEnvSchema, env);
  const dataDir = resolve(vars.DPS_DATA_DIR);
  const config = defaultBffConfig(upstreamOverride ?? upstreamFromEnv(vars, dataDir), dataDir);
  config.host = vars.HOST;
  config.port = vars.PORT;
  if (vars.DPS_BFF_DATABASE_URL) {
    config.database = { url: vars.DPS_BFF_DATABASE_URL, schema: vars.DPS_BFF_DATABASE_SCHEMA };
  }
  config.allowedHosts = vars.DPS_ALLOWED_HOSTS;
  config.fileOrigins = parseFileOrigins(vars.DPS_FILE_ORIGINS);
  config.upstreamTimeoutMs = vars.DPS_UPSTREAM_TIMEOUT_MS ?? config.upstreamTimeoutMs;
  // Reads never wait longer than writes: a DPS_UPSTREAM_TIMEOUT_MS below 10 s holds for everything.
  config.upstreamReadTimeoutMs =
    vars.DPS_UPSTREAM_READ_TIMEOUT_MS ?? Math.min(config.upstreamReadTimeoutMs, config.upstreamTimeoutMs);
  config.clientConnections.maxPerAddress =
    vars.DPS_MAX_CONNECTIONS_PER_ADDRESS ?? config.clientConnections.maxPerAddress;
  config.audit = {
    maxBytes: vars.DPS_AUDIT_MAX_BYTES ?? config.audit.maxBytes,
    keepFiles: vars.DPS_AUDIT_KEEP_FILES ?? config.audit.keepFiles,
  };
  config.readyTokenCheckMs = vars.DPS_READY_TOKEN_CHECK_MS ?? config.readyTokenCheckMs;
  config.sessionIdleMs = vars.DPS_SESSION_IDLE_MINUTES * 60_000;
  config.sessionAbsoluteMs = vars.DPS_SESSION_MAX_HOURS * 60 * 60_000;
  config.reviewHoldMs = Math.round(vars.DPS_REVIEW_HOLD_MINUTES * 60_000);
  config.trustProxy = vars.DPS_TRUST_PROXY;
  config.logLevel = vars.LOG_LEVEL;
  Object.assign(config, oidcConfigFromEnv(env));
  config.metrics = metricsConfigOf(
    { port: 'DPS_METRICS_PORT', host: 'DPS_METRICS_HOST', token: 'DPS_METRICS_TOKEN' },
    { port: vars.DPS_METRICS_PORT, host: vars.DPS_METRICS_HOST, token: vars.DPS_METRICS_TOKEN },
    vars.PORT,
  );
  if (vars.DPS_CONSOLE_DIR) config.consoleDir = resolve(vars.DPS_CONSOLE_DIR);
  return config;
}
