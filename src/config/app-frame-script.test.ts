import { createHash } from 'node:crypto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { APP_FRAME_SCRIPT, APP_FRAME_SCRIPT_HASH } from '@/config/app-frame-script';
import { contentSecurityPolicy } from '@/config/security-headers';
import { chooseWorkspace, toWorkspaces, workspaceStorageKey, type MembershipRow, type OrganizationRow } from '@/lib/workspace-choice';

const SESSION_KEY = 'sb-127-auth-token';

/** The shell's frame as scripts/prerender-html.mjs writes it, then the inline script, run as the parser would. */
function openShell(pathname: string, pages: Record<string, string> = { '/dashboard': '<p>Welcome</p>' }) {
  window.history.replaceState(null, '', pathname);
  document.body.innerHTML =
    '<div id="app-frame" hidden><header>Header</header><div id="app-frame-page"></div></div>' +
    `<script type="application/json" id="app-frame-pages">${JSON.stringify(pages)}</script>` +
    `<script type="application/json" id="app-frame-chunks">${JSON.stringify({ '/dashboard': ['/assets/dashboard-1.js', '/assets/platform-2.js'] })}</script>` +
    '<div id="root"></div>';
  new Function(APP_FRAME_SCRIPT)();
  return document.getElementById('app-frame');
}

afterEach(() => {
  window.localStorage.clear();
  document.body.innerHTML = '';
  document.head.innerHTML = '';
  delete window.__earlyRequests;
  delete window.__appFrameReady;
  vi.unstubAllGlobals();
});

const preloaded = () => [...document.head.querySelectorAll('link[rel="modulepreload"]')].map((link) => link.getAttribute('href'));

/** A session as supabase-js stores it, its token valid for `validFor` seconds more. */
function storeSession(validFor = 3600) {
  const expiresAt = Math.floor(Date.now() / 1000) + validFor;
  // supabase-js's own key for a backend at the page's origin (src/lib/supabase.ts on the own server).
  window.localStorage.setItem(`sb-${window.location.hostname.split('.')[0]}-auth-token`, JSON.stringify({ access_token: 'token-of-u1', expires_at: expiresAt, user: { id: 'u1' } }));
}

function ownServerPage() {
  document.head.innerHTML = '<meta name="supabase-anon-key" content="anon-key">';
  const fetchMock = vi.fn(async (_url: string, _init?: RequestInit) => new Response('[]'));
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

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

  it("preloads the signed-in page's chunks with the entry, only when it shows the frame", () => {
    window.localStorage.setItem(SESSION_KEY, '{}');
    openShell('/dashboard');
    expect(preloaded()).toEqual(['/assets/dashboard-1.js', '/assets/platform-2.js']);
    document.head.innerHTML = '';
    window.localStorage.clear();
    openShell('/dashboard');
    expect(preloaded()).toEqual([]);
  });

  it("starts the account's first reads with the stored session's own token, for its user", async () => {
    const fetchMock = ownServerPage();
    storeSession();
    openShell('/dashboard');
    expect(window.__earlyRequests?.userId).toBe('u1');
    expect(fetchMock.mock.calls.map(([url]) => url)).toEqual([
      '/rest/v1/profiles?select=*&user_id=eq.u1',
      '/rest/v1/organization_members?select=organization_id,role,created_at&user_id=eq.u1',
      '/rest/v1/organizations?select=id,name,is_personal,require_two_factor,time_zone',
    ]);
    for (const [, init] of fetchMock.mock.calls) expect(init?.headers).toEqual({ apikey: 'anon-key', Authorization: 'Bearer token-of-u1' });
    await expect(window.__earlyRequests?.organizations).resolves.toEqual([]);
  });

  it('starts no reads with a token about to expire (supabase-js refreshes it first), off the own server, or signed out', () => {
    const fetchMock = ownServerPage();
    storeSession(30);
    openShell('/dashboard');
    storeSession();
    document.head.innerHTML = '';
    openShell('/dashboard');
    window.localStorage.clear();
    ownServerPage();
    openShell('/dashboard');
    expect(fetchMock).not.toHaveBeenCalled();
    expect(window.__earlyRequests).toBeUndefined();
  });

  describe("the frame's line with the workspace's name", () => {
    const LINE_PAGE =
      '<main><p>Team</p><span class="skeleton" data-workspace-line="" data-before="The people of " data-after=", here." data-class="text-muted-foreground"></span></main>';
    const memberships: MembershipRow[] = [
      { organization_id: 'o-b', role: 'member', created_at: '2026-01-02T00:00:00+00:00' },
      { organization_id: 'o-a', role: 'owner', created_at: '2026-01-01T00:00:00+00:00' },
      { organization_id: 'o-c', role: 'admin', created_at: '2026-01-03T00:00:00+00:00' },
      { organization_id: 'o-x', role: 'pending', created_at: '2025-01-01T00:00:00+00:00' },
    ];
    const organizations: OrganizationRow[] = [
      { id: 'o-a', name: 'Alpha <b>', is_personal: true },
      { id: 'o-b', name: 'Beta', is_personal: false },
      { id: 'o-c', name: 'Gamma', is_personal: false },
      { id: 'o-x', name: 'Not a role', is_personal: false },
    ];

    /** The shell on its own server with these reads' answers; resolves once the reads have been handled. */
    async function openWithReads(pathname: string, rows: { memberships: unknown; organizations: unknown }) {
      ownServerPage();
      vi.stubGlobal(
        'fetch',
        vi.fn(async (url: string) => new Response(JSON.stringify(url.includes('organization_members') ? rows.memberships : url.includes('organizations') ? rows.organizations : []))),
      );
      storeSession();
      const frame = openShell(pathname, { '/team': LINE_PAGE, '/dashboard': '<p>Welcome</p>' });
      await Promise.all([window.__earlyRequests?.memberships, window.__earlyRequests?.organizations]);
      await new Promise((resolve) => setTimeout(resolve, 0));
      return frame;
    }
    const line = () => document.querySelector('#app-frame-page main > p:last-child');

    it('names the workspace the app will show (the one joined first), as text, with the classes given', async () => {
      await openWithReads('/team', { memberships, organizations });
      expect(chooseWorkspace(toWorkspaces(memberships, organizations), null)?.name).toBe('Alpha <b>');
      expect(line()?.textContent).toBe('The people of Alpha <b>, here.');
      expect(line()?.className).toBe('text-muted-foreground');
      expect(document.querySelector('[data-workspace-line]')).toBeNull();
    });

    it('names the workspace this browser remembers while it is listed, else the first joined', async () => {
      window.localStorage.setItem(workspaceStorageKey('u1'), 'o-c');
      await openWithReads('/team', { memberships, organizations });
      expect(chooseWorkspace(toWorkspaces(memberships, organizations), 'o-c')?.name).toBe('Gamma');
      expect(line()?.textContent).toBe('The people of Gamma, here.');
      window.localStorage.setItem(workspaceStorageKey('u1'), 'o-gone');
      await openWithReads('/team', { memberships, organizations });
      expect(line()?.textContent).toBe('The people of Alpha <b>, here.');
    });

    it('leaves out a membership whose role the app does not know, or whose workspace it cannot read', async () => {
      await openWithReads('/team', { memberships: memberships.slice(1), organizations: organizations.filter((row) => row.id !== 'o-a') });
      expect(line()?.textContent).toBe('The people of Gamma, here.');
    });

    it('keeps the skeleton without a workspace, with failed reads, or once the frame is gone', async () => {
      await openWithReads('/team', { memberships: [], organizations: [] });
      expect(document.querySelector('[data-workspace-line]')).not.toBeNull();
      await openWithReads('/team', { memberships: { message: 'no' }, organizations });
      expect(document.querySelector('[data-workspace-line]')).not.toBeNull();
      ownServerPage();
      storeSession();
      openShell('/team', { '/team': LINE_PAGE });
      const skeleton = document.querySelector('[data-workspace-line]');
      document.getElementById('app-frame')?.remove();
      await Promise.all([window.__earlyRequests?.memberships, window.__earlyRequests?.organizations]);
      await new Promise((resolve) => setTimeout(resolve, 0));
      expect(skeleton?.isConnected).toBe(false);
      expect([...document.querySelectorAll('p')].map((paragraph) => paragraph.textContent)).not.toContain('The people of Alpha <b>, here.');
    });
  });

  describe("the e-mail page's overview", () => {
    const EMAIL_PAGE =
      '<main><p>Email</p><div><span class="skeleton" data-email-note="" data-text="Sample <i>figures</i>" data-class="text-sm"></span></div></main>';
    const memberships: MembershipRow[] = [{ organization_id: 'o-a', role: 'owner', created_at: '2026-01-01T00:00:00+00:00' }];
    const organizations: OrganizationRow[] = [{ id: 'o-a', name: 'Alpha', is_personal: true }];

    /** /marketing/email on its own server, the rpc answering `counts`; resolves once the frame has handled it. */
    async function openEmail(counts: unknown, pages: Record<string, string> = { '/marketing/email': EMAIL_PAGE }, pathname = '/marketing/email') {
      ownServerPage();
      const fetchMock = vi.fn(async (url: string, _init?: RequestInit) =>
        new Response(JSON.stringify(url.includes('organization_members') ? memberships : url.includes('organizations') ? organizations : url.includes('rpc/') ? counts : []), { status: url.includes('rpc/') && counts === 'refused' ? 401 : 200 }),
      );
      vi.stubGlobal('fetch', fetchMock);
      storeSession();
      openShell(pathname, pages);
      await Promise.all([window.__earlyRequests?.memberships, window.__earlyRequests?.organizations]);
      await new Promise((resolve) => setTimeout(resolve, 0));
      await window.__earlyRequests?.emailOverview?.counts;
      await new Promise((resolve) => setTimeout(resolve, 0));
      return fetchMock;
    }
    const note = () => document.querySelector('#app-frame-page main > div > p');

    it("starts the overview's two reads for the workspace the app will show, with the session's token", async () => {
      const fetchMock = await openEmail([]);
      const [rpc, recent] = fetchMock.mock.calls.slice(3);
      expect(rpc?.[0]).toBe('/rest/v1/rpc/email_overview');
      expect(rpc?.[1]).toMatchObject({ method: 'POST', body: JSON.stringify({ workspace_id: 'o-a' }), headers: { 'Content-Type': 'application/json', apikey: 'anon-key', Authorization: 'Bearer token-of-u1' } });
      expect(recent?.[0]).toBe('/rest/v1/email_campaigns?select=id,name,status,scheduled_at,sent_count,recipients_total&organization_id=eq.o-a&order=created_at.desc&limit=5');
      expect(window.__earlyRequests?.emailOverview?.workspaceId).toBe('o-a');
    });

    it('puts the note, as text, where a workspace that has sent nothing shows it', async () => {
      await openEmail([{ deliveries: 0, subscribers: 0, campaigns: 2 }]);
      expect(note()?.textContent).toBe('Sample <i>figures</i>');
      expect(note()?.className).toBe('text-sm');
      expect(document.querySelector('[data-email-note]')).toBeNull();
    });

    it('keeps the skeleton for a workspace with deliveries or subscribers, or a failed read', async () => {
      await openEmail([{ deliveries: 3, subscribers: 0 }]);
      expect(document.querySelector('[data-email-note]')).not.toBeNull();
      await openEmail([{ deliveries: 0, subscribers: '1' }]);
      expect(document.querySelector('[data-email-note]')).not.toBeNull();
      await openEmail({ message: 'not rows' });
      expect(document.querySelector('[data-email-note]')).not.toBeNull();
      await openEmail('refused').catch(() => {});
      expect(document.querySelector('[data-email-note]')).not.toBeNull();
    });

    it("starts no overview read on another page's frame", async () => {
      const fetchMock = await openEmail([], { '/dashboard': '<p>Welcome</p>' }, '/dashboard');
      expect(fetchMock).toHaveBeenCalledTimes(3);
      expect(window.__earlyRequests?.emailOverview).toBeUndefined();
    });
  });
});
