/**
 * Service configuration from the environment (DESIGN §3). Tests build a config directly or pass env overrides.
 */
import path from 'node:path';
import { z } from 'zod/mini';
import { COUNTER_FIELDS } from '@/contract';
import {
  envDefault,
  envInteger,
  envSwitch,
  envText,
  envTextWhere,
  parseEnv,
  type Env,
} from '@/server/shared/env-schema';
import { parseBlobUrl, type S3Location } from './storage/file-store/blob-url';
import {
  metricsConfigOf,
  metricsHostSchema,
  metricsPortSchema,
  metricsTokenSchema,
  type MetricsConfig,
} from '@/server/shared/metrics/metrics-config';
import { allowedHostsSchema } from '@/server/shared/host-allowlist';
import type { LineSink } from '@/server/shared/log-redaction';

export interface ServiceConfig {
  host: string;
  /** 0 picks a free port. */
  port: number;
  dataDir: string;
  /** `postgres://…` uses a PostgreSQL server; unset uses embedded PGlite in `dataDir`. */
  databaseUrl?: string;
  /** PostgreSQL schema to use (tests use a fresh one per service); default `public`. */
  databaseSchema?: string;
  /** Seed demo data into a new data dir. */
  demo: boolean;
  /** Origin the service's own URLs (fileUrl, variablesFileUrl) are built from; default `http://localhost:PORT` on loopback. */
  publicUrl?: string;
  /**
   * Base of `fileUrl` and `ocrFileUrl` when files are served from another origin than the API (a front that passes
   * them to this service), e.g. `https://files.example.com/v1`; default: the public URL with the api prefix.
   */
  fileBaseUrl?: string;
  /** Host names (or host:port) the service is reached by besides loopback, its bind host and its own URLs. */
  allowedHosts: string[];
  /** The version path segment (the seed's `v1`). */
  apiPrefix: string;
  /** Access token lifetime; 3600 except in tests that need a token to expire. */
  tokenTtlSeconds: number;
  /** `…Allowed` quotas of new organizations. */
  defaultQuotas: Record<string, number>;
  /** JSON bodies: a document with 6,250,000 base64 characters must fit. */
  jsonBodyLimit: number;
  /** Raw bodies (document file PUT): 64 MiB as the real service; streamed, never buffered whole. */
  rawBodyLimit: number;
  /** `DPS_BLOB_URL=s3://bucket/prefix`: new files go to S3-compatible object storage instead of database chunks. */
  blobStore?: S3Location;
  logger: boolean;
  /** Level of the log (DPS_SERVICE_LOG_LEVEL, default warn; `info` logs every request with its id). */
  logLevel: string;
  /** Where log lines go; default stderr (tests read them). */
  logStream?: LineSink;
  /** Prometheus metrics (DPS_SERVICE_METRICS_PORT / _HOST / _TOKEN); off when unset. */
  metrics?: MetricsConfig;
  /** Answer repeated GETs from memory until the next write (PGlite only; plugins/read-cache.ts). */
  readCache: boolean;
  /** Free space kept on the data dir's file system: writes that would dip into it answer 507 (plugins/disk-reserve.ts). */
  diskReserveBytes: number;
  /** Limits of text recognition (recognition/, docs/ocr.md). */
  ocr: OcrLimits;
  /** The clock of access token expiry (tests move it instead of waiting); default `Date.now`. */
  now?: () => number;
}

export interface OcrLimits {
  /** Pages of a document recognised at most; later pages are reported as not recognised (`page-limit`). */
  maxPages: number;
  /** Time one page (or opening the file) may take; a slower page is not recognised and its process restarted. */
  pageTimeoutMs: number;
  /** Pixels a page may have, checked on the size the file declares before decoding (PDF pages render smaller). */
  maxPagePixels: number;
  /** JavaScript heap of the recognition process (`--max-old-space-size`); a process that dies fails its document. */
  maxMemoryMb: number;
}

/** Quotas generous enough for real use; DPS_DEFAULT_QUOTAS overrides any of them. */
export const DEFAULT_QUOTAS: Record<string, number> = {
  numberOfUsersAllowed: 10_000,
  numberOfModelsAllowed: 1_000,
  numberOfTransitionsAllowed: 10_000,
  numberOfWorkflowsAllowed: 1_000,
  numberOfSecretsAllowed: 1_000,
  numberOfAppClientsAllowed: 1_000,
  numberOfAssetsAllowed: 10_000,
  numberOfAgentsAllowed: 1_000,
  numberOfHooksAllowed: 1_000,
  numberOfDatasetsAllowed: 1_000,
  numberOfActionsAllowed: 1_000,
  numberOfValidationsAllowed: 1_000,
  numberOfConnectionsAllowed: 1_000,
  monthlyNumberOfPredictionsAllowed: 1_000_000,
  monthlyNumberOfDocumentsAllowed: 1_000_000,
  monthlyNumberOfTransformationsAllowed: 1_000_000,
  monthlyNumberOfWorkflowExecutionsAllowed: 1_000_000,
  monthlyNumberOfDataBundlesAllowed: 10_000,
  monthlyNumberOfTransitionExecutionsAllowed: 1_000_000,
  monthlyNumberOfTrainingsAllowed: 1_000,
  monthlyNumberOfActionRunsAllowed: 1_000_000,
  monthlyNumberOfAgentRunsAllowed: 1_000_000,
  monthlyNumberOfHookRunsAllowed: 1_000_000,
  monthlyNumberOfValidationTasksAllowed: 1_000_000,
  monthlyNumberOfPagePredictionsAllowed: 10_000_000,
};

export const MIB = 1024 * 1024;

const QUOTAS_RULE = 'must be a JSON object of …Allowed integers';

/** DPS_DEFAULT_QUOTAS: a JSON object overriding any of DEFAULT_QUOTAS. */
const quotasSchema = z.pipe(
  envText,
  z.transform((text, ctx) => {
    const quotas = { ...DEFAULT_QUOTAS };
    if (text === undefined) return quotas;
    const problem = (message: string, path: string[] = []) =>
      ctx.issues.push({ code: 'custom', input: text, path, message });
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      parsed = undefined;
    }
    if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) {
      problem(QUOTAS_RULE);
      return z.NEVER;
    }
    for (const [key, value] of Object.entries(parsed)) {
      if (!key.endsWith('Allowed') || !(COUNTER_FIELDS as readonly string[]).includes(key)) {
        problem('is not an …Allowed counter', [key]);
      } else if (!Number.isSafeInteger(value) || (value as number) < 0) {
        problem('must be an integer >= 0', [key]);
      } else {
        quotas[key] = value as number;
      }
    }
    return quotas;
  }),
);

/** A URL without its trailing slashes, checked against `pattern` when set. */
function envBaseUrl(pattern: RegExp, rule: string) {
  const trimmed = z.pipe(
    envText,
    z.transform((url) => url?.replace(/\/+$/, '') || undefined),
  );
  return trimmed.check(z.refine((url) => url === undefined || pattern.test(url), rule));
}

const serviceEnvSchema = z.object({
  DPS_SERVICE_HOST: envDefault(envText, '127.0.0.1'),
  DPS_SERVICE_PORT: envDefault(envInteger(0, 65535), 8788),
  DPS_DATA_DIR: envDefault(envText, '.data'),
  DPS_DATABASE_URL: envTextWhere(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://'),
  DPS_DATABASE_SCHEMA: envText,
  DPS_DEMO: envSwitch,
  DPS_PUBLIC_URL: envBaseUrl(
    /^(http:\/\/localhost|https:\/\/)/,
    'must start with http://localhost or https:// (the seed URL rule)',
  ),
  DPS_SERVICE_FILE_BASE_URL: envBaseUrl(
    /^(http:\/\/(localhost|127\.0\.0\.1)[:/]|https:\/\/)/,
    'must start with https:// (or http://localhost, http://127.0.0.1)',
  ),
  DPS_ALLOWED_HOSTS: allowedHostsSchema,
  DPS_TOKEN_TTL_SECONDS: envDefault(envInteger(1, 31_536_000), 3600),
  DPS_DEFAULT_QUOTAS: quotasSchema,
  DPS_SERVICE_LOG: envSwitch,
  DPS_SERVICE_LOG_LEVEL: envDefault(
    z.pipe(envText, z.optional(z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace']))),
    'warn',
  ),
  DPS_SERVICE_METRICS_PORT: metricsPortSchema,
  DPS_SERVICE_METRICS_HOST: metricsHostSchema,
  DPS_SERVICE_METRICS_TOKEN: metricsTokenSchema,
  DPS_SERVICE_READ_CACHE: envSwitch,
  // Room for PGlite's next 16 MB log segments and the writes in flight; 0 turns the check off.
  DPS_DISK_RESERVE_MB: envDefault(envInteger(0, 1_048_576), 64),
  DPS_OCR_MAX_PAGES: envDefault(envInteger(1, 100_000), 200),
  DPS_OCR_PAGE_TIMEOUT_MS: envDefault(envInteger(1, 3_600_000), 60_000),
  // A4 at 600 dpi (34.8 million pixels) fits; recognition needs no more than 300 dpi.
  DPS_OCR_MAX_PAGE_PIXELS: envDefault(envInteger(1, 1_000_000_000), 36_000_000),
  DPS_OCR_MAX_MEMORY_MB: envDefault(envInteger(64, 65_536), 1024),
  DPS_BLOB_URL: envTextWhere((url) => parseBlobUrl(url) !== undefined, 'must be s3://bucket or s3://bucket/prefix'),
  AWS_ENDPOINT_URL: envTextWhere(/^https?:\/\/[^/]/, 'must be an http:// or https:// URL'),
  AWS_REGION: envText,
  AWS_DEFAULT_REGION: envText,
  AWS_ACCESS_KEY_ID: envText,
  AWS_SECRET_ACCESS_KEY: envText,
  AWS_SESSION_TOKEN: envText,
});

type ServiceEnv = z.output<typeof serviceEnvSchema>;

/** The S3 store's settings from DPS_BLOB_URL and the AWS SDK's usual variables (credentials only when both are set). */
function blobStoreOf(vars: ServiceEnv): S3Location | undefined {
  const target = vars.DPS_BLOB_URL === undefined ? undefined : parseBlobUrl(vars.DPS_BLOB_URL);
  if (!target) return undefined;
  const { AWS_ACCESS_KEY_ID: accessKeyId, AWS_SECRET_ACCESS_KEY: secretAccessKey } = vars;
  return {
    ...target,
    endpoint: vars.AWS_ENDPOINT_URL,
    region: vars.AWS_REGION ?? vars.AWS_DEFAULT_REGION ?? 'us-east-1',
    credentials:
      accessKeyId && secretAccessKey
        ? { accessKeyId, secretAccessKey, sessionToken: vars.AWS_SESSION_TOKEN }
        : undefined,
  };
}

/**
 * The Host names every listener of the service answers besides the loopback names: DPS_ALLOWED_HOSTS, the bind host,
 * and the hosts of the URLs it gives out (DPS_PUBLIC_URL, DPS_SERVICE_FILE_BASE_URL), which a front passes on.
 */
export function servedHostNames(config: ServiceConfig): string[] {
  const ownUrls = [config.publicUrl, config.fileBaseUrl].filter((url) => url !== undefined);
  return [...config.allowedHosts, config.host, ...ownUrls.map((url) => new URL(url).host)];
}

/** The configuration from the environment; a ConfigError names every bad variable. */
export function loadServiceConfig(env: Env = process.env): ServiceConfig {
  const vars = parseEnv(serviceEnvSchema, env);
  return {
    host: vars.DPS_SERVICE_HOST,
    port: vars.DPS_SERVICE_PORT,
    dataDir: path.resolve(vars.DPS_DATA_DIR),
    databaseUrl: vars.DPS_DATABASE_URL,
    databaseSchema: vars.DPS_DATABASE_SCHEMA,
    demo: vars.DPS_DEMO,
    publicUrl: vars.DPS_PUBLIC_URL,
    fileBaseUrl: vars.DPS_SERVICE_FILE_BASE_URL,
    allowedHosts: vars.DPS_ALLOWED_HOSTS,
    apiPrefix: '/v1',
    tokenTtlSeconds: vars.DPS_TOKEN_TTL_SECONDS,
    defaultQuotas: vars.DPS_DEFAULT_QUOTAS,
    jsonBodyLimit: 8 * MIB,
    rawBodyLimit: 64 * MIB,
    blobStore: blobStoreOf(vars),
    logger: vars.DPS_SERVICE_LOG,
    logLevel: vars.DPS_SERVICE_LOG_LEVEL,
    metrics: metricsConfigOf(
      { port: 'DPS_SERVICE_METRICS_PORT', host: 'DPS_SERVICE_METRICS_HOST', token: 'DPS_SERVICE_METRICS_TOKEN' },
      {
        port: vars.DPS_SERVICE_METRICS_PORT,
        host: vars.DPS_SERVICE_METRICS_HOST,
        token: vars.DPS_SERVICE_METRICS_TOKEN,
      },
      vars.DPS_SERVICE_PORT,
    ),
    readCache: vars.DPS_SERVICE_READ_CACHE,
    diskReserveBytes: vars.DPS_DISK_RESERVE_MB * MIB,
    ocr: {
      maxPages: vars.DPS_OCR_MAX_PAGES,
      pageTimeoutMs: vars.DPS_OCR_PAGE_TIMEOUT_MS,
      maxPagePixels: vars.DPS_OCR_MAX_PAGE_PIXELS,
      maxMemoryMb: vars.DPS_OCR_MAX_MEMORY_MB,
    },
  };
}
