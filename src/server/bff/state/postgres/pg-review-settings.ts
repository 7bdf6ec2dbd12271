/** The organization's review settings in PostgreSQL (see review/review-settings-store.ts): one row, upserted. */
import { eq } from 'drizzle-orm';
import type { ReviewSettingsStore, StoredReviewSettings } from '@/server/bff/review/review-settings-store';
import type { BffDatabase } from './bff-database';
import { reviewSettings } from './bff-schema';

const KEY = 'organization';

export class PgReviewSettings implements ReviewSettingsStore {
  constructor(private readonly database: BffDatabase) {}

  async get(): Promise<StoredReviewSettings | undefined> {
    const [row] = await this.database.db.select().from(reviewSettings).where(eq(reviewSettings.key, KEY));
    return row ? { maxWaitMinutes: row.maxWaitMinutes, updatedBy: row.updatedBy, updatedAt: row.updatedMs } : undefined;
  }

  async set(settings: StoredReviewSettings): Promise<void> {
    const values = {
      maxWaitMinutes: settings.maxWaitMinutes,
      updatedBy: settings.updatedBy,
      updatedMs: settings.updatedAt,
    };
    await this.database.db
      .insert(reviewSettings)
      .values({ key: KEY, ...values })
      .onConflictDoUpdate({ target: reviewSettings.key, set: values });
  }
}
