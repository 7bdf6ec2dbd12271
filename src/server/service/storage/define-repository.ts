/**
 * One repository per resource family, all with the same organization-scoped operations. Each family's repository and
 * its own queries live in repositories/<family>.ts; routes call them and run no SQL themselves.
 *
 * How it is defined and used (see also counters.ts):
 *
 *   // repositories/documents.ts
 *   export const documentsRepo = defineRepository<Document>({
 *     table: schema.documents,
 *     idField: 'documentId',
 *     noun: 'Document',
 *     // plain columns lists filter on, derived from the resource on every create/patch
 *     columns: { datasetId: (d) => d.datasetId ?? null, consentId: (d) => d.consentId ?? null },
 *   });
 *
 *   // in a handler (app.store is the storage decorator):
 *   const doc = await app.store.transaction(async (tx) => {
 *     await bumpCounter(tx, auth.organizationId, 'monthlyNumberOfDocumentsCreated', 1); // 429 over quota
 *     return documentsRepo.create(tx, auth.organizationId, { documentId: newId('document'), ... });
 *   });
 *   const page = await documentsRepo.list(app.store.db, orgId, { maxResults, nextToken, order: 'desc',
 *     where: { datasetId: query.datasetId } });          // → { items, nextToken }
 *   await documentsRepo.patch(app.store.db, orgId, id, (current) => ({ ...current, ...body, ...updated(auth) }));
 *   await documentsRepo.delete(app.store.db, orgId, id); // returns the deleted resource
 *
 * `get` returns undefined for a missing row; `require`, `patch` and `delete` throw 404 `<noun> <id> not found`. Rows
 * of another organization are never visible: every statement filters on organization_id.
 */
import { and, eq, gte, inArray, isNull, lte, Placeholder, sql, type SQL } from 'drizzle-orm';
import { getTableConfig, type PgColumn, type PgTable } from 'drizzle-orm/pg-core';
import { DEFAULT_LIST_RESULTS, MAX_LIST_RESULTS, nowTimestamp } from '@/contract';
import { notFound } from '@/server/service/http-error';
import { rows, type Executor, type Tx } from './database';
import {
  afterPosition,
  decodeNextToken,
  describeList,
  encodeNextToken,
  listOrderBy,
  isoPositionTime,
  positionTime,
  type ListOrder,
} from './pagination';

interface CommonColumns {
  organizationId: PgColumn;
  id: PgColumn;
  createdTime: PgColumn;
  updatedTime: PgColumn;
  data: PgColumn;
}
type AnyResourceTable = PgTable & CommonColumns & Record<string, PgColumn>;

export interface RepositoryOptions<T extends object> {
  table: PgTable;
  /** The resource field that holds its id, e.g. `userId`. */
  idField: keyof T & string;
  /** Used in 404 messages: `<noun> <id> not found`. */
  noun: string;
  /** Extra table columns (by their Drizzle key) derived from the resource on every write. */
  columns?: Record<string, (data: T) => unknown>;
  /** Text a list's `contains` looks in (SQL expressions over the table's columns). */
  searchable?: SQL[];
  /** Filters that are not one column's equality: each reads its own `where` keys (see `computedFilter`). */
  computedFilters?: readonly ComputedFilter[];
}

/** A filter over one or more `where` keys, each one value: the condition the values given stand for. */
export interface ComputedFilter {
  readonly keys: readonly string[];
  /** Asked with the values of those keys the `where` gives (at least one of them). */
  condition(values: Record<string, string | undefined>): SQL;
}

/**
 * Declares a computed filter: the `where` keys it reads, and the condition as a function of their values typed as the
 * query types them (keys the `where` leaves undefined are absent). Keys read together make one condition: filters
 * that must hold of one same thing (one prediction of a run).
 */
export function computedFilter<V extends Partial<Record<string, string>>>(
  keys: readonly (keyof V & string)[],
  condition: (values: V) => SQL,
): ComputedFilter {
  return { keys, condition: (values) => condition(values as V) };
}

export type FilterValue = string | number | boolean | null | undefined | readonly (string | number)[];

export interface ListOptions {
  maxResults?: number;
  nextToken?: string;
  /** By creation, `(createdTime, id)`; default ascending. */
  order?: ListOrder;
  /** Equality on extra columns (by Drizzle key); an array means any of; undefined is ignored; null means IS NULL. */
  where?: Record<string, FilterValue>;
  /** Inclusive bounds on created_time, seed timestamps. */
  createdTimeAfter?: string;
  createdTimeBefore?: string;
  /** Rows where any `searchable` expression contains this text, case-insensitively. */
  contains?: string;
}

export interface ListPage<T> {
  items: T[];
  nextToken: string | null;
}

export interface Repository<T extends object> {
  readonly table: PgTable;
  readonly noun: string;
  create(db: Executor, organizationId: string, data: T, extra?: Record<string, unknown>): Promise<T>;
  /** Creates many at once, a few hundred rows a statement (bulk writers such as the demo history). */
  createMany(db: Executor, organizationId: string, items: readonly T[]): Promise<void>;
  get(db: Executor, organizationId: string, id: string): Promise<T | undefined>;
  /** Like get, but 404 when missing. */
  require(db: Executor, organizationId: string, id: string): Promise<T>;
  /** The row with its extra columns (e.g. a user's email), or undefined. */
  getRow(db: Executor, organizationId: string, id: string): Promise<Record<string, unknown> | undefined>;
  list(db: Executor, organizationId: string, options?: ListOptions): Promise<ListPage<T>>;
  /**
   * Reads the row under a row lock, computes the new resource with `update`, writes it, all in one transaction (a
   * savepoint when `db` is already a transaction): concurrent patches of one row serialize and lose nothing.
   */
  patch(
    db: Executor,
    organizationId: string,
    id: string,
    update: (current: T, tx: Tx) => T | Promise<T>,
    extra?: Record<string, unknown>,
  ): Promise<T>;
  /**
   * One statement: `fields` replace theirs in the stored resource (other keys keep their place, new ones go last, as
   * `{...current, ...fields}` would), `columns` are set beside it, and the resource comes back; 404 when missing.
   * For a patch that needs nothing of the current resource but its other fields (no read, no row lock held between
   * round trips). `columns` must be what the derived columns become: the caller knows which fields they follow.
   */
  merge(
    db: Executor,
    organizationId: string,
    id: string,
    fields: Partial<T>,
    columns?: Record<string, unknown>,
  ): Promise<T>;
  /**
   * The UPDATE that writes `next` over the row only while `condition` holds (not run: `replaceIfUnchanged` runs it, and
   * statements writing several rows at once embed it), returning the row's id.
   */
  replaceQuery(db: Executor, organizationId: string, id: string, next: T, condition: SQL): SQL;
  /**
   * An optimistic write: writes `next` only if the row is still the version read (its `xmin::text`, see
   * isRowVersion); false when it changed or is gone since, and nothing was written. One statement.
   */
  replaceIfUnchanged(db: Executor, organizationId: string, id: string, version: string, next: T): Promise<boolean>;
  /** Deletes and returns the resource; 404 when missing. */
  delete(db: Executor, organizationId: string, id: string): Promise<T>;
  /** Counts rows (e.g. to refuse deleting a role still in use). */
  count(db: Executor, organizationId: string, where?: Record<string, FilterValue>): Promise<number>;
  /** How many rows a list with these filters and time bounds holds, per value of one extra column (one query). */
  countBy(
    db: Executor,
    organizationId: string,
    column: string,
    options?: Pick<ListOptions, 'where' | 'createdTimeAfter' | 'createdTimeBefore'>,
  ): Promise<Record<string, number>>;
}

/** The SQL pieces every operation of one repository builds on: its table, scoping, filters and derived columns. */
function repositoryQueries<T extends object>(options: RepositoryOptions<T>) {
  const t = options.table as AnyResourceTable;
  const derived = options.columns ?? {};
  const family = getTableConfig(options.table).name;

  function derive(data: T): Record<string, unknown> {
    return Object.fromEntries(Object.entries(derived).map(([key, fn]) => [key, fn(data) ?? null]));
  }
  function timeOf(data: T, field: 'createdTime' | 'updatedTime'): string | null {
    const value = (data as Record<string, unknown>)[field];
    return typeof value === 'string' ? toIsoTimestamp(value) : null;
  }
  function scope(organizationId: string, id: string): SQL {
    return and(eq(t.organizationId, organizationId), eq(t.id, id)) as SQL;
  }
  const computedFilters = new Map(
    (options.computedFilters ?? []).flatMap((filter) => filter.keys.map((key) => [key, filter] as const)),
  );
  /** A computed filter's condition from the `where` values of its keys (at least one of them given). */
  function computedCondition(filter: ComputedFilter, where: Record<string, FilterValue>): SQL {
    const values: Record<string, string> = {};
    for (const key of filter.keys) {
      const value = where[key];
      if (value === undefined) continue;
      if (typeof value !== 'string') throw new Error(`${options.noun}: filter ${key} takes one value`);
      values[key] = value;
    }
    return filter.condition(values);
  }
  function filters(where: Record<string, FilterValue> = {}): SQL[] {
    const out: SQL[] = [];
    const applied = new Set<ComputedFilter>();
    for (const [key, value] of Object.entries(where)) {
      if (value === undefined) continue;
      const computed = computedFilters.get(key);
      if (computed) {
        // At its first key given: one condition for all of its keys.
        if (applied.has(computed)) continue;
        applied.add(computed);
        out.push(computedCondition(computed, where));
        continue;
      }
      const column = t[key];
      if (!column || !(key in derived)) throw new Error(`${options.noun}: no filter column ${key}`);
      if (value === null) out.push(isNull(column));
      else if (Array.isArray(value))
        out.push(value.length ? inArray(column, value as (string | number)[]) : sql`false`);
      else out.push(eq(column, value as string));
    }
    return out;
  }
  /** A list's filters and inclusive created-time bounds. */
  function listConditions(
    organizationId: string,
    list: Pick<ListOptions, 'where' | 'createdTimeAfter' | 'createdTimeBefore' | 'contains'>,
  ): SQL[] {
    const conditions: SQL[] = [eq(t.organizationId, organizationId), ...filters(list.where)];
    if (list.createdTimeAfter) conditions.push(gte(t.createdTime, toIsoTimestamp(list.createdTimeAfter)));
    if (list.createdTimeBefore) conditions.push(lte(t.createdTime, toIsoTimestamp(list.createdTimeBefore)));
    if (list.contains !== undefined) conditions.push(containsCondition(list.contains));
    return conditions;
  }
  function containsCondition(text: string): SQL {
    if (!options.searchable?.length) throw new Error(`${options.noun}: nothing to search in`);
    // LIKE's own wildcards in the text are matched literally.
    const pattern = `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    return sql`(${sql.join(
      options.searchable.map((expression) => sql`${expression} ILIKE ${pattern}`),
      sql` OR `,
    )})`;
  }
  async function notFoundError(id: string): Promise<never> {
    throw notFound(`${options.noun} ${id} not found`);
  }
  return { t, family, derived, derive, timeOf, scope, filters, listConditions, notFoundError };
}

type RepositoryQueries<T extends object> = ReturnType<typeof repositoryQueries<T>>;

/** One page of a list, by `(createdTime, id)`, and the token of the next (bound to this very list). */
async function listPage<T extends object>(
  db: Executor,
  { t, family, listConditions }: Pick<RepositoryQueries<T>, 't' | 'family' | 'listConditions'>,
  organizationId: string,
  list: ListOptions,
): Promise<ListPage<T>> {
  const order = list.order ?? 'asc';
  const limit = Math.min(Math.max(list.maxResults ?? DEFAULT_LIST_RESULTS, 1), MAX_LIST_RESULTS);
  const after = list.createdTimeAfter ? toIsoTimestamp(list.createdTimeAfter) : undefined;
  const before = list.createdTimeBefore ? toIsoTimestamp(list.createdTimeBefore) : undefined;
  // A token continues only this organization's same list: same family, filters, time bounds and order.
  const binding = {
    organizationId,
    list: describeList(family, order, {
      ...list.where,
      createdTimeAfter: after,
      createdTimeBefore: before,
      contains: list.contains,
    }),
  };
  const conditions = listConditions(organizationId, list);
  if (list.nextToken)
    conditions.push(afterPosition(t.createdTime, t.id, await decodeNextToken(db, binding, list.nextToken), order));
  // The bare column: only the last row's time is formatted for its token (positionTimeOf), not each row's in SQL.
  const found = await db
    .select({ createdTime: sql<string>`${t.createdTime}`, id: t.id, data: t.data })
    .from(t)
    .where(and(...conditions))
    .orderBy(...listOrderBy(t.createdTime, t.id, order))
    .limit(limit + 1);
  const page = found.slice(0, limit);
  const last = page[page.length - 1];
  return {
    items: page.map((row) => row.data as T),
    nextToken:
      found.length > limit
        ? await encodeNextToken(db, binding, {
            createdTime:
              isoPositionTime(last.createdTime) ??
              (await rowPositionTime(db, t, organizationId, last.id, last.createdTime)),
            id: String(last.id),
          })
        : null,
  };
}

/**
 * The position time of one row, formatted by the database: for a session whose DateStyle is not ISO (see
 * isoPositionTime). A row deleted since the page was read is formatted from the text read.
 */
async function rowPositionTime(db: Executor, t: AnyResourceTable, organizationId: string, id: unknown, text: string) {
  const [row] = await db
    .select({ time: positionTime(t.createdTime) })
    .from(t)
    .where(and(eq(t.organizationId, organizationId), eq(t.id, String(id))));
  if (row) return row.time;
  const [read] = await rows<{ time: string }>(db, sql`SELECT ${positionTime(sql`${text}::timestamptz`)} AS time`);
  return read.time;
}

/** The writes of one statement each: a merge of fields, and the replacement of a row on condition. */
function singleStatementWrites<T extends object>({
  t,
  family,
  derive,
  timeOf,
  scope,
  notFoundError,
}: RepositoryQueries<T>): Pick<Repository<T>, 'merge' | 'replaceQuery' | 'replaceIfUnchanged'> {
  const replaceQuery = (db: Executor, organizationId: string, id: string, next: T, condition: SQL) =>
    db
      .update(t)
      .set({ data: next, updatedTime: timeOf(next, 'updatedTime'), ...derive(next) } as never)
      .where(and(scope(organizationId, id), condition))
      .returning({ id: t.id })
      .getSQL();
  const preparedMerge = mergeStatements(t, family);
  return {
    async merge(db, organizationId, id, fields, columns = {}) {
      const updatedTime = timeOf(fields as T, 'updatedTime');
      if (updatedTime && Object.keys(columns).length === 0) {
        // The usual PATCH: a stamped patch of the JSON alone, a statement built once.
        const [row] = await preparedMerge(db).execute({
          organizationId,
          id,
          patch: JSON.stringify(fields),
          updatedTime,
        });
        return (row?.data as T | undefined) ?? notFoundError(id);
      }
      const found = await db
        .update(t)
        .set({ data: mergedJson(t.data, fields), ...(updatedTime ? { updatedTime } : {}), ...columns } as never)
        .where(scope(organizationId, id))
        .returning({ data: t.data });
      return (found[0]?.data as T | undefined) ?? notFoundError(id);
    },
    replaceQuery,
    async replaceIfUnchanged(db, organizationId, id, version, next) {
      const written = await rows(db, replaceQuery(db, organizationId, id, next, isRowVersion(t, version)));
      return written.length === 1;
    },
  };
}

/** A statement `prepare` builds once per database handle (a transaction gets its own), for that handle. */
function perHandle<S>(prepare: (db: Executor) => S): (db: Executor) => S {
  const statements = new WeakMap<Executor, S>();
  return (db) => {
    let statement = statements.get(db);
    if (!statement) statements.set(db, (statement = prepare(db)));
    return statement;
  };
}

/**
 * `get`'s statement, built once per database handle: the most frequent read of all skips the query builder, ~0.1 ms
 * of a ~0.4 ms read on PGlite; on PostgreSQL it is a named prepared statement.
 */
function getStatements(t: AnyResourceTable, family: string) {
  return perHandle((db) =>
    db
      .select({ data: t.data })
      .from(t)
      .where(and(eq(t.organizationId, sql.placeholder('organizationId')), eq(t.id, sql.placeholder('id'))))
      .limit(1)
      .prepare(`dps_get_${family}`),
  );
}

/**
 * `merge`'s statement for a patch of the JSON and its update stamp alone, built once per database handle: the query
 * builder was ~10 % of a PATCH's CPU on PostgreSQL (bench writes).
 */
function mergeStatements(t: AnyResourceTable, family: string) {
  return perHandle((db) =>
    db
      .update(t)
      .set({ data: mergedJson(t.data, sql.placeholder('patch')), updatedTime: sql.placeholder('updatedTime') } as never)
      .where(and(eq(t.organizationId, sql.placeholder('organizationId')), eq(t.id, sql.placeholder('id'))))
      .returning({ data: t.data })
      .prepare(`dps_merge_${family}`),
  );
}

/** Rows one createMany statement inserts. */
const CREATE_MANY_ROWS = 250;

export function defineRepository<T extends object>(options: RepositoryOptions<T>): Repository<T> {
  const queries = repositoryQueries(options);
  const { t, derived, derive, timeOf, scope, filters, listConditions, notFoundError } = queries;
  const preparedGet = getStatements(t, queries.family);

  /** The row a new resource is stored as: its id, times and derived columns beside its data. */
  function rowOf(organizationId: string, data: T, extra: Record<string, unknown>): Record<string, unknown> {
    return {
      organizationId,
      id: String((data as Record<string, unknown>)[options.idField]),
      createdTime: timeOf(data, 'createdTime') ?? toIsoTimestamp(nowTimestamp()),
      updatedTime: timeOf(data, 'updatedTime'),
      data,
      ...derive(data),
      ...extra,
    };
  }

  return {
    table: options.table,
    noun: options.noun,

    async create(db, organizationId, data, extra = {}) {
      await db.insert(t).values(rowOf(organizationId, data, extra) as never);
      return data;
    },

    async createMany(db, organizationId, items) {
      // Bounded so a statement stays far below PostgreSQL's 65,535 parameters whatever the table's columns.
      for (let start = 0; start < items.length; start += CREATE_MANY_ROWS) {
        const chunk = items.slice(start, start + CREATE_MANY_ROWS);
        await db.insert(t).values(chunk.map((data) => rowOf(organizationId, data, {})) as never);
      }
    },

    async get(db, organizationId, id) {
      const found = await preparedGet(db).execute({ organizationId, id });
      return found[0]?.data as T | undefined;
    },

    async require(db, organizationId, id) {
      return (await this.get(db, organizationId, id)) ?? notFoundError(id);
    },

    async getRow(db, organizationId, id) {
      const found = await db.select().from(t).where(scope(organizationId, id)).limit(1);
      return found[0] as Record<string, unknown> | undefined;
    },

    list: (db, organizationId, list = {}) => listPage<T>(db, queries, organizationId, list),

    async patch(db, organizationId, id, update, extra = {}) {
      return db.transaction(async (tx) => {
        const locked = await tx.select({ data: t.data }).from(t).where(scope(organizationId, id)).for('update');
        if (!locked[0]) return notFoundError(id);
        const next = await update(locked[0].data as T, tx as Tx);
        await tx
          .update(t)
          .set({ data: next, updatedTime: timeOf(next, 'updatedTime'), ...derive(next), ...extra } as never)
          .where(scope(organizationId, id));
        return next;
      });
    },

    ...singleStatementWrites(queries),

    async delete(db, organizationId, id) {
      const removed = await db.delete(t).where(scope(organizationId, id)).returning({ data: t.data });
      return (removed[0]?.data as T | undefined) ?? notFoundError(id);
    },

    async count(db, organizationId, where) {
      const [found] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(t)
        .where(and(eq(t.organizationId, organizationId), ...filters(where)));
      return Number(found.n);
    },

    async countBy(db, organizationId, column, list = {}) {
      const key = t[column];
      if (!key || !(column in derived)) throw new Error(`${options.noun}: no column ${column} to count by`);
      const found = await db
        .select({ value: key, n: sql<number>`count(*)::int` })
        .from(t)
        .where(and(...listConditions(organizationId, list)))
        .groupBy(key);
      return Object.fromEntries(found.map((row) => [String(row.value), Number(row.n)]));
    },
  };
}

/**
 * Whether the row is still the version read: a row's version for optimistic writes is its `xmin` (read as
 * `xmin::text`), the transaction that wrote this version of the row, which every update changes (PostgreSQL and PGlite
 * alike).
 */
export function isRowVersion(table: PgTable, version: string): SQL {
  return sql`${table}.xmin = ${version}::xid`;
}

/**
 * `{...stored, ...fields}` of a json column in SQL, keeping the stored keys' order (json, not jsonb: the order of a
 * resource's keys is kept): stored keys in place with the new value where `fields` has one, then the new keys in
 * their order.
 */
function mergedJson(column: PgColumn, fields: object | Placeholder): SQL {
  const patch = fields instanceof Placeholder ? fields : JSON.stringify(fields);
  return sql`(SELECT json_object_agg(m.key, m.value ORDER BY m.part, m.n) FROM (
    SELECT 1 AS part, o.n, o.key, coalesce(p.value, o.value) AS value
      FROM json_each(${column}) WITH ORDINALITY AS o(key, value, n)
      LEFT JOIN json_each(${patch}::json) AS p(key, value) ON p.key = o.key
    UNION ALL
    SELECT 2, p.n, p.key, p.value FROM json_each(${patch}::json) WITH ORDINALITY AS p(key, value, n)
     WHERE NOT EXISTS (SELECT FROM json_each(${column}) AS o(key, value) WHERE o.key = p.key)) AS m)`;
}

/**
 * Any seed timestamp (hyphens/colons optional, space/T/nothing, zone Z or +hh[:]mm) as ISO 8601 PostgreSQL parses.
 */
export function toIsoTimestamp(value: string): string {
  const m = /^(\d{4})-?(\d{2})-?(\d{2})[ T]?(\d{2}):?(\d{2}):?(\d{2})(\.\d{1,6})?(Z|[+-]\d{2}:?\d{2})$/.exec(value);
  if (!m) return value;
  const zone = m[8] === 'Z' ? 'Z' : `${m[8].slice(0, 3)}:${m[8].slice(-2)}`;
  return `${m[1]}-${m[2]}-${m[3]}T${m[4]}:${m[5]}:${m[6]}${m[7] ?? ''}${zone}`;
}

/** `{updatedTime, updatedBy}` for a patch by `actor`. */
export function updatedStamp(actor: string): { updatedTime: string; updatedBy: string } {
  return { updatedTime: nowTimestamp(), updatedBy: actor };
}

/** Audit fields of a new resource created by `actor`. */
export function createdStamp(actor: string): {
  createdTime: string;
  createdBy: string;
  updatedTime: null;
  updatedBy: null;
} {
  return { createdTime: nowTimestamp(), createdBy: actor, updatedTime: null, updatedBy: null };
}
