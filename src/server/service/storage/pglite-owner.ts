/**
 * One process at a time opens a PGlite data directory. PGlite has no lock of its own: a second process would write
 * the same pages and corrupt the database, and this process's caches (write-epoch.ts) rely on seeing every write.
 * The lock is a file holding the owner's pid, created exclusively; one left by a process that is gone (a crash, a
 * kill -9) is taken over — also when it names this very pid, which a restarted container often gets again.
 */
import { closeSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import path from 'node:path';
import { DataDirError } from '../../shared/private-dir';

export interface OwnerLock {
  release(): void;
}

const isAlive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
};

/** Directories this process has open (its own pid in a lock file does not tell). */
const openHere = new Set<string>();

export function claimPgliteDir(dir: string): OwnerLock {
  const file = path.join(dir, 'owner.pid');
  if (openHere.has(file)) throw new DataDirError(`the database in ${dir} is already open in this process`);
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(file, 'wx', 0o600);
      writeSync(fd, String(process.pid));
      closeSync(fd);
      openHere.add(file);
      return {
        release: () => {
          openHere.delete(file);
          rmSync(file, { force: true });
        },
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    const owner = Number.parseInt(readFileSync(file, 'utf8'), 10);
    if (Number.isSafeInteger(owner) && owner !== process.pid && isAlive(owner)) {
      throw new DataDirError(
        `the database in ${dir} is in use by process ${owner}: stop it first (one service process per data dir; several instances need PostgreSQL)`,
      );
    }
    rmSync(file, { force: true }); // left by a process that is gone
  }
  throw new DataDirError(`the database in ${dir} could not be locked: another process keeps claiming it`);
}
