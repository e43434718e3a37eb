import { AGENCY_EXCLUDED_PATHS, AGENCY_SITE_ID, SNIPPET_PATH } from '@/config/analytics';
import type { BackendSettings } from '@/config/env';
import { appendSnippet } from './analytics-snippet';

type Props = Record<string, string | number | boolean>;
interface SnippetApi {
  track?: (name: string, props?: Props) => void;
  q?: [string, Props | undefined][];
}
type AnalyticsWindow = Window & { bbAnalytics?: SnippetApi };

let started = false;

/**
 * Measures the agency's own site with its snippet, once the page is interactive: after the load event, when the
 * browser is idle (at most 5 s later), so the public pages' first paint and interactivity never wait for it.
 */
export function startAgencyAnalytics(backend: BackendSettings, win: AnalyticsWindow = window): void {
  if (started) return;
  started = true;
  const doc = win.document;
  const add = () =>
    appendSnippet(
      {
        scriptUrl: new URL(SNIPPET_PATH, win.location.origin).href,
        siteId: AGENCY_SITE_ID,
        apiUrl: backend.url,
        anonKey: backend.anonKey,
        excludedPaths: AGENCY_EXCLUDED_PATHS,
      },
      doc,
    );
  const whenIdle = () => (win.requestIdleCallback ? win.requestIdleCallback(add, { timeout: 5000 }) : win.setTimeout(add, 1));
  if (doc.readyState === 'complete') whenIdle();
  else win.addEventListener('load', whenIdle, { once: true });
}

/** Records a goal of the agency site; before the snippet has loaded, it waits in the snippet's queue. */
export function trackAgencyGoal(name: string, props?: Props, win: AnalyticsWindow = window): void {
  const api = (win.bbAnalytics ??= { q: [] });
  if (api.track) api.track(name, props);
  else (api.q ??= []).push([name, props]);
}

/** For tests: forget that the snippet was started. */
export function resetAgencyAnalyticsForTests(): void {
  started = false;
}
