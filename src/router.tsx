import { createRouter } from '@tanstack/react-router';
import type { QueryClient } from '@tanstack/react-query';
import { routeTree } from './routeTree.gen';
import { RouteError } from '@/features/shell/route-error';
import { NotFound } from '@/features/shell/not-found';
import { LoadingState } from '@/components/states';

/** What every route's `beforeLoad`/`loader` receives. The authenticated layout adds `session`. */
export interface RouterContext {
  queryClient: QueryClient;
}

export function createAppRouter(queryClient: QueryClient) {
  return createRouter({
    routeTree,
    context: { queryClient },
    // Hovering a link starts its loader; loaders go through the query cache, so the router itself keeps nothing stale.
    defaultPreload: 'intent',
    defaultPreloadStaleTime: 0,
    defaultErrorComponent: RouteError,
    defaultNotFoundComponent: NotFound,
    defaultPendingComponent: () => <LoadingState />,
    defaultPendingMs: 300,
    defaultPendingMinMs: 200,
    scrollRestoration: true,
  });
}

export type AppRouter = ReturnType<typeof createAppRouter>;

declare module '@tanstack/react-router' {
  interface Register {
    router: AppRouter;
  }
  interface StaticDataRouteOption {
    /** Breadcrumb label of the route. A loader may return `{ crumb }` to name a detail page (the resource's name). */
    crumb?: string;
  }
}
