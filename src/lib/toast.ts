/**
 * The app's toasts, with sonner loaded on the first one instead of with every page (issue 33; decision 0017).
 *
 * Same calls as sonner's `toast` (the ones the app uses: a plain toast, success, error, info, warning), which do not
 * return the toast's id here: the first call loads sonner and asks for the Toaster (`DeferredToaster` listens), and
 * sonner shows toasts created before its Toaster mounts when it does (its state replays them on subscribe). Calls
 * made while sonner loads keep their order. ESLint refuses `import … from 'sonner'` elsewhere.
 */
import type * as Sonner from 'sonner';
import type { ExternalToast, toast as sonnerToast } from 'sonner';

type Message = Parameters<typeof sonnerToast>[0];
type Kind = 'message' | 'success' | 'error' | 'info' | 'warning';

let sonner: Promise<typeof Sonner> | undefined;
/** Toasts asked for and not yet handed to sonner: `data-toasts-pending` on <html> while any (tests wait for it). */
let pending = 0;
const listeners = new Set<() => void>();
let isWanted = false;

/** Whether a toast has been asked for: the Toaster mounts from then on (see deferred-toaster.tsx). */
export function isToasterWanted(): boolean {
  return isWanted;
}

/** Called when the first toast is asked for (useSyncExternalStore's subscribe). */
export function subscribeToToasterWanted(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function show(kind: Kind, message: Message, data?: ExternalToast): void {
  if (!isWanted) {
    isWanted = true;
    for (const listener of listeners) listener();
  }
  // sonner and the Toaster's own module (what DeferredToaster renders) together: the toast shows on their arrival.
  sonner ??= Promise.all([import('sonner'), import('@/components/ui/sonner')]).then(([module]) => module);
  setPending(+1);
  void sonner
    .then(({ toast }) => (kind === 'message' ? toast(message, data) : toast[kind](message, data)))
    .finally(() => setPending(-1));
}

function setPending(change: number) {
  pending += change;
  if (typeof document === 'undefined') return;
  if (pending > 0) document.documentElement.dataset.toastsPending = String(pending);
  else delete document.documentElement.dataset.toastsPending;
}

export const toast = Object.assign((message: Message, data?: ExternalToast) => show('message', message, data), {
  success: (message: Message, data?: ExternalToast) => show('success', message, data),
  error: (message: Message, data?: ExternalToast) => show('error', message, data),
  info: (message: Message, data?: ExternalToast) => show('info', message, data),
  warning: (message: Message, data?: ExternalToast) => show('warning', message, data),
});
