import { Outlet, createRootRouteWithContext } from '@tanstack/react-router';
import type { RouterContext } from '@/router';
import { Toasts } from '@/components/toast';
import { NotFound } from '@/features/shell/not-found';
import { PendingBar } from '@/features/shell/pending-bar';
import { RouteError } from '@/features/shell/route-error';
import { useTheme } from '@/features/shell/theme';

export const Route = createRootRouteWithContext<RouterContext>()({
  component: Root,
  errorComponent: RouteError,
  notFoundComponent: () => (
    <main id="main">
      <NotFound />
    </main>
  ),
});

function Root() {
  const { theme } = useTheme();
  return (
    <>
      <PendingBar />
      <Outlet />
      <Toasts theme={theme} position="bottom-right" closeButton richColors />
    </>
  );
}
