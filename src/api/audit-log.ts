/**
 * The BFF's audit log (`GET /bff/audit`, admins only): every write an operator sent through `/api`, newest first,
 * paged by an opaque `nextCursor`. Not organization data: its keys live under ['bff', 'audit'].
 */
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { z } from 'zod';
import { request } from './client';

export const AUDIT_METHODS = ['POST', 'PUT', 'PATCH', 'DELETE'] as const;
export type AuditMethod = (typeof AUDIT_METHODS)[number];

export const auditEntrySchema = z.object({
  time: z.string(),
  operator: z.string(),
  method: z.string(),
  path: z.string(),
  status: z.number().int(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;
export const auditPageSchema = z.object({ entries: z.array(auditEntrySchema), nextCursor: z.string().nullable() });
export type AuditPage = z.infer<typeof auditPageSchema>;

/** Page sizes of the audit screen (the BFF caps `limit` at 500). */
export const AUDIT_PAGE_SIZES = [25, 50, 100, 250, 500] as const;

/** The audit screen's URL search. */
export interface AuditSearch {
  operator?: string;
  method?: AuditMethod;
  pageSize?: number;
  cursor?: string;
}

export interface AuditQuery {
  operator?: string;
  method?: AuditMethod;
  /** 1 to 500. */
  limit: number;
  cursor?: string;
}

export const auditKeys = {
  all: () => ['bff', 'audit'] as const,
  page: (query: AuditQuery) => [...auditKeys.all(), query] as const,
};

export function auditPageQueryOptions(query: AuditQuery) {
  return queryOptions({
    queryKey: auditKeys.page(query),
    queryFn: ({ signal }) =>
      request('/bff/audit', {
        query: { operator: query.operator, method: query.method, limit: query.limit, cursor: query.cursor },
        schema: auditPageSchema,
        signal,
      }),
    placeholderData: keepPreviousData,
    // The log grows with every write anyone makes: never serve it stale.
    staleTime: 0,
  });
}
