/**
 * The storage-error mapping on the exact error objects the drivers raise. The fields below were captured from real
 * runs: PGlite on a full tmpfs, and PostgreSQL 15 with a table in a tablespace on a full tmpfs (both through
 * Drizzle, which wraps them in DrizzleQueryError). The over-HTTP disk-full test (http-tests/storage-faults.test.ts)
 * produces the PGlite one for real; this file covers node-postgres, errno errors and the parameter scrubbing.
 */
import { messages } from '@electric-sql/pglite';
import { DrizzleQueryError } from 'drizzle-orm/errors';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { WalFullError } from './pglite-halt';
import { storageFault } from './storage-errors';

const SECRET = `someone-${'x'.repeat(9000)}@example.com`;

function pgliteError(fields: Record<string, unknown>, query: string, params: unknown[]) {
  const error = new messages.DatabaseError(String(fields.message), 138, 'error');
  Object.assign(error, {
    severity: 'ERROR',
    ...fields,
    query,
    params,
    queryOptions: { rowMode: 'object', parsers: {} },
  });
  return new DrizzleQueryError(query, params, error);
}

function nodePostgresError(fields: Record<string, unknown>, query: string, params: unknown[]) {
  const error = new pg.DatabaseError(String(fields.message), 161, 'error');
  Object.assign(error, { severity: 'ERROR', ...fields });
  return new DrizzleQueryError(query, params, error);
}

const insert = 'insert into "users" ("email", "name") values ($1, $2)';

describe('storageFault', () => {
  it('maps PGlite disk full (53100 from mdzeroextend) to 507 with the code and message, no parameters', () => {
    const error = pgliteError(
      {
        message: 'could not extend file "base/5/16384": No space left on device',
        code: '53100',
        hint: 'Check free disk space.',
        file: 'md.c',
        line: '641',
        routine: 'mdzeroextend',
      },
      insert,
      [SECRET, 'Someone'],
    );
    expect(error.message).toContain(SECRET); // what the old log line printed
    const fault = storageFault(error);
    expect(fault).toEqual({
      status: 507,
      message: "the service's storage is full",
      log: { code: '53100', message: 'could not extend file "base/5/16384": No space left on device' },
    });
  });

  it('maps PGlite running out of room for a new WAL segment the same way', () => {
    const error = pgliteError(
      { message: 'could not write to file "pg_wal/xlogtemp.42": No space left on device', code: '53100' },
      insert,
      [SECRET, 'x'],
    );
    expect(storageFault(error)?.status).toBe(507);
  });

  it('maps the stop after a WAL write failed (every later query) to 507, without the parameters', () => {
    const walFull = pgliteError(
      { message: 'could not write to file "pg_wal/xlogtemp.42": No space left on device', code: '53100' },
      insert,
      [SECRET, 'x'],
    ).cause;
    const fault = storageFault(new DrizzleQueryError(insert, [SECRET, 'x'], new WalFullError(walFull)));
    expect(fault).toMatchObject({
      status: 507,
      message: "the service's storage is full",
      log: { code: '53100', message: expect.stringContaining('could not grow its write-ahead log') },
    });
    expect(JSON.stringify(fault)).not.toContain('someone-');
  });

  it('maps node-postgres disk full (53100 from mdextend) to 507', () => {
    const error = nodePostgresError(
      {
        message: 'could not extend file "pg_tblspc/16384/PG_15_202209061/5/16385": No space left on device',
        code: '53100',
        hint: 'Check free disk space.',
        file: 'md.c',
        line: '486',
        routine: 'mdextend',
      },
      insert,
      [SECRET, 'Someone'],
    );
    expect(storageFault(error)).toEqual({
      status: 507,
      message: "the service's storage is full",
      log: {
        code: '53100',
        message: 'could not extend file "pg_tblspc/16384/PG_15_202209061/5/16385": No space left on device',
      },
    });
  });

  it('maps a file write that found no room (ENOSPC) to 507', () => {
    const error = Object.assign(new Error('ENOSPC: no space left on device, write'), {
      code: 'ENOSPC',
      errno: -28,
      syscall: 'write',
    });
    expect(storageFault(error)).toMatchObject({ status: 507, log: { code: 'ENOSPC' } });
  });

  it('maps any other database error to 500 and cuts parameter values out of its message', () => {
    const error = nodePostgresError(
      {
        message: `invalid input syntax for type json: "${SECRET}"`,
        code: '22P02',
        detail: `Token "${SECRET}" is invalid.`,
      },
      insert,
      [SECRET, 'Someone'],
    );
    const fault = storageFault(error);
    expect(fault).toEqual({
      status: 500,
      message: 'Internal Server Error',
      log: { code: '22P02', message: 'invalid input syntax for type json: "[parameter]"' },
    });
    expect(JSON.stringify(fault)).not.toContain('someone-');
  });

  it('maps a failed query without a database error to 500 without its parameters', () => {
    const error = new DrizzleQueryError(insert, [SECRET], new Error(`Connection terminated unexpectedly`));
    const fault = storageFault(error);
    expect(fault?.status).toBe(500);
    expect(JSON.stringify(fault)).not.toContain('someone-');
  });

  it('leaves errors that are not about storage to the caller', () => {
    expect(storageFault(new Error('boom'))).toBeUndefined();
    expect(storageFault(Object.assign(new Error('bad'), { code: 'FST_ERR_VALIDATION' }))).toBeUndefined();
    expect(storageFault(undefined)).toBeUndefined();
  });
});
