/** One process per PGlite data dir: a live owner is refused by name, a dead one's lock is taken over. */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
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

describe('PGlite data dir owner', () => {
  it('writes its pid, refuses a second claim in this process, and frees the dir on release', () => {
    const dir = freshDir();
    const lock = claimPgliteDir(dir);
    expect(readFileSync(path.join(dir, 'owner.pid'), 'utf8')).toBe(String(process.pid));
    expect(() => claimPgliteDir(dir)).toThrow(/already open in this process/);
    lock.release();
    claimPgliteDir(dir).release();
  });

  it('refuses a dir owned by another live process, naming it', async () => {
    const dir = freshDir();
    const other = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 30000)']);
    try {
      writeFileSync(path.join(dir, 'owner.pid'), String(other.pid));
      expect(() => claimPgliteDir(dir)).toThrow(`the database in ${dir} is in use by process ${other.pid}`);
    } finally {
      other.kill('SIGKILL');
      await new Promise((resolve) => other.once('exit', resolve));
    }
    // Gone (as after a kill -9): its lock is taken over.
    claimPgliteDir(dir).release();
  });

  it('takes over a lock holding its own pid from an earlier life, or garbage', () => {
    const dir = freshDir();
    writeFileSync(path.join(dir, 'owner.pid'), String(process.pid));
    claimPgliteDir(dir).release();
    writeFileSync(path.join(dir, 'owner.pid'), 'not a pid');
    claimPgliteDir(dir).release();
  });
});
