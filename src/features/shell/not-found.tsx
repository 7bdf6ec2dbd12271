import { Link, useLocation } from '@tanstack/react-router';
import { t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { EmptyState } from '@/components/states';
import { HOME_PATH } from './nav-items';

export function NotFound() {
  const { pathname } = useLocation();
  return (
    <div className="page page--center">
      <EmptyState
        title={t`Page not found`}
        level={1}
        action={
          <Link to={HOME_PATH} className="button button--primary">
            <Trans>Go to Runs</Trans>
          </Link>
        }
      >
        <Trans>
          Nothing lives at <code>{pathname}</code>. Check the address, or press <kbd>⌘K</kbd> to jump to a screen or
          paste an id.
        </Trans>
      </EmptyState>
    </div>
  );
}
