/**
 * Review holds: which operator holds which agent run for review (DESIGN.md §4–5). The interface every store
 * implements (here, and PgReviewHolds in PostgreSQL), and the default store, one JSON file per held run in
 * `<data>/bff/review-holds/`, shared by every BFF instance on the data dir.
 *
 * Each change that decides something is atomic, so that of two instances (or two tabs) racing, exactly one wins:
 * taking a run creates its file with link(2), which fails when it exists; ending a hold renames the file away, which
 * only one caller can do.
 */
import { createHash, randomBytes } from 'node:crypto';
import { link, readdir, readFile, rename, unlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { bffDir, ensureDir, readJsonFile, removeFile, writeFileAtomic } from '@/server/bff/foundation/data-files';

export interface StoredReviewHold {
  runId: string;
  agentId: string;
  validationId: string;
  taskId: string;
  documentId: string | null;
  /** The operator account that holds it (`SessionOwner.accountId`) and its name when it took it. */
  holderAccountId: string;
  holderName: string;
  /** Epoch ms (the BFF's clock). */
  since: number;
  keptAliveAt: number;
}

export interface ReviewHoldStore {
  /** Records the hold unless the run is held already: true when this call took it. */
  claim(hold: StoredReviewHold): Promise<boolean>;
  get(runId: string): Promise<StoredReviewHold | undefined>;
  /** The hold on a validation task (the BFF checks a reviewer's task writes against it). */
  byTask(taskId: string): Promise<StoredReviewHold | undefined>;
  /** Every hold, or one agent's; oldest first. */
  list(agentId?: string): Promise<StoredReviewHold[]>;
  /** A sign of life from the holder: moves `keptAliveAt`. Undefined when the run is no longer held by that account. */
  keepAlive(runId: string, holderAccountId: string, at: number): Promise<StoredReviewHold | undefined>;
  /** Hands the hold to another operator (an admin's take-over). Undefined when the run is not held. */
  transfer(
    runId: string,
    holder: { accountId: string; name: string },
    at: number,
  ): Promise<StoredReviewHold | undefined>;
  /**
   * Ends the hold and answers it, to exactly one caller. With `keptAliveBefore`, only a hold last kept alive before
   * that time ends (an expiry), so a hold its tab just kept alive stays.
   */
  remove(runId: string, condition?: { keptAliveBefore: number }): Promise<StoredReviewHold | undefined>;
}

/** Files are named by a hash of the run id: fixed length, no path characters whatever the id. */
const fileName = (runId: string) => `${createHash('sha256').update(runId).digest('hex')}.json`;

const byAge = (a: StoredReviewHold, b: StoredReviewHold) => a.since - b.since || a.runId.localeCompare(b.runId);

export class FileReviewHolds implements ReviewHoldStore {
  private readonly dir: string;

  constructor(dataDir: string) {
    this.dir = join(bffDir(dataDir), 'review-holds');
  }

  private path(runId: string): string {
    return join(this.dir, fileName(runId));
  }

  async claim(hold: StoredReviewHold): Promise<boolean> {
    await ensureDir(this.dir);
    // Written whole under a temporary name first, then linked into place: the hold's file never exists half-written.
    const temp = join(this.dir, `.${randomBytes(8).toString('hex')}.tmp`);
    await writeFile(temp, JSON.stringify(hold), { mode: 0o600 });
    try {
      await link(temp, this.path(hold.runId));
      return true;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
      throw error;
    } finally {
      await unlink(temp).catch(() => {});
    }
  }

  async get(runId: string): Promise<StoredReviewHold | undefined> {
    return readJsonFile<StoredReviewHold>(this.path(runId));
  }

  async byTask(taskId: string): Promise<StoredReviewHold | undefined> {
    return (await this.list()).find((hold) => hold.taskId === taskId);
  }

  async list(agentId?: string): Promise<StoredReviewHold[]> {
    let names: string[];
    try {
      names = await readdir(this.dir);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
      throw error;
    }
    const holds: StoredReviewHold[] = [];
    for (const name of names.filter((n) => n.endsWith('.json') && !n.startsWith('.'))) {
      const hold = await readJsonFile<StoredReviewHold>(join(this.dir, name)).catch(() => undefined);
      if (hold && (agentId === undefined || hold.agentId === agentId)) holds.push(hold);
    }
    return holds.sort(byAge);
  }

  async keepAlive(runId: string, holderAccountId: string, at: number): Promise<StoredReviewHold | undefined> {
    const hold = await this.get(runId);
    if (!hold || hold.holderAccountId !== holderAccountId) return undefined;
    const kept = { ...hold, keptAliveAt: Math.max(hold.keptAliveAt, at) };
    // Not atomic with an expiry ending the hold between the read and the write (files have no compare-and-swap); a
    // hold only expires after a whole hold time without a sign of life, so the two meet only at that very instant.
    // PostgreSQL (several instances) decides it in one statement.
    await writeFileAtomic(this.path(runId), JSON.stringify(kept));
    return kept;
  }

  async transfer(runId: string, holder: { accountId: string; name: string }, at: number) {
    const hold = await this.get(runId);
    if (!hold) return undefined;
    const moved = { ...hold, holderAccountId: holder.accountId, holderName: holder.name, since: at, keptAliveAt: at };
    await writeFileAtomic(this.path(runId), JSON.stringify(moved));
    return moved;
  }

  async remove(runId: string, condition?: { keptAliveBefore: number }): Promise<StoredReviewHold | undefined> {
    const path = this.path(runId);
    if (condition) {
      const hold = await this.get(runId);
      if (!hold || hold.keptAliveAt >= condition.keptAliveBefore) return undefined;
    }
    // Renamed away first: of several callers, only one finds the file to rename.
    const removing = `${path}.${randomBytes(6).toString('hex')}.removing`;
    try {
      await rename(path, removing);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
      throw error;
    }
    const hold = JSON.parse(await readFile(removing, 'utf8')) as StoredReviewHold;
    if (condition && hold.keptAliveAt >= condition.keptAliveBefore) {
      // Kept alive between the check and the rename: it stays held (unless someone took the run meanwhile).
      await link(removing, path).catch(() => {});
      await removeFile(removing);
      return undefined;
    }
    await removeFile(removing);
    return hold;
  }
}
