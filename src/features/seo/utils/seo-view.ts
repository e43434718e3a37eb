/** What the SEO Toolkit shows, as it is kept in the address: `?site=…&audit=…&tab=…&issue=…&page=…`. */
export type SeoTab = 'issues' | 'changes' | 'history' | 'keywords';

export interface SeoView {
  site?: string | null;
  audit?: string | null;
  tab?: SeoTab | null;
  issue?: string | null;
  page?: number | null;
}

const TABS: readonly SeoTab[] = ['issues', 'changes', 'history', 'keywords'];

export function readView(params: URLSearchParams): { site: string | null; audit: string | null; tab: SeoTab; issue: string | null; page: number | null } {
  const tab = params.get('tab');
  const page = Number(params.get('page'));
  return {
    site: params.get('site'),
    audit: params.get('audit'),
    tab: TABS.includes(tab as SeoTab) ? (tab as SeoTab) : 'issues',
    issue: params.get('issue'),
    page: Number.isSafeInteger(page) && page > 0 ? page : null,
  };
}

/** The parameters with `changes` applied (null or undefined removes a key); other keys are kept. */
export function withView(params: URLSearchParams, changes: SeoView): URLSearchParams {
  const next = new URLSearchParams(params);
  for (const [key, value] of Object.entries(changes)) {
    if (value === null || value === undefined || value === '') next.delete(key);
    else next.set(key, String(value));
  }
  return next;
}
