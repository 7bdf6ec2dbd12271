/**
 * List continuation tokens. A token names the last row of a page by its place in the organization's own order —
 * `(created_time, id)`, never a service-wide counter, so a token tells an organization nothing about another's
 * activity — and is signed with HMAC-SHA256 under a key kept in the database (`signing_keys`, made by migration
 * 0004), so every service instance on one database issues and accepts the same tokens.
 *
 * The signature also covers the organization and the list the token was issued for (family, filters, order, time
 * bounds), which the token does not carry: it verifies only on that organization's same list. A changed, foreign or
 * malformed token is 400 naming `nextToken`.
 *
 * Rows are read in `(created_time, id)` order, a total order fixed at insert, so a page never repeats or skips a row
 * that existed when the listing started, however many rows are inserted meanwhile.
 *
 * Token text: base64url(JSON [createdTime, id]) "." base64url(HMAC), both canonical (re-encoding must give them back).
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { asc, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { badRequest } from '@/server/service/http-error';
import type { Executor } from './database';
import { signingKeys } from './schema';

export type ListOrder = 'asc' | 'desc';

/** Where the next page starts after: the last row's creation time (ISO 8601, microseconds, UTC) and id. */
export interface ListPosition {
  createdTime: string;
  id: string;
}

/** What a token is bound to. `list` is a canonical description of the list (see `describeList`). */
export interface ListBinding {
  organizationId: string;
  list: string;
}

const KEY_PURPOSE = 'list-token';
const INVALID =
  'nextToken is not a continuation token of this list (it is malformed, changed, or was issued for another list)';
const ISO_MICROS = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/;
/** Far above any id or token this service makes; refused before any work. */
const MAX_TOKEN_LENGTH = 2048;

const keys = new WeakMap<object, Promise<Buffer>>();

/** The signing key, read once per database handle (it never changes). */
function signingKey(db: Executor): Promise<Buffer> {
  let key = keys.get(db);
  if (!key) {
    key = db
      .select({ key: signingKeys.key })
      .from(signingKeys)
      .where(eq(signingKeys.purpose, KEY_PURPOSE))
      .then(([row]) => {
        if (!row) throw new Error('signing key for list tokens is missing (migration 0004 not applied)');
        return Buffer.from(row.key);
      });
    keys.set(db, key);
    key.catch(() => keys.delete(db));
  }
  return key;
}

/**
 * One string per distinct list: its family, order and filters with undefined dropped, keys sorted, and the values of
 * a multi-valued filter sorted and deduplicated (`status=a&status=b` is the same list as `status=b&status=a`).
 */
export function describeList(family: string, order: ListOrder, filters: Record<string, unknown> = {}): string {
  const normalized = Object.entries(filters)
    .filter(([, value]) => value !== undefined)
    .map(([key, value]) => [key, Array.isArray(value) ? [...new Set(value.map(String))].sort() : value] as const)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return JSON.stringify([family, order, normalized]);
}

function mac(key: Buffer, binding: ListBinding, payload: string): Buffer {
  return createHmac('sha256', key)
    .update(JSON.stringify(['list-token/1', binding.organizationId, binding.list, payload]))
    .digest();
}

export async function encodeNextToken(db: Executor, binding: ListBinding, position: ListPosition): Promise<string> {
  const payload = Buffer.from(JSON.stringify([position.createdTime, position.id])).toString('base64url');
  return `${payload}.${mac(await signingKey(db), binding, payload).toString('base64url')}`;
}

/** The position to continue after; 400 naming `nextToken` unless the token was issued for exactly this list. */
export async function decodeNextToken(db: Executor, binding: ListBinding, token: string): Promise<ListPosition> {
  const parts = token.length <= MAX_TOKEN_LENGTH ? token.split('.') : [];
  if (parts.length !== 2) throw badRequest(INVALID);
  const [payload, signature] = parts;
  const given = Buffer.from(signature, 'base64url');
  const expected = mac(await signingKey(db), binding, payload);
  const canonical = given.toString('base64url') === signature;
  if (!canonical || given.length !== expected.length || !timingSafeEqual(given, expected)) throw badRequest(INVALID);
  let position: unknown;
  try {
    position = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
  } catch {
    throw badRequest(INVALID);
  }
  // Signed by us, so well formed; checked anyway so a bad value can never reach SQL as anything but a 400.
  if (
    !Array.isArray(position) ||
    position.length !== 2 ||
    typeof position[0] !== 'string' ||
    !ISO_MICROS.test(position[0]) ||
    typeof position[1] !== 'string'
  ) {
    throw badRequest(INVALID);
  }
  return { createdTime: position[0], id: position[1] };
}

/** A row's creation time as a token carries it: ISO 8601 in UTC with microseconds, whatever the session's settings. */
export function positionTime(createdTime: PgColumn | SQL): SQL<string> {
  return sql<string>`to_char(${createdTime} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;
}

/** A timestamptz as PostgreSQL writes it with DateStyle ISO: up to 6 fraction digits, the zone's offset ±hh[:mm[:ss]]. */
const PG_ISO_TIMESTAMPTZ =
  /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2}):(\d{2})(?:\.(\d{1,6}))?([+-])(\d{2})(?::(\d{2}))?(?::(\d{2}))?$/;

/**
 * `positionTime` of a created time read as the database's text (a timestamptz column as the drivers hand it over, in
 * DateStyle ISO), for the one row a token names: a list reads the bare column and formats only its page's last row,
 * here, instead of every row in SQL. Undefined for text in another DateStyle or outside years 1000–9999: the caller
 * then asks the database.
 */
export function isoPositionTime(text: string): string | undefined {
  const m = PG_ISO_TIMESTAMPTZ.exec(text);
  if (!m || Number(m[1]) < 1000) return undefined;
  const offset = (m[8] === '-' ? -1 : 1) * (Number(m[9]) * 3600 + Number(m[10] ?? 0) * 60 + Number(m[11] ?? 0));
  const utc = Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]), Number(m[4]), Number(m[5]), Number(m[6]));
  const iso = new Date(utc - offset * 1000).toISOString();
  // Offsets are whole seconds: the fraction is the same in every zone.
  return iso.length === 24 ? `${iso.slice(0, 19)}.${(m[7] ?? '').padEnd(6, '0')}Z` : undefined;
}

/** Rows after `position` in the list's order (one row comparison: an index on (…, created_time, id) serves it). */
export function afterPosition(createdTime: PgColumn, id: PgColumn, position: ListPosition, order: ListOrder): SQL {
  const beyond = order === 'asc' ? sql`>` : sql`<`;
  return sql`(${createdTime}, ${id}) ${beyond} (${position.createdTime}::timestamptz, ${position.id})`;
}

export function listOrderBy(createdTime: PgColumn, id: PgColumn, order: ListOrder): SQL[] {
  return order === 'asc' ? [asc(createdTime), asc(id)] : [desc(createdTime), desc(id)];
}
