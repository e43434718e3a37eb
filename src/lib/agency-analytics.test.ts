import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AGENCY_COUNTED_PATHS, AGENCY_SITE_ID } from '@/config/analytics';
import { isAppRoute, paths } from '@/config/paths';
import { resetAgencyAnalyticsForTests, startAgencyAnalytics, trackAgencyGoal } from './agency-analytics';

const hosted = { VITE_SUPABASE_URL: 'https://api.example', VITE_SUPABASE_PUBLISHABLE_KEY: 'sb_publishable_x' } as unknown as ImportMetaEnv;
const snippets = () => document.head.querySelectorAll('script[data-site]');

afterEach(() => {
  resetAgencyAnalyticsForTests();
  document.head.innerHTML = '';
  delete (window as { bbAnalytics?: unknown }).bbAnalytics;
});

describe('startAgencyAnalytics', () => {
  it('adds the agency site’s snippet once the page has loaded and the browser is idle, once', () => {
    const idle: (() => void)[] = [];
    vi.spyOn(document, 'readyState', 'get').mockReturnValue('loading');
    Object.assign(window, { requestIdleCallback: (callback: () => void) => idle.push(callback) });
    startAgencyAnalytics(window, hosted);
    startAgencyAnalytics(window, hosted);
    expect(snippets()).toHaveLength(0);
    window.dispatchEvent(new Event('load'));
    expect(snippets()).toHaveLength(0);
    idle.forEach((callback) => callback());
    expect(snippets()).toHaveLength(1);
    const script = snippets()[0]!;
    expect(script.getAttribute('data-site')).toBe(AGENCY_SITE_ID);
    expect(script.getAttribute('src')).toBe('/analytics.js');
    expect(script.getAttribute('data-api')).toBe('https://api.example');
    expect(script.getAttribute('data-key')).toBe('sb_publishable_x');
    expect(script.getAttribute('data-include')).toBe('/,/portfolio,/about,/roi,/contact,/terms,/privacy');
    expect(script.hasAttribute('data-exclude')).toBe(false);
  });

  it('on the own server names neither API nor key: the snippet uses the address that serves it and the page’s key', () => {
    vi.spyOn(document, 'readyState', 'get').mockReturnValue('complete');
    Object.assign(window, { requestIdleCallback: (callback: () => void) => callback() });
    startAgencyAnalytics(window, {} as ImportMetaEnv);
    const script = snippets()[0]!;
    expect(script.hasAttribute('data-api')).toBe(false);
    expect(script.hasAttribute('data-key')).toBe(false);
  });
});

describe('trackAgencyGoal', () => {
  it('queues a goal until the snippet is there, then hands it over', () => {
    trackAgencyGoal('Contact form');
    expect((window as { bbAnalytics?: { q?: unknown[] } }).bbAnalytics?.q).toEqual([['Contact form', undefined]]);
    const track = vi.fn();
    Object.assign(window, { bbAnalytics: { track } });
    trackAgencyGoal('Contact form', { topic: 'web' });
    expect(track).toHaveBeenCalledWith('Contact form', { topic: 'web' });
  });
});

/** Every path src/config/paths.ts names: its strings (a pattern's parameters filled in) and what its functions build. */
function everyNamedPath(value: unknown = paths): string[] {
  if (typeof value === 'string') return [value.replace(/:\w+/g, 'x')];
  if (typeof value === 'function') return [new URL((value as (...args: unknown[]) => string)('token-1', 'ada@example.com'), 'https://site.example').pathname];
  if (value && typeof value === 'object') return Object.values(value).flatMap((entry) => everyNamedPath(entry));
  return [];
}

describe('which paths the agency site counts: its public pages, and no app route, ever', () => {
  const snippet = readFileSync(path.resolve(import.meta.dirname, '../../public/analytics.js'), 'utf8');

  /** The real snippet, as the agency loader adds it, in this page: the paths it sends a page view for. */
  function counted(visits: readonly string[]): string[] {
    vi.spyOn(document, 'readyState', 'get').mockReturnValue('complete');
    Object.assign(window, { requestIdleCallback: (callback: () => void) => callback() });
    startAgencyAnalytics(window, hosted);
    const script = snippets()[0] as HTMLScriptElement;
    const sent: string[] = [];
    vi.stubGlobal('fetch', vi.fn(async (_url: string, init: { body: string }) => {
      for (const event of (JSON.parse(init.body) as { events: { url: string }[] }).events) sent.push(new URL(event.url).pathname);
      return new Response('{}');
    }));
    vi.spyOn(document, 'currentScript', 'get').mockReturnValue(script);
    const pushState = history.pushState;
    try {
      new Function(snippet)();
      for (const visit of visits) {
        history.pushState({}, '', visit);
        window.dispatchEvent(new Event('pagehide'));
      }
    } finally {
      history.pushState = pushState;
      history.replaceState({}, '', '/');
      vi.unstubAllGlobals();
    }
    return sent;
  }

  it('names only public pages, which are routes of the app', () => {
    for (const counted of AGENCY_COUNTED_PATHS) expect(isAppRoute(counted), counted).toBe(true);
    expect(AGENCY_COUNTED_PATHS).not.toContain(paths.dashboard);
    expect(AGENCY_COUNTED_PATHS.some((counted) => counted.startsWith('/admin') || counted.startsWith('/marketing'))).toBe(false);
  });

  it('walking every path of src/config/paths.ts (and a route added later), counts the public pages and nothing else', () => {
    const named = [...new Set(everyNamedPath())];
    // A route the app may get one day: not named anywhere, so not counted.
    const later = ['/reports', '/marketing/reports', '/settings/billing'];
    expect(named).toEqual(expect.arrayContaining(['/contacts', '/dashboard', '/team', '/marketing/analytics', '/admin/leads', '/invite/x', '/auth', '/sign-up', '/admin-login']));
    // The first page (/ before the walk) is the snippet's own first page view.
    const sent = counted([...named, ...later, '/about/', '/no/such/page']);
    expect(new Set(sent)).toEqual(new Set([...AGENCY_COUNTED_PATHS, '/about/']));
    const appRoutes = named.filter((route) => !AGENCY_COUNTED_PATHS.includes(route));
    expect(appRoutes.length).toBeGreaterThan(20);
    for (const route of appRoutes) expect(sent, route).not.toContain(route);
  });
});
