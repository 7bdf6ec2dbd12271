/**
 * Real storage faults, on a small tmpfs mounted for the test (so it needs root with CAP_SYS_ADMIN, which CI has:
 * it fails, rather than skips, without them). The service process runs as `npm run service` does, on PGlite.
 *
 * - Disk full: a write answers 507 `{message: "the service's storage is full"}`, the log line holds the database's
 *   SQLSTATE and message and none of the request's values, reads still work, writes work again once space is
 *   freed, and every acknowledged write is there after a restart.
 * - Read-only data dir: the service refuses to start and names the directory.
 */
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { statfsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { afterAll, describe, expect, it } from 'vitest';
import { apiClient } from '../testing/http';
import { lineMatching, serviceStarted, spawnService, type ServiceProcess } from '../testing/service-process';
import { requestToken } from '../testing/start-test-service';

const cleanups: (() => Promise<unknown>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup().catch(() => undefined);
});

/** A fresh tmpfs of `size` at a new temp dir; unmounted after the tests. */
async function mountTmpfs(size: string): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), 'dps-tmpfs-'));
  cleanups.push(() => rm(dir, { recursive: true, force: true }));
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', `size=${size},mode=700`, 'tmpfs', dir], { stdio: 'pipe' });
  } catch (error) {
    throw new Error(
      `these tests fill a real file system: they mount a tmpfs, which needs root with CAP_SYS_ADMIN ` +
        `(uid ${process.getuid?.()}): ${String((error as { stderr?: Buffer }).stderr ?? error).trim()}`,
      { cause: error },
    );
  }
  cleanups.push(async () => execFileSync('umount', ['-l', dir]));
  return dir;
}

/** The service on PGlite in `dataDir`, logging (JSON lines on stdout). */
async function startService(dataDir: string): Promise<ServiceProcess> {
  const service = spawnService({
    DPS_DATA_DIR: dataDir,
    DPS_SERVICE_PORT: '0',
    DPS_DEMO: '0',
    DPS_SERVICE_LOG: '1',
    DPS_DATABASE_URL: undefined,
  });
  cleanups.push(() => service.stop());
  await serviceStarted(service);
  return service;
}

async function clientFor(dataDir: string) {
  const credentials = JSON.parse(await readFile(path.join(dataDir, 'credentials.json'), 'utf8'));
  return apiClient(
    credentials.baseUrl,
    await requestToken(credentials.authUrl, credentials.clientId, credentials.clientSecret),
  );
}

/** Fills the file system holding `dir` until `leaveBytes` remain. */
function fill(dir: string, leaveBytes: number): string {
  const filler = path.join(dir, 'filler');
  const { bavail, bsize } = statfsSync(dir);
  execFileSync('fallocate', ['-l', String(bavail * bsize - leaveBytes), filler]);
  return filler;
}

describe('storage faults', () => {
  it('answers 507 on a full disk, logs why without the request values, and loses nothing acknowledged', async () => {
    const mount = await mountTmpfs('128m');
    const dataDir = path.join(mount, 'data');
    let service = await startService(dataDir);
    let api = await clientFor(dataDir);
    const acknowledged: string[] = [];
    for (let i = 0; i < 3; i++) {
      const created = await api.post('/documents', { name: `before ${i}` });
      expect(created.status).toBe(200);
      acknowledged.push(created.body.documentId);
    }
    await service.stop();

    // Start the next WAL segment now, while there is room. With no room for a new WAL segment PGlite 0.5 does not
    // fail the query: it spins and the process stops answering — a separate problem this test does not cover.
    const db = new PGlite(path.join(dataDir, 'pglite'));
    await db.query('select pg_switch_wal()');
    await db.close();

    service = await startService(dataDir);
    api = await clientFor(dataDir);
    const filler = fill(mount, 1024 * 1024);
    const marker = `customer-${randomBytes(8).toString('hex')}`;
    // Random bytes do not compress: ~4 MB to store with 1 MB free. The marker starts them, so the failed query's
    // parameters (the old log line printed them) hold it as text.
    const content = Buffer.concat([Buffer.from(marker), randomBytes(4_000_000)]).toString('base64');
    const refused = await api.post('/documents', { name: marker, contentType: 'application/pdf', content });
    expect(refused.status).toBe(507);
    expect(refused.body).toEqual({ message: "the service's storage is full" });

    const logged = JSON.parse(await lineMatching(service, (line) => line.includes('storage error')));
    expect(logged.database).toEqual({
      code: '53100',
      message: expect.stringMatching(/^could not extend file "[^"]+": No space left on device$/),
    });

    // Reads still answer; once space is freed, writes do too.
    const listed = await api.get('/documents?maxResults=100');
    expect(listed.status).toBe(200);
    expect(listed.body.documents.map((d: { documentId: string }) => d.documentId)).toEqual(acknowledged);
    await rm(filler);
    const after = await api.post('/documents', { name: 'after the disk was freed' });
    expect(after.status).toBe(200);
    acknowledged.push(after.body.documentId);

    service.child.kill('SIGKILL');
    await service.exited;
    // Everything it printed is in: no line holds the refused request's values.
    expect(service.lines.filter((line) => line.includes(marker) || line.includes(content.slice(0, 64)))).toEqual([]);
    service = await startService(dataDir);
    api = await clientFor(dataDir);
    const restarted = await api.get('/documents?maxResults=100');
    expect(restarted.body.documents.map((d: { documentId: string }) => d.documentId)).toEqual(acknowledged);
    await service.stop();
  }, 300_000);

  it('refuses to start on a read-only data dir, naming it', async () => {
    const mount = await mountTmpfs('128m');
    const dataDir = path.join(mount, 'data');
    const service = await startService(dataDir);
    await service.stop();
    execFileSync('mount', ['-o', 'remount,ro', mount]);

    const refused = spawnService({
      DPS_DATA_DIR: dataDir,
      DPS_SERVICE_PORT: '0',
      DPS_DEMO: '0',
      DPS_SERVICE_LOG: '1',
      DPS_DATABASE_URL: undefined,
    });
    cleanups.push(() => refused.stop());
    expect(await refused.exited).toBe(1);
    expect(refused.lines.join('\n')).toContain(
      `DPS service failed to start: data dir ${dataDir} is not writable: the file system is mounted read-only`,
    );
  }, 300_000);
});
