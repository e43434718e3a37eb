/** True when the visitor asked the system for less motion: no confetti then. */
export function prefersReducedMotion(): boolean {
  return typeof window !== 'undefined' && typeof window.matchMedia === 'function'
    ? window.matchMedia('(prefers-reduced-motion: reduce)').matches
    : false;
}

/**
 * One burst of confetti. canvas-confetti is loaded on first use (never for reduced motion) and draws on its
 * own canvas, without a worker (the Content-Security-Policy allows no blob: scripts); the canvas is removed
 * when the animation ends.
 */
export async function fireConfetti(): Promise<void> {
  if (prefersReducedMotion()) return;
  const { default: confetti } = await import('canvas-confetti');
  const canvas = document.createElement('canvas');
  canvas.setAttribute('aria-hidden', 'true');
  canvas.style.cssText = 'position:fixed;inset:0;width:100%;height:100%;pointer-events:none;z-index:100';
  document.body.appendChild(canvas);
  const shoot = confetti.create(canvas, { resize: true, useWorker: false, disableForReducedMotion: true });
  try {
    await shoot({ particleCount: 120, spread: 75, startVelocity: 38, origin: { y: 0.6 } });
  } finally {
    shoot.reset();
    canvas.remove();
  }
}
