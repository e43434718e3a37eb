/**
 * Where dialogs sit: a margin on every side on a phone (never edge to edge), and a free band along the bottom of
 * the screen where toasts appear (bottom-right, spec §9; the whole bottom on a phone), so a toast never covers a
 * dialog's buttons or fields. The dialog is centred in the space above that band and scrolls inside when taller.
 */
export const DIALOG_PLACEMENT =
  'fixed left-1/2 top-[calc(50%-3.5rem)] z-50 w-[calc(100%-2rem)] max-h-[calc(100dvh-9rem)] -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-lg';
