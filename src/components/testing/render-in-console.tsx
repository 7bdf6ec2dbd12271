/**
 * Renders a console component as the app would hold it, for component tests: a QueryClient with a signed-in
 * session in its cache (the organization scope and capabilities read it), and a router on memory history whose every
 * path renders the component (so links and navigation work, and the test reads where it went).
 */
import type { ReactNode } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import {
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
  Outlet,
  RouterProvider,
} from '@tanstack/react-router';
import { render } from '@testing-library/react';
import { I18nProvider } from '@lingui/react';
import { i18n } from '@/i18n/i18n';
import { sessionKey, type Session } from '@/api/session';
import { signedInSessionSchema, type OperatorRole } from '@/contract/bff-session';

export const TEST_ORGANIZATION_ID = 'svc:organization:0123456789abcdef0123456789abcdef';

function testSession(role: OperatorRole): Session {
  return signedInSessionSchema.parse({
    signedIn: true,
    operator: { name: 'test-operator', role },
    upstream: { baseUrl: 'http://127.0.0.1:8788/v1' },
    organization: { organizationId: TEST_ORGANIZATION_ID, name: 'Test organization' },
  });
}

export function renderInConsole(ui: ReactNode, { role = 'admin' as OperatorRole, path = '/' } = {}) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  queryClient.setQueryData(sessionKey, testSession(role));
  const rootRoute = createRootRoute({
    component: () => (
      <>
        {ui}
        <Outlet />
      </>
    ),
  });
  const anyPath = createRoute({ getParentRoute: () => rootRoute, path: '$' });
  const router = createRouter({
    routeTree: rootRoute.addChildren([anyPath]),
    history: createMemoryHistory({ initialEntries: [path] }),
  });
  const view = render(
    <I18nProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </I18nProvider>,
  );
  /** Where the router is now: path and search as the address bar would show them. */
  const location = () => router.state.location;
  return { ...view, queryClient, router, location };
}
