/**
 * Where e-mail links may send the browser (GoTrue `utilities.IsRedirectURLValid` / `GetReferrer` with its
 * URI allow list): the origin of SITE_URL (same scheme, host and port), or an entry of ADDITIONAL_REDIRECT_URLS.
 * An entry without a path allows its whole origin; with a path, that path and below; `*` matches within one
 * host label or path segment and `**` across them (GoTrue's globs). Nothing else — not another port, not a
 * loopback address — so a link can never hand a session to another site. A refused `redirect_to` falls back
 * to a valid Referer, then to SITE_URL.
 */
export interface RedirectPolicy {
  siteUrl: string;
  additionalRedirectUrls: string[];
}

type Rule = (target: URL) => boolean;

function globToRegExp(pattern: string): RegExp {
  const source = pattern
    .split('**')
    .map((part) => part.split('*').map((text) => text.replace(/[.+?^${}()|[\]\\]/g, '\\$&')).join('[^./]*'))
    .join('.*');
  return new RegExp(`^${source}$`, 'i');
}

function isUnder(path: string, base: string): boolean {
  const prefix = base.endsWith('/') ? base : `${base}/`;
  return path === base || path.startsWith(prefix);
}

/** One allow-list entry as a test of a parsed target URL. */
export function redirectRule(entry: string): Rule {
  if (entry.includes('*')) {
    const pattern = globToRegExp(entry.replace(/\/$/, ''));
    return (target) => pattern.test(`${target.origin}${target.pathname}`) || pattern.test(`${target.origin}${target.pathname.replace(/\/$/, '')}`);
  }
  const allowed = new URL(entry);
  return (target) => target.origin === allowed.origin && (allowed.pathname === '/' || isUnder(target.pathname, allowed.pathname));
}

export function isRedirectUrlValid(policy: RedirectPolicy, candidate: string | undefined): boolean {
  if (!candidate) return false;
  // Control characters and spaces never belong in a URL; browsers strip some of them and would
  // then resolve an address that was never checked.
  if ([...candidate].some((char) => char.charCodeAt(0) <= 0x20 || char.charCodeAt(0) === 0x7f)) return false;
  let target: URL;
  try {
    target = new URL(candidate);
  } catch {
    return false;
  }
  if (target.username || target.password) return false;
  if (target.protocol !== 'http:' && target.protocol !== 'https:') return false;
  if (target.origin === new URL(policy.siteUrl).origin) return true;
  return policy.additionalRedirectUrls.some((entry) => redirectRule(entry)(target));
}

/** GoTrue's `GetReferrer`: the requested `redirect_to` if valid, else a valid Referer, else SITE_URL. */
export function resolveRedirectTo(policy: RedirectPolicy, requested: string | undefined, referer: string | undefined): string {
  if (isRedirectUrlValid(policy, requested)) return requested!;
  if (isRedirectUrlValid(policy, referer)) return referer!;
  return policy.siteUrl;
}
