/**
 * For a test file that runs its BFFs on each state store: the file store always, and the PostgreSQL store (a fresh
 * schema per BFF, dropped at the end) when DPS_DATABASE_URL names a server. Registers its own beforeAll/afterAll: one
 * echo upstream, and every BFF started closed and cleaned up at the end. `beside` starts a second instance on a
 * BFF's state.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll } from 'vitest';
import { dropBffSchema } from '@/server/bff/state/postgres/bff-database';
import { startEchoUpstream, type EchoUpstream } from './echo-upstream';
import type { BffConfig } from '@/server/bff/config';
import { startBff, type RunningBff } from './bff-harness';

const databaseUrl = process.env.DPS_DATABASE_URL;

export type StoreKind = 'files' | 'postgres';

/** The stores this run can test. */
export const STORE_KINDS: StoreKind[] = (['files', 'postgres'] as const).filter(
  (kind) => kind === 'files' || databaseUrl,
);

type BffOptions = NonNullable<Parameters<typeof startBff>[1]>;

export function bffsOnEachStore(): {
  start(kind: StoreKind, options?: BffOptions): Promise<RunningBff>;
  /** One more instance on the state of `first` (its data dir, and its schema on PostgreSQL): behind one balancer. */
  beside(first: RunningBff, options?: BffOptions): Promise<RunningBff>;
} {
  let echo: EchoUpstream;
  const running: RunningBff[] = [];
  const schemas: string[] = [];
  const databases = new Map<RunningBff, Partial<BffConfig>>();
  beforeAll(async () => {
    echo = await startEchoUpstream();
  });
  afterAll(async () => {
    // All closed before any data dir goes: an instance started `beside` another shares its dir.
    for (const bff of running) await bff.close();
    for (const bff of running) bff.cleanup();
    for (const schema of schemas) await dropBffSchema(databaseUrl!, schema);
    await echo?.close();
  });
  async function launch(database: Partial<BffConfig>, options: BffOptions): Promise<RunningBff> {
    const bff = await startBff(echo, { ...options, config: { ...options.config, ...database } });
    running.push(bff);
    databases.set(bff, database);
    return bff;
  }
  return {
    start(kind, options = {}) {
      const schema = `bff_t_${randomBytes(6).toString('hex')}`;
      if (kind === 'postgres') schemas.push(schema);
      return launch(kind === 'postgres' ? { database: { url: databaseUrl!, schema } } : {}, options);
    },
    beside(first, options = {}) {
      return launch(databases.get(first) ?? {}, { ...options, dataDir: first.dataDir });
    },
  };
}
