import { useRef } from 'react';

interface AutoFocusHandlers {
  onOpenAutoFocus?: (event: Event) => void;
  onCloseAutoFocus?: (event: Event) => void;
}

/**
 * Radix dialogs give focus back to their Trigger when they close; one opened from a plain button (an edit or delete
 * action of a list row) has none and would drop focus on the page body. This remembers what had focus when the
 * dialog opened and returns focus there, if it is still on the page. A caller's own handler runs first and can
 * take over with preventDefault().
 */
export function useReturnFocus({ onOpenAutoFocus, onCloseAutoFocus }: AutoFocusHandlers): Required<AutoFocusHandlers> {
  const openedFrom = useRef<HTMLElement | null>(null);
  return {
    onOpenAutoFocus(event) {
      const active = document.activeElement;
      openedFrom.current = active instanceof HTMLElement && active !== document.body ? active : null;
      onOpenAutoFocus?.(event);
    },
    onCloseAutoFocus(event) {
      onCloseAutoFocus?.(event);
      const opener = openedFrom.current;
      openedFrom.current = null;
      if (event.defaultPrevented || !opener?.isConnected) return;
      event.preventDefault();
      opener.focus();
    },
  };
}
