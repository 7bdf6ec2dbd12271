/**
 * The methods of the writes the BFF's audit log records, apart from its schemas (contract/bff-audit.ts): the audit
 * screen's URL search takes them, and every route's search schema loads with the first screen.
 */
export const AUDIT_METHODS = ['POST', 'PUT', 'PATCH', 'DELETE'] as const;
