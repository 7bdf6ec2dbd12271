/**
 * On PostgreSQL, every parameterised statement becomes a named prepared statement of its connection, so the server
 * parses and plans each distinct text once per connection instead of on every request. Measured on this project's
 * 2-core machine: the caller lookup (authenticate.ts) took 0.8–1.5 ms per execution unprepared and 0.17–0.23 ms
 * prepared — planning its JSON subqueries was most of its cost.
 *
 * Drizzle sends the same text for the same query shape with values as parameters, so the set of texts is small;
 * it is capped anyway (texts beyond the cap run unprepared, as before). A statement without parameters may hold
 * several commands (migrations) and is left alone. PostgreSQL re-plans a prepared statement by itself when a table
 * it reads changes.
 */
import { createHash } from 'node:crypto';
import type pg from 'pg';

const MAX_STATEMENTS = 2_000;
const names = new Map<string, string>();

function nameOf(text: string): string | undefined {
  let name = names.get(text);
  if (!name && names.size < MAX_STATEMENTS) {
    name = `dps_${createHash('sha256').update(text).digest('hex').slice(0, 24)}`;
    names.set(text, name);
  }
  return name;
}

type QueryConfig = { text?: unknown; name?: unknown; values?: unknown };

export function prepareRepeatedStatements(client: pg.Client): void {
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  client.query = ((config: unknown, values?: unknown, callback?: unknown) => {
    const named = withName(config, values);
    return callback === undefined ? query(named, values) : query(named, values, callback);
  }) as pg.Client['query'];
}

function withName(config: unknown, values: unknown): unknown {
  // Strings, and submittables (cursors, streams) that drive the protocol themselves, go as they are.
  if (!config || typeof config !== 'object' || 'submit' in config) return config;
  const { text, name, values: own } = config as QueryConfig;
  const parameters = values ?? own;
  if (name || typeof text !== 'string' || !Array.isArray(parameters) || parameters.length === 0) return config;
  const prepared = nameOf(text);
  return prepared ? { ...config, name: prepared } : config;
}
