/**
 * The frame of a signed-in page in the served HTML (`#app-frame`, outside React's root: scripts/prerender-html.mjs,
 * `@/config/app-frame-script`), painted before the app's script has run. React renders nothing in its place while it
 * waits for the session or the profile (`PageStatus`), and removes it in the same commit that puts the page's own
 * header on screen — or sends the visitor elsewhere, or shows an error — so the frame is never beside the page.
 */
export const APP_FRAME_ID = 'app-frame';

/** The frame is on screen (no DOM, as when rendering on the server: no frame). */
export function isAppFrameShown(): boolean {
  return typeof document !== 'undefined' && document.getElementById(APP_FRAME_ID) !== null;
}

/** Removes the frame, if any (idempotent). */
export function removeAppFrame(): void {
  if (typeof document === 'undefined') return;
  document.getElementById(APP_FRAME_ID)?.remove();
}

declare global {
  interface Window {
    /** Set by the shell's inline script on a page whose frame paints its largest text from its own early reads. */
    __appFrameReady?: Promise<unknown>;
  }
}

/**
 * Resolves (never rejects) once the frame has painted what it reads for itself (the workspace's line, the e-mail note, the analytics
 * snippet) or given up (the inline script's cap: 2 s); at once on any other page. The app's start waits for it, so
 * that those few reads have the network and the server to themselves instead of queueing behind the page's 40–60
 * scripts (issue 33, decision 0017 session 13): the app needs the same reads before it shows the page anyway.
 */
export function appFramePainted(): Promise<unknown> {
  const ready = typeof window === 'undefined' ? undefined : window.__appFrameReady;
  return ready ? ready.catch(() => undefined) : Promise.resolve();
}
