import { createFileRoute } from '@tanstack/react-router';
import { t } from '@lingui/core/macro';
import { auditPageQueryOptions } from '@/api/audit-log';
import { roleMay } from '@/contract/operator-capabilities';
import { AuditLogScreen } from '@/features/audit-log/audit-log-screen';
import { auditQuery, auditSearchSchema } from '@/features/audit-log/audit-search';

export const Route = createFileRoute('/_authenticated/settings/audit-log')({
  staticData: {
    get crumb() {
      return t`Audit log`;
    },
  },
  validateSearch: auditSearchSchema,
  loaderDeps: ({ search }) => auditQuery(search),
  // An operator who may not read the log gets the screen's no-access state, not a request the BFF would refuse.
  loader: ({ context, deps }) =>
    roleMay(context.session.operator.role, 'readAuditLog')
      ? context.queryClient.ensureQueryData(auditPageQueryOptions(deps))
      : undefined,
  component: AuditLogScreen,
});
