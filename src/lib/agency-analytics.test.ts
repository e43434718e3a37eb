import { afterEach, describe, expect, it, vi } from 'vitest';
import { AGENCY_SITE_ID } from '@/config/analytics';
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
    expect(script.getAttribute('data-exclude')).toContain('/dashboard*');
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
