import { createFileRoute } from '@tanstack/react-router';

// Names "Insights" in the breadcrumbs of the overview and of every agent's page.
export const Route = createFileRoute('/_authenticated/insights')({
  staticData: { crumb: 'Insights' },
});
