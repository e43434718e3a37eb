import { analyticsCopy } from '@/config/analytics-copy';

export interface SiteForm {
  name: string;
  domain: string;
}

export type SiteFormErrors = Partial<Record<keyof SiteForm, string>>;

const HOST = /^[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?(\.[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)*$/;

/**
 * The host name of what a user pastes as a domain, without a leading "www.": 'https://WWW.Example.com/pricing' →
 * 'example.com' (www.example.com and example.com are one site; the database's origin check sets a leading "www."
 * aside on both sides too, so sites registered with it before keep working). "www." stays when what follows has no
 * dot ('www.localhost'). null when it is not a host name (a path alone, spaces, a port-only value). The database
 * checks the same form (analytics_sites_domain_format).
 */
export function normalizeDomain(input: string): string | null {
  let value = input.trim().toLowerCase();
  if (!value) return null;
  value = value.replace(/^[a-z][a-z0-9+.-]*:\/\//, '');
  value = value.split(/[/?#]/)[0]!.replace(/:\d*$/, '').replace(/\.$/, '');
  if (value.length > 253 || !HOST.test(value)) return null;
  return value.replace(/^www\.(?=[^.]+\.)/, '');
}

/** The site to insert, or the message by each field. */
export function validateSiteForm(form: SiteForm): { site: SiteForm } | { errors: SiteFormErrors } {
  const errors: SiteFormErrors = {};
  const name = form.name.trim();
  if (!name || name.length > 120) errors.name = analyticsCopy.errors.nameRequired;
  const domain = normalizeDomain(form.domain);
  if (!domain) errors.domain = analyticsCopy.errors.domainInvalid;
  if (errors.name || errors.domain) return { errors };
  return { site: { name, domain: domain! } };
}
