import { createFileRoute } from '@tanstack/react-router';
import { t } from '@lingui/core/macro';

// Names "Insights" in the breadcrumbs of the overview and of every agent's page.
export const Route = createFileRoute('/_authenticated/insights')({
  staticData: {
    get crumb() {
      return t`Insights`;
    },
  },
});
