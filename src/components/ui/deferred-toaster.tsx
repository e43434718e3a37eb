import { lazy, Suspense, useEffect, useState } from 'react';

const Toaster = lazy(() => import('@/components/ui/sonner').then((module) => ({ default: module.Toaster })));

const INTERACTIONS = ['pointerdown', 'keydown', 'touchstart', 'focusin'] as const;

/**
 * The app's Toaster (bottom-right, Alt+T), loaded when it can be needed: at once on pages rendered in the
 * browser, and on the first interaction on prerendered public pages (sonner replays toasts created before it
 * mounts, so none is lost). Keeps sonner off the first load of the public pages.
 */
export function DeferredToaster({ deferUntilInteraction }: { deferUntilInteraction: boolean }) {
  const [isWanted, setIsWanted] = useState(!deferUntilInteraction);

  useEffect(() => {
    if (isWanted) return;
    const want = () => setIsWanted(true);
    for (const type of INTERACTIONS) window.addEventListener(type, want, { once: true, passive: true, capture: true });
    return () => {
      for (const type of INTERACTIONS) window.removeEventListener(type, want, { capture: true });
    };
  }, [isWanted]);

  if (!isWanted) return null;
  return (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  );
}
