/**
 * Back-channel logout tokens answered already (OpenID Connect Back-Channel Logout 1.0 §2.6 step 8): each verified
 * token's issuer and jti, shared by every BFF instance, so a captured token replayed later ends no session. An entry
 * is kept only while its token could still be accepted (the caller says until when), then removed on the way.
 */
import { createHash } from 'node:crypto';
import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { bffDir, ensureDir, removeFile } from '@/server/bff/foundation/data-files';

export interface SeenLogoutTokens {
  /**
   * Records the token (issuer, jti) until `expiresAt` (epoch ms). True the first time; false when it was seen and
   * has not expired — atomically: of two instances remembering the same token at once, one gets true.
   */
  remember(issuer: string, jti: string, expiresAt: number): Promise<boolean>;
}

/** The key of a token: the SHA-256 of issuer and jti, unambiguous (JSON) and of fixed length whatever the jti. */
export function seenLogoutTokenKey(issuer: string, jti: string): string {
  return createHash('sha256')
    .update(JSON.stringify([issuer, jti]))
    .digest('hex');
}

/** A file still empty this long after it was created was left by a writer that stopped (wall clock: file times). */
const ABANDONED_AFTER_MS = 60_000;

/** An entry's expiry as written in its file; NaN while its writer has not written it yet (an empty file). */
const expiryOf = (text: string) => (text.trim() === '' ? Number.NaN : Number(text));

/**
 * One file each in `<data>/bff/oidc-seen-logout/`, named by the key and holding its expiry; created exclusively
 * (`wx`), so whichever instance creates it first has the token.
 */
export class FileSeenLogoutTokens implements SeenLogoutTokens {
  private readonly dir: string;

  constructor(
    dataDir: string,
    private readonly now: () => number = Date.now,
  ) {
    this.dir = join(bffDir(dataDir), 'oidc-seen-logout');
  }

  async remember(issuer: string, jti: string, expiresAt: number): Promise<boolean> {
    await ensureDir(this.dir);
    await this.removeExpired();
    const path = join(this.dir, seenLogoutTokenKey(issuer, jti));
    if (await this.create(path, expiresAt)) return true;
    // Seen: refused while live. An expired entry the sweep above missed (it expired just now) makes way once.
    if (!this.expired(await this.read(path))) return false;
    await removeFile(path);
    return this.create(path, expiresAt);
  }

  private async create(path: string, expiresAt: number): Promise<boolean> {
    try {
      await writeFile(path, String(expiresAt), { flag: 'wx', mode: 0o600 });
      return true;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
      throw error;
    }
  }

  private async read(path: string): Promise<string | undefined> {
    try {
      return await readFile(path, 'utf8');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
      throw error;
    }
  }

  /** Gone (undefined) or past its expiry; a file still being written (empty) is live. */
  private expired(text: string | undefined): boolean {
    return text === undefined || expiryOf(text) <= this.now();
  }

  /**
   * Keeps the directory small: entries past their expiry are removed before each new one, and so is a file a writer
   * left empty (it stopped between create and write) once its mtime is older than any writer takes.
   */
  private async removeExpired(): Promise<void> {
    const now = this.now();
    for (const name of await readdir(this.dir)) {
      const path = join(this.dir, name);
      const text = await this.read(path);
      if (text === undefined) continue;
      const expiry = expiryOf(text);
      const unwritten = Number.isNaN(expiry) ? await stat(path).catch(() => undefined) : undefined;
      const abandoned = unwritten !== undefined && unwritten.mtimeMs < Date.now() - ABANDONED_AFTER_MS;
      if (expiry <= now || abandoned) await removeFile(path);
    }
  }
}
