/** Key/value facts about the installation itself (table `service_state`), e.g. what the first start created. */
import { eq } from 'drizzle-orm';
import { schema, type Executor } from '..';

export async function readServiceState<T>(db: Executor, key: string): Promise<T | undefined> {
  const [row] = await db.select().from(schema.serviceState).where(eq(schema.serviceState.key, key));
  return row?.value as T | undefined;
}

/**
 * Takes `key` for this caller by writing an empty value unless the key exists: true when this call wrote it. Two
 * instances starting on one database race here; exactly one wins (the other sees the winner's row once it commits).
 */
export async function claimServiceState(db: Executor, key: string): Promise<boolean> {
  const inserted = await db
    .insert(schema.serviceState)
    .values({ key, value: {} })
    .onConflictDoNothing()
    .returning({ key: schema.serviceState.key });
  return inserted.length > 0;
}

export async function writeServiceState(db: Executor, key: string, value: unknown): Promise<void> {
  await db.update(schema.serviceState).set({ value }).where(eq(schema.serviceState.key, key));
}
