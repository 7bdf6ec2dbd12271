import type { ReactNode } from 'react';
import { Trans } from '@lingui/react/macro';
import { t } from '@lingui/core/macro';
import { explainError } from '@/api/errors';
import { IconAlert, IconInbox, IconLock, IconRefresh } from './icons';

/**
 * Empty, loading and error states. Each says what happened and what to do next:
 *
 *   <EmptyState title="No users yet" action={<Button onClick={create}>Create user</Button>}>
 *     Users sign in to the document processing apps of this organization.
 *   </EmptyState>
 *   <LoadingState label="Loading users" />
 *   <ErrorState error={error} onRetry={() => refetch()} />
 */

export function EmptyState({
  title,
  children,
  action,
  icon,
  level = 2,
}: {
  title: string;
  children?: ReactNode;
  action?: ReactNode;
  icon?: ReactNode;
  /** 1 where the state is the whole screen (nothing else names it), 2 inside a screen with its own heading. */
  level?: 1 | 2;
}) {
  const Heading = level === 1 ? 'h1' : 'h2';
  return (
    <div className="state">
      <div className="state__icon">{icon ?? <IconInbox size={20} />}</div>
      <Heading className="state__title">{title}</Heading>
      {children ? <div className="state__body">{children}</div> : null}
      {action ? <div className="state__actions">{action}</div> : null}
    </div>
  );
}

export function LoadingState({ label = t`Loading…` }: { label?: string }) {
  return (
    <div className="state state--loading" role="status" aria-live="polite">
      <span className="spinner" aria-hidden="true" />
      <span className="state__body">{label}</span>
    </div>
  );
}

export function ErrorState({ error, onRetry, action }: { error: unknown; onRetry?: () => void; action?: ReactNode }) {
  const { title, detail, next } = explainError(error);
  return (
    <div className="state state--error" role="alert">
      <div className="state__icon">
        <IconAlert size={20} />
      </div>
      <h2 className="state__title">{title}</h2>
      <p className="state__detail">{detail}</p>
      <p className="state__body">{next}</p>
      <div className="state__actions">
        {onRetry ? (
          <button type="button" className="button" onClick={onRetry}>
            <IconRefresh /> <Trans>Retry</Trans>
          </button>
        ) : null}
        {action}
      </div>
    </div>
  );
}

/** A 403: the operator (viewer role) or the app client's roles do not allow this. */
export function ForbiddenState({ message, action }: { message?: string; action?: ReactNode }) {
  return (
    <div className="state state--forbidden" role="alert">
      <div className="state__icon">
        <IconLock size={20} />
      </div>
      <h2 className="state__title">
        <Trans>You do not have access to this</Trans>
      </h2>
      {message ? <p className="state__detail">{message}</p> : null}
      <p className="state__body">
        <Trans>
          Your operator account or the console's app client lacks the permission. Ask an administrator for an admin
          operator account or a role that allows it.
        </Trans>
      </p>
      {action ? <div className="state__actions">{action}</div> : null}
    </div>
  );
}
