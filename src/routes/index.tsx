import { createFileRoute, redirect } from '@tanstack/react-router';

// The front page is Runs.
export const Route = createFileRoute('/')({
  beforeLoad: () => {
    throw redirect({ href: '/runs', replace: true });
  },
});
