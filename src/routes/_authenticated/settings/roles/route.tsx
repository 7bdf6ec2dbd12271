import { createFileRoute } from '@tanstack/react-router';
import { t } from '@lingui/core/macro';

// Names "Roles" in the breadcrumbs of the list and of every role.
export const Route = createFileRoute('/_authenticated/settings/roles')({
  staticData: {
    get crumb() {
      return t`Roles`;
    },
  },
});
