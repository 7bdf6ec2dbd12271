/**
 * The audit screen's query in the URL and to the BFF, apart from the audit API (./audit-log.ts): the route's search
 * schema needs these, and every route's search schema loads with the first screen.
 */
import { AUDIT_METHODS } from '@/contract/bff-audit-methods';

export type AuditMethod = (typeof AUDIT_METHODS)[number];

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
