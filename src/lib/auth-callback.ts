import { paths } from '@/config/paths';

interface UrlParts {
  pathname: string;
  search: string;
  hash: string;
}

function hashParams(hash: string): URLSearchParams {
  return new URLSearchParams(hash.replace(/^#/, ''));
}

/**
 * E-mail links (sign-up confirmation, recovery) come back to the site root with the session — or the
 * error — in the URL hash. Only the account pages load supabase-js, which reads that hash, so the public
 * pages hand it on to /auth. Returns where to go, or null when the URL carries no such hash.
 */
export function authCallbackRedirect(url: UrlParts): string | null {
  const params = hashParams(url.hash);
  const isCallback = params.has('access_token') || params.has('error_description') || params.has('error_code');
  if (!isCallback || url.pathname === paths.auth || url.pathname === paths.signUp) return null;
  return `${paths.auth}${url.search}${url.hash}`;
}

/** The error an e-mail link came back with (e.g. 'Email link is invalid or has expired'), if any. */
export function authLinkError(hash: string): string | null {
  const params = hashParams(hash);
  return params.get('error_description') ?? (params.has('error_code') ? 'This link could not be used.' : null);
}
