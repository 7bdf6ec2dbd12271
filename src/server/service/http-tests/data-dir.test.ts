/**
 * The data dir is its user's alone: created 0700 (the database dir too), everything the service process writes is
 * 0600/0700 (its umask), and a data dir other local users can open is refused with the chmod that fixes it.
 */
import { chmod, mkdtemp, readdir, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { createServiceApp } from '@/server/service/app';
import { loadServiceConfig } from '@/server/service/config';
import { dropSchema } from '@/server/service/storage';
import { serviceStarted, spawnService, type ServiceProcess } from '@/server/service/testing/service-process';

const cleanups: (() => Promise<unknown>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

async function scratchDir(): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), 'dps-data-dir-'));
  cleanups.push(() => rm(dir, { recursive: true, force: true }));
  return dir;
}

function configFor(dataDir: string) {
  const schema = process.env.DPS_DATABASE_URL ? `d_${randomBytes(6).toString('hex')}` : undefined;
  if (schema) cleanups.push(() => dropSchema(process.env.DPS_DATABASE_URL!, schema));
  return {
    ...loadServiceConfig({
      DPS_DATABASE_URL: process.env.DPS_DATABASE_URL,
      DPS_DATA_DIR: dataDir,
      DPS_SERVICE_LOG: '0',
      DPS_DEMO: '0',
    }),
    databaseSchema: schema,
  };
}

const modeOf = async (file: string) => (await stat(file)).mode & 0o777;

describe('data dir permissions', () => {
  it('creates a new data dir, and its database dir, 0700', async () => {
    const dataDir = path.join(await scratchDir(), 'nested', 'data');
    const service = await createServiceApp(configFor(dataDir));
    await service.close();
    expect((await modeOf(dataDir)).toString(8)).toBe('700');
    if (!process.env.DPS_DATABASE_URL) expect((await modeOf(path.join(dataDir, 'pglite'))).toString(8)).toBe('700');
  }, 180_000);

  it.each([
    ['0755', 'readable and searchable by its group, readable and searchable by other users (mode 0755)'],
    ['0770', 'readable, writable and searchable by its group (mode 0770)'],
    ['0701', 'searchable by other users (mode 0701)'],
  ])('refuses a data dir with mode %s, naming the chmod that fixes it', async (mode, says) => {
    const dataDir = await scratchDir();
    await chmod(dataDir, Number.parseInt(mode, 8));
    await expect(createServiceApp(configFor(dataDir))).rejects.toThrow(
      `data dir ${dataDir} is ${says}: run chmod 700 ${dataDir}`,
    );
    expect(await readdir(dataDir)).toEqual([]); // nothing was written into it
  });

  it('the service process (npm run service) writes only files its own user can open', async () => {
    const dataDir = path.join(await scratchDir(), 'data');
    const env: Record<string, string | undefined> = {
      DPS_DATA_DIR: dataDir,
      DPS_SERVICE_PORT: '0',
      DPS_DEMO: '0',
      DPS_SERVICE_LOG: '0',
    };
    if (process.env.DPS_DATABASE_URL) {
      env.DPS_DATABASE_SCHEMA = `d_${randomBytes(6).toString('hex')}`;
      cleanups.push(() => dropSchema(process.env.DPS_DATABASE_URL!, env.DPS_DATABASE_SCHEMA!));
    }
    const service: ServiceProcess = spawnService(env);
    cleanups.push(() => service.stop());
    await serviceStarted(service);
    await service.stop();

    const open: string[] = [];
    const walk = async (dir: string) => {
      for (const entry of await readdir(dir, { withFileTypes: true })) {
        const file = path.join(dir, entry.name);
        const mode = await modeOf(file);
        if (mode & 0o077) open.push(`${path.relative(dataDir, file)} ${mode.toString(8)}`);
        if (entry.isDirectory()) await walk(file);
      }
    };
    await walk(dataDir);
    expect((await modeOf(dataDir)).toString(8)).toBe('700');
    expect(await readdir(dataDir)).toContain('credentials.json');
    expect(open).toEqual([]);
  }, 180_000);
});
