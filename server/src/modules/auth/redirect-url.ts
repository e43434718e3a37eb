import { isIP } from 'node:net';

/**
 * Where e-mail links may send the browser (GoTrue `utilities.IsRedirectURLValid` / `GetReferrer`):
 * the site itself (same scheme, host and port; any port on localhost), or a loopback address.
 * Anything else falls back to the Referer when that is valid, then to SITE_URL, so a link can never
 * hand a session to a foreign site.
 */

function isLoopbackHost(hostname: string): boolean {
  const host = hostname.replace(/^\[|\]$/g, '');
  if (isIP(host) === 4) return host.startsWith('127.');
  if (isIP(host) === 6) return host === '::1';
  return false;
}

function isLocalhost(hostname: string): boolean {
  return hostname === 'localhost' || isLoopbackHost(hostname);
}

export function isRedirectUrlValid(siteUrl: string, candidate: string | undefined): boolean {
  if (!candidate) return false;
  // Control characters and spaces never belong in a URL; browsers strip some of them and would
  // then resolve an address that was never checked.
  if ([...candidate].some((char) => char.charCodeAt(0) <= 0x20 || char.charCodeAt(0) === 0x7f)) return false;
  let site: URL;
  let target: URL;
  try {
    site = new URL(siteUrl);
    target = new URL(candidate);
  } catch {
    return false;
  }
  if (target.username || target.password) return false;
  if (
    site.hostname === target.hostname &&
    site.protocol === target.protocol &&
    (site.port === target.port || isLocalhost(target.hostname))
  ) {
    return true;
  }
  const isHttp = target.protocol === 'http:' || target.protocol === 'https:';
  return isHttp && isLoopbackHost(target.hostname);
}

/** GoTrue's `GetReferrer`: the requested `redirect_to` if valid, else a valid Referer, else SITE_URL. */
export function resolveRedirectTo(siteUrl: string, requested: string | undefined, referer: string | undefined): string {
  if (isRedirectUrlValid(siteUrl, requested)) return requested!;
  if (isRedirectUrlValid(siteUrl, referer)) return referer!;
  return siteUrl;
}
