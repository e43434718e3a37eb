import { afterEach, describe, expect, it, vi } from 'vitest';
import { APP_FRAME_SCRIPT } from '@/config/app-frame-script';

const SESSION_KEY = 'sb-127-auth-token';

/** The shell as scripts/prerender-html.mjs writes it (the entry as the frame's data-entry), then the inline script. */
function openShell(pathname: string) {
  window.history.replaceState(null, '', pathname);
  document.body.innerHTML =
    '<div id="app-frame" hidden data-entry="/assets/index-1.js"><header>Header</header><div id="app-frame-page"></div></div>' +
    `<script type="application/json" id="app-frame-pages">${JSON.stringify({ '/dashboard': '<p>Welcome</p>' })}</script>` +
    '<script type="application/json" id="app-frame-chunks">{}</script><div id="root"></div>';
  new Function(APP_FRAME_SCRIPT)();
}

const entries = () => [...document.head.querySelectorAll('script[type="module"]')].map((script) => [script.getAttribute('src'), script.getAttribute('crossorigin')]);
const nextFrame = () => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 10)));

afterEach(() => {
  window.localStorage.clear();
  document.body.innerHTML = '';
  document.head.innerHTML = '';
  delete window.__earlyRequests;
  delete window.__appFrameReady;
  vi.restoreAllMocks();
});

/** Decision 0017, session 14: the frame's first paint needs none of the app's script, so the script starts after it. */
describe("APP_FRAME_SCRIPT and the app's entry", () => {
  it('starts the entry at once where it shows no frame (signed out, or a page without one)', () => {
    openShell('/dashboard');
    expect(entries()).toEqual([['/assets/index-1.js', '']]);
    document.head.innerHTML = '';
    window.localStorage.setItem(SESSION_KEY, '{}');
    openShell('/auth');
    expect(entries()).toEqual([['/assets/index-1.js', '']]);
  });

  it('starts the entry once, after the first paint, where it shows the frame', async () => {
    window.localStorage.setItem(SESSION_KEY, '{}');
    openShell('/dashboard');
    expect(document.getElementById('app-frame')?.hidden).toBe(false);
    expect(entries()).toEqual([]);
    await nextFrame();
    expect(entries()).toEqual([['/assets/index-1.js', '']]);
    await new Promise((resolve) => setTimeout(resolve, 1100));
    expect(entries()).toHaveLength(1);
  });

  it('starts it at once in a hidden tab, which paints nothing', () => {
    vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden');
    window.localStorage.setItem(SESSION_KEY, '{}');
    openShell('/dashboard');
    expect(document.getElementById('app-frame')?.hidden).toBe(false);
    expect(entries()).toEqual([['/assets/index-1.js', '']]);
  });
});
