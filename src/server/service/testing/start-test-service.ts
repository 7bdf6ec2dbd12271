/**
 * An embedded service for tests: in-process, 127.0.0.1 on a free port, a fresh temp data dir, demo data off unless
 * asked. With DPS_DATABASE_URL in the environment (or opts.env) it uses that PostgreSQL server in a fresh schema,
 * dropped again on close.
 *
 *   const svc = await startTestService();
 *   const token = await svc.getToken();
 *   await fetch(`${svc.baseUrl}/users`, { headers: { authorization: `Bearer ${token}` } });
 *   await svc.close();
 */
import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createServiceApp } from '@/server/service/app';
import type { CredentialsFile as Credentials } from '@/contract/credentials-file';
import { loadServiceConfig, type ServiceConfig } from '@/server/service/config';
import type { ServiceContext } from '@/server/service/context';
import { dropSchema } from '@/server/service/storage';
import { createTenantOrganization } from './tenant';

export interface TestService {
  baseUrl: string;
  authUrl: string;
  publicUrl: string;
  dataDir: string;
  credentials: Credentials;
  /** A fresh access token of the bootstrap admin client. */
  getToken(): Promise<string>;
  /** A second organization with its own admin app client, made directly in storage (the API has no way to mint a
   * client in another organization): for tenancy tests. */
  createTenant(): Promise<{
    organizationId: string;
    clientId: string;
    clientSecret: string;
    getToken(): Promise<string>;
  }>;
  /** The port of its metrics listener, when its config has one. */
  metricsPort(): number | undefined;
  /** Its store, files and config (for tests that seed as the demo does). */
  context(): ServiceContext;
  /** Stops the service and starts it again on the same data and port (a fresh process's memory, same URLs). */
  restart(): Promise<void>;
  close(): Promise<void>;
}

/** Client-credentials token request as the seed describes it. */
export async function requestToken(authUrl: string, clientId: string, clientSecret: string): Promise<string> {
  const response = await fetch(`${authUrl}/oauth2/token?grant_type=client_credentials`, {
    method: 'POST',
    headers: {
      authorization: `Basic ${Buffer.from(`${clientId}:${clientSecret}`).toString('base64')}`,
      'content-type': 'application/x-www-form-urlencoded',
    },
  });
  if (!response.ok) throw new Error(`token request failed with ${response.status}`);
  return ((await response.json()) as { access_token: string }).access_token;
}

/**
 * The environment of a test service on loopback (a free port) over `dataDir`: PostgreSQL when DPS_DATABASE_URL is in
 * this process's environment, no demo data and no log unless `env` asks for them.
 */
export function testServiceEnv(dataDir: string, env: Record<string, string> = {}): Record<string, string | undefined> {
  return {
    DPS_DATABASE_URL: process.env.DPS_DATABASE_URL,
    DPS_DEMO: '0',
    DPS_SERVICE_LOG: '0',
    ...env,
    DPS_SERVICE_HOST: '127.0.0.1',
    DPS_SERVICE_PORT: '0',
    DPS_DATA_DIR: dataDir,
  };
}

export async function startTestService(
  opts: { demo?: boolean; env?: Record<string, string>; config?: Partial<ServiceConfig> } = {},
): Promise<TestService> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'dps-service-test-'));
  const env = testServiceEnv(dataDir, { ...opts.env, DPS_DEMO: opts.demo ? '1' : '0' });
  const schema = env.DPS_DATABASE_URL ? `t_${randomBytes(8).toString('hex')}` : undefined;
  const config = { ...loadServiceConfig(env), databaseSchema: schema, ...opts.config };
  let service;
  try {
    service = await createServiceApp(config);
    await service.start();
  } catch (error) {
    await service?.close();
    if (schema && config.databaseUrl) await dropSchema(config.databaseUrl, schema);
    await rm(dataDir, { recursive: true, force: true });
    throw error;
  }
  let started = service;
  const credentials = JSON.parse(await readFile(path.join(dataDir, 'credentials.json'), 'utf8')) as Credentials;
  const { urls } = started.context;
  return {
    baseUrl: urls.baseUrl,
    authUrl: urls.authUrl,
    publicUrl: urls.publicUrl,
    dataDir,
    credentials,
    getToken: () => requestToken(urls.authUrl, credentials.clientId, credentials.clientSecret),
    metricsPort: () => started.metricsPort(),
    context: () => started.context,
    async createTenant() {
      const tenant = await createTenantOrganization(started.context);
      return { ...tenant, getToken: () => requestToken(urls.authUrl, tenant.clientId, tenant.clientSecret) };
    },
    async restart() {
      await started.close();
      started = await createServiceApp({ ...config, port: Number(new URL(urls.authUrl).port) });
      await started.start();
    },
    async close() {
      await started.close();
      if (schema && config.databaseUrl) await dropSchema(config.databaseUrl, schema);
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
