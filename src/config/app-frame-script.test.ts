import { createHash } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { APP_FRAME_SCRIPT, APP_FRAME_SCRIPT_HASH } from '@/config/app-frame-script';
import { contentSecurityPolicy } from '@/config/security-headers';

const SESSION_KEY = 'sb-127-auth-token';

/** The shell's frame as scripts/prerender-html.mjs writes it, then the inline script, run as the parser would. */
function openShell(pathname: string, pages: Record<string, string> = { '/dashboard': '<p>Welcome</p>' }) {
  window.history.replaceState(null, '', pathname);
  document.body.innerHTML =
    '<div id="app-frame" hidden><header>Header</header><div id="app-frame-page"></div></div>' +
    `<script type="application/json" id="app-frame-pages">${JSON.stringify(pages)}</script><div id="root"></div>`;
  new Function(APP_FRAME_SCRIPT)();
  return document.getElementById('app-frame');
}

afterEach(() => {
  window.localStorage.clear();
  document.body.innerHTML = '';
});

describe('APP_FRAME_SCRIPT', () => {
  it('is allowed by the Content-Security-Policy by its exact hash', () => {
    const hash = `'sha256-${createHash('sha256').update(APP_FRAME_SCRIPT).digest('base64')}'`;
    expect(APP_FRAME_SCRIPT_HASH).toBe(hash);
    expect(contentSecurityPolicy()).toContain(`script-src 'self' ${hash}`);
  });

  it('shows the frame of a signed-in page, with that page, to a browser holding a session', () => {
    window.localStorage.setItem(SESSION_KEY, '{}');
    const frame = openShell('/dashboard');
    expect(frame?.hidden).toBe(false);
    expect(document.getElementById('app-frame-page')?.innerHTML).toBe('<p>Welcome</p>');
  });

  it('takes a trailing slash for the same page', () => {
    window.localStorage.setItem(SESSION_KEY, '{}');
    expect(openShell('/dashboard/')?.hidden).toBe(false);
  });

  it('removes the frame for a signed-out visitor', () => {
    expect(openShell('/dashboard')).toBeNull();
  });

  it("removes the frame on any other page, signed in or not, and for the site admin's session alone", () => {
    window.localStorage.setItem(SESSION_KEY, '{}');
    expect(openShell('/auth')).toBeNull();
    expect(openShell('/contact')).toBeNull();
    window.localStorage.clear();
    window.localStorage.setItem('bb-site-admin-session', '{}');
    expect(openShell('/dashboard')).toBeNull();
  });

  it("does not take a session's companion keys for a session", () => {
    window.localStorage.setItem(`${SESSION_KEY}-code-verifier`, 'x');
    expect(openShell('/dashboard')).toBeNull();
  });
});
