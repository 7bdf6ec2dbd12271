import { createFileRoute, redirect } from '@tanstack/react-router';
import { useQuery } from '@tanstack/react-query';
import { organizationScope } from '@/api/organization-scope';
import { sessionQueryOptions } from '@/api/session';
import { AppShell } from '@/features/shell/app-shell';

// Every signed-in screen lives under this layout: it loads the session (signed out → sign-in, coming back here afterwards),
// puts the session's organization in the router context (loaders scope their query keys with it), and renders the
// shell around the screen.
export const Route = createFileRoute('/_authenticated')({
  beforeLoad: async ({ context, location }) => {
    const session = await context.queryClient.ensureQueryData(sessionQueryOptions());
    if (!session) throw redirect({ to: '/sign-in', search: { redirect: location.href }, replace: true });
    return { session, organization: organizationScope(session) };
  },
  component: AuthenticatedLayout,
});

function AuthenticatedLayout() {
  // The cached session (kept current by mutations, e.g. renaming the organization), else the one beforeLoad loaded.
  const { session: loaded } = Route.useRouteContext();
  const { data: session } = useQuery({ ...sessionQueryOptions(), enabled: false });
  return <AppShell session={session ?? loaded} />;
}
