import { createFileRoute } from '@tanstack/react-router';
import { t } from '@lingui/core/macro';

// Names "Users" in the breadcrumbs of the list and of every user.
export const Route = createFileRoute('/_authenticated/settings/users')({
  staticData: {
    get crumb() {
      return t`Users`;
    },
  },
});
