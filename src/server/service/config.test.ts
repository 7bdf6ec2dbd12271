/** `loadServiceConfig`: the environment of DESIGN.md §3, parsed in one pass that names every bad variable and its rule. */
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEFAULT_QUOTAS, loadServiceConfig, MIB } from './config';

function problem(env: Record<string, string>): string {
  try {
    loadServiceConfig(env);
  } catch (error) {
    return (error as Error).message;
  }
  throw new Error(`accepted ${JSON.stringify(env)}`);
}

describe('service environment', () => {
  it('has the documented defaults, and an empty variable means its default', () => {
    for (const env of [
      {},
      {
        DPS_SERVICE_HOST: '',
        DPS_SERVICE_PORT: '',
        DPS_DATA_DIR: '',
        DPS_DATABASE_URL: '',
        DPS_DEMO: '',
        DPS_PUBLIC_URL: '',
      },
    ]) {
      const config = loadServiceConfig(env);
      expect(config).toMatchObject({
        host: '127.0.0.1',
        port: 8788,
        dataDir: resolve('.data'),
        demo: true,
        tokenTtlSeconds: 3600,
        logger: true,
        apiPrefix: '/v1',
        diskReserveBytes: 64 * 1024 * 1024,
      });
      expect(config.databaseUrl).toBeUndefined();
      expect(config.databaseSchema).toBeUndefined();
      expect(config.publicUrl).toBeUndefined();
      expect(config.defaultQuotas).toEqual(DEFAULT_QUOTAS);
      expect(config.rawBodyLimit).toBe(64 * MIB);
      expect(config.blobStore).toBeUndefined();
    }
  });

  it('reads the S3 file store from DPS_BLOB_URL and the usual AWS variables', () => {
    expect(
      loadServiceConfig({
        DPS_BLOB_URL: 's3://dps-files/prod/documents/',
        AWS_ENDPOINT_URL: 'http://127.0.0.1:9000',
        AWS_REGION: 'eu-north-1',
        AWS_ACCESS_KEY_ID: 'key',
        AWS_SECRET_ACCESS_KEY: 'secret',
      }).blobStore,
    ).toEqual({
      bucket: 'dps-files',
      prefix: 'prod/documents',
      endpoint: 'http://127.0.0.1:9000',
      region: 'eu-north-1',
      credentials: { accessKeyId: 'key', secretAccessKey: 'secret', sessionToken: undefined },
    });
    // No key pair: the SDK's own credential chain (instance roles and the like); AWS_DEFAULT_REGION also counts.
    expect(loadServiceConfig({ DPS_BLOB_URL: 's3://b-1', AWS_DEFAULT_REGION: 'us-west-2' }).blobStore).toEqual({
      bucket: 'b-1',
      prefix: '',
      endpoint: undefined,
      region: 'us-west-2',
      credentials: undefined,
    });
    const message = problem({ DPS_BLOB_URL: 'https://bucket/x', AWS_ENDPOINT_URL: 'localhost:9000' });
    expect(message).toContain('DPS_BLOB_URL must be s3://bucket or s3://bucket/prefix');
    expect(message).toContain('AWS_ENDPOINT_URL must be an http:// or https:// URL');
  });

  it('reads each variable', () => {
    const config = loadServiceConfig({
      DPS_SERVICE_HOST: '0.0.0.0',
      DPS_SERVICE_PORT: '0',
      DPS_DATA_DIR: '/tmp/x',
      DPS_DATABASE_URL: 'postgresql://u@db/x',
      DPS_DATABASE_SCHEMA: 'k_1',
      DPS_DEMO: '0',
      DPS_PUBLIC_URL: 'https://dps.example.com//',
      DPS_TOKEN_TTL_SECONDS: '60',
      DPS_DEFAULT_QUOTAS: '{"numberOfUsersAllowed": 3}',
      DPS_SERVICE_LOG: '0',
      DPS_DISK_RESERVE_MB: '0',
    });
    expect(config).toMatchObject({
      host: '0.0.0.0',
      port: 0,
      dataDir: '/tmp/x',
      databaseUrl: 'postgresql://u@db/x',
      databaseSchema: 'k_1',
      demo: false,
      publicUrl: 'https://dps.example.com',
      tokenTtlSeconds: 60,
      logger: false,
      diskReserveBytes: 0,
    });
    expect(config.defaultQuotas).toEqual({ ...DEFAULT_QUOTAS, numberOfUsersAllowed: 3 });
  });

  it('refuses numbers that are not written as whole decimal numbers', () => {
    for (const port of ['0x10', '1e3', '80.5', 'http']) {
      expect(problem({ DPS_SERVICE_PORT: port }), port).toBe('DPS_SERVICE_PORT must be an integer from 0 to 65535');
    }
  });

  it('names every bad variable at once, each with its rule', () => {
    const message = problem({
      DPS_SERVICE_PORT: '70000',
      DPS_TOKEN_TTL_SECONDS: '0',
      DPS_DATABASE_URL: 'mysql://db/x',
      DPS_PUBLIC_URL: 'http://dps.example.com',
      DPS_DEFAULT_QUOTAS: '{"numberOfUsersCreated": 1}',
    });
    expect(message).toContain('DPS_SERVICE_PORT must be an integer from 0 to 65535');
    expect(message).toContain('DPS_TOKEN_TTL_SECONDS must be an integer from 1 to');
    expect(message).toContain('DPS_DATABASE_URL must start with postgres://');
    expect(message).toContain('DPS_PUBLIC_URL must start with http://localhost or https://');
    expect(message).toContain('DPS_DEFAULT_QUOTAS.numberOfUsersCreated is not an …Allowed counter');
  });

  it('says what is wrong with DPS_DEFAULT_QUOTAS', () => {
    expect(problem({ DPS_DEFAULT_QUOTAS: 'users=3' })).toBe(
      'DPS_DEFAULT_QUOTAS must be a JSON object of …Allowed integers',
    );
    expect(problem({ DPS_DEFAULT_QUOTAS: '[1]' })).toBe(
      'DPS_DEFAULT_QUOTAS must be a JSON object of …Allowed integers',
    );
    expect(problem({ DPS_DEFAULT_QUOTAS: '{"numberOfUsersAllowed": -1}' })).toBe(
      'DPS_DEFAULT_QUOTAS.numberOfUsersAllowed must be an integer >= 0',
    );
  });
});

describe('DPS_SERVICE_FILE_BASE_URL', () => {
  it('moves fileUrl and ocrFileUrl to another origin; unset, they stay at the public URL', () => {
    expect(loadServiceConfig({ DPS_SERVICE_FILE_BASE_URL: 'https://files.example.com/v1/' }).fileBaseUrl).toBe(
      'https://files.example.com/v1',
    );
    expect(loadServiceConfig({ DPS_SERVICE_FILE_BASE_URL: 'http://127.0.0.1:9100/v1' }).fileBaseUrl).toBe(
      'http://127.0.0.1:9100/v1',
    );
    expect(loadServiceConfig({}).fileBaseUrl).toBeUndefined();
    expect(problem({ DPS_SERVICE_FILE_BASE_URL: 'http://files.example.com/v1' })).toMatch(
      /DPS_SERVICE_FILE_BASE_URL.*https:\/\//,
    );
  });

  it('takes file uploads of up to 64 MiB', () => {
    expect(loadServiceConfig({}).rawBodyLimit).toBe(64 * 1024 * 1024);
  });
});

describe('service metrics and log environment', () => {
  it('serves no metrics unless asked, logs warnings by default, and reads each variable', () => {
    expect(loadServiceConfig({}).metrics).toBeUndefined();
    expect(loadServiceConfig({}).logLevel).toBe('warn');
    const token = 'a-long-enough-token-0123';
    const config = loadServiceConfig({
      DPS_SERVICE_METRICS_PORT: '9465',
      DPS_SERVICE_METRICS_HOST: '10.0.0.5',
      DPS_SERVICE_METRICS_TOKEN: token,
      DPS_SERVICE_LOG_LEVEL: 'info',
    });
    expect(config.metrics).toEqual({ port: 9465, host: '10.0.0.5', token });
    expect(config.logLevel).toBe('info');
  });

  it('names the metrics or log variable that is wrong', () => {
    expect(problem({ DPS_SERVICE_METRICS_PORT: '70000' })).toMatch(/^DPS_SERVICE_METRICS_PORT must be an integer/);
    expect(problem({ DPS_SERVICE_METRICS_TOKEN: 'short' })).toMatch(/^DPS_SERVICE_METRICS_TOKEN must be 16/);
    expect(problem({ DPS_SERVICE_METRICS_HOST: '0.0.0.0' })).toMatch(
      /^DPS_SERVICE_METRICS_HOST is set but DPS_SERVICE_METRICS_PORT is not/,
    );
    expect(problem({ DPS_SERVICE_PORT: '8788', DPS_SERVICE_METRICS_PORT: '8788' })).toMatch(
      /^DPS_SERVICE_METRICS_PORT must differ/,
    );
    expect(problem({ DPS_SERVICE_LOG_LEVEL: 'loud' })).toMatch(/^DPS_SERVICE_LOG_LEVEL /);
  });
});
