import { useEffect } from 'react';
import { Link, useRouter, type ErrorComponentProps } from '@tanstack/react-router';
import { useQueryErrorResetBoundary } from '@tanstack/react-query';
import { t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { isApiError } from '@/api/errors';
import { ErrorState, ForbiddenState, LoadingState } from '@/components/states';
import { HOME_PATH } from './nav-items';

/**
 * The router's error component (every route, unless it sets its own). 403 → the Forbidden view; 401 → the global
 * handler is already on its way to sign-in; anything else → what happened, what to do, and Retry (which re-runs the
 * loaders and resets failed queries).
 */
export function RouteError({ error, reset }: ErrorComponentProps) {
  const router = useRouter();
  const queryErrorResetBoundary = useQueryErrorResetBoundary();
  useEffect(() => {
    queryErrorResetBoundary.reset();
  }, [queryErrorResetBoundary]);

  if (isApiError(error, 401)) return <LoadingState label={t`Your session ended. Taking you to sign in…`} />;
  if (isApiError(error, 403)) {
    return (
      <ForbiddenState
        message={error.message}
        action={
          <Link to={HOME_PATH} className="button">
            <Trans>Go to Runs</Trans>
          </Link>
        }
      />
    );
  }
  return (
    <ErrorState
      error={error}
      onRetry={() => {
        reset();
        void router.invalidate();
      }}
    />
  );
}
