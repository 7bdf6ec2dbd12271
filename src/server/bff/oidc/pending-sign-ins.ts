/**
 * OpenID Connect sign-ins sent to the provider and not yet back. What the callback must check (state, nonce, the PKCE
 * verifier) and where to go afterwards stay in the BFF's state store, shared by every instance; the browser holds
 * only a random key in a short-lived cookie. Taking a pending sign-in deletes it: a callback is answered once.
 */
import { readdir, readFile, rename, stat, unlink } from 'node:fs/promises';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import {
  bffDir,
  CREDENTIAL_PATTERN,
  credentialFileName,
  randomCredential,
  removeFile,
  writeFileAtomic,
} from '@/server/bff/foundation/data-files';

export interface PendingSignIn {
  state: string;
  nonce: string;
  codeVerifier: string;
  /** The callback URL sent to the provider (the token request must repeat it). */
  redirectUri: string;
  /** The same-origin path to open after sign-in. */
  redirect: string;
  expiresAt: number;
}

export interface PendingSignIns {
  /** Keeps a pending sign-in; resolves with the key the browser's cookie holds. */
  put(pending: PendingSignIn): Promise<string>;
  /** The pending sign-in under this key, removed on the way; null when unknown, taken already, or expired. */
  take(key: string | undefined): Promise<PendingSignIn | null>;
}

/** How long a sign-in may take at the provider (a password, a second factor) before it has to start over. */
export const PENDING_SIGN_IN_TTL_MS = 10 * 60_000;

export function parsePending(text: string): PendingSignIn | null {
  try {
    const value = JSON.parse(text) as Partial<PendingSignIn>;
    const strings = [value.state, value.nonce, value.codeVerifier, value.redirectUri, value.redirect];
    if (strings.every((s) => typeof s === 'string') && typeof value.expiresAt === 'number') {
      return value as PendingSignIn;
    }
  } catch {
    // malformed: nobody's
  }
  return null;
}

/** One file each in `<data>/bff/oidc-pending/`, named by the SHA-256 of the key; taken by an atomic rename. */
export class FilePendingSignIns implements PendingSignIns {
  private readonly dir: string;

  constructor(
    dataDir: string,
    private readonly now: () => number = Date.now,
  ) {
    this.dir = join(bffDir(dataDir), 'oidc-pending');
  }

  async put(pending: PendingSignIn): Promise<string> {
    await this.removeExpired();
    const key = randomCredential();
    await writeFileAtomic(join(this.dir, `${credentialFileName(key)}.json`), JSON.stringify(pending));
    return key;
  }

  async take(key: string | undefined): Promise<PendingSignIn | null> {
    if (!key || !CREDENTIAL_PATTERN.test(key)) return null;
    const path = join(this.dir, `${credentialFileName(key)}.json`);
    // Whichever instance renames it first has it; a second callback with the same cookie finds nothing.
    const claimed = `${path}.${randomBytes(6).toString('hex')}.taken`;
    try {
      await rename(path, claimed);
    } catch {
      return null;
    }
    try {
      const pending = parsePending(await readFile(claimed, 'utf8'));
      return pending && this.now() < pending.expiresAt ? pending : null;
    } finally {
      await removeFile(claimed);
    }
  }

  /** Sign-ins never finished leave a file: gone once older than the time a sign-in may take. */
  private async removeExpired(): Promise<void> {
    let names: string[];
    try {
      names = await readdir(this.dir);
    } catch {
      return;
    }
    const now = this.now();
    for (const name of names) {
      const path = join(this.dir, name);
      const stats = await stat(path).catch(() => undefined);
      if (stats && now - stats.mtimeMs > PENDING_SIGN_IN_TTL_MS) await unlink(path).catch(() => undefined);
    }
  }
}
