import { seoCopy } from '@/config/seo-copy';

export type SeoSchedule = (typeof seoCopy.sites.scheduleOptions)[number]['value'];

export interface SeoSiteForm {
  name: string;
  startUrl: string;
  analyticsSiteId: string;
  pageLimit: string;
  crawlDelayMs: string;
  schedule: SeoSchedule;
}

export interface SeoSiteValues {
  name: string;
  start_url: string | null;
  analytics_site_id: string | null;
  page_limit: number;
  crawl_delay_ms: number;
  schedule: SeoSchedule;
}

export type SeoSiteFormErrors = Partial<Record<keyof SeoSiteForm, string>>;

export const NO_ANALYTICS = 'none';

/**
 * An address the crawler may start from, as the database stores it (seo_sites_start_url_format): http(s), a host, no
 * user name or password; a bare host gets https:// and a trailing slash. null when it is not one.
 */
export function normalizeStartUrl(input: string): string | null {
  const text = input.trim();
  if (!text) return null;
  const withScheme = /^[a-z][a-z0-9+.-]*:/i.test(text) ? text : `https://${text}`;
  let url: URL;
  try {
    url = new URL(withScheme);
  } catch {
    return null;
  }
  if ((url.protocol !== 'http:' && url.protocol !== 'https:') || !url.hostname || url.username || url.password) return null;
  url.hash = '';
  return url.href.length <= 2048 ? url.href : null;
}

function wholeNumber(text: string, min: number, max: number): number | null {
  if (!/^\s*\d+\s*$/.test(text)) return null;
  const value = Number(text);
  return value >= min && value <= max ? value : null;
}

/**
 * The row to store, or the message by each field. The agency's site (`isAgency`) may leave its address empty: the
 * worker then crawls the server's own address.
 */
export function validateSeoSiteForm(form: SeoSiteForm, isAgency = false): { values: SeoSiteValues } | { errors: SeoSiteFormErrors } {
  const errors: SeoSiteFormErrors = {};
  const name = form.name.trim();
  if (!name || name.length > 120) errors.name = seoCopy.errors.nameRequired;
  const startUrl = normalizeStartUrl(form.startUrl);
  if (!startUrl && !(isAgency && form.startUrl.trim() === '')) errors.startUrl = seoCopy.errors.urlInvalid;
  const pageLimit = wholeNumber(form.pageLimit, 1, 5000);
  if (pageLimit === null) errors.pageLimit = seoCopy.errors.pageLimit;
  const delay = wholeNumber(form.crawlDelayMs, 0, 10000);
  if (delay === null) errors.crawlDelayMs = seoCopy.errors.delay;
  if (Object.keys(errors).length > 0) return { errors };
  return {
    values: {
      name,
      start_url: startUrl,
      analytics_site_id: form.analyticsSiteId === NO_ANALYTICS ? null : form.analyticsSiteId,
      page_limit: pageLimit!,
      crawl_delay_ms: delay!,
      schedule: form.schedule,
    },
  };
}
