import { lazy, Suspense, useRef, useState } from 'react';
import { DropdownMenu } from 'radix-ui';
import { useNavigate } from '@tanstack/react-router';
import { toast } from '@/components/toast';
import { useSignOut, type Session } from '@/api/session';
import { explainError } from '@/api/errors';
import { IconChevronDown, IconGlobe, IconLock, IconSignOut } from '@/components/icons';
import { useTimeZone } from '@/components/date-time';
import { plural, t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { currentLanguage, switchLanguage } from '@/i18n/i18n';
import { LANGUAGES, languageName, type Language } from '@/i18n/locales';

const loadSessionsDialog = () => import('./operator-sessions-dialog');
const OperatorSessionsDialog = lazy(() => loadSessionsDialog().then((m) => ({ default: m.OperatorSessionsDialog })));

/** What an operator's role lets them do, in the operator's words; a reviewer limited to agents says how many. */
function roleWords({ role, agents }: Session['operator']): string {
  if (role === 'admin') return t`Administrator`;
  if (role === 'viewer') return t`Viewer (read only)`;
  if (!agents) return t`Reviewer`;
  const count = agents.length;
  return plural(count, { one: 'Reviewer of # agent', other: 'Reviewer of # agents' });
}

/** Who is signed in (name, role), the UTC/local preference, the signed-in sessions, and sign out. */
export function OperatorMenu({ session }: { session: Session }) {
  const signOut = useSignOut();
  const [sessionsOpen, setSessionsOpen] = useState(false);
  const triggerRef = useRef<HTMLButtonElement>(null);
  const openingDialog = useRef(false);
  const navigate = useNavigate();
  const [zone, setZone] = useTimeZone();
  const { name } = session.operator;
  const roleName = roleWords(session.operator);

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
      toast.error(t`Sign out failed`, { description: explainError(error).detail });
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
          aria-label={t`Operator ${name}, ${roleName}. Open menu`}
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
              {roleName} · {session.upstream.baseUrl}
            </div>
          </div>
          <DropdownMenu.Separator className="menu__separator" />
          <DropdownMenu.Item className="menu__item" onSelect={() => setZone(zone === 'utc' ? 'local' : 'utc')}>
            <IconGlobe /> {zone === 'utc' ? <Trans>Show times in local time</Trans> : <Trans>Show times in UTC</Trans>}
          </DropdownMenu.Item>
          <LanguageChoice />
          <DropdownMenu.Item
            className="menu__item"
            onPointerEnter={() => void loadSessionsDialog()}
            onSelect={() => {
              openingDialog.current = true;
              setSessionsOpen(true);
            }}
          >
            <IconLock /> <Trans>Sessions</Trans>
          </DropdownMenu.Item>
          <DropdownMenu.Item className="menu__item" onSelect={() => void onSignOut()}>
            <IconSignOut /> <Trans>Sign out</Trans>
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

/** The console's language: choosing one reloads the page in it (remembered in this browser). */
function LanguageChoice() {
  // The pseudo-locale is for testing layouts: offered only while it is the one in use.
  const offered = LANGUAGES.filter((l) => l !== 'en-XA' || currentLanguage() === l);
  return (
    <>
      <DropdownMenu.Separator className="menu__separator" />
      <DropdownMenu.Label className="menu__label">
        <Trans>Language</Trans>
      </DropdownMenu.Label>
      <DropdownMenu.RadioGroup
        value={currentLanguage()}
        onValueChange={(value) => {
          if (value !== currentLanguage()) switchLanguage(value as Language);
        }}
      >
        {offered.map((language) => (
          <DropdownMenu.RadioItem key={language} value={language} className="menu__item" lang={language}>
            <span className="menu__item-indicator" aria-hidden="true">
              <DropdownMenu.ItemIndicator>✓</DropdownMenu.ItemIndicator>
            </span>
            {languageName(language)}
          </DropdownMenu.RadioItem>
        ))}
      </DropdownMenu.RadioGroup>
      <DropdownMenu.Separator className="menu__separator" />
    </>
  );
}
