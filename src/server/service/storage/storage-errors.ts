/**
 * What a failed query answers and logs. Drizzle wraps driver errors in DrizzleQueryError, whose message and stack
 * hold the SQL and every parameter (customer data: names, emails, document bytes), and PGlite's own error carries
 * `query` and `params` too. So the answer and the log line are built only from the database error's SQLSTATE and
 * message — never from the wrapper, its stack or its parameters.
 */
import { DrizzleQueryError } from 'drizzle-orm/errors';

export interface StorageFault {
  status: number;
  /** The `{message}` the client gets. */
  message: string;
  /** What the log line may hold: the database's code and message, parameter values cut out. */
  log: { code: string; message: string };
}

/** The `{message}` of every 507. */
export const STORAGE_FULL = "the service's storage is full";

/** SQLSTATE 53100 disk_full; ENOSPC/EDQUOT when a file write (or PGlite's file system) found no room. */
const DISK_FULL = new Set(['53100', 'ENOSPC', 'EDQUOT']);

const SQLSTATE = /^[0-9A-Z]{5}$/;

/** Parameters shorter than this are left in messages: cutting "1" or "ab" out would garble paths and names. */
const MIN_REDACTED_LENGTH = 4;

/** The storage fault behind `error` (walking its causes), or undefined when the error is not a storage fault. */
export function storageFault(error: unknown): StorageFault | undefined {
  let params: unknown[] = [];
  let wrapped = false;
  for (let current = error, depth = 0; isObject(current) && depth < 5; current = current.cause, depth++) {
    if (Array.isArray(current.params)) params = params.concat(current.params);
    const code = typeof current.code === 'string' ? current.code : undefined;
    const isDatabaseError = code !== undefined && SQLSTATE.test(code) && typeof current.severity === 'string';
    if (isDatabaseError || (code !== undefined && DISK_FULL.has(code))) {
      const log = { code, message: withoutParams(String(current.message ?? ''), params) };
      if (DISK_FULL.has(code)) return { status: 507, message: STORAGE_FULL, log };
      return { status: 500, message: 'Internal Server Error', log };
    }
    if (current instanceof DrizzleQueryError) wrapped = true;
  }
  // A failed query whose cause is not a database error (a dropped connection, a driver bug): still no parameters.
  if (wrapped)
    return {
      status: 500,
      message: 'Internal Server Error',
      log: { code: 'unknown', message: 'database query failed without a database error' },
    };
  return undefined;
}

function withoutParams(message: string, params: unknown[]): string {
  let result = message;
  for (const param of params) {
    const text =
      typeof param === 'string'
        ? param
        : param instanceof Uint8Array || param === null || param === undefined
          ? ''
          : JSON.stringify(param);
    if (text && text.length >= MIN_REDACTED_LENGTH) result = result.split(text).join('[parameter]');
  }
  return result;
}

function isObject(value: unknown): value is Record<string, unknown> & { cause?: unknown } {
  return typeof value === 'object' && value !== null;
}
