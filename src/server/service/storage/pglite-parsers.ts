/**
 * Drizzle passes its own value parsers with every PGlite query — timestamps, dates, intervals and their arrays kept as
 * the text PostgreSQL sends — and PGlite merges them into a fresh copy of its ~320 type parsers on every query
 * before it reads a row (`{...client.parsers, ...options.parsers}`). Measured here: 40–90 µs a statement, a fifth
 * of the whole read of one document. So the client keeps those parsers itself, once, and a query that passes just
 * them passes none: every row parses exactly as before.
 *
 * Only Drizzle's set is dropped (these types, each giving back the text it gets); any other parsers a caller passes
 * go through. The client's own queries (statistics upkeep, file chunks) read none of these types.
 */
import { types, type PGlite, type QueryOptions, type Transaction } from '@electric-sql/pglite';

/** The types Drizzle keeps as text: timestamp, timestamptz, interval, date, and numeric[], timestamp[], timestamptz[], interval[], date[]. */
const AS_TEXT: readonly number[] = [
  types.TIMESTAMP,
  types.TIMESTAMPTZ,
  types.INTERVAL,
  types.DATE,
  1231,
  1115,
  1185,
  1187,
  1182,
];
const asText = (value: string) => value;
const PROBE = '2001-02-03 04:05:06+00';

/** Whether `parsers` is Drizzle's set: exactly the AS_TEXT types, each giving back what it gets. */
export function isTextParsers(parsers: QueryOptions['parsers']): boolean {
  if (!parsers) return false;
  let count = 0;
  for (const key in parsers) {
    const parser = parsers[key as unknown as number];
    if (!AS_TEXT.includes(Number(key)) || typeof parser !== 'function' || parser(PROBE) !== PROBE) return false;
    count++;
  }
  return count === AS_TEXT.length;
}

type Query = PGlite['query'];

function withoutTextParsers(client: PGlite, query: Query): Query {
  return ((statement: string, params?: unknown[], options?: QueryOptions) => {
    if (!options || !isTextParsers(options.parsers)) return query(statement, params, options);
    // Set again if anything replaced them since (PGlite rebuilds its array parsers on refreshArrayTypes()).
    for (const type of AS_TEXT) if (client.parsers[type] !== asText) client.parsers[type] = asText;
    const { parsers: _dropped, ...rest } = options;
    return query(statement, params, rest);
  }) as Query;
}

/** Gives `client` Drizzle's text parsers and drops them from each query (and each transaction's) that passes them. */
export function keepTimesAsText(client: PGlite): void {
  for (const type of AS_TEXT) client.parsers[type] = asText;
  client.query = withoutTextParsers(client, client.query.bind(client));
  const transaction = client.transaction.bind(client);
  client.transaction = (<T>(work: (tx: Transaction) => Promise<T>) =>
    transaction((tx) => {
      tx.query = withoutTextParsers(client, tx.query.bind(tx));
      return work(tx);
    })) as PGlite['transaction'];
}
