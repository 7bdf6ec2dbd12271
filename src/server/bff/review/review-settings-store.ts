/**
 * The organization's review settings (one console = one organization): how long a run may wait for review before
 * the console marks it. The interface every store implements (here, and PgReviewSettings in PostgreSQL), and the
 * default store, one JSON file `<data>/bff/review-settings.json` written atomically.
 */
import { join } from 'node:path';
import { bffDir, readJsonFile, writeFileAtomic } from '@/server/bff/foundation/data-files';

export interface StoredReviewSettings {
  maxWaitMinutes: number;
  updatedBy: string;
  /** Epoch ms (the BFF's clock). */
  updatedAt: number;
}

export interface ReviewSettingsStore {
  /** Undefined until an admin sets them (the defaults apply). */
  get(): Promise<StoredReviewSettings | undefined>;
  set(settings: StoredReviewSettings): Promise<void>;
}

export class FileReviewSettings implements ReviewSettingsStore {
  private readonly path: string;

  constructor(dataDir: string) {
    this.path = join(bffDir(dataDir), 'review-settings.json');
  }

  get(): Promise<StoredReviewSettings | undefined> {
    return readJsonFile<StoredReviewSettings>(this.path);
  }

  set(settings: StoredReviewSettings): Promise<void> {
    return writeFileAtomic(this.path, JSON.stringify(settings));
  }
}
