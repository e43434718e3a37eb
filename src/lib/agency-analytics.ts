import { AGENCY_COUNTED_PATHS, AGENCY_SITE_ID, SNIPPET_PATH } from '@/config/analytics';

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
 * A hosted build names its project (the VITE_SUPABASE_* variables, as src/config/env.ts reads them); on the own
 * server the snippet reports to the address that serves it with the key the page carries — no backend code here,
 * so the public pages' first load stays as small as it was.
 */
export function startAgencyAnalytics(win: AnalyticsWindow = window, env: ImportMetaEnv = import.meta.env): void {
  if (started) return;
  started = true;
  const doc = win.document;
  // The snippet tag of src/lib/analytics-snippet.ts, written out here so that module stays out of the first load.
  const add = () => {
    const script = doc.createElement('script');
    script.defer = true;
    script.src = SNIPPET_PATH;
    script.dataset.site = AGENCY_SITE_ID;
    script.dataset.include = AGENCY_COUNTED_PATHS.join(',');
    const api = env.VITE_SUPABASE_URL?.trim();
    const key = (env.VITE_SUPABASE_PUBLISHABLE_KEY || env.VITE_SUPABASE_ANON_KEY)?.trim();
    if (api && key) Object.assign(script.dataset, { api, key });
    doc.head.append(script);
  };
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
