/**
 * Real storage faults, on a small tmpfs mounted for the test (so it needs root with CAP_SYS_ADMIN, which CI has:
 * it fails, rather than skips, without them). The service process runs as `npm run service` does, on PGlite.
 *
 * - Disk reserve: large uploads filling the disk end in 507 while the reserve is still free — never in a hang —,
 *   reads go on, and writes resume once space is freed.
 * - Disk full (the reserve turned off): a write answers 507 `{message: "the service's storage is full"}`, the log
 *   line holds the database's SQLSTATE and message and none of the request's values, reads still work, writes work
 *   again once space is freed, and every acknowledged write is there after a restart.
 * - No room for the write-ahead log: the failing query and every one after it reject at once (PGlite would spin).
 * - Read-only data dir: the service refuses to start and names the directory.
 */
import { execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { statfsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { afterAll, describe, expect, it } from 'vitest';
import { apiClient } from '@/server/service/testing/http';
import {
  lineMatching,
  serviceStarted,
  spawnService,
  type ServiceProcess,
} from '@/server/service/testing/service-process';
import { requestToken } from '@/server/service/testing/start-test-service';

/** The fields these tests read from the service's JSON answers. */
interface ServiceAnswer {
  documentId: string;
  documents: { documentId: string }[];
  message: string;
}

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
async function startService(dataDir: string, env: Record<string, string> = {}): Promise<ServiceProcess> {
  const service = spawnService({
    DPS_DATA_DIR: dataDir,
    DPS_SERVICE_PORT: '0',
    DPS_DEMO: '0',
    DPS_SERVICE_LOG: '1',
    DPS_DATABASE_URL: undefined,
    ...env,
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

const MIB = 1024 * 1024;
const freeBytes = (dir: string) => {
  const { bavail, bsize } = statfsSync(dir);
  return bavail * bsize;
};

/** A document of ~3.4 MB of random (incompressible) bytes, as inline base64 (~4.6 MB of JSON). */
const largeDocument = (name: string) => ({
  name,
  contentType: 'application/pdf',
  content: randomBytes(3_400_000).toString('base64'),
});

describe('storage faults', () => {
  it('keeps a reserve free: large uploads end in 507, never a hang; reads go on; writes resume once freed', async () => {
    // Room for the database (~45 MB), a 40 MB filler to free later, the default 64 MB reserve and a few uploads.
    const mount = await mountTmpfs('200m');
    const dataDir = path.join(mount, 'data');
    const service = await startService(dataDir);
    const credentials = JSON.parse(await readFile(path.join(dataDir, 'credentials.json'), 'utf8'));
    const token = await requestToken(credentials.authUrl, credentials.clientId, credentials.clientSecret);
    const filler = path.join(mount, 'filler');
    execFileSync('fallocate', ['-l', String(40 * MIB), filler]);
    // Every request answered within a minute: a hung service fails the test rather than stalling it.
    const call = async (method: string, route: string, body?: unknown) => {
      const response = await fetch(`${credentials.baseUrl}${route}`, {
        method,
        headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
        body: body ? JSON.stringify(body) : undefined,
        signal: AbortSignal.timeout(60_000),
      });
      return { status: response.status, body: (await response.json()) as ServiceAnswer };
    };

    const acknowledged: string[] = [];
    let refused: { status: number; body: unknown } | undefined;
    for (let i = 0; i < 40 && !refused; i++) {
      const created = await call('POST', '/documents', largeDocument(`large ${i}`));
      if (created.status === 200) acknowledged.push(created.body.documentId);
      else refused = created;
    }
    expect(refused).toEqual({ status: 507, body: { message: "the service's storage is full" } });
    expect(acknowledged.length).toBeGreaterThan(0);
    // Refused while the reserve was still there for PGlite's log (which it could not do without).
    expect(freeBytes(mount)).toBeGreaterThan(32 * MIB);
    const warned = JSON.parse(await lineMatching(service, (line) => line.includes('disk reserve reached')));
    expect(warned).toMatchObject({ reserveMB: 64, freeMB: expect.any(Number) });
    expect((await call('POST', '/documents', largeDocument('again'))).status).toBe(507);
    // Within the reserve: a new token, and a delete.
    await requestToken(credentials.authUrl, credentials.clientId, credentials.clientSecret);
    expect((await call('DELETE', `/documents/${acknowledged.pop()}`)).status).toBe(200);

    const listed = await call('GET', '/documents?maxResults=100');
    expect(listed.status).toBe(200);
    expect(listed.body.documents.map((d: { documentId: string }) => d.documentId)).toEqual(acknowledged);
    expect((await call('GET', `/documents/${acknowledged[0]}`)).status).toBe(200);

    await rm(filler);
    const after = await call('POST', '/documents', largeDocument('after the disk was freed'));
    expect(after.status).toBe(200);
    expect((await call('GET', `/documents/${after.body.documentId}`)).status).toBe(200);
    await service.stop();
  }, 300_000);

  it('answers 507 on a full disk, logs why without the request values, and loses nothing acknowledged', async () => {
    const mount = await mountTmpfs('128m');
    const dataDir = path.join(mount, 'data');
    // The reserve off, so the database itself finds the disk full.
    const noReserve = { DPS_DISK_RESERVE_MB: '0' };
    let service = await startService(dataDir, noReserve);
    let api = await clientFor(dataDir);
    const acknowledged: string[] = [];
    for (let i = 0; i < 3; i++) {
      const created = await api.post('/documents', { name: `before ${i}` });
      expect(created.status).toBe(200);
      acknowledged.push(created.body.documentId);
    }
    await service.stop();

    // Start the next WAL segment now, while there is room: this test is about the table's file finding no room (the
    // log's is the last test's).
    const db = new PGlite(path.join(dataDir, 'pglite'));
    await db.query('select pg_switch_wal()');
    await db.close();

    service = await startService(dataDir, noReserve);
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

  it('rejects every query at once after the write-ahead log found no room, where PGlite would spin', async () => {
    const mount = await mountTmpfs('96m');
    // In its own process: a spinning PGlite blocks its event loop, so only a process can time it out.
    const script = `
      const { openStore, sql } = await import(${JSON.stringify(path.resolve(__dirname, '../storage/database.ts'))});
      const { randomBytes } = await import('node:crypto');
      const { execFileSync } = await import('node:child_process');
      const { statfsSync } = await import('node:fs');
      const store = await openStore({ dataDir: ${JSON.stringify(path.join(mount, 'data'))} });
      await store.db.execute(sql\`create table filler (b bytea)\`);
      // 2 MB free, then 1 MB log records (which take no room in any table): within 16 of them the log needs a new
      // 16 MB segment and finds no room for it.
      const { bavail, bsize } = statfsSync(${JSON.stringify(mount)});
      execFileSync('fallocate', ['-l', String(bavail * bsize - 2 * 1024 * 1024), ${JSON.stringify(path.join(mount, 'filler'))}]);
      // The first error down the cause chain with a code: the database's, under Drizzle's wrapper.
      const outcome = (error) => (error.code || !error.cause ? { code: error.code, message: error.message } : outcome(error.cause));
      const report = {};
      for (let i = 0; i < 40 && !report.failed; i++) {
        await store.db.execute(sql\`select pg_logical_emit_message(true, 'filler', \${randomBytes(1024 * 1024)}::bytea)\`).catch((error) => {
          report.failed = outcome(error);
        });
      }
      report.write = await store.transaction((tx) => tx.execute(sql\`insert into filler values (null)\`)).then(() => 'ok', outcome);
      report.read = await store.db.execute(sql\`select count(*) from filler\`).then(() => 'ok', outcome);
      await store.close();
      console.log(JSON.stringify(report));
    `;
    const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let output = '';
    child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const timer = setTimeout(() => child.kill('SIGKILL'), 120_000);
    const [code, signal] = await new Promise<[number | null, NodeJS.Signals | null]>((resolve) =>
      child.once('exit', (...exit) => resolve(exit)),
    );
    clearTimeout(timer);
    expect({ code, signal }, 'the process hung (killed after 2 minutes) or failed').toEqual({ code: 0, signal: null });
    const report = JSON.parse(output);
    expect(report.failed).toEqual({
      code: '53100',
      message: expect.stringMatching(/pg_wal\/.*No space left on device/),
    });
    const stopped = { code: '53100', message: expect.stringContaining('could not grow its write-ahead log') };
    expect(report.write).toEqual(stopped);
    expect(report.read).toEqual(stopped);
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
