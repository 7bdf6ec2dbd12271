/**
 * Service configuration from the environment (DESIGN §3). Tests build a config directly or pass env overrides.
 */
import path from 'node:path';
import { COUNTER_FIELDS } from '../../contract';

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
  /** The version path segment (the seed's `v1`). */
  apiPrefix: string;
  /** Access token lifetime; 3600 except in tests that need a token to expire. */
  tokenTtlSeconds: number;
  /** `…Allowed` quotas of new organizations. */
  defaultQuotas: Record<string, number>;
  /** JSON bodies: a document with 6,250,000 base64 characters must fit. */
  jsonBodyLimit: number;
  /** Raw bodies (document file PUT). */
  rawBodyLimit: number;
  logger: boolean;
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

export function parseQuotas(text: string | undefined): Record<string, number> {
  const quotas = { ...DEFAULT_QUOTAS };
  if (!text) return quotas;
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new Error('DPS_DEFAULT_QUOTAS must be a JSON object of …Allowed integers');
  }
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) throw new Error('DPS_DEFAULT_QUOTAS must be a JSON object');
  for (const [key, value] of Object.entries(parsed)) {
    if (!key.endsWith('Allowed') || !(COUNTER_FIELDS as readonly string[]).includes(key)) {
      throw new Error(`DPS_DEFAULT_QUOTAS: ${key} is not an …Allowed counter`);
    }
    if (!Number.isSafeInteger(value) || (value as number) < 0) throw new Error(`DPS_DEFAULT_QUOTAS: ${key} must be an integer >= 0`);
    quotas[key] = value as number;
  }
  return quotas;
}

export function loadServiceConfig(env: Record<string, string | undefined> = process.env): ServiceConfig {
  const port = env.DPS_SERVICE_PORT ? Number(env.DPS_SERVICE_PORT) : 8788;
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error('DPS_SERVICE_PORT must be a port number');
  const ttl = env.DPS_TOKEN_TTL_SECONDS ? Number(env.DPS_TOKEN_TTL_SECONDS) : 3600;
  if (!Number.isInteger(ttl) || ttl < 1) throw new Error('DPS_TOKEN_TTL_SECONDS must be a positive integer');
  const databaseUrl = env.DPS_DATABASE_URL || undefined;
  if (databaseUrl && !/^postgres(ql)?:\/\//.test(databaseUrl)) throw new Error('DPS_DATABASE_URL must start with postgres://');
  const publicUrl = env.DPS_PUBLIC_URL?.replace(/\/+$/, '') || undefined;
  if (publicUrl && !/^(http:\/\/localhost|https:\/\/)/.test(publicUrl)) {
    throw new Error('DPS_PUBLIC_URL must start with http://localhost or https:// (the seed URL rule)');
  }
  return {
    host: env.DPS_SERVICE_HOST || '127.0.0.1',
    port,
    dataDir: path.resolve(env.DPS_DATA_DIR || '.data'),
    databaseUrl,
    databaseSchema: env.DPS_DATABASE_SCHEMA || undefined,
    demo: env.DPS_DEMO !== '0',
    publicUrl,
    apiPrefix: '/v1',
    tokenTtlSeconds: ttl,
    defaultQuotas: parseQuotas(env.DPS_DEFAULT_QUOTAS),
    jsonBodyLimit: 8 * MIB,
    rawBodyLimit: 10 * MIB,
    logger: env.DPS_SERVICE_LOG !== '0',
  };
}
