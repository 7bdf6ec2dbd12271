/**
 * For a test file that runs its BFFs on each state store: the file store always, and the PostgreSQL store (a fresh
 * schema per BFF, dropped at the end) when DPS_DATABASE_URL names a server. Registers its own beforeAll/afterAll: one
 * echo upstream, and every BFF started closed and cleaned up at the end.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll } from 'vitest';
import { dropBffSchema } from '@/server/bff/state/postgres/bff-database';
import { startEchoUpstream, type EchoUpstream } from './echo-upstream';
import { startBff, type RunningBff } from './bff-harness';

const databaseUrl = process.env.DPS_DATABASE_URL;

export type StoreKind = 'files' | 'postgres';

/** The stores this run can test. */
export const STORE_KINDS: StoreKind[] = (['files', 'postgres'] as const).filter(
  (kind) => kind === 'files' || databaseUrl,
);

type BffOptions = NonNullable<Parameters<typeof startBff>[1]>;

export function bffsOnEachStore(): { start(kind: StoreKind, options?: BffOptions): Promise<RunningBff> } {
  let echo: EchoUpstream;
  const running: RunningBff[] = [];
  const schemas: string[] = [];
  beforeAll(async () => {
    echo = await startEchoUpstream();
  });
  afterAll(async () => {
    for (const bff of running) {
      await bff.close();
      bff.cleanup();
    }
    for (const schema of schemas) await dropBffSchema(databaseUrl!, schema);
    await echo?.close();
  });
  return {
    async start(kind, options = {}) {
      const schema = `bff_t_${randomBytes(6).toString('hex')}`;
      if (kind === 'postgres') schemas.push(schema);
      const database = kind === 'postgres' ? { database: { url: databaseUrl!, schema } } : {};
      const bff = await startBff(echo, { ...options, config: { ...options.config, ...database } });
      running.push(bff);
      return bff;
    },
  };
}
