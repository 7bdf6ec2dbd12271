import { useRouterState } from '@tanstack/react-router';
import { useIsFetching } from '@tanstack/react-query';

/** A thin bar at the top while a navigation loads (or a refetch runs), shown after a short delay by CSS. */
export function PendingBar() {
  const navigating = useRouterState({ select: (state) => state.status === 'pending' });
  const fetching = useIsFetching() > 0;
  const active = navigating || fetching;
  return (
    <div className="pending-bar" data-active={active} role="progressbar" aria-label="Loading" aria-hidden={!active} />
  );
}
