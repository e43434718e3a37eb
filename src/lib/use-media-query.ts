import { useCallback, useSyncExternalStore } from 'react';

/** Tailwind's `md` breakpoint: from here on lists are tables and headers are one row. */
export const WIDE_SCREEN_QUERY = '(min-width: 768px)';

/**
 * Whether a media query matches now, following changes (a rotated phone, a resized window). Where the browser
 * cannot tell (no matchMedia: server rendering, jsdom) it answers `fallback`.
 */
export function useMediaQuery(query: string, fallback = true): boolean {
  const subscribe = useCallback(
    (onChange: () => void) => {
      if (typeof window === 'undefined' || typeof window.matchMedia !== 'function') return () => undefined;
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    [query],
  );
  const read = () => (typeof window !== 'undefined' && typeof window.matchMedia === 'function' ? window.matchMedia(query).matches : fallback);
  return useSyncExternalStore(subscribe, read, () => fallback);
}
