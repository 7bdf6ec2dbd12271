import { createFileRoute } from '@tanstack/react-router';
import { t } from '@lingui/core/macro';
import { NotFound } from '@/features/shell/not-found';

// Any address no screen matches, shown inside the shell (sidebar and ⌘K stay usable) for signed-in operators.
export const Route = createFileRoute('/_authenticated/$')({
  staticData: {
    get crumb() {
      return t`Not found`;
    },
  },
  component: NotFound,
});
