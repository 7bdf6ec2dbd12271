import { t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { useId, useState } from 'react';
import { Dialog } from 'radix-ui';
import { CopyButton } from '@/components/copy-button';
import { useReturnFocus } from '@/components/return-focus';

/**
 * The one-time view of a new client's credentials. The secret arrives from the create mutation into the caller's
 * state and leaves with it: this dialog cannot be dismissed until the operator confirms they stored it.
 */
export function SecretReveal({
  clientName,
  clientId,
  secret,
  onDone,
}: {
  clientName: string;
  clientId: string;
  secret: string | null;
  onDone: () => void;
}) {
  const returnFocus = useReturnFocus(true);
  const [stored, setStored] = useState(secret === null);
  const checkId = useId();
  return (
    <Dialog.Root open onOpenChange={(open) => !open && stored && onDone()}>
      <Dialog.Portal>
        <Dialog.Overlay className="dialog-overlay" />
        <Dialog.Content
          className="dialog dialog--wide"
          onEscapeKeyDown={(e) => !stored && e.preventDefault()}
          onCloseAutoFocus={returnFocus}
          onPointerDownOutside={(e) => e.preventDefault()}
        >
          <div className="dialog__header">
            <Dialog.Title className="dialog__title">
              <Trans>App client {clientName} created</Trans>
            </Dialog.Title>
          </div>
          <Dialog.Description className="dialog__description">
            {secret
              ? t`Store the client secret now, in a password manager or your deployment’s secret store. It is shown only this once: this console and the service keep no readable copy.`
              : t`This client has no secret (none was generated).`}
          </Dialog.Description>
          <dl className="details app-clients-credentials">
            <div>
              <dt>
                <Trans>Client id</Trans>
              </dt>
              <dd className="app-clients-secret-row">
                <code>{clientId}</code>
                <CopyButton value={clientId} label={t`Copy client id`} />
              </dd>
            </div>
            {secret ? <SecretRow secret={secret} /> : null}
          </dl>
          {secret ? (
            <label className="checkbox" htmlFor={checkId}>
              <input id={checkId} type="checkbox" checked={stored} onChange={(e) => setStored(e.target.checked)} />
              <span className="checkbox__text">
                <span className="field__label">
                  <Trans>I have stored the client secret</Trans>
                </span>
              </span>
            </label>
          ) : null}
          <div className="dialog__actions">
            <button type="button" className="button button--primary" disabled={!stored} onClick={onDone}>
              <Trans>Done</Trans>
            </button>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

/** The new secret, hidden until asked for, with Copy. */
function SecretRow({ secret }: { secret: string }) {
  const [shown, setShown] = useState(false);
  return (
    <div>
      <dt>
        <Trans>Client secret</Trans>
      </dt>
      <dd className="app-clients-secret-row">
        <code aria-label={shown ? t`Client secret` : t`Client secret (hidden)`} data-testid="client-secret">
          {shown ? secret : '•'.repeat(Math.min(secret.length, 32))}
        </code>
        <button type="button" className="button button--small" onClick={() => setShown((s) => !s)} aria-pressed={shown}>
          {shown ? t`Hide` : t`Show`}
        </button>
        <CopyButton value={secret} label={t`Copy client secret`} showText />
      </dd>
    </div>
  );
}
