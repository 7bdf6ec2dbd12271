/**
 * Preloaded into the service's process by ./writes.ts (`node --import tsx --import <this file>`), never by the
 * service itself: records every statement the service sends to PostgreSQL — text and parameters, one JSON line each —
 * to the file `DPS_BENCH_CAPTURE_FILE` while capturing is on. SIGUSR2 turns it on and off, so the bench records
 * exactly the statements of one request it sends in between, and pgbench then runs those very statements.
 */
import { appendFileSync } from 'node:fs';
import pg from 'pg';

const file = process.env.DPS_BENCH_CAPTURE_FILE;
let capturing = false;
if (file) {
  process.on('SIGUSR2', () => {
    capturing = !capturing;
  });
  const query = pg.Client.prototype.query as (...args: unknown[]) => unknown;
  pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
    if (capturing) {
      const [config, values] = args as [unknown, unknown];
      const text = typeof config === 'string' ? config : (config as { text?: unknown }).text;
      const params = typeof config === 'string' ? values : ((config as { values?: unknown }).values ?? values);
      // A prepared statement's name too, so a floor replaying the statements prepares the same ones.
      const name = typeof config === 'string' ? undefined : (config as { name?: unknown }).name;
      if (typeof text === 'string') appendFileSync(file, `${JSON.stringify({ text, params: params ?? [], name })}\n`);
    }
    return query.apply(this, args);
  } as typeof pg.Client.prototype.query;
}
