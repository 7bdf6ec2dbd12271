/**
 * Durability: the real service process (as `npm run service` starts it) is killed with SIGKILL right after writes
 * were acknowledged; restarted on the same data dir it serves every acknowledged write, and the bootstrap
 * credentials still work. With DPS_DATABASE_URL the same runs against PostgreSQL.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { requestToken } from '../testing/start-test-service';
import { apiClient } from '../testing/http';
import { dropSchema } from '../storage';

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
