/**
 * The BFF's audit log (`GET /bff/audit`, admins only): every write an operator sent through `/api`, newest first,
 * with its outcome, paged by an opaque `nextCursor`. The entry's shape lives in the contract (the BFF writes it).
 * Not organization data: its keys live under ['bff', 'audit'].
 */
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { auditPageSchema } from '@/contract/bff-audit';
import type { AuditQuery } from './audit-query';
import { request } from './client';

export { AUDIT_PAGE_SIZES, type AuditMethod, type AuditQuery, type AuditSearch } from './audit-query';
export {
  AUDIT_METHODS,
  auditEntrySchema,
  auditPageSchema,
  type AuditEntry,
  type AuditOutcome,
  type AuditPage,
} from '@/contract/bff-audit';

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
