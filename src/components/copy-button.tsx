/**
 * Copy-to-clipboard for ids, URLs and secrets. Uses the Clipboard API, falls back to a hidden textarea +
 * `execCommand('copy')` (plain-http deployments have no Clipboard API), and if both fail opens a popover with the
 * text selected so the operator can press ⌘C / Ctrl+C.
 *
 *   import { CopyButton, IdWithCopy } from '@/components/copy-button';
 *   <CopyButton value={user.userId} label="Copy user id" />          // icon button
 *   <CopyButton value={secret} label="Copy secret" showText />      // icon + "Copy"
 *   <IdWithCopy id={user.userId} />                                 // monospace id (truncated, full on hover) + copy
 */
import { useEffect, useRef, useState } from 'react';
import { Trans } from '@lingui/react/macro';
import { t } from '@lingui/core/macro';
import { Popover } from 'radix-ui';
import { IconCheck, IconCopy } from './icons';

/** Copies text; resolves true when the browser confirms it, false when the operator must copy by hand. */
export async function copyText(text: string): Promise<boolean> {
  try {
    if (navigator.clipboard && window.isSecureContext) {
      await navigator.clipboard.writeText(text);
      return true;
    }
  } catch {
    // fall back below
  }
  const textarea = document.createElement('textarea');
  textarea.value = text;
  textarea.setAttribute('readonly', '');
  textarea.style.position = 'fixed';
  textarea.style.opacity = '0';
  textarea.style.pointerEvents = 'none';
  document.body.appendChild(textarea);
  const active = document.activeElement as HTMLElement | null;
  textarea.select();
  let ok: boolean;
  try {
    ok = document.execCommand('copy');
  } catch {
    ok = false;
  }
  textarea.remove();
  active?.focus?.();
  return ok;
}

export interface CopyButtonProps {
  value: string;
  /** Accessible name and tooltip: "Copy user id". */
  label?: string;
  /** Show the word "Copy" next to the icon. */
  showText?: boolean;
  className?: string;
  /** Called after a successful copy (e.g. to record that a secret was copied). */
  onCopied?: () => void;
}

export function CopyButton({ value, label = t`Copy`, showText = false, className, onCopied }: CopyButtonProps) {
  const [state, setState] = useState<'idle' | 'copied' | 'manual'>('idle');
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const onClick = async () => {
    const ok = await copyText(value);
    if (ok) {
      setState('copied');
      onCopied?.();
      clearTimeout(timer.current);
      timer.current = setTimeout(() => setState('idle'), 1500);
    } else {
      setState('manual');
    }
  };

  const copied = state === 'copied';
  const button = (
    <button
      type="button"
      className={[showText ? 'button button--small' : 'icon-button icon-button--small', 'copy-button', className]
        .filter(Boolean)
        .join(' ')}
      onClick={onClick}
      aria-label={copied ? t`Copied` : label}
      title={copied ? t`Copied` : label}
      data-copied={copied}
    >
      {copied ? <IconCheck size={14} /> : <IconCopy size={14} />}
      {showText ? <span>{copied ? t`Copied` : t`Copy`}</span> : null}
      <span className="sr-only" aria-live="polite">
        {copied ? t`Copied to clipboard` : ''}
      </span>
    </button>
  );

  return (
    <Popover.Root open={state === 'manual'} onOpenChange={(open) => !open && setState('idle')}>
      <Popover.Anchor asChild>{button}</Popover.Anchor>
      <Popover.Portal>
        <Popover.Content className="popover" sideOffset={4} align="start" aria-label={t`Copy by hand`}>
          <div className="field">
            <label className="field__hint" htmlFor="copy-fallback">
              <Trans>The browser blocked copying. Press ⌘C / Ctrl+C:</Trans>
            </label>
            <input
              id="copy-fallback"
              className="input input--mono"
              readOnly
              value={value}
              autoFocus
              onFocus={(e) => e.currentTarget.select()}
            />
          </div>
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}

/** An id in monospace (truncated with the full id on hover) followed by its copy button. */
export function IdWithCopy({ id, label = t`Copy id`, className }: { id: string; label?: string; className?: string }) {
  return (
    <span className={['id-chip', className].filter(Boolean).join(' ')}>
      <span className="id-chip__text" title={id}>
        {id}
      </span>
      <CopyButton value={id} label={label} />
    </span>
  );
}
