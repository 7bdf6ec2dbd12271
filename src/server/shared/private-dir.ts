/**
 * Data directories hold every organization's documents, the database pages and credentials: they are created 0700
 * and a server refuses to start on one that other local users can open or that it cannot write. The refusal names
 * the command that fixes it, rather than tightening the mode silently behind the operator's back.
 */
import { randomBytes } from 'node:crypto';
import { chmodSync, lstatSync, readdirSync } from 'node:fs';
import { mkdir, rm, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

/** Owner-only files and directories for everything this process creates (0600 files, 0700 directories). */
export const PRIVATE_UMASK = 0o077;

export class DataDirError extends Error {}

/**
 * Creates `dir` (and missing parents) with mode 0700, then checks it: a directory, no access for group or other
 * users, writable by this process. `what` names it in errors ("data dir", "BFF data dir").
 */
export async function preparePrivateDir(dir: string, what: string): Promise<void> {
  await makePrivateDir(dir, what);
  await assertWritable(dir, what);
}

/** preparePrivateDir without the write probe: for directories checked on every use, not only at start. */
export async function makePrivateDir(dir: string, what: string): Promise<void> {
  try {
    await mkdir(dir, { recursive: true, mode: 0o700 });
  } catch (error) {
    throw new DataDirError(`${what} ${dir} could not be created: ${describeFsError(error)}`);
  }
  const info = await stat(dir);
  if (!info.isDirectory()) throw new DataDirError(`${what} ${dir} is not a directory`);
  const open = info.mode & 0o077;
  if (open) {
    throw new DataDirError(
      `${what} ${dir} is ${openTo(open)} (mode ${(info.mode & 0o777).toString(8).padStart(4, '0')}): run chmod 700 ${shellQuote(dir)}`,
    );
  }
}

/** Writes and removes a probe file: the mode bits do not tell about read-only mounts or, for root, about anything. */
export async function assertWritable(dir: string, what: string): Promise<void> {
  const probe = join(dir, `.write-check-${randomBytes(6).toString('hex')}`);
  try {
    await writeFile(probe, '', { mode: 0o600 });
  } catch (error) {
    throw new DataDirError(`${what} ${dir} is not writable: ${describeFsError(error)}`);
  }
  await rm(probe, { force: true });
}

/**
 * Takes group and other users' access off everything under `dir` (symbolic links are left alone). For files a
 * library creates with explicit modes that ignore the umask (PGlite writes its initial database files 0666).
 * Synchronous: it runs once at start, over about a thousand files, where a promise per file cost seconds.
 */
export function tightenTree(dir: string): void {
  const tighten = (file: string) => {
    const { mode } = lstatSync(file);
    if (mode & 0o077) chmodSync(file, mode & 0o700);
  };
  tighten(dir);
  const walk = (current: string) => {
    for (const entry of readdirSync(current, { withFileTypes: true })) {
      if (entry.isSymbolicLink()) continue;
      const file = join(current, entry.name);
      tighten(file);
      if (entry.isDirectory()) walk(file);
    }
  };
  walk(dir);
}

function openTo(bits: number): string {
  const parts: string[] = [];
  const who = (shift: number, name: string) => {
    const access = [
      bits & (0o4 << shift) ? 'readable' : '',
      bits & (0o2 << shift) ? 'writable' : '',
      bits & (0o1 << shift) ? 'searchable' : '',
    ].filter(Boolean);
    if (access.length)
      parts.push(`${access.slice(0, -1).join(', ')}${access.length > 1 ? ' and ' : ''}${access.at(-1)} by ${name}`);
  };
  who(3, 'its group');
  who(0, 'other users');
  return parts.join(', ');
}

function describeFsError(error: unknown): string {
  const { code, message } = error as NodeJS.ErrnoException;
  if (code === 'EROFS') return 'the file system is mounted read-only';
  if (code === 'EACCES' || code === 'EPERM') return 'permission denied';
  if (code === 'ENOSPC') return 'no space left on the device';
  return code ?? message;
}

function shellQuote(text: string): string {
  return /^[\w./@%+=:,-]+$/.test(text) ? text : `'${text.replaceAll("'", `'\\''`)}'`;
}
