import { useRouterState } from '@tanstack/react-router';
import { useIsFetching } from '@tanstack/react-query';
import { t } from '@lingui/core/macro';

/** A thin bar at the top while a navigation loads (or a refetch runs), shown after a short delay by CSS. */
export function PendingBar() {
  const navigating = useRouterState({ select: (state) => state.status === 'pending' });
  const fetching = useIsFetching() > 0;
  const active = navigating || fetching;
  return (
    <div
      className="pending-bar"
      data-active={active}
      role="progressbar"
      aria-label={t`Loading`}
      aria-hidden={!active}
    />
  );
}
