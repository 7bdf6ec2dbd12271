/** `loadBffConfig`: the environment of DESIGN.md §3, parsed in one pass that names every bad variable and its rule. */
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError } from '@/server/shared/env-schema';
import { loadBffConfig } from './config';
import type { UpstreamCredentials } from './proxy/upstream-client';

const upstream: UpstreamCredentials = {
  baseUrl: 'http://127.0.0.1:9/v1',
  authUrl: 'http://127.0.0.1:9',
  clientId: 'c',
  clientSecret: 's',
};

function problem(env: Record<string, string>): string {
  try {
    loadBffConfig(env, upstream);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as Error).message;
  }
  throw new Error(`accepted ${JSON.stringify(env)}`);
}

describe('BFF environment', () => {
  it('has the documented defaults, and an empty variable means its default', () => {
    for (const env of [
      {},
      { HOST: '', PORT: '', DPS_DATA_DIR: '', LOG_LEVEL: '', DPS_SESSION_IDLE_MINUTES: '', DPS_TRUST_PROXY: '' },
    ]) {
      const config = loadBffConfig(env, upstream);
      expect(config.host).toBe('127.0.0.1');
      expect(config.port).toBe(3000);
      expect(config.dataDir).toBe(resolve('.data'));
      expect(config.logLevel).toBe('info');
      expect(config.sessionIdleMs).toBe(60 * 60_000);
      expect(config.sessionAbsoluteMs).toBe(12 * 60 * 60_000);
      expect(config.trustProxy).toBe(false);
      expect(config.allowedHosts).toEqual([]);
    }
  });

  it('reads each variable', () => {
    const config = loadBffConfig(
      {
        HOST: '0.0.0.0',
        PORT: '8080',
        DPS_DATA_DIR: '/tmp/x',
        DPS_ALLOWED_HOSTS: ' Console.Example.com ,, other.example:8443',
        DPS_SESSION_IDLE_MINUTES: '5',
        DPS_SESSION_MAX_HOURS: '2',
        DPS_TRUST_PROXY: '10.0.0.0/8',
        LOG_LEVEL: 'warn',
        DPS_CONSOLE_DIR: '/tmp/x/console',
      },
      upstream,
    );
    expect(config).toMatchObject({
      host: '0.0.0.0',
      port: 8080,
      dataDir: '/tmp/x',
      allowedHosts: ['console.example.com', 'other.example:8443'],
      sessionIdleMs: 5 * 60_000,
      sessionAbsoluteMs: 2 * 60 * 60_000,
      trustProxy: '10.0.0.0/8',
      logLevel: 'warn',
      consoleDir: '/tmp/x/console',
    });
    expect(loadBffConfig({ DPS_TRUST_PROXY: 'true' }, upstream).trustProxy).toBe(true);
    expect(loadBffConfig({ DPS_TRUST_PROXY: '0' }, upstream).trustProxy).toBe(false);
  });

  it('keeps the state in files unless DPS_BFF_DATABASE_URL names a PostgreSQL server', () => {
    expect(loadBffConfig({}, upstream).database).toBeUndefined();
    expect(loadBffConfig({ DPS_BFF_DATABASE_URL: 'postgres://db.internal/dps' }, upstream).database).toEqual({
      url: 'postgres://db.internal/dps',
      schema: undefined,
    });
    expect(
      loadBffConfig({ DPS_BFF_DATABASE_URL: 'postgresql://db/dps', DPS_BFF_DATABASE_SCHEMA: 'bff_eu' }, upstream)
        .database,
    ).toEqual({ url: 'postgresql://db/dps', schema: 'bff_eu' });
    expect(problem({ DPS_BFF_DATABASE_URL: 'mysql://db/dps' })).toBe(
      'DPS_BFF_DATABASE_URL must start with postgres:// or postgresql://',
    );
    expect(problem({ DPS_BFF_DATABASE_SCHEMA: 'Bff-EU' })).toBe(
      'DPS_BFF_DATABASE_SCHEMA must be a plain lowercase identifier (letters, digits, _)',
    );
  });

  it('refuses numbers that are not written as whole decimal numbers', () => {
    for (const port of ['0x10', '1e3', '80.0', ' 80', 'http']) {
      expect(problem({ PORT: port }), port).toBe('PORT must be an integer from 0 to 65535');
    }
  });

  it('names every bad variable at once, each with its rule', () => {
    const message = problem({ PORT: '70000', DPS_SESSION_IDLE_MINUTES: '0', DPS_AUDIT_KEEP_FILES: 'all' });
    expect(message).toContain('PORT must be an integer from 0 to 65535');
    expect(message).toContain('DPS_SESSION_IDLE_MINUTES must be an integer from 1 to 10080');
    expect(message).toContain('DPS_AUDIT_KEEP_FILES must be an integer from 1 to 100000');
  });

  it('refuses a read timeout longer than the write timeout', () => {
    expect(problem({ DPS_UPSTREAM_TIMEOUT_MS: '5000', DPS_UPSTREAM_READ_TIMEOUT_MS: '6000' })).toBe(
      'DPS_UPSTREAM_READ_TIMEOUT_MS must not be more than DPS_UPSTREAM_TIMEOUT_MS (the write timeout)',
    );
    expect(
      loadBffConfig({ DPS_UPSTREAM_TIMEOUT_MS: '5000', DPS_UPSTREAM_READ_TIMEOUT_MS: '5000' }, upstream),
    ).toMatchObject({ upstreamTimeoutMs: 5000, upstreamReadTimeoutMs: 5000 });
  });
});

describe('DPS_FILE_ORIGINS', () => {
  it('takes https origins and loopback http origins, normalised', () => {
    const config = loadBffConfig(
      { DPS_FILE_ORIGINS: 'https://files.example.com, https://FILES2.example.com:8443/,http://127.0.0.1:9100' },
      upstream,
    );
    expect(config.fileOrigins).toEqual([
      'https://files.example.com',
      'https://files2.example.com:8443',
      'http://127.0.0.1:9100',
    ]);
    expect(loadBffConfig({}, upstream).fileOrigins).toEqual([]);
  });

  it('refuses plain http off loopback, paths, credentials and non-URLs', () => {
    expect(problem({ DPS_FILE_ORIGINS: 'http://files.example.com' })).toMatch(/DPS_FILE_ORIGINS.*https:\/\//);
    expect(problem({ DPS_FILE_ORIGINS: 'https://files.example.com/v1' })).toMatch(/origin only/);
    expect(problem({ DPS_FILE_ORIGINS: 'https://u:p@files.example.com' })).toMatch(/origin only/);
    expect(problem({ DPS_FILE_ORIGINS: 'files.example.com' })).toMatch(/not an absolute URL/);
  });
});

describe('BFF metrics environment', () => {
  it('serves no metrics unless asked, and reads the listener and the token', () => {
    expect(loadBffConfig({}, upstream).metrics).toBeUndefined();
    expect(loadBffConfig({ DPS_METRICS_PORT: '9464' }, upstream).metrics).toEqual({ port: 9464, host: '127.0.0.1' });
    const token = 'a-long-enough-token-0123';
    expect(
      loadBffConfig({ DPS_METRICS_PORT: '9464', DPS_METRICS_HOST: '0.0.0.0', DPS_METRICS_TOKEN: token }, upstream)
        .metrics,
    ).toEqual({ port: 9464, host: '0.0.0.0', token });
    expect(loadBffConfig({ DPS_METRICS_TOKEN: token }, upstream).metrics).toEqual({ host: '127.0.0.1', token });
  });

  it('names the metrics variable that is wrong', () => {
    expect(problem({ DPS_METRICS_PORT: 'x' })).toMatch(/^DPS_METRICS_PORT must be an integer/);
    expect(problem({ DPS_METRICS_TOKEN: 'short' })).toMatch(/^DPS_METRICS_TOKEN must be 16 to 512 printable/);
    expect(problem({ DPS_METRICS_TOKEN: 'has a space in it, sadly' })).toMatch(/^DPS_METRICS_TOKEN /);
    expect(problem({ DPS_METRICS_HOST: '0.0.0.0' })).toMatch(/^DPS_METRICS_HOST is set but DPS_METRICS_PORT is not/);
    expect(problem({ PORT: '4000', DPS_METRICS_PORT: '4000' })).toMatch(/^DPS_METRICS_PORT must differ/);
  });
});
