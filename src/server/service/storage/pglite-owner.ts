/**
 * One process at a time opens a PGlite data directory. PGlite has no lock of its own: a second process would write
 * the same pages and corrupt the database, and this process's caches (write-epoch.ts) rely on seeing every write.
 *
 * The lock is `owner.lock`, created exclusively and kept fresh by a heartbeat: its owner sets its mtime every
 * HEARTBEAT_MS, so it ends with its holder however that ends (kill -9, a crashed container) — not with the liveness
 * of a remembered pid, which another process may have been handed since. A claimant that finds the lock watches it:
 * refreshed, the owner is alive and is refused by name; unchanged for STALE_MS, the owner is gone and the lock is
 * taken over. Node has no flock, so this is the kernel-free equivalent; the heartbeat runs in a worker thread, which
 * beats on while PGlite (WebAssembly on the main thread) runs a long query.
 */
import { closeSync, fstatSync, openSync, readFileSync, rmSync, statSync, unlinkSync, writeSync } from 'node:fs';
import { hostname } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { Worker } from 'node:worker_threads';
import { DataDirError } from '@/server/shared/private-dir';

export interface OwnerLock {
  release(): Promise<void>;
}

interface ClaimOptions {
  /** How often the owner refreshes the lock. */
  heartbeatMs?: number;
  /** A lock not refreshed for this long belongs to a process that is gone. */
  staleMs?: number;
  /** Called when the lock was removed or replaced under this process: it must stop using the database. */
  onLost?: (error: Error) => void;
}

const HEARTBEAT_MS = 2_000;
/** Five missed heartbeats: a restart after a crash waits at most this long for the dead owner's lock. */
const STALE_MS = 10_000;

const LOCK_FILE = 'owner.lock';
/** The pid lock of earlier versions; a pid outlives its process's claim (pids wrap), so it is not honoured. */
const LEGACY_LOCK_FILE = 'owner.pid';

/** Directories this process has open or is claiming. */
const openHere = new Set<string>();

/** Who holds a lock, as its file says. */
interface Holder {
  pid?: number;
  host?: string;
}

interface Seen {
  ino: number;
  mtimeMs: number;
  /** When this process first saw this version of the lock. */
  at: number;
}

export async function claimPgliteDir(dir: string, options: ClaimOptions = {}): Promise<OwnerLock> {
  const heartbeatMs = options.heartbeatMs ?? HEARTBEAT_MS;
  const staleMs = options.staleMs ?? STALE_MS;
  const file = path.join(dir, LOCK_FILE);
  if (openHere.has(file)) throw new DataDirError(`the database in ${dir} is already open in this process`);
  openHere.add(file);
  let fd: number;
  try {
    fd = await acquire(dir, file, staleMs, heartbeatMs);
  } catch (error) {
    openHere.delete(file);
    throw error;
  }
  rmSync(path.join(dir, LEGACY_LOCK_FILE), { force: true });
  const ino = fstatSync(fd).ino;
  const heartbeat = startHeartbeat(file, fd, ino, heartbeatMs, () =>
    options.onLost?.(
      new DataDirError(
        `the lock ${file} was removed or taken over while this process had the database open: it stopped using it`,
      ),
    ),
  );
  let released = false;
  return {
    release: async () => {
      if (released) return;
      released = true;
      await heartbeat.terminate();
      // Only our own lock: after a takeover the file is another process's.
      if (inodeOf(file) === ino) rmSync(file, { force: true });
      closeSync(fd);
      openHere.delete(file);
    },
  };
}

/** Creates the lock, waiting out a dead owner's; resolves with the open lock file (kept open: its inode stays ours). */
async function acquire(dir: string, file: string, staleMs: number, heartbeatMs: number): Promise<number> {
  const pollMs = Math.max(10, Math.min(250, heartbeatMs / 4));
  const deadline = Date.now() + 3 * staleMs + 10 * pollMs;
  while (Date.now() < deadline) {
    const fd = tryCreate(file);
    if (fd !== undefined) return fd;
    const seen = observe(file);
    if (!seen) continue; // released meanwhile
    const verdict = await watch(file, seen, staleMs, pollMs);
    if (verdict === 'alive') {
      throw new DataDirError(
        `the database in ${dir} is in use by ${describe(readHolder(file))}: stop it first ` +
          `(one service process per data dir; several instances need PostgreSQL)`,
      );
    }
    if (verdict === 'stale') await takeOver(file, seen, staleMs, pollMs);
  }
  throw new DataDirError(`the database in ${dir} could not be locked: another process keeps claiming it`);
}

function tryCreate(file: string): number | undefined {
  let fd: number;
  try {
    fd = openSync(file, 'wx', 0o600);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return undefined;
    throw error;
  }
  const holder: Holder = { pid: process.pid, host: hostname() };
  try {
    writeSync(fd, JSON.stringify({ ...holder, since: new Date().toISOString() }));
  } catch (error) {
    closeSync(fd); // no room even for this (a full disk): leave no lock behind
    rmSync(file, { force: true });
    throw error;
  }
  return fd;
}

/**
 * Watches a lock until its owner shows it is alive (the lock is refreshed), lets it go (removed or replaced), or is
 * gone (unchanged for staleMs, by this process's watch or by the lock's own mtime).
 */
async function watch(file: string, seen: Seen, staleMs: number, pollMs: number) {
  for (;;) {
    const now = observe(file);
    if (!now || now.ino !== seen.ino) return 'changed' as const;
    if (now.mtimeMs !== seen.mtimeMs) return 'alive' as const;
    if (Date.now() - seen.at >= staleMs || Date.now() - seen.mtimeMs >= staleMs) return 'stale' as const;
    await sleep(pollMs);
  }
}

/**
 * Removes a stale lock, if it is still the one that went stale. The marker file makes the check and the removal one
 * step among claimants: without it, one could remove the lock another had just created in its place. A marker left
 * by a claimant that died mid-takeover is itself removed once stale.
 */
async function takeOver(file: string, seen: Seen, staleMs: number, pollMs: number) {
  const marker = `${file}.takeover`;
  let fd: number;
  try {
    fd = openSync(marker, 'wx', 0o600);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    const markerSeen = observe(marker);
    if (markerSeen && Date.now() - markerSeen.mtimeMs >= staleMs) rmSync(marker, { force: true });
    else await sleep(pollMs);
    return;
  }
  try {
    const now = observe(file);
    if (now && now.ino === seen.ino && now.mtimeMs === seen.mtimeMs) unlinkSync(file);
  } finally {
    closeSync(fd);
    rmSync(marker, { force: true });
  }
}

function observe(file: string): Seen | undefined {
  try {
    const stats = statSync(file);
    return { ino: stats.ino, mtimeMs: stats.mtimeMs, at: Date.now() };
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}

function inodeOf(file: string): number | undefined {
  return observe(file)?.ino;
}

function readHolder(file: string): Holder {
  try {
    const parsed = JSON.parse(readFileSync(file, 'utf8')) as Holder;
    return typeof parsed === 'object' && parsed !== null ? parsed : {};
  } catch {
    return {}; // being written, or removed meanwhile
  }
}

function describe(holder: Holder): string {
  if (!Number.isSafeInteger(holder.pid)) return `another process (its lock ${LOCK_FILE} is kept fresh)`;
  const host = typeof holder.host === 'string' && holder.host !== hostname() ? ` on host ${holder.host}` : '';
  return `process ${holder.pid}${host}`;
}

/**
 * The heartbeat: refreshes the lock's mtime every heartbeatMs through the open file, and reports when the file at
 * the lock's path is no longer this one (removed, or taken over after this process stalled past STALE_MS).
 */
const HEARTBEAT_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const { futimesSync, statSync } = require('node:fs');
const { file, fd, ino, heartbeatMs } = workerData;
const timer = setInterval(() => {
  let current;
  try { current = statSync(file).ino; } catch { current = undefined; }
  if (current !== ino) { clearInterval(timer); parentPort.postMessage('lost'); return; }
  const now = new Date();
  try { futimesSync(fd, now, now); } catch {}
}, heartbeatMs);
`;

function startHeartbeat(file: string, fd: number, ino: number, heartbeatMs: number, onLost: () => void): Worker {
  const worker = new Worker(HEARTBEAT_SOURCE, {
    eval: true,
    execArgv: [],
    workerData: { file, fd, ino, heartbeatMs },
  });
  worker.on('message', onLost);
  worker.on('error', onLost); // no heartbeat: the lock goes stale and may be taken over
  worker.unref(); // the lock never keeps the process alive
  return worker;
}
