import { createFileRoute } from '@tanstack/react-router';

// Names "Users" in the breadcrumbs of the list and of every user.
export const Route = createFileRoute('/_authenticated/settings/users')({
  staticData: { crumb: 'Users' },
});
