import { z } from 'zod/mini';
import { AUDIT_PAGE_SIZES, type AuditQuery, type AuditSearch } from '@/api/audit-query';
import { AUDIT_METHODS } from '@/contract/bff-audit-methods';
import { listParams, paginationSearchFor } from '@/components/data-table/pagination';

/** The audit screen's URL search: operator and method filters, page size, cursor. */
export const auditSearchSchema = z.object({
  operator: z.catch(z.optional(z.string().check(z.trim(), z.minLength(1))), undefined),
  method: z.catch(z.optional(z.enum(AUDIT_METHODS)), undefined),
  ...paginationSearchFor(AUDIT_PAGE_SIZES),
});

/** The BFF's audit query of a URL search. */
export function auditQuery(search: AuditSearch): AuditQuery {
  const { maxResults, nextToken } = listParams(search);
  return { operator: search.operator, method: search.method, limit: maxResults, cursor: nextToken };
}
