import { createFileRoute } from '@tanstack/react-router';

// Names "Roles" in the breadcrumbs of the list and of every role.
export const Route = createFileRoute('/_authenticated/settings/roles')({
  staticData: { crumb: 'Roles' },
});
