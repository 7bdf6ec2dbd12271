import { createFileRoute, redirect } from '@tanstack/react-router';
import { sessionQueryOptions } from '@/api/session';
import { safeRedirect } from '@/contract/safe-redirect';
import { SignInPage } from '@/features/shell/sign-in-page';
import { signInSearchSchema } from '@/features/shell/sign-in-search';

export const Route = createFileRoute('/sign-in')({
  validateSearch: signInSearchSchema,
  // Already signed in: go where the operator was headed.
  beforeLoad: async ({ context, search }) => {
    const session = await context.queryClient.ensureQueryData(sessionQueryOptions()).catch(() => null);
    if (session) throw redirect({ href: safeRedirect(search.redirect), replace: true });
  },
  component: SignInRoute,
});

function SignInRoute() {
  const search = Route.useSearch();
  return <SignInPage redirectTo={safeRedirect(search.redirect)} error={search.error} />;
}
