import { lazy, Suspense, useEffect, useRef, useState } from 'react';

/** The figures card's code loads when its place scrolls near the screen (issue 30 #6), not with the page. */
const FiguresCard = lazy(() => import('@/features/social/components/figures-card').then((module) => ({ default: module.FiguresCard })));

/**
 * Where the Social Hub's figures card goes: an empty block until it comes within 200 px of the screen, then the card
 * (at once where the browser cannot tell, e.g. no IntersectionObserver). Keeps /marketing/social's first load as it
 * was: the card sits below the composer and the posts.
 */
export function FiguresSlot({ workspaceId }: { workspaceId: string }) {
  const place = useRef<HTMLDivElement>(null);
  const [near, setNear] = useState(() => typeof IntersectionObserver === 'undefined');
  useEffect(() => {
    if (near || !place.current) return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting)) setNear(true);
    }, { rootMargin: '200px' });
    observer.observe(place.current);
    return () => observer.disconnect();
  }, [near]);
  if (!near) return <div ref={place} className="min-h-24" aria-hidden="true" />;
  return (
    <Suspense fallback={null}>
      <FiguresCard workspaceId={workspaceId} />
    </Suspense>
  );
}
