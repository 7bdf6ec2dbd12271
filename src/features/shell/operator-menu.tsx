import { lazy, Suspense, useRef, useState } from 'react';
import { DropdownMenu } from 'radix-ui';
import { useNavigate } from '@tanstack/react-router';
import { toast } from '@/components/toast';
import { useSignOut, type Session } from '@/api/session';
import { explainError } from '@/api/errors';
import { IconChevronDown, IconGlobe, IconLock, IconSignOut } from '@/components/icons';
import { useTimeZone } from '@/components/date-time';

const loadSessionsDialog = () => import('./operator-sessions-dialog');
const OperatorSessionsDialog = lazy(() => loadSessionsDialog().then((m) => ({ default: m.OperatorSessionsDialog })));

/** What an operator's role lets them do, in the operator's words; a reviewer limited to agents says how many. */
function roleWords({ role, agents }: Session['operator']): string {
  if (role === 'admin') return 'Administrator';
  if (role === 'viewer') return 'Viewer (read only)';
  if (!agents) return 'Reviewer';
  return agents.length === 1 ? 'Reviewer of 1 agent' : `Reviewer of ${agents.length} agents`;
}

/** Who is signed in (name, role), the UTC/local preference, the signed-in sessions, and sign out. */
export function OperatorMenu({ session }: { session: Session }) {
  const signOut = useSignOut();
  const [sessionsOpen, setSessionsOpen] = useState(false);
  const triggerRef = useRef<HTMLButtonElement>(null);
  const openingDialog = useRef(false);
  const navigate = useNavigate();
  const [zone, setZone] = useTimeZone();
  const { name, role } = session.operator;

  const onSignOut = async () => {
    try {
      const providerSignOutUrl = await signOut.mutateAsync();
      // Signed in through the provider: its sign-out page ends that session too, and comes back to /sign-in.
      if (providerSignOutUrl) {
        window.location.assign(providerSignOutUrl);
        return;
      }
      await navigate({ to: '/sign-in', replace: true });
      signOut.clearCache();
    } catch (error) {
      toast.error('Sign out failed', { description: explainError(error).detail });
    }
  };

  return (
    <>
      {/* Not modal, and drawn in place (no portal): a menu leaves the page around it as it is — nothing hidden from
          assistive technology while focus can still reach it — and stays inside its landmark (ARIA menu pattern). */}
      <DropdownMenu.Root modal={false}>
        <DropdownMenu.Trigger
          ref={triggerRef}
          className="operator-trigger"
          aria-label={`Operator ${name}, ${role}. Open menu`}
        >
          <span className="avatar" data-initial={name.slice(0, 1).toUpperCase()} aria-hidden="true" />
          <span className="operator-trigger__name hide-narrow">{name}</span>
          <IconChevronDown />
        </DropdownMenu.Trigger>
        <DropdownMenu.Content
          className="menu"
          align="end"
          sideOffset={6}
          // Opening the sessions dialog: the menu must not take focus back to its trigger, or the dialog, seeing
          // focus leave it, would close at once.
          onCloseAutoFocus={(event) => {
            if (openingDialog.current) event.preventDefault();
            openingDialog.current = false;
          }}
        >
          <div className="menu__header">
            <div className="menu__title">{name}</div>
            <div className="menu__subtitle">
              {roleWords(session.operator)} · {session.upstream.baseUrl}
            </div>
          </div>
          <DropdownMenu.Separator className="menu__separator" />
          <DropdownMenu.Item className="menu__item" onSelect={() => setZone(zone === 'utc' ? 'local' : 'utc')}>
            <IconGlobe /> Show times in {zone === 'utc' ? 'local time' : 'UTC'}
          </DropdownMenu.Item>
          <DropdownMenu.Item
            className="menu__item"
            onPointerEnter={() => void loadSessionsDialog()}
            onSelect={() => {
              openingDialog.current = true;
              setSessionsOpen(true);
            }}
          >
            <IconLock /> Sessions
          </DropdownMenu.Item>
          <DropdownMenu.Item className="menu__item" onSelect={() => void onSignOut()}>
            <IconSignOut /> Sign out
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Root>
      {sessionsOpen ? (
        <Suspense fallback={null}>
          <OperatorSessionsDialog session={session} onClose={() => setSessionsOpen(false)} returnFocusTo={triggerRef} />
        </Suspense>
      ) : null}
    </>
  );
}
