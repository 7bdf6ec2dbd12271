import { useRouterState } from '@tanstack/react-router';
import { useIsFetching } from '@tanstack/react-query';

/** A navigation is loading: the next screen's code or data. */
export function useNavigating(): boolean {
  return useRouterState({ select: (state) => state.status === 'pending' });
}

/**
 * A thin bar at the top while a navigation loads (or a refetch runs), shown after a short delay by CSS. Drawn only:
 * it sits outside every landmark, so it is not content for assistive technology (axe's "region"); the shell's <main>
 * says it is busy instead while a navigation loads (app-shell.tsx).
 */
export function PendingBar() {
  const navigating = useNavigating();
  const fetching = useIsFetching() > 0;
  return <div className="pending-bar" data-active={navigating || fetching} aria-hidden="true" />;
}
