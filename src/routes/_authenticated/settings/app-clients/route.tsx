import { createFileRoute } from '@tanstack/react-router';

// Names "App clients" in the breadcrumbs of the list and of every app client.
export const Route = createFileRoute('/_authenticated/settings/app-clients')({
  staticData: { crumb: 'App clients' },
});
