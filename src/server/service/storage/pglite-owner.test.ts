/**
 * One process per PGlite data dir, by a heartbeat lock: a live owner is refused by name; a lock nobody refreshes
 * (its owner was killed) is taken over, whatever pid it names — also a live, unrelated process's.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { claimPgliteDir } from './pglite-owner';

const dirs: string[] = [];
const freshDir = () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'dps-owner-'));
  dirs.push(dir);
  return dir;
};
afterEach(() => dirs.splice(0).forEach((dir) => rmSync(dir, { recursive: true, force: true })));

const fast = { heartbeatMs: 100, staleMs: 1_000 };
const lockOf = (dir: string) => path.join(dir, 'owner.lock');

/** Another process holding `dir` with the real claim code, then running `after`, until it is killed. */
async function ownerProcess(dir: string, after = '') {
  const child = spawn(
    process.execPath,
    [
      '--import',
      'tsx',
      '-e',
      `import('${path.join(__dirname, 'pglite-owner.ts')}').then(async ({ claimPgliteDir }) => {
         await claimPgliteDir(${JSON.stringify(dir)}, { heartbeatMs: 100, staleMs: 1000 });
         console.log('claimed');
         setInterval(() => {}, 60000);
         ${after}
       })`,
    ],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  await new Promise<void>((resolve, reject) => {
    child.stdout!.on('data', (chunk: Buffer) => chunk.toString().includes('claimed') && resolve());
    child.once('exit', (code) => reject(new Error(`owner exited with ${code}`)));
  });
  return child;
}

describe('PGlite data dir owner', () => {
  it('writes who holds it, refuses a second claim in this process, and frees the dir on release', async () => {
    const dir = freshDir();
    const lock = await claimPgliteDir(dir, fast);
    expect(JSON.parse(readFileSync(lockOf(dir), 'utf8'))).toMatchObject({ pid: process.pid });
    await expect(claimPgliteDir(dir, fast)).rejects.toThrow(/already open in this process/);
    await lock.release();
    expect(existsSync(lockOf(dir))).toBe(false);
    await (await claimPgliteDir(dir, fast)).release();
  });

  it('keeps its lock fresh while it holds the dir', async () => {
    const dir = freshDir();
    const lock = await claimPgliteDir(dir, fast);
    const first = statSync(lockOf(dir)).mtimeMs;
    await expect.poll(() => statSync(lockOf(dir)).mtimeMs, { timeout: 5_000 }).toBeGreaterThan(first);
    await lock.release();
  });

  it('refuses a dir held by another live service process, naming it; takes it over once that one is killed', async () => {
    const dir = freshDir();
    const other = await ownerProcess(dir);
    try {
      await expect(claimPgliteDir(dir, fast)).rejects.toThrow(
        `the database in ${dir} is in use by process ${other.pid}: stop it first`,
      );
    } finally {
      other.kill('SIGKILL');
      await new Promise((resolve) => other.once('exit', resolve));
    }
    // Killed with its lock fresh: the claim waits until nobody refreshed it for staleMs, then takes over.
    const lock = await claimPgliteDir(dir, fast);
    expect(JSON.parse(readFileSync(lockOf(dir), 'utf8'))).toMatchObject({ pid: process.pid });
    await lock.release();
  }, 30_000);

  it('keeps the lock fresh while the main thread of its owner is busy (PGlite runs queries there)', async () => {
    const dir = freshDir();
    // Three stale periods without a free moment on the owner's main thread.
    const other = await ownerProcess(dir, 'const end = Date.now() + 3000; while (Date.now() < end) {}');
    try {
      await expect(claimPgliteDir(dir, fast)).rejects.toThrow(`is in use by process ${other.pid}`);
    } finally {
      other.kill('SIGKILL');
      await new Promise((resolve) => other.once('exit', resolve));
    }
  }, 30_000);

  it('takes over a lock naming a live, unrelated process once nobody refreshes it', async () => {
    const dir = freshDir();
    // The parent of this process is alive, as a reused pid would be: the old pid lock refused this dir.
    const holder = JSON.stringify({ pid: process.ppid, host: 'gone' });
    writeFileSync(lockOf(dir), holder);
    const old = new Date(Date.now() - 60_000);
    utimesSync(lockOf(dir), old, old);
    await (await claimPgliteDir(dir, fast)).release();

    // Just written (a kill -9 right after a heartbeat): taken over after staleMs without a refresh.
    writeFileSync(lockOf(dir), holder);
    await (await claimPgliteDir(dir, fast)).release();
    // Garbage (a crash while it was written), and the pid file of earlier versions naming a live process.
    writeFileSync(lockOf(dir), '');
    writeFileSync(path.join(dir, 'owner.pid'), String(process.ppid));
    const lock = await claimPgliteDir(dir, fast);
    expect(existsSync(path.join(dir, 'owner.pid'))).toBe(false);
    await lock.release();
  }, 30_000);

  it('tells its owner when the lock was taken from under it', async () => {
    const dir = freshDir();
    let lost: Error | undefined;
    const lock = await claimPgliteDir(dir, { ...fast, onLost: (error) => (lost = error) });
    rmSync(lockOf(dir));
    writeFileSync(lockOf(dir), JSON.stringify({ pid: 1 }));
    await expect.poll(() => lost?.message, { timeout: 5_000 }).toContain('was removed or taken over');
    await lock.release();
    expect(readFileSync(lockOf(dir), 'utf8')).toBe(JSON.stringify({ pid: 1 })); // not ours to remove
  });
});
