import { createFileRoute } from '@tanstack/react-router';
import { NotFound } from '@/features/shell/not-found';

// Any address no screen matches, shown inside the shell (sidebar and ⌘K stay usable) for signed-in operators.
export const Route = createFileRoute('/_authenticated/$')({
  staticData: { crumb: 'Not found' },
  component: NotFound,
});
