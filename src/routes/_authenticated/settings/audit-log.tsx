import { useCallback } from 'react';
import { createFileRoute } from '@tanstack/react-router';
import { useSuspenseQuery } from '@tanstack/react-query';
import { z } from 'zod/mini';
import { AUDIT_METHODS, AUDIT_PAGE_SIZES, auditPageQueryOptions, type AuditSearch } from '@/api/audit-log';
import { listParams, paginationSearchFor } from '@/components/data-table/pagination';
import { AuditLogScreen } from '@/features/audit-log/audit-log-screen';

const searchSchema = z.object({
  operator: z.catch(z.optional(z.string().check(z.trim(), z.minLength(1))), undefined),
  method: z.catch(z.optional(z.enum(AUDIT_METHODS)), undefined),
  ...paginationSearchFor(AUDIT_PAGE_SIZES),
});

function auditQuery(search: AuditSearch) {
  const { maxResults, nextToken } = listParams(search);
  return { operator: search.operator, method: search.method, limit: maxResults, cursor: nextToken };
}

export const Route = createFileRoute('/_authenticated/settings/audit-log')({
  staticData: { crumb: 'Audit log' },
  validateSearch: searchSchema,
  loaderDeps: ({ search }) => auditQuery(search),
  loader: ({ context, deps }) => context.queryClient.ensureQueryData(auditPageQueryOptions(deps)),
  component: AuditLogRoute,
});

function AuditLogRoute() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  const { data, isFetching } = useSuspenseQuery(auditPageQueryOptions(auditQuery(search)));
  const onSearch = useCallback(
    (patch: Partial<AuditSearch>) => void navigate({ search: (prev) => ({ ...prev, ...patch }) }),
    [navigate],
  );
  return <AuditLogScreen page={data} search={search} isFetching={isFetching} onSearch={onSearch} />;
}
