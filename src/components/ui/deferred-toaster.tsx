import { lazy, Suspense, useSyncExternalStore } from 'react';
import { isToasterWanted, subscribeToToasterWanted } from '@/lib/toast';

const Toaster = lazy(() => import('@/components/ui/sonner').then((module) => ({ default: module.Toaster })));

/**
 * The app's Toaster (bottom-right, Alt+T), loaded with sonner when the first toast is asked for through
 * `@/lib/toast` (sonner replays toasts created before it mounts, so none is lost). Keeps sonner (~8 KB) off the
 * first load of every page, public or signed in (issue 33; docs/decisions/0017-signed-in-speed.md).
 */
export function DeferredToaster() {
  const isWanted = useSyncExternalStore(subscribeToToasterWanted, isToasterWanted, () => false);
  if (!isWanted) return null;
  return (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  );
}
