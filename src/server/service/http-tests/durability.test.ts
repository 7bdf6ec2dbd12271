/**
 * Durability: the real service process (as `npm run service` starts it) is killed with SIGKILL right after writes
 * were acknowledged; restarted on the same data dir it serves every acknowledged write, and the bootstrap
 * credentials still work. With DPS_DATABASE_URL the same runs against PostgreSQL.
 *
 * The PGlite data dir lock: a crash never blocks the restart (the dead owner's lock goes stale, whatever pid it
 * names), while a second service on a dir that is really open is refused by name.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, readFile, rm, utimes, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { requestToken } from '@/server/service/testing/start-test-service';
import { apiClient } from '@/server/service/testing/http';
import { dropSchema } from '@/server/service/storage';
import { serviceStarted, spawnService } from '@/server/service/testing/service-process';

const root = path.resolve(__dirname, '../../../..');
const children: ChildProcess[] = [];
const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const child of children) child.kill('SIGKILL');
  for (const cleanup of cleanups) await cleanup();
});

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

async function startServiceProcess(env: Record<string, string>): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/service/main.ts'], {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let output = '';
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`service did not start: ${output}`)), 120_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('base URL')) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.on('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`service exited with ${code}: ${output}`));
    });
  });
  return child;
}

function kill9(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    child.removeAllListeners('exit');
    child.on('exit', () => resolve());
    child.kill('SIGKILL');
  });
}

describe('kill -9', () => {
  it('keeps every acknowledged write across a SIGKILL and restart', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'dps-kill9-'));
    const port = await freePort();
    const env: Record<string, string> = {
      DPS_DATA_DIR: dataDir,
      DPS_SERVICE_PORT: String(port),
      DPS_DEMO: '0',
      DPS_SERVICE_LOG: '0',
    };
    if (process.env.DPS_DATABASE_URL) {
      env.DPS_DATABASE_SCHEMA = `k_${randomBytes(6).toString('hex')}`;
      cleanups.push(() => dropSchema(process.env.DPS_DATABASE_URL!, env.DPS_DATABASE_SCHEMA));
    }
    cleanups.push(() => rm(dataDir, { recursive: true, force: true }));

    let child = await startServiceProcess(env);
    const credentials = JSON.parse(await readFile(path.join(dataDir, 'credentials.json'), 'utf8'));
    const api = apiClient(
      credentials.baseUrl,
      await requestToken(credentials.authUrl, credentials.clientId, credentials.clientSecret),
    );

    const written: { documentId: string; name: string }[] = [];
    for (let i = 0; i < 20; i++) {
      const result = await api.post('/documents', {
        name: `doc ${i}`,
        groundTruth: [{ label: 'n', value: String(i) }],
      });
      expect(result.status).toBe(200);
      written.push({ documentId: result.body.documentId, name: `doc ${i}` });
    }
    const user = await api.post('/users', { email: 'durable@example.com', name: 'Durable' });
    const patched = await api.patch(`/documents/${written[3].documentId}`, { name: 'renamed before the crash' });
    expect(patched.status).toBe(200);
    await kill9(child);

    child = await startServiceProcess(env);
    const token = await requestToken(credentials.authUrl, credentials.clientId, credentials.clientSecret);
    const after = apiClient(credentials.baseUrl, token);
    const listed = (await after.get('/documents?maxResults=1000')).body.documents as {
      documentId: string;
      name: string;
    }[];
    expect(listed.map((d) => d.documentId)).toEqual(written.map((d) => d.documentId));
    expect(listed[3].name).toBe('renamed before the crash');
    expect((await after.get(`/users/${user.body.userId}`)).body.name).toBe('Durable');
    expect((await after.get('/organizations/me')).body.monthlyNumberOfDocumentsCreated).toBe(20);
    await kill9(child);
  }, 300_000); // two process starts (PGlite's first start creates its cluster): minutes on a loaded 2-core machine
});

describe('PGlite data dir lock', () => {
  const pgliteEnv = (dataDir: string) => ({
    DPS_DATA_DIR: dataDir,
    DPS_SERVICE_PORT: '0',
    DPS_DEMO: '0',
    DPS_SERVICE_LOG: '0',
    DPS_DATABASE_URL: undefined,
  });
  /** A client of the service on `dataDir`, by the credentials it wrote there (on a new port at each start). */
  const clientFor = async (dataDir: string) => {
    const { baseUrl, authUrl, clientId, clientSecret } = JSON.parse(
      await readFile(path.join(dataDir, 'credentials.json'), 'utf8'),
    );
    return apiClient(baseUrl, await requestToken(authUrl, clientId, clientSecret));
  };
  const started = async (dataDir: string) => {
    const service = spawnService(pgliteEnv(dataDir));
    cleanups.push(() => service.stop());
    await serviceStarted(service);
    return service;
  };

  it('refuses a second service on an open dir by name, and restarts after a kill -9 under write load', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'dps-lock-'));
    cleanups.push(() => rm(dataDir, { recursive: true, force: true }));
    const first = await started(dataDir);
    const api = await clientFor(dataDir);

    const second = spawnService(pgliteEnv(dataDir));
    cleanups.push(() => second.stop());
    expect(await second.exited).toBe(1);
    expect(second.lines.join('\n')).toContain(
      `DPS service failed to start: the database in ${path.join(dataDir, 'pglite')} is in use by process ` +
        `${first.child.pid}: stop it first`,
    );

    // Writes in flight when it is killed.
    const acknowledged: string[] = [];
    let writing = true;
    const writers = Array.from({ length: 4 }, async () => {
      while (writing) {
        const result = await api.post('/documents', { name: 'under load' }).catch(() => undefined);
        if (result?.status === 200) acknowledged.push(result.body.documentId);
      }
    });
    await expect.poll(() => acknowledged.length, { timeout: 60_000 }).toBeGreaterThanOrEqual(10);
    first.child.kill('SIGKILL');
    await first.exited;
    writing = false;
    await Promise.all(writers);

    const restarted = await started(dataDir);
    const listed = await (await clientFor(dataDir)).get('/documents?maxResults=1000');
    expect(listed.body.documents.map((d: { documentId: string }) => d.documentId)).toEqual(
      expect.arrayContaining(acknowledged),
    );
    await restarted.stop();
  }, 300_000);

  it('starts on a dir whose lock names a live, unrelated process (a pid handed out again)', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'dps-lock-'));
    cleanups.push(() => rm(dataDir, { recursive: true, force: true }));
    await (await started(dataDir)).stop();
    // Left by a killed owner whose pid now belongs to this test's parent process, in both lock formats.
    const pglite = path.join(dataDir, 'pglite');
    await writeFile(path.join(pglite, 'owner.pid'), String(process.ppid));
    await writeFile(path.join(pglite, 'owner.lock'), JSON.stringify({ pid: process.ppid }));
    const killedAgo = new Date(Date.now() - 60_000);
    await utimes(path.join(pglite, 'owner.lock'), killedAgo, killedAgo);
    await (await started(dataDir)).stop();
  }, 300_000);
});
