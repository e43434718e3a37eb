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
