import { createFileRoute } from '@tanstack/react-router';
import { t } from '@lingui/core/macro';

// Names "App clients" in the breadcrumbs of the list and of every app client.
export const Route = createFileRoute('/_authenticated/settings/app-clients')({
  staticData: {
    get crumb() {
      return t`App clients`;
    },
  },
});
