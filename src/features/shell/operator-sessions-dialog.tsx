// The "Sessions" dialog of the operator menu: where the operator is signed in, with "Sign out" for each other session
// and for all of them at once. An admin also sees every other operator's sessions, grouped by operator, and can end
// them. Loaded on demand (mounted only while open, so the list is fetched fresh every time it opens).
import { useId, type RefObject } from 'react';
import { Dialog } from 'radix-ui';
import { useQuery } from '@tanstack/react-query';
import type { MessageDescriptor } from '@lingui/core';
import { msg, plural, t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { i18n } from '@/i18n/i18n';
import {
  operatorSessionsQueryOptions,
  useEndOperatorSessions,
  useEndOtherSessions,
  useEndSession,
  type OperatorSession,
} from '@/api/operator-sessions';
import { useCapabilities } from '@/api/capabilities';
import type { Session } from '@/api/session';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { DateTime } from '@/components/date-time';
import { formatRelativeTime } from '@/i18n/format';
import { IconClose } from '@/components/icons';
import { ErrorState, LoadingState } from '@/components/states';
import { toast } from '@/components/toast';
import './operator-sessions.css';

const ROLE_LABEL: Record<OperatorSession['operator']['role'], MessageDescriptor> = {
  admin: msg`Administrator`,
  reviewer: msg`Reviewer`,
  viewer: msg`Viewer`,
};

export function OperatorSessionsDialog({
  session,
  onClose,
  returnFocusTo,
}: {
  session: Session;
  onClose: () => void;
  /** The menu's trigger: the menu item that opened the dialog is gone by the time it closes. */
  returnFocusTo: RefObject<HTMLElement | null>;
}) {
  return (
    <Dialog.Root open onOpenChange={(open) => !open && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="dialog-overlay sessions-dialog-overlay" />
        <Dialog.Content
          className="dialog dialog--wide sessions-dialog"
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            returnFocusTo.current?.focus();
          }}
        >
          <div className="dialog__header">
            <Dialog.Title className="dialog__title">
              <Trans>Signed-in sessions</Trans>
            </Dialog.Title>
            <Dialog.Close className="icon-button" aria-label={t`Close`}>
              <IconClose />
            </Dialog.Close>
          </div>
          <Dialog.Description className="dialog__description">
            <Trans>
              Browsers signed in to this console. A session you sign out is refused on its next request and sent to
              sign-in.
            </Trans>
          </Dialog.Description>
          <SessionsBody session={session} />
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

function SessionsBody({ session }: { session: Session }) {
  const { manageOthersSessions } = useCapabilities();
  const query = useQuery(operatorSessionsQueryOptions(manageOthersSessions ? 'all' : 'own'));
  if (query.isPending) return <LoadingState label={t`Loading sessions…`} />;
  if (query.isError) return <ErrorState error={query.error} onRetry={() => void query.refetch()} />;

  const me = session.operator.name;
  // This browser first, then the most recently seen.
  const own = query.data
    .filter((s) => s.operator.name === me)
    .sort((a, b) => Number(b.current) - Number(a.current) || b.lastSeenAt.localeCompare(a.lastSeenAt));
  const byOperator = new Map<string, OperatorSession[]>();
  for (const s of query.data) {
    if (s.operator.name !== me) byOperator.set(s.operator.name, [...(byOperator.get(s.operator.name) ?? []), s]);
  }
  return (
    <>
      <OwnSessions sessions={own} />
      {manageOthersSessions ? <OtherOperators groups={[...byOperator]} /> : null}
    </>
  );
}

function OwnSessions({ sessions }: { sessions: OperatorSession[] }) {
  const headingId = useId();
  const endOthers = useEndOtherSessions();
  const others = sessions.filter((s) => !s.current);
  const otherCount = others.length;
  return (
    <section className="sessions-group" aria-labelledby={headingId}>
      <div className="sessions-group__header">
        <h3 id={headingId} className="sessions-group__title">
          <Trans>Your sessions</Trans>
        </h3>
        {others.length > 0 ? (
          <ConfirmDialog
            trigger={
              <button type="button" className="button button--small">
                <Trans>Sign out all others</Trans>
              </button>
            }
            title={t`Sign out all your other sessions?`}
            description={plural(otherCount, {
              one: '# other browser is sent to sign-in on the next request. This session stays signed in.',
              other: '# other browsers are sent to sign-in on the next request. This session stays signed in.',
            })}
            confirmLabel={plural(otherCount, { one: 'Sign out # session', other: 'Sign out # sessions' })}
            tone="danger"
            onConfirm={async () => {
              const { ended } = await endOthers.mutateAsync();
              toast.success(plural(ended, { one: 'Signed out # other session', other: 'Signed out # other sessions' }));
            }}
          />
        ) : null}
      </div>
      <ul className="sessions-list">
        {sessions.map((s) => (
          <SessionRow key={s.handle} session={s} />
        ))}
      </ul>
      {others.length === 0 ? (
        <p className="sessions-group__note">
          <Trans>You are not signed in anywhere else.</Trans>
        </p>
      ) : null}
    </section>
  );
}

function OtherOperators({ groups }: { groups: [string, OperatorSession[]][] }) {
  const headingId = useId();
  return (
    <section className="sessions-group" aria-labelledby={headingId}>
      <div className="sessions-group__header">
        <h3 id={headingId} className="sessions-group__title">
          <Trans>Other operators</Trans>
        </h3>
      </div>
      {groups.length === 0 ? (
        <p className="sessions-group__note">
          <Trans>No other operator is signed in.</Trans>
        </p>
      ) : (
        groups.map(([name, sessions]) => <OperatorGroup key={name} name={name} sessions={sessions} />)
      )}
    </section>
  );
}

function OperatorGroup({ name, sessions }: { name: string; sessions: OperatorSession[] }) {
  const headingId = useId();
  const endAll = useEndOperatorSessions();
  const role = sessions[0].operator.role;
  const sessionCount = sessions.length;
  return (
    <section className="sessions-operator" aria-labelledby={headingId}>
      <div className="sessions-group__header">
        <h4 id={headingId} className="sessions-operator__name">
          {name} <span className="badge badge--outline">{i18n._(ROLE_LABEL[role])}</span>
        </h4>
        <ConfirmDialog
          trigger={
            <button type="button" className="button button--small" aria-label={t`Sign out everywhere: ${name}`}>
              <Trans>Sign out everywhere</Trans>
            </button>
          }
          title={t`Sign out ${name} everywhere?`}
          description={plural(sessionCount, {
            one: `# session of ${name} ends at its next request. ${name} can sign in again.`,
            other: `# sessions of ${name} end at their next request. ${name} can sign in again.`,
          })}
          confirmLabel={t`Sign out ${name}`}
          tone="danger"
          onConfirm={async () => {
            const { ended } = await endAll.mutateAsync(name);
            toast.success(
              plural(ended, { one: `Signed out # session of ${name}`, other: `Signed out # sessions of ${name}` }),
            );
          }}
        />
      </div>
      <ul className="sessions-list">
        {sessions.map((s) => (
          <SessionRow key={s.handle} session={s} />
        ))}
      </ul>
    </section>
  );
}

function SessionRow({ session }: { session: OperatorSession }) {
  const endSession = useEndSession();
  const whose = session.operator.name;
  const userAgent = session.userAgent;
  const address = session.address;
  const signedIn = <DateTime value={session.createdAt} />;
  const signedInExact = <DateTime value={session.createdAt} mode="exact" />;
  const lastSeen = <DateTime value={session.lastSeenAt} />;
  const issuer = session.atProvider?.issuer;
  const subject = session.atProvider?.subject;
  const signedInWhen = formatRelativeTime(session.createdAt);
  return (
    <li className="session-row">
      <div className="session-row__main">
        <div className="session-row__title">
          <span className="session-row__agent">{session.userAgent}</span>
          {session.current ? (
            <span className="badge badge--info">
              <Trans>This browser</Trans>
            </span>
          ) : null}
        </div>
        {/* Sessions of one browser kind read alike: the address, the exact sign-in time and the last request tell
            them apart. */}
        <div className="session-row__meta">
          <span>
            {address ? (
              <Trans>
                Signed in {signedIn} ({signedInExact}) from {address}
              </Trans>
            ) : (
              <Trans>
                Signed in {signedIn} ({signedInExact})
              </Trans>
            )}
          </span>
          <span aria-hidden="true"> · </span>{' '}
          <span>{session.current ? <Trans>Last seen now</Trans> : <Trans>Last seen {lastSeen}</Trans>}</span>
        </div>
        {session.atProvider ? (
          <div className="session-row__provider" title={`${session.atProvider.issuer} · ${session.atProvider.subject}`}>
            <Trans>
              Signed in with {issuer} as {subject}
            </Trans>
          </div>
        ) : null}
      </div>
      {session.current ? null : (
        <ConfirmDialog
          trigger={
            <button
              type="button"
              className="button button--small"
              aria-label={t`Sign out ${userAgent}, signed in ${signedInWhen}`}
            >
              <Trans>Sign out</Trans>
            </button>
          }
          title={t`Sign out ${userAgent}?`}
          description={t`This session of ${whose} is refused on its next request and sent to sign-in.`}
          confirmLabel={t`Sign out session`}
          tone="danger"
          onConfirm={async () => {
            await endSession.mutateAsync(session.handle);
            toast.success(t`Signed out ${userAgent}`);
          }}
        />
      )}
    </li>
  );
}
