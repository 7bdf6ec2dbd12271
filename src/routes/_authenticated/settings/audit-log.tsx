import { createFileRoute } from '@tanstack/react-router';
import { ComingSoon } from '../../../features/shell/coming-soon';

export const Route = createFileRoute('/_authenticated/settings/audit-log')({
  staticData: { crumb: 'Audit log' },
  component: () => <ComingSoon title="Audit log" what="The audit log screen is being built." />,
});
