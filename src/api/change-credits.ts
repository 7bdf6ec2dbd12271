/**
 * Who made a change: the service stamps `createdBy`/`updatedBy` with the app client that wrote, which for every
 * change made in the console is the console's own client. The BFF's audit log (admins only) says which operator sent
 * that write: the console credits it to them when exactly one answered console write of this resource was in flight
 * at the service's stamp (sent before it, answered after it).
 */
import { queryOptions } from '@tanstack/react-query';
import { auditPageSchema, type AuditEntry } from '@/contract/bff-audit';
import { appClientIdSchema, appClientSchema } from '@/contract';
import { api, request, segment } from './client';
import { auditKeys } from './audit-log';
import { appClientKeys } from './app-clients';

/** A write the service stamped: `POST` on the collection path for a creation, `PATCH` on the item path for an update. */
export interface StampedWrite {
  /** The service path as the console sends it, without `/api`: `/users` or `/users/${segment(id)}`. */
  path: string;
  method: 'POST' | 'PATCH';
  /** The service's stamp: `createdTime` or `updatedTime`. */
  time: string;
}

/** The service and the BFF stamp with their own clocks: allow this much between them. */
const CLOCK_SLACK_MS = 50;
/** A console write's answer arrives within this long of its sending (the BFF's longest wait for the service). */
const LONGEST_WRITE_MS = 15 * 60_000;

/** The operator whose console write made this change, or null when no single one did (or the log says nothing). */
export function consoleOperatorQueryOptions(write: StampedWrite) {
  return queryOptions({
    queryKey: [...auditKeys.all(), 'credit', write] as const,
    queryFn: async ({ signal }): Promise<string | null> => {
      const stamp = Date.parse(write.time);
      if (Number.isNaN(stamp)) return null;
      const page = await request('/bff/audit', {
        query: {
          path: `/api${write.path}`,
          method: write.method,
          after: new Date(stamp - LONGEST_WRITE_MS).toISOString(),
          before: new Date(stamp + CLOCK_SLACK_MS + 1).toISOString(),
          limit: 100,
        },
        schema: auditPageSchema,
        signal,
      });
      const operators = new Set(page.entries.filter((entry) => madeStamp(entry, write, stamp)).map((e) => e.operator));
      return operators.size === 1 ? [...operators][0] : null;
    },
    // A past write's record does not change once answered.
    staleTime: 5 * 60_000,
    retry: false,
  });
}

function madeStamp(entry: AuditEntry, write: StampedWrite, stamp: number): boolean {
  if (entry.path !== `/api${write.path}` || entry.method !== write.method) return false;
  if (entry.outcome !== 'answered' || entry.status === null || entry.status < 200 || entry.status > 299) return false;
  if (!entry.completedTime) return false;
  return Date.parse(entry.time) - CLOCK_SLACK_MS <= stamp && stamp <= Date.parse(entry.completedTime) + CLOCK_SLACK_MS;
}

/** The name of the app client a stamp names, or null when it is not an app client id (or cannot be read). */
export function appClientNameQueryOptions(org: string, actor: string) {
  return queryOptions({
    queryKey: [...appClientKeys.detail(org, actor), 'name'] as const,
    queryFn: async ({ signal }): Promise<string | null> => {
      if (!appClientIdSchema.safeParse(actor).success) return null;
      const client = await api(`/appClients/${segment(actor)}`, { schema: appClientSchema, signal });
      return client.name || null;
    },
    staleTime: 5 * 60_000,
    retry: false,
  });
}

/** The write that created a resource of `collection` (`'users'`) at `time`. */
export function creationWrite(collection: string, time: string): StampedWrite {
  return { path: `/${collection}`, method: 'POST', time };
}

/** The write that last updated resource `id` of `collection` at `time`. */
export function updateWrite(collection: string, id: string, time: string): StampedWrite {
  return { path: `/${collection}/${segment(id)}`, method: 'PATCH', time };
}
