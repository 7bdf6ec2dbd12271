import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useRouter } from '@tanstack/react-router';
import { t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { signInOptionsQueryOptions, useSignIn } from '@/api/session';
import { explainError, isApiError } from '@/api/errors';
import { IconAlert } from '@/components/icons';

// Called when shown (never at module load): each function writes its message in the operator's language.
const ERRORS: Record<string, (provider: string) => string> = {
  'launch-link': () =>
    t`That launch link has expired or was already used. Sign in with an operator account, or restart the console server for a new link.`,
  'oidc-no-role': (provider) =>
    t`Your account at ${provider} is in none of the groups that give a console role, so no session was started. Ask your administrator to add you to the console's admin, reviewer or viewer group, then sign in again.`,
  'oidc-rejected': (provider) =>
    t`The answer from ${provider} could not be verified, so you were not signed in. Try again; if it keeps failing, tell your administrator.`,
  'oidc-no-pending-sign-in': () =>
    t`That sign-in had expired or was already used (a sign-in has 10 minutes). Start again.`,
  'oidc-provider-error': (provider) => t`${provider} did not sign you in (cancelled or refused). Try again.`,
  'oidc-unavailable': (provider) => t`${provider} cannot be reached right now. Try again in a moment.`,
};

/** "Sign in with <provider>": a top-level navigation, through the provider's own sign-in page and back. */
function ProviderSignIn({ provider, redirectTo, primary }: { provider: string; redirectTo: string; primary: boolean }) {
  return (
    <a
      className={`button ${primary ? 'button--primary' : ''}`}
      href={`/bff/oidc/login?redirect=${encodeURIComponent(redirectTo)}`}
    >
      <Trans>Sign in with {provider}</Trans>
    </a>
  );
}

/** Why the last try failed, or why the sign-in the server sent back here (`?error=`) did not start a session. */
function failureText(signInError: Error | null, error: string | undefined, providerName: string): string | null {
  if (signInError) {
    if (isApiError(signInError, 401)) return t`Wrong name or password.`;
    if (isApiError(signInError, 429)) return signInError.message;
    const { title, detail } = explainError(signInError);
    return t`${title}: ${detail}`;
  }
  return error ? (ERRORS[error]?.(providerName) ?? t`Sign-in failed. Try again.`) : null;
}

/** The name and password, the cursor in the name field when the form is the one way in, and the submit. */
function useOperatorSignIn(redirectTo: string, formOnly: boolean) {
  const router = useRouter();
  const signIn = useSignIn();
  const [name, setName] = useState('');
  const [password, setPassword] = useState('');
  const nameInput = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (formOnly) nameInput.current?.focus();
  }, [formOnly]);
  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    try {
      await signIn.mutateAsync({ name: name.trim(), password });
      await router.navigate({ href: redirectTo, replace: true });
    } catch {
      // shown below from signIn.error
    }
  };
  return { signIn, name, setName, password, setPassword, nameInput, onSubmit };
}

function SignInBrand({ hint }: { hint: string }) {
  return (
    <div className="auth-card__brand">
      <span className="sidebar__logo" aria-hidden="true">
        D
      </span>
      <div>
        <h1 id="sign-in-title">
          <Trans>Sign in to DPS Console</Trans>
        </h1>
        <p className="auth-card__hint">{hint}</p>
      </div>
    </div>
  );
}

/** The operator account's fields and submit button, after the provider's button when there is one. */
function OperatorAccountFields({
  form,
  afterProvider,
}: {
  form: ReturnType<typeof useOperatorSignIn>;
  afterProvider: boolean;
}) {
  const { signIn, name, setName, password, setPassword, nameInput } = form;
  return (
    <>
      {afterProvider ? (
        <p className="auth-card__or">
          <span>
            <Trans>or with an operator account</Trans>
          </span>
        </p>
      ) : null}
      <div className="field">
        <label className="field__label" htmlFor="sign-in-name">
          <Trans>Name</Trans>
        </label>
        <input
          id="sign-in-name"
          className="input"
          autoComplete="username"
          ref={nameInput}
          required
          value={name}
          onChange={(e) => setName(e.target.value)}
        />
      </div>
      <div className="field">
        <label className="field__label" htmlFor="sign-in-password">
          <Trans>Password</Trans>
        </label>
        <input
          id="sign-in-password"
          className="input"
          type="password"
          autoComplete="current-password"
          required
          value={password}
          onChange={(e) => setPassword(e.target.value)}
        />
      </div>
      <button type="submit" className="button button--primary" disabled={signIn.isPending || !name.trim() || !password}>
        {signIn.isPending ? t`Signing in…` : t`Sign in`}
      </button>
      <p className="auth-card__hint">
        <Trans>
          No account? The console server prints a one-time launch link when it starts; an administrator can create
          accounts with <code>npm run operator</code>.
        </Trans>
      </p>
    </>
  );
}

export function SignInPage({ redirectTo, error }: { redirectTo: string; error?: string }) {
  const optionsQuery = useQuery(signInOptionsQueryOptions());
  const options = optionsQuery.data ?? { localAccounts: true, provider: null };
  // The cursor goes to the name field once the options are known, and only when the form is the one way in: with a
  // provider offered, the form is the second way and the cursor does not pull the eye to it.
  const form = useOperatorSignIn(redirectTo, !optionsQuery.isPending && !options.provider);
  const providerName = options.provider ?? t`the identity provider`;
  const failure = failureText(form.signIn.error, error, providerName);

  return (
    <main className="auth-page" id="main">
      <form className="auth-card" onSubmit={form.onSubmit} noValidate aria-labelledby="sign-in-title">
        <SignInBrand
          hint={
            !options.localAccounts
              ? t`Use your account at ${providerName}.`
              : options.provider
                ? t`Use your account at ${providerName}, or an operator account.`
                : t`Use your operator account.`
          }
        />
        {failure ? (
          <div className="banner banner--danger" role="alert">
            <IconAlert />
            <div className="banner__text">{failure}</div>
          </div>
        ) : null}
        {options.provider ? (
          <ProviderSignIn provider={options.provider} redirectTo={redirectTo} primary={!options.localAccounts} />
        ) : null}
        {options.localAccounts ? <OperatorAccountFields form={form} afterProvider={!!options.provider} /> : null}
      </form>
    </main>
  );
}
