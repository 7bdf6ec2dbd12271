/**
 * Toasts, with sonner loaded after the first screen instead of with it: `toast.success('Saved')` works like sonner's
 * `toast` (same options, returns the toast's id at once) and shows the toast as soon as sonner and the <Toasts/>
 * outlet are ready — a few milliseconds after boot, well before an operator can finish an action.
 *
 *   import { toast } from '@/components/toast';
 *   const id = toast('Archiving 3 runs…', { duration: 5000, action: { label: 'Undo', onClick } });
 *   toast.dismiss(id);
 */
import { lazy, Suspense, useEffect } from 'react';
import { t } from '@lingui/core/macro';
import type { ExternalToast, ToasterProps } from 'sonner';

type Sonner = typeof import('sonner');
type Kind = 'default' | 'success' | 'error' | 'info';
type Message = string;

let sonner: Promise<Sonner> | undefined;
const loadSonner = () => (sonner ??= import('sonner'));

// Sonner drops toasts published before its <Toaster> subscribed, so every call waits for the outlet to be mounted.
let markReady: () => void = () => {};
const ready = new Promise<void>((resolve) => {
  markReady = resolve;
});
const whenReady = () => Promise.all([loadSonner(), ready]).then(([module]) => module.toast);

let counter = 0;
function show(kind: Kind, message: Message, options?: ExternalToast): string | number {
  const id = options?.id ?? `dps-toast-${++counter}`;
  void whenReady().then((sonnerToast) =>
    (kind === 'default' ? sonnerToast : sonnerToast[kind])(message, { ...options, id }),
  );
  return id;
}

export const toast = Object.assign((message: Message, options?: ExternalToast) => show('default', message, options), {
  success: (message: Message, options?: ExternalToast) => show('success', message, options),
  error: (message: Message, options?: ExternalToast) => show('error', message, options),
  info: (message: Message, options?: ExternalToast) => show('info', message, options),
  dismiss: (id?: string | number) => void whenReady().then((sonnerToast) => sonnerToast.dismiss(id)),
});

const Toaster = lazy(() => loadSonner().then((module) => ({ default: module.Toaster })));

function MarkReady() {
  useEffect(() => markReady(), []);
  return null;
}

/** The toast outlet, mounted once at the root (its landmark named in the operator's language). Effects run in order, so <Toaster> has subscribed before MarkReady. */
export function Toasts(props: ToasterProps) {
  return (
    <Suspense fallback={null}>
      <Toaster
        containerAriaLabel={t`Notifications`}
        {...props}
        toastOptions={{ closeButtonAriaLabel: t`Close notification`, ...props.toastOptions }}
      />
      <MarkReady />
    </Suspense>
  );
}
