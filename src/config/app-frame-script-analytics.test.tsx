import { renderToStaticMarkup } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { APP_FRAME_SCRIPT } from '@/config/app-frame-script';
import { FramePageTop } from '@/features/dashboard/components/app-frame';
import { framePages } from '@/features/dashboard/components/app-frame-pages';
import { workspaceStorageKey } from '@/lib/workspace-choice';

/** The analytics page's frame as the build renders it (app-frame-html.tsx), in the shell, on the own server. */
const ANALYTICS_PAGE = renderToStaticMarkup(<FramePageTop page={framePages['/marketing/analytics']!} />);
const SITE = { id: 's-1', name: 'Shop <b>', domain: 'shop.example' };

afterEach(() => {
  window.localStorage.clear();
  document.body.innerHTML = '';
  document.head.innerHTML = '';
  delete window.__earlyRequests;
  delete window.__appFrameReady;
  vi.unstubAllGlobals();
});

/** Opens /marketing/analytics for a member with `role` in workspace o-a whose sites read answers `sites` (or never). */
function openShell(sites: unknown, role = 'owner', pathname = '/marketing/analytics') {
  window.history.replaceState(null, '', pathname);
  document.head.innerHTML = '<meta name="supabase-anon-key" content="anon-key">';
  const rows = (url: string) =>
    url.includes('organization_members')
      ? [{ organization_id: 'o-a', role, created_at: '2026-01-01T00:00:00+00:00' }]
      : url.includes('organizations')
        ? [{ id: 'o-a', name: 'Alpha', is_personal: true }]
        : url.includes('analytics_sites')
          ? sites
          : [];
  const fetchMock = vi.fn(async (url: string, _init?: RequestInit) =>
    new Response(JSON.stringify(await rows(url)), { status: sites === 'refused' && url.includes('analytics_sites') ? 401 : 200 }),
  );
  vi.stubGlobal('fetch', fetchMock);
  window.localStorage.setItem(`sb-${window.location.hostname.split('.')[0]}-auth-token`, JSON.stringify({ access_token: 't', expires_at: Date.now() / 1000 + 3600, user: { id: 'u1' } }));
  window.localStorage.setItem(workspaceStorageKey('u1'), 'o-a');
  document.body.innerHTML =
    '<div id="app-frame" hidden><div id="app-frame-page"></div></div>' +
    `<script type="application/json" id="app-frame-pages">${JSON.stringify({ '/marketing/analytics': ANALYTICS_PAGE, '/dashboard': '<p>Welcome</p>' })}</script>` +
    `<script type="application/json" id="app-frame-chunks">${JSON.stringify({ '/marketing/analytics': ['/assets/analytics-1.js'], '/dashboard': ['/assets/dashboard-1.js'] })}</script><div id="root"></div>`;
  new Function(APP_FRAME_SCRIPT)();
  return fetchMock;
}

/** `openShell`, resolved once the frame has handled the reads. */
async function openAnalytics(sites: unknown, role = 'owner', pathname = '/marketing/analytics') {
  const fetchMock = openShell(sites, role, pathname);
  const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
  await Promise.all([window.__earlyRequests?.memberships, window.__earlyRequests?.organizations]);
  await settle();
  await window.__earlyRequests?.analyticsSites?.sites.catch(() => {});
  await settle();
  // The frame lets the page's chunks go after its paint (a frame and a timer later): wait for it here, or a test's
  // late preload lands in a later test's (or, in a shared worker, a later file's) document.
  await window.__appFrameReady?.catch(() => {});
  return fetchMock;
}
const preloaded = () => [...document.head.querySelectorAll('link[rel="modulepreload"]')].map((link) => link.getAttribute('href'));
const card = () => document.querySelector<HTMLElement>('[data-analytics-sites]')!;
const snippet = () => document.querySelector('[data-snippet-code]')?.textContent;

describe("APP_FRAME_SCRIPT on the analytics page's frame", () => {
  it("reads the sites of the workspace the app will show, as the app does, with the session's token", async () => {
    const fetchMock = await openAnalytics([SITE]);
    const read = fetchMock.mock.calls.find(([url]) => url.includes('analytics_sites'));
    expect(read?.[0]).toBe('/rest/v1/analytics_sites?select=id,name,domain&organization_id=eq.o-a&order=name.asc,id.asc');
    expect(read?.[1]).toMatchObject({ headers: { apikey: 'anon-key', Authorization: 'Bearer t' } });
    expect(window.__earlyRequests?.analyticsSites?.workspaceId).toBe('o-a');
  });

  it("shows the console's card with the first site and its snippet, as text, in the skeleton's place", async () => {
    await openAnalytics([SITE, { id: 's-2', name: 'Zeta', domain: null }]);
    expect(document.querySelector('[data-site-label]')?.textContent).toBe('Shop <b> (shop.example)');
    expect(snippet()).toBe(`<script defer src="${window.location.origin}/analytics.js" data-site="s-1" data-api="${window.location.origin}" data-key="anon-key"></script>`);
    expect([...card().children].map((child) => (child as HTMLElement).hidden)).toEqual([false, false]);
  });

  it('keeps the skeleton without a site, with a failed read, and for a viewer (no buttons, a notice above)', async () => {
    for (const [sites, role] of [[[], 'owner'], [{ message: 'no' }, 'owner'], ['refused', 'owner'], [[SITE], 'viewer']] as const) {
      await openAnalytics(sites, role);
      expect(card().children).toHaveLength(3);
      expect((card().children[1] as HTMLElement).hidden).toBe(true);
      expect(snippet()).toBe('');
    }
  });

  it("starts no sites read on another page's frame", async () => {
    const fetchMock = await openAnalytics([SITE], 'owner', '/dashboard');
    expect(fetchMock).toHaveBeenCalledTimes(3);
    expect(window.__earlyRequests?.analyticsSites).toBeUndefined();
  });

  it("holds the page's chunks and the app's start until the frame has painted from its read", async () => {
    let answer = (_rows: unknown) => {};
    openShell(new Promise((resolve) => (answer = resolve)));
    await Promise.all([window.__earlyRequests?.memberships, window.__earlyRequests?.organizations]);
    await new Promise((resolve) => setTimeout(resolve, 0));
    const ready = vi.fn();
    void window.__appFrameReady?.then(ready);
    expect(preloaded()).toEqual([]);
    expect(ready).not.toHaveBeenCalled();
    answer([SITE]);
    await window.__appFrameReady;
    expect(snippet()).toContain('data-site="s-1"');
    expect(preloaded()).toEqual(['/assets/analytics-1.js']);
  });

  it('lets them go after 2 s when the read does not answer', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout'] });
    try {
      openShell(new Promise(() => {}));
      await vi.advanceTimersByTimeAsync(1900);
      expect(preloaded()).toEqual([]);
      await vi.advanceTimersByTimeAsync(200);
      expect(preloaded()).toEqual(['/assets/analytics-1.js']);
      await expect(window.__appFrameReady).resolves.toBeUndefined();
    } finally {
      vi.useRealTimers();
    }
  });

  it('holds nothing on a page whose frame reads nothing of its own', () => {
    openShell([SITE], 'owner', '/dashboard');
    expect(preloaded()).toEqual(['/assets/dashboard-1.js']);
    expect(window.__appFrameReady).toBeUndefined();
  });
});
