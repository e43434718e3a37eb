import { useCallback, useEffect, useRef, useState } from 'react';

export interface IntentHandlers {
  onPointerEnter(): void;
  onTouchStart(): void;
  onFocus(): void;
  onClick(): void;
}

export interface LoadOnIntent<T> {
  /** The module, once a stand-in was activated and the module is there: render the real triggers from then on. */
  loaded: T | undefined;
  /** The stand-in that was activated: open its overlay when it mounts. */
  clicked: string | null;
  /** Spread on a stand-in trigger: the pointer over it, a touch or focus preloads the module; a click opens. */
  intent(trigger: string): IntentHandlers;
}

/**
 * Code that only an interaction needs (a dialog, a sheet, a popover with their Radix and floating-ui code) stays off a
 * page's first load: the page renders stand-in triggers that look the same. The first sign of intent on one of them
 * (the pointer over it, a touch, keyboard focus) loads the module; activating one (click, Enter, Space) replaces the
 * stand-ins by the real triggers and opens its overlay, which takes the focus and gives it back to its real trigger
 * on close. Nothing is swapped under a pointer or a focus. A failed load (offline) is tried again at the next sign.
 */
export function useLoadOnIntent<T>(load: () => Promise<T>): LoadOnIntent<T> {
  const [loaded, setLoaded] = useState<T | undefined>(undefined);
  const [clicked, setClicked] = useState<string | null>(null);
  const loading = useRef<Promise<T> | null>(null);
  const isMounted = useRef(true);
  useEffect(() => {
    isMounted.current = true;
    return () => {
      isMounted.current = false;
    };
  }, []);

  const start = useCallback((): Promise<T> => {
    if (!loading.current) {
      const current = load();
      loading.current = current;
      current.catch((error: unknown) => {
        loading.current = null;
        console.error('Failed to load', error);
      });
    }
    return loading.current;
  }, [load]);

  const preload = useCallback(() => void start().catch(() => {}), [start]);

  const intent = useCallback(
    (trigger: string): IntentHandlers => ({
      onPointerEnter: preload,
      onTouchStart: preload,
      onFocus: preload,
      onClick: () => {
        setClicked(trigger);
        start().then(
          (module) => {
            if (isMounted.current) setLoaded(() => module);
          },
          () => {},
        );
      },
    }),
    [start, preload],
  );

  return { loaded, clicked, intent };
}
