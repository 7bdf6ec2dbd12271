/**
 * One-time launch links: a random token printed at start that signs the local operator in as admin once, within a
 * short time. By default kept as files in the data dir (named by the token's hash) so any BFF instance can redeem
 * it — and only one can: redeeming renames the file first, an atomic step exactly one caller wins.
 */
import { randomBytes } from 'node:crypto';
import { readdir, rename } from 'node:fs/promises';
import { join } from 'node:path';
import {
  bffDir,
  CREDENTIAL_PATTERN,
  credentialFileName,
  ensureDir,
  randomCredential,
  readJsonFile,
  removeFile,
  writeFileAtomic,
} from '@/server/bff/foundation/data-files';

interface LaunchLinkFile {
  expiresAt: number;
}

/** The operator a launch link signs in; its account id is no account's (those are hex), its name is reserved. */
export const LAUNCH_OPERATOR = { accountId: 'launch-link', name: 'local-admin', role: 'admin' } as const;

/** Where launch links live: files (FileLaunchLinks) or PostgreSQL (PgLaunchLinks); either way one redeem wins. */
export interface LaunchLinks {
  /** A new token, valid for the configured time. */
  issue(): Promise<string>;
  /** True exactly once for a valid, unexpired token, whichever instance asks. */
  redeem(token: unknown): Promise<boolean>;
}

export class FileLaunchLinks implements LaunchLinks {
  private readonly dir: string;

  constructor(
    dataDir: string,
    private readonly ttlMs: number,
    private readonly now: () => number = Date.now,
  ) {
    this.dir = join(bffDir(dataDir), 'launch-links');
  }

  /** A new token, valid for the configured time; expired leftovers are cleared on the way. */
  async issue(): Promise<string> {
    await ensureDir(this.dir);
    await this.removeExpired();
    const token = randomCredential();
    await writeFileAtomic(
      join(this.dir, `${credentialFileName(token)}.json`),
      JSON.stringify({ expiresAt: this.now() + this.ttlMs }),
    );
    return token;
  }

  /** True exactly once for a valid, unexpired token. */
  async redeem(token: unknown): Promise<boolean> {
    if (typeof token !== 'string' || !CREDENTIAL_PATTERN.test(token)) return false;
    const path = join(this.dir, `${credentialFileName(token)}.json`);
    const claimed = `${path}.redeemed-${randomBytes(6).toString('hex')}`;
    try {
      await rename(path, claimed);
    } catch {
      return false; // unknown, or already redeemed by someone else
    }
    try {
      const file = await readJsonFile<LaunchLinkFile>(claimed);
      return Boolean(file && this.now() < file.expiresAt);
    } finally {
      await removeFile(claimed);
    }
  }

  private async removeExpired(): Promise<void> {
    for (const name of await readdir(this.dir)) {
      const path = join(this.dir, name);
      if (!name.endsWith('.json')) {
        if (name.includes('.redeemed-')) await removeFile(path);
        continue;
      }
      const file = await readJsonFile<LaunchLinkFile>(path).catch(() => undefined);
      if (!file || this.now() >= file.expiresAt) await removeFile(path);
    }
  }
}
