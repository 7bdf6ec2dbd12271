/**
 * Small files in the BFF's data dir (`<DPS_DATA_DIR>/bff/`): written atomically (temp file + rename) with mode 0600,
 * so two BFF instances sharing the dir, or the operator CLI running beside a BFF, never see half a file.
 */
import { randomBytes, createHash } from 'node:crypto';
import { readFile, rename, writeFile, unlink } from 'node:fs/promises';
import { join, dirname } from 'node:path';
import { makePrivateDir } from '@/server/shared/private-dir';

export function bffDir(dataDir: string): string {
  return join(dataDir, 'bff');
}

/** Creates `path` 0700; refuses (DataDirError naming the chmod) a directory other local users can open. */
export async function ensureDir(path: string): Promise<void> {
  await makePrivateDir(path, 'BFF data dir');
}

export async function writeFileAtomic(path: string, content: string): Promise<void> {
  await ensureDir(dirname(path));
  const temp = `${path}.${randomBytes(6).toString('hex')}.tmp`;
  await writeFile(temp, content, { mode: 0o600 });
  await rename(temp, path);
}

/** The parsed JSON file, or undefined when it does not exist. */
export async function readJsonFile<T>(path: string): Promise<T | undefined> {
  try {
    return JSON.parse(await readFile(path, 'utf8')) as T;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}

export async function removeFile(path: string): Promise<boolean> {
  try {
    await unlink(path);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return false;
    throw error;
  }
}

/** A random credential (session id, launch token): 32 bytes, base64url (43 chars). */
export function randomCredential(): string {
  return randomBytes(32).toString('base64url');
}

export const CREDENTIAL_PATTERN = /^[A-Za-z0-9_-]{43}$/;

/** Files are named by the hash of the credential, so a directory listing reveals no usable credential. */
export function credentialFileName(credential: string): string {
  return createHash('sha256').update(credential).digest('hex');
}
