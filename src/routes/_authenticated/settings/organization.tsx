import { createFileRoute } from '@tanstack/react-router';
import { ComingSoon } from '../../../features/shell/coming-soon';

export const Route = createFileRoute('/_authenticated/settings/organization')({
  staticData: { crumb: 'Organization' },
  component: () => <ComingSoon title="Organization" what="The organization screen is being built." />,
});
